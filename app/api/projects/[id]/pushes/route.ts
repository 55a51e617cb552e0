import { datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";
import { revitEndpoints } from "@/lib/revit/endpoints";
import { pushRow, pushTable } from "@/lib/revit/service";

export const POST = route(revitEndpoints.push, ({ auth, access, body }) => {
  const dataset = datasetFromParam(body.dataset);
  return body.parameter === undefined ? pushTable(auth.user.id, access, dataset) : pushRow(auth.user.id, access, dataset, body.parameter);
});
