import { datasetParams } from "@/lib/datasets/route-params";
import { datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";
import { pushBodySchema } from "@/lib/relay/schemas";
import { pushDataset } from "@/lib/relay/service";

export const POST = route({ params: datasetParams, body: pushBodySchema }, async ({ params, auth }) => {
  const outcome = await pushDataset(auth.user.id, datasetFromParam(params.ds));
  return Response.json(outcome, { status: 202 });
});
