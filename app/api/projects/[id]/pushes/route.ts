import { datasetFromParam } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";
import { relayEndpoints } from "@/lib/relay/endpoints";
import { pushRow, pushTable } from "@/lib/relay/service";

export const POST = route(relayEndpoints.push, ({ auth, access, body }) => {
  const dataset = datasetFromParam(body.dataset);
  return body.parameter === undefined ? pushTable(auth.user.id, access, dataset) : pushRow(auth.user.id, access, dataset, body.parameter);
});
