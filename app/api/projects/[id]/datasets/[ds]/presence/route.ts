import type { datasetsApi } from "@/lib/datasets/api";
import { presenceSchema, tableParams } from "@/lib/datasets/schemas";
import { tableOf } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { ApiError, route } from "@/lib/http/route";
import { getLiveTables } from "@/lib/live/hub";

export const POST = route({ params: tableParams, project: { from: "param", need: "read" }, body: presenceSchema }, async ({ params, project, auth, body }) => {
  const live = getLiveTables();
  if (!live) throw new ApiError(503, "Live tables are not running on this server.");
  const table = tableOf(project, params.ds);
  await live.setEditing(table.projectId, table.dataset, body.client, auth.user.id, body.editing);
  return Response.json({ ok: true } satisfies ResponseOf<typeof datasetsApi.presence>);
});
