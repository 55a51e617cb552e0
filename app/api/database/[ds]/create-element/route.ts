import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { createRow, tableOf } from "@/lib/datasets/service";
import { route } from "@/lib/http/route";

export const POST = route(datasetsEndpoints.createElement, async ({ params, access, body, auth }) => ({
  data: await createRow(tableOf(access, params.ds), body.data, auth.user.id),
}));
