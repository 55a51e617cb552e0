import type { datasetsApi } from "@/lib/datasets/api";
import { rowParams } from "@/lib/datasets/schemas";
import { tableOf, undelete } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

export const POST = route({ params: rowParams, project: { from: "param", need: "write" } }, async ({ params, project, auth }) =>
  Response.json({ data: await undelete(tableOf(project, params.ds), params.rowId, auth.user.id) } satisfies ResponseOf<typeof datasetsApi.undelete>, {
    status: 201,
  }),
);
