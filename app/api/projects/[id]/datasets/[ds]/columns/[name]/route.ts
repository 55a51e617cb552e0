import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { removeColumn, tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const DELETE = route(datasetsEndpoints.removeColumn, async ({ params, access }) => {
  await removeColumn(tableOf(access, params.ds), params.name);
  return { ok: true as const };
});
