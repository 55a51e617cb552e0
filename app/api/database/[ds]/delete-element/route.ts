import { datasetParams } from "@/lib/datasets/route-params";
import { deleteElementSchema } from "@/lib/datasets/schemas";
import { datasetFromParam, deleteElement } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const POST = route({ params: datasetParams, body: deleteElementSchema }, async ({ params, body }) => {
  await deleteElement(datasetFromParam(params.ds), body.id);
  return Response.json({ ok: true, id: body.id });
});
