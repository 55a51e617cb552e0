import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { tableOf, undelete } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const POST = route(datasetsEndpoints.undelete, async ({ params, access, auth }) => ({
  data: await undelete(tableOf(access, params.ds), params.rowId, auth.user.id),
}));
