import type { datasetsApi } from "@/lib/datasets/api";
import { datasetParams } from "@/lib/datasets/route-params";
import { createElementSchema } from "@/lib/datasets/schemas";
import { createRow, tableOf } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

export const POST = route(
  { params: datasetParams, project: { from: "current", need: "write" }, body: createElementSchema },
  async ({ params, project, body, auth }) =>
    Response.json({ data: await createRow(tableOf(project, params.ds), body.data, auth.user.id) } satisfies ResponseOf<typeof datasetsApi.createElement>, {
      status: 201,
    }),
);
