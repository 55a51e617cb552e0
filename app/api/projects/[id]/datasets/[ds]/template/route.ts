import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { startFromTemplate, tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const POST = route(datasetsEndpoints.startFromTemplate, async ({ params, access, auth }) => ({
  data: await startFromTemplate(tableOf(access, params.ds), auth.user.id),
}));
