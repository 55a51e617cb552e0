import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { editRow, tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const POST = route(datasetsEndpoints.editElement, async ({ params, access, body, auth }) => ({
  data: await editRow(tableOf(access, params.ds), body.id, body.data, auth.user.id),
}));
