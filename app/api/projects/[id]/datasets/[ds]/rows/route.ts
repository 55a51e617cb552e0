import { tableSnapshot } from "@/db/queries/rows";
import type { datasetsApi } from "@/lib/datasets/api";
import { columnsJson, rowsJson } from "@/lib/datasets/answers";
import { rowBodySchema, rowsQuery, saveRowsSchema, tableParams } from "@/lib/datasets/schemas";
import { createRow, saveRows, tableOf } from "@/lib/datasets/service";
import { DomainError } from "@/lib/errors";
import type { ResponseOf } from "@/lib/http/contract";
import { cachedJsonResponse } from "@/lib/http/precompressed";
import { route } from "@/lib/http/route";

export const GET = route({ params: tableParams, project: { from: "param", need: "read" } }, async ({ params, project, request }) => {
  const query = rowsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new DomainError("invalid", 'Invalid query: format is "columns" or left out.');
  const snapshot = await tableSnapshot(tableOf(project, params.ds));
  if (query.data.format === "columns") return cachedJsonResponse(request, { key: snapshot, name: "columns" }, columnsJson(snapshot));
  return cachedJsonResponse(request, { key: snapshot, name: "rows" }, rowsJson(snapshot));
});

export const POST = route({ params: tableParams, project: { from: "param", need: "write" }, body: rowBodySchema }, async ({ params, project, body, auth }) =>
  Response.json({ data: await createRow(tableOf(project, params.ds), body.data, auth.user.id) } satisfies ResponseOf<typeof datasetsApi.create>, {
    status: 201,
  }),
);

/** Many rows as one change: all saved, or nothing (409 with every conflicting row). */
export const PATCH = route({ params: tableParams, project: { from: "param", need: "write" }, body: saveRowsSchema }, async ({ params, project, body, auth }) =>
  Response.json({ data: await saveRows(tableOf(project, params.ds), body.rows, { userId: auth.user.id }) } satisfies ResponseOf<typeof datasetsApi.saveRows>),
);
