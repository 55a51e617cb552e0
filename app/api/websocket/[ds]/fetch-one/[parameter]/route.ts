import { datasetFromParam } from "@/lib/datasets/service";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";
import type { relayApi } from "@/lib/relay/api";
import { pushBodySchema, pushRowParams } from "@/lib/relay/schemas";
import { pushRow } from "@/lib/relay/service";

/** The spec's push of one row (by Parameter), on the caller's current project. */
export const POST = route({ params: pushRowParams, project: { from: "current", need: "write" }, body: pushBodySchema }, async ({ params, auth, project }) => {
  const outcome = await pushRow(auth.user.id, project, datasetFromParam(params.ds), params.parameter);
  return Response.json(outcome satisfies ResponseOf<typeof relayApi.pushOne>, { status: 202 });
});
