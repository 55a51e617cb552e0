import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { addItemColumn, tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const POST = route(datasetsEndpoints.addItemColumn, async ({ params, access, auth }) => addItemColumn(tableOf(access, params.ds), auth.user.id));
