import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { restore, tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const POST = route(datasetsEndpoints.restore, async ({ params, access, body, auth }) => ({
  data: await restore(tableOf(access, params.ds), params.rowId, body.version, body.currentVersion, auth.user.id),
}));
