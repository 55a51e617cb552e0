import { datasetParams } from "@/lib/datasets/route-params";
import { datasetFromParam } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { relayApi } from "@/lib/relay/api";
import { pushBodySchema } from "@/lib/relay/schemas";
import { pushTable } from "@/lib/relay/service";

/** The spec's push of a whole table, on the caller's current project. */
export const POST = route({ params: datasetParams, project: { from: "current", need: "write" }, body: pushBodySchema }, async ({ params, auth, project }) => {
  const outcome = await pushTable(auth.user.id, project, datasetFromParam(params.ds));
  return Response.json(outcome satisfies ResponseOf<typeof relayApi.pushAll>, { status: 202 });
});
