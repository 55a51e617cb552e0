import type { datasetsApi } from "@/lib/datasets/api";
import { columnParams } from "@/lib/datasets/schemas";
import { removeColumn, tableOf } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

export const DELETE = route({ params: columnParams, project: { from: "param", need: "own" } }, async ({ params, project }) => {
  await removeColumn(tableOf(project, params.ds), params.name);
  return Response.json({ ok: true } satisfies ResponseOf<typeof datasetsApi.removeColumn>);
});
