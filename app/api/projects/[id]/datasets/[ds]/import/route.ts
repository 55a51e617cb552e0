import type { datasetsApi } from "@/lib/datasets/api";
import { previewImport } from "@/lib/datasets/import-export";
import { MAX_IMPORT_BYTES } from "@/lib/datasets/import-schemas";
import { tableParams } from "@/lib/datasets/schemas";
import { tableOf } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { ApiError, route } from "@/lib/http/route";

/** A file read and compared with the table: what importing it would change. Editors and owners; nothing is written to the table. */
export const POST = route(
  { params: tableParams, project: { from: "param", need: "write" }, multipart: { maxBytes: MAX_IMPORT_BYTES } },
  async ({ params, project, form, auth }) => {
    const file = form?.get("file");
    if (!file || typeof file === "string") throw new ApiError(400, 'Choose a file to import: the form needs the workbook or CSV file in the field "file".');
    const preview = await previewImport(tableOf(project, params.ds), { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }, auth.user.id);
    return Response.json(preview satisfies ResponseOf<typeof datasetsApi.importPreview>);
  },
);
