import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { tableOf } from "@/lib/datasets/service";
import { ApiError, route } from "@/lib/http/route";
import { getLiveTables } from "@/lib/live/hub";

export const POST = route(datasetsEndpoints.presence, async ({ params, access, auth, body }) => {
  const live = getLiveTables();
  if (!live) throw new ApiError(503, "Live tables are not running on this server.");
  const table = tableOf(access, params.ds);
  await live.setEditing(table.projectId, table.dataset, body.client, auth.user.id, body.editing);
  return { ok: true as const };
});
