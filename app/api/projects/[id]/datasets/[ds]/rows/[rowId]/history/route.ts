import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { withRename } from "@/lib/datasets/rename-entries";
import { history, tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const GET = route(datasetsEndpoints.history, async ({ params, access }) => ({
  versions: (await history(tableOf(access, params.ds), params.rowId)).map(withRename),
}));
