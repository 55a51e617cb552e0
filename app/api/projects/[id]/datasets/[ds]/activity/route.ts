import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { withRename } from "@/lib/datasets/rename-entries";
import { activity, tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const GET = route(datasetsEndpoints.activity, async ({ params, query, access }) => ({
  events: (await activity(tableOf(access, params.ds), { userId: query.user, parameter: query.parameter, before: query.before })).map(withRename),
}));
