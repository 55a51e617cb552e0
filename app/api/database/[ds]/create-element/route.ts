import { datasetParams } from "@/lib/datasets/route-params";
import { createElementSchema } from "@/lib/datasets/schemas";
import { createElement, datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const POST = route({ params: datasetParams, body: createElementSchema }, async ({ params, body }) => {
  const row = await createElement(datasetFromParam(params.ds), body.data);
  return Response.json({ data: row }, { status: 201 });
});
