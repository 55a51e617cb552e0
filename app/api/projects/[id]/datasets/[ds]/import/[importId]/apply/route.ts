import type { datasetsApi } from "@/lib/datasets/api";
import { applyImport } from "@/lib/datasets/import-export";
import { applyImportSchema, importParams } from "@/lib/datasets/import-schemas";
import { tableOf } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

/** A previewed import written as one change (only by the user who previewed it). */
export const POST = route(
  { params: importParams, project: { from: "param", need: "write" }, body: applyImportSchema },
  async ({ params, project, body, auth }) =>
    Response.json(
      (await applyImport(tableOf(project, params.ds), params.importId, body.removeMissing ?? false, auth.user.id)) satisfies ResponseOf<
        typeof datasetsApi.importApply
      >,
    ),
);
