import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { setKind, tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const PUT = route(datasetsEndpoints.setKind, async ({ params, access, body, auth }) => ({
  data: await setKind(tableOf(access, params.ds), params.rowId, body, auth.user.id),
}));
