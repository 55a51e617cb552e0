import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { deleteRow, editRow, tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const PATCH = route(datasetsEndpoints.edit, async ({ params, access, body, auth }) => ({
  data: await editRow(tableOf(access, params.ds), params.rowId, body.data, auth.user.id),
}));

export const DELETE = route(datasetsEndpoints.remove, async ({ params, query, access, auth }) => {
  await deleteRow(tableOf(access, params.ds), params.rowId, auth.user.id, query.version);
  return { ok: true as const, id: params.rowId };
});
