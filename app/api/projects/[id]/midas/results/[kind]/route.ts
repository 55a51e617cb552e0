import { downloadResponse } from "@/lib/http/download";
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
  // The same results as a file (the endpoint's `produces`): route() types only the JSON answer of such an endpoint.
  return downloadResponse(file) as TypedResponse<never>;
});
