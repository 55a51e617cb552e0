import { datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";
import { pushBodySchema, pushRowParams } from "@/lib/relay/schemas";
import { pushRow } from "@/lib/relay/service";

export const POST = route({ params: pushRowParams, body: pushBodySchema }, async ({ params, auth }) => {
  const outcome = await pushRow(auth.user.id, datasetFromParam(params.ds), params.parameter);
  return Response.json(outcome, { status: 202 });
});
