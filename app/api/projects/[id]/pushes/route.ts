import { datasetFromParam } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import { projectParams } from "@/lib/projects/schemas";
import type { relayApi } from "@/lib/relay/api";
import { pushRequestSchema } from "@/lib/relay/schemas";
import { pushRow, pushTable } from "@/lib/relay/service";

export const POST = route({ params: projectParams, project: { from: "param", need: "write" }, body: pushRequestSchema }, async ({ auth, project, body }) => {
  const dataset = datasetFromParam(body.dataset);
  const outcome =
    body.parameter === undefined ? await pushTable(auth.user.id, project, dataset) : await pushRow(auth.user.id, project, dataset, body.parameter);
  return Response.json(outcome satisfies ResponseOf<typeof relayApi.push>, { status: 202 });
});
