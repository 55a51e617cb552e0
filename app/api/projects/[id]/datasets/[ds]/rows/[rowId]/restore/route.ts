import type { datasetsApi } from "@/lib/datasets/api";
import { restoreSchema, rowParams } from "@/lib/datasets/schemas";
import { restore, tableOf } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

export const POST = route({ params: rowParams, project: { from: "param", need: "write" }, body: restoreSchema }, async ({ params, project, body, auth }) =>
  Response.json({
    data: await restore(tableOf(project, params.ds), params.rowId, body.version, body.currentVersion, auth.user.id),
  } satisfies ResponseOf<typeof datasetsApi.restore>),
);
