import type { datasetsApi } from "@/lib/datasets/api";
import { datasetParams } from "@/lib/datasets/route-params";
import { editElementSchema } from "@/lib/datasets/schemas";
import { editRow, tableOf } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

export const POST = route(
  { params: datasetParams, project: { from: "current", need: "write" }, body: editElementSchema },
  async ({ params, project, body, auth }) =>
    Response.json({ data: await editRow(tableOf(project, params.ds), body.id, body.data, auth.user.id) } satisfies ResponseOf<typeof datasetsApi.editElement>),
);
