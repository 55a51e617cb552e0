import type { datasetsApi } from "@/lib/datasets/api";
import { rowParams } from "@/lib/datasets/schemas";
import { history, tableOf } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

export const GET = route({ params: rowParams, project: { from: "param", need: "read" } }, async ({ params, project }) =>
  Response.json({ versions: await history(tableOf(project, params.ds), params.rowId) } satisfies ResponseOf<typeof datasetsApi.history>),
);
