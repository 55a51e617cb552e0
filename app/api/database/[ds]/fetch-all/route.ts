import { datasetSnapshot, snapshotJson } from "@/db/queries/parameters";
import { datasetParams } from "@/lib/datasets/route-params";
import { datasetFromParam } from "@/lib/datasets/service";
import { cachedJsonResponse } from "@/lib/http/precompressed";
import { route } from "@/lib/http/route";

export const GET = route({ params: datasetParams }, async ({ params, request }) => {
  const dataset = datasetFromParam(params.ds);
  const started = performance.now();
  // Postgres wrote the JSON; until the table changes, every request gets the same (gzipped) bytes.
  const snapshot = await datasetSnapshot(dataset);
  return cachedJsonResponse(request, snapshot, `{"data":${snapshotJson(snapshot)}}`, {
    "Server-Timing": `db;dur=${(performance.now() - started).toFixed(1)}`,
  });
});
