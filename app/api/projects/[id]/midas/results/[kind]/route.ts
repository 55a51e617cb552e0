import { route, type TypedResponse } from "@/lib/http/route";
import { projectResults } from "@/lib/midas/analysis";
import { midasEndpoints } from "@/lib/midas/endpoints";
import { resultsFile } from "@/lib/midas/results-file";

/** The stored results of a kind as JSON, or as a CSV or XLSX download: viewers may read them too. */
export const GET = route(midasEndpoints.results, async ({ params, query, access }) => {
  const cases = query.cases
    ?.split(",")
    .map((c) => c.trim())
    .filter(Boolean);
  const answer = await projectResults(access, params.kind, { cases });
  const format = query.format ?? "json";
  if (format === "json") return answer;
  const file = await resultsFile(answer, params.kind, format, { project: access.name, fetchedAt: answer.fetchedAt, stale: answer.stale });
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const download = new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Content-Length": String(file.body.byteLength),
    },
  });
  // The same results as a file (the endpoint's `produces`): route() types only the JSON answer of such an endpoint.
  return download as TypedResponse<never>;
});
