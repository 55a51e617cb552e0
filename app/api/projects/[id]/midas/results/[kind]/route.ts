import { DomainError } from "@/lib/errors";
import type { ResponseOf } from "@/lib/http/contract";
import { describeZodError, route } from "@/lib/http/route";
import { projectResults } from "@/lib/midas/analysis";
import type { midasApi } from "@/lib/midas/api";
import { resultsFile } from "@/lib/midas/results-file";
import { resultParams, resultsQuery } from "@/lib/midas/schemas";

/** The stored results of a kind as JSON, or as a CSV or XLSX download: viewers may read them too. */
export const GET = route({ params: resultParams, project: { from: "param", need: "read" } }, async ({ params, project, request }) => {
  const query = resultsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new DomainError("invalid", describeZodError(query.error).replace("request body", "query"));
  const cases = query.data.cases
    ?.split(",")
    .map((c) => c.trim())
    .filter(Boolean);
  const answer = await projectResults(project, params.kind, { cases });
  const format = query.data.format ?? "json";
  if (format === "json") return Response.json(answer satisfies ResponseOf<typeof midasApi.results>);
  const file = await resultsFile(answer, params.kind, format, { project: project.name, fetchedAt: answer.fetchedAt, stale: answer.stale });
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Content-Length": String(file.body.byteLength),
    },
  });
});
