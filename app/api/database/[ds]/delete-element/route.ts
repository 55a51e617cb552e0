import type { datasetsApi } from "@/lib/datasets/api";
import { datasetParams } from "@/lib/datasets/route-params";
import { deleteElementSchema } from "@/lib/datasets/schemas";
import { deleteRow, tableOf } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

export const POST = route(
  { params: datasetParams, project: { from: "current", need: "write" }, body: deleteElementSchema },
  async ({ params, project, body, auth }) => {
    await deleteRow(tableOf(project, params.ds), body.id, auth.user.id);
    return Response.json({ ok: true, id: body.id } satisfies ResponseOf<typeof datasetsApi.deleteElement>);
  },
);
