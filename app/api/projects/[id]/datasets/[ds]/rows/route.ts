import { tableSnapshot } from "@/lib/datasets/snapshot";
import { columnsJson, linesJson, rowsJson } from "@/lib/datasets/answers";
import { datasetsEndpoints } from "@/lib/datasets/endpoints";
import { createRow, saveRows, tableOf } from "@/lib/datasets/service";
import { cachedJsonResponse } from "@/lib/http/precompressed";
import { route } from "@/lib/http/route";

export const GET = route(datasetsEndpoints.rows, async ({ params, query, access, request }) => {
  const table = tableOf(access, params.ds);
  const snapshot = await tableSnapshot(table);
  if (query.format === "columns") return cachedJsonResponse(request, { key: snapshot, name: "columns" }, columnsJson(snapshot, table.dataset));
  if (query.format === "lines") return cachedJsonResponse(request, { key: snapshot, name: "lines" }, linesJson(snapshot, table.dataset));
  return cachedJsonResponse(request, { key: snapshot, name: "rows" }, rowsJson(snapshot, table.dataset));
});

export const POST = route(datasetsEndpoints.create, async ({ params, access, body, auth }) => ({
  data: await createRow(tableOf(access, params.ds), body.data, auth.user.id),
}));

/** Many rows as one change: all saved, or nothing (409 with every conflicting row). */
export const PATCH = route(datasetsEndpoints.saveRows, async ({ params, access, body, auth }) => ({
  data: await saveRows(tableOf(access, params.ds), body.rows, { userId: auth.user.id }),
}));
