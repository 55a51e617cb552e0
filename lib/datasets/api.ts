import { z } from "zod";
import { type ApiResult, apiResult, NETWORK_ERROR } from "@/lib/api-client";
import type { Row } from "./columns";
import { type ColumnsAnswer, decodeRows } from "./compact";
import { endpoint, urlOf } from "@/lib/http/contract";
import {
  applyImportSchema,
  exportQuery,
  importParams,
  importPreviewSchema,
  importResultSchema,
  importUploadSchema,
  type ImportPreviewAnswer,
} from "./import-schemas";
import { datasetParams } from "./route-params";
import {
  activityQuery,
  columnParams,
  createElementSchema,
  deleteRowQuery,
  deleteElementSchema,
  editElementSchema,
  flatRowSchema,
  historyEntrySchema,
  liveEventsQuery,
  presenceSchema,
  restoreSchema,
  rowBodySchema,
  rowParams,
  rowsQuery,
  saveRowsSchema,
  tableParams,
} from "./schemas";

/** The parameter tables of a project: the contract of /api/projects/{id}/datasets and of the spec's /api/database routes. */
const tag = "Tables";
const legacyTag = "Legacy (spec)";

const rowsAnswer = z.object({
  data: z.array(flatRowSchema),
  columns: z.array(z.string()).meta({ description: "Every column of the table (a row carries only the columns it has)." }),
});
const columnsAnswer = z
  .object({
    fields: z.array(z.string()).meta({ description: "The fixed fields each row starts with: Id, Parameter, CreatedAt, UpdatedAt, Version." }),
    columns: z.array(z.string()).meta({ description: "Every column of the table, in the order of the values." }),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))).meta({
      description: "Each row: its fixed fields, then a value per column (null: the row has none; trailing nulls left off).",
    }),
  })
  .meta({ description: "`?format=columns`" });
const rowAnswer = z.object({ data: flatRowSchema });
const conflict = [409];

export const datasetsApi = {
  rows: endpoint({
    method: "GET",
    path: "/api/projects/{id}/datasets/{ds}/rows",
    summary: "Every row of a table, sorted by Id",
    description: "`?format=columns` answers in the table screen's compact form: the column names once, each row an array of values.",
    tag,
    auth: true,
    params: tableParams,
    query: rowsQuery as never,
    status: 200,
    response: z.union([rowsAnswer, columnsAnswer]),
    errors: [401, 404],
  }),
  create: endpoint({
    method: "POST",
    path: "/api/projects/{id}/datasets/{ds}/rows",
    summary: "Create a row (editors and owners); new column names add columns",
    tag,
    auth: true,
    params: tableParams,
    body: rowBodySchema,
    status: 201,
    response: rowAnswer,
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  edit: endpoint({
    method: "PATCH",
    path: "/api/projects/{id}/datasets/{ds}/rows/{rowId}",
    summary: "Edit a row; with its Version in data, 409 with the current row when someone saved it meanwhile",
    tag,
    auth: true,
    params: rowParams,
    body: rowBodySchema,
    status: 200,
    response: rowAnswer,
    errors: [400, 401, 403, 404, ...conflict, 413, 415],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/projects/{id}/datasets/{ds}/rows/{rowId}",
    summary: "Delete a row (editors and owners); with ?version=, only if it is still at that version (409 otherwise)",
    tag,
    auth: true,
    params: rowParams,
    query: deleteRowQuery as never,
    status: 200,
    response: z.object({ ok: z.literal(true), id: z.number().int() }),
    errors: [400, 401, 403, 404, 409],
  }),
  saveRows: endpoint({
    method: "PATCH",
    path: "/api/projects/{id}/datasets/{ds}/rows",
    summary: "Save many rows as one change (a paste, a fill, an undo): every row's Version checked; all saved, or nothing with 409 and every conflicting row",
    tag,
    auth: true,
    params: tableParams,
    body: saveRowsSchema,
    status: 200,
    response: z.object({ data: z.array(flatRowSchema) }),
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  history: endpoint({
    method: "GET",
    path: "/api/projects/{id}/datasets/{ds}/rows/{rowId}/history",
    summary: "Every version of a row, newest first, with who and the row before and after",
    tag,
    auth: true,
    params: rowParams,
    status: 200,
    response: z.object({ versions: z.array(historyEntrySchema) }),
    errors: [401, 404],
  }),
  restore: endpoint({
    method: "POST",
    path: "/api/projects/{id}/datasets/{ds}/rows/{rowId}/restore",
    summary: "Write an earlier version back as a new edit (409 with the current row when it changed meanwhile)",
    tag,
    auth: true,
    params: rowParams,
    body: restoreSchema,
    status: 200,
    response: rowAnswer,
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  undelete: endpoint({
    method: "POST",
    path: "/api/projects/{id}/datasets/{ds}/rows/{rowId}/undelete",
    summary: "Bring a deleted row back as it was, with its id",
    tag,
    auth: true,
    params: rowParams,
    status: 201,
    response: rowAnswer,
    errors: [401, 403, 404, 409, 413],
  }),
  events: endpoint({
    method: "GET",
    path: "/api/projects/{id}/datasets/{ds}/events",
    summary:
      "Server-sent events of a table: `rows` when someone saves (who, and the row ids; none: the whole table), `presence` with everyone who has it open and the row each is editing",
    tag,
    auth: true,
    params: tableParams,
    query: liveEventsQuery as never,
    status: 200,
    response: null,
    produces: "text/event-stream",
    errors: [400, 401, 404, 503],
  }),
  presence: endpoint({
    method: "POST",
    path: "/api/projects/{id}/datasets/{ds}/presence",
    summary: "Tell the others with this table open which row this tab is editing (null: none)",
    tag,
    auth: true,
    params: tableParams,
    body: presenceSchema,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [400, 401, 404, 503],
  }),
  activity: endpoint({
    method: "GET",
    path: "/api/projects/{id}/datasets/{ds}/activity",
    summary: "The table's changes, newest first (200 at a time; `before` pages on), filterable by person and Parameter",
    tag,
    auth: true,
    params: tableParams,
    query: activityQuery as never,
    status: 200,
    response: z.object({ events: z.array(historyEntrySchema.extend({ id: z.number().int(), rowId: z.number().int(), parameter: z.string() })) }),
    errors: [400, 401, 404],
  }),
  exportTable: endpoint({
    method: "GET",
    path: "/api/projects/{id}/datasets/{ds}/export",
    summary: "The table as a file to download: an XLSX workbook (with a hidden sheet of row versions) or CSV (UTF-8 with BOM)",
    description:
      "Laid out like the screen: Id, Parameter, then the value columns in display order; angle rows in degrees, as shown. The workbook's hidden sheet `_pontifex` records the project, dataset, export time and every row's Id and Version; the CSV file ends with a Version column.",
    tag,
    auth: true,
    params: tableParams,
    query: exportQuery as never,
    status: 200,
    response: null,
    produces: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "text/csv"],
    errors: [400, 401, 404],
  }),
  importPreview: endpoint({
    method: "POST",
    path: "/api/projects/{id}/datasets/{ds}/import",
    summary: "Read an XLSX or CSV file and show what importing it would change (editors and owners); nothing is written",
    description:
      "Rows are matched by Parameter. A file that cannot be imported answers 400 naming the sheet, row and column (also as `sheet`, `row`, `column`): not a workbook or CSV, no such sheet, no Parameter column, a Parameter twice, a value over 2,000 characters, a column name the tables refuse, a formula, too many columns.",
    tag,
    auth: true,
    params: tableParams,
    body: importUploadSchema,
    consumes: "multipart/form-data",
    status: 200,
    response: importPreviewSchema,
    errors: [400, 401, 403, 404, 413, 415],
  }),
  importApply: endpoint({
    method: "POST",
    path: "/api/projects/{id}/datasets/{ds}/import/{importId}/apply",
    summary:
      'Apply a previewed import as one change, recorded in the history with the action "import" (409 and nothing written when rows changed since the preview)',
    tag,
    auth: true,
    params: importParams,
    body: applyImportSchema,
    status: 200,
    response: importResultSchema,
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  removeColumn: endpoint({
    method: "DELETE",
    path: "/api/projects/{id}/datasets/{ds}/columns/{name}",
    summary: "Remove a column that is empty in every row (owners)",
    tag,
    auth: true,
    params: columnParams,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [401, 403, 404, 409],
  }),

  // The spec's routes: they act on the caller's current project.
  fetchAll: endpoint({
    method: "GET",
    path: "/api/database/{ds}/fetch-all",
    summary: "Every row of the current project's table (spec)",
    tag: legacyTag,
    legacy: true,
    auth: true,
    params: datasetParams,
    status: 200,
    response: z.object({ data: z.array(flatRowSchema) }),
    errors: [401, 404],
  }),
  createElement: endpoint({
    method: "POST",
    path: "/api/database/{ds}/create-element",
    summary: "Create a row in the current project's table (spec)",
    tag: legacyTag,
    legacy: true,
    auth: true,
    params: datasetParams,
    body: createElementSchema,
    status: 201,
    response: rowAnswer,
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  editElement: endpoint({
    method: "POST",
    path: "/api/database/{ds}/edit-element",
    summary: "Edit a row of the current project's table (spec)",
    tag: legacyTag,
    legacy: true,
    auth: true,
    params: datasetParams,
    body: editElementSchema,
    status: 200,
    response: rowAnswer,
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
  deleteElement: endpoint({
    method: "POST",
    path: "/api/database/{ds}/delete-element",
    summary: "Delete a row of the current project's table (spec)",
    tag: legacyTag,
    legacy: true,
    auth: true,
    params: datasetParams,
    body: deleteElementSchema,
    status: 200,
    response: z.object({ ok: z.literal(true), id: z.number().int() }),
    errors: [400, 401, 403, 404, 415],
  }),
};

/** The browser's upload of a file for an import preview (multipart: not through `callApi`, which sends JSON). */
export async function uploadImport(params: { id: number; ds: string }, file: File, signal?: AbortSignal): Promise<ApiResult<ImportPreviewAnswer>> {
  const form = new FormData();
  form.append("file", file, file.name);
  let response: Response;
  try {
    response = await fetch(urlOf(datasetsApi.importPreview, params), {
      method: "POST",
      credentials: "include",
      headers: { accept: "application/json" },
      body: form,
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return { ok: false, status: 0, error: NETWORK_ERROR, body: null };
  }
  return apiResult<ImportPreviewAnswer>(response);
}

/** A table's file as the browser downloads it: the bytes and the name the server gave it, or the error. */
export async function downloadExport(
  params: { id: number; ds: string },
  format: "xlsx" | "csv",
): Promise<{ ok: true; blob: Blob; fileName: string } | { ok: false; error: string }> {
  let response: Response;
  try {
    response = await fetch(urlOf(datasetsApi.exportTable, params, { format }), { credentials: "include" });
  } catch {
    return { ok: false, error: NETWORK_ERROR };
  }
  if (!response.ok) {
    const failed = await apiResult(response);
    return { ok: false, error: failed.ok ? `The server answered ${response.status}` : failed.error };
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : (/filename="([^"]+)"/i.exec(disposition)?.[1] ?? `table.${format}`);
  return { ok: true, blob: await response.blob(), fileName };
}

/** The table screen's rows, in the compact form; the page preloads this URL, so the request starts with the navigation. */
export function screenRowsUrl(params: { id: number; ds: string }): string {
  return urlOf(datasetsApi.rows, params, { format: "columns" });
}

/**
 * The table screen's rows. Fetched exactly as the page's preload of them
 * (credentials included, no extra headers), so the browser hands over the
 * answer already on its way instead of asking again.
 */
export async function fetchScreenRows(params: { id: number; ds: string }, signal?: AbortSignal): Promise<ApiResult<{ rows: Row[]; columns: string[] }>> {
  let response: Response;
  try {
    response = await fetch(screenRowsUrl(params), { credentials: "include", signal });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return { ok: false, status: 0, error: NETWORK_ERROR, body: null };
  }
  const result = await apiResult<ColumnsAnswer>(response);
  if (!result.ok) return result;
  if (!result.data || !Array.isArray(result.data.rows) || !Array.isArray(result.data.columns)) {
    return { ok: false, status: response.status, error: "Invalid response structure", body: null };
  }
  return { ok: true, status: result.status, data: { rows: decodeRows(result.data), columns: result.data.columns } };
}
