import { exportQuery } from "@/lib/datasets/import-schemas";
import { exportTable } from "@/lib/datasets/import-export";
import { tableParams } from "@/lib/datasets/schemas";
import { tableOf } from "@/lib/datasets/service";
import { DomainError } from "@/lib/errors";
import { route } from "@/lib/http/route";

/** The table as a download: viewers may export too. */
export const GET = route({ params: tableParams, project: { from: "param", need: "read" } }, async ({ params, project, request }) => {
  const query = exportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new DomainError("invalid", 'Invalid query: format is "xlsx" or "csv".');
  const file = await exportTable(tableOf(project, params.ds), project, query.data.format);
  // The name twice: plain for old clients (non-ASCII replaced), and exactly, UTF-8 encoded.
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Content-Length": String(file.body.byteLength),
    },
  });
});
