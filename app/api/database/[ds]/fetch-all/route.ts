import { fetchAllRowsJson } from "@/db/queries/parameters";
import { datasetParams } from "@/lib/datasets/route-params";
import { datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const GET = route({ params: datasetParams }, async ({ params }) => {
  const dataset = datasetFromParam(params.ds);
  const started = performance.now();
  // Postgres hands over the finished JSON array; it is passed through untouched (server.ts gzips it).
  const rows = await fetchAllRowsJson(dataset);
  return new Response(`{"data":${rows}}`, {
    headers: { "Content-Type": "application/json", "Server-Timing": `db;dur=${(performance.now() - started).toFixed(1)}` },
  });
});
