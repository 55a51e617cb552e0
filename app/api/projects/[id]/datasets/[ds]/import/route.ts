import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { previewImport } from "@/lib/datasets/import-export";
import { tableOf } from "@/lib/datasets/service";
import { ApiError, route } from "@/lib/http/route";

/** A file read and compared with the table: what importing it would change. Editors and owners; nothing is written to the table. */
export const POST = route(datasetsEndpoints.importPreview, async ({ params, access, form, auth }) => {
  const file = form?.get("file");
  if (!file || typeof file === "string") throw new ApiError(400, 'Choose a file to import: the form needs the workbook or CSV file in the field "file".');
  return previewImport(tableOf(access, params.ds), { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }, auth.user.id);
});
