import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { applyImport } from "@/lib/datasets/import-export";
import { tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

/** A previewed import written as one change (only by the user who previewed it). */
export const POST = route(datasetsEndpoints.importApply, async ({ params, access, body, auth }) =>
  applyImport(tableOf(access, params.ds), params.importId, { removeMissing: body.removeMissing ?? false, structure: body.structure ?? "refuse" }, auth.user.id),
);
