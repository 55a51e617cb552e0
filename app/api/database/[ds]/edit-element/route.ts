import { datasetParams } from "@/lib/datasets/route-params";
import { editElementSchema } from "@/lib/datasets/schemas";
import { datasetFromParam, editElement } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const POST = route({ params: datasetParams, body: editElementSchema }, async ({ params, body }) => {
  const row = await editElement(datasetFromParam(params.ds), body.id, body.data);
  return Response.json({ data: row });
});
