import { tableSnapshot } from "@/lib/datasets/snapshot";
import { fetchAllJson } from "@/lib/datasets/answers";
import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { tableOf } from "@/lib/datasets/service";
import { cachedJsonResponse } from "@/lib/http/precompressed";
import { route } from "@/lib/http/route";

/** The spec's fetch-all, on the caller's current project. */
export const GET = route(datasetsEndpoints.fetchAll, async ({ params, access, request }) => {
  const started = performance.now();
  // Postgres wrote the JSON; until the table changes, every request gets the same (gzipped) bytes.
  const snapshot = await tableSnapshot(tableOf(access, params.ds));
  return cachedJsonResponse(request, { key: snapshot, name: "fetch-all" }, fetchAllJson(snapshot), {
    "Server-Timing": `db;dur=${(performance.now() - started).toFixed(1)}`,
  });
});
