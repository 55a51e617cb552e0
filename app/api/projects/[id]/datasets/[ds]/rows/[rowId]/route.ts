import type { datasetsApi } from "@/lib/datasets/api";
import { deleteRowQuery, rowBodySchema, rowParams } from "@/lib/datasets/schemas";
import { deleteRow, editRow, tableOf } from "@/lib/datasets/service";
import { DomainError } from "@/lib/errors";
import type { ResponseOf } from "@/lib/http/contract";
import { route } from "@/lib/http/route";

export const PATCH = route({ params: rowParams, project: { from: "param", need: "write" }, body: rowBodySchema }, async ({ params, project, body, auth }) =>
  Response.json({ data: await editRow(tableOf(project, params.ds), params.rowId, body.data, auth.user.id) } satisfies ResponseOf<typeof datasetsApi.edit>),
);

export const DELETE = route({ params: rowParams, project: { from: "param", need: "write" } }, async ({ params, project, auth, request }) => {
  const query = deleteRowQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new DomainError("invalid", 'Invalid query "version": expected the row\'s Version as a whole number.');
  await deleteRow(tableOf(project, params.ds), params.rowId, auth.user.id, query.data.version);
  return Response.json({ ok: true, id: params.rowId } satisfies ResponseOf<typeof datasetsApi.remove>);
});
