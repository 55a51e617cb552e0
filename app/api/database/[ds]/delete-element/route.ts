import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { deleteRow, tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const POST = route(datasetsEndpoints.deleteElement, async ({ params, access, body, auth }) => {
  await deleteRow(tableOf(access, params.ds), body.id, auth.user.id);
  return { ok: true as const, id: body.id };
});
