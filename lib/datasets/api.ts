import { type ApiResult, apiResult, NETWORK_ERROR } from "@/lib/api-client";
import { typedRoutes, urlOf } from "@/lib/http/contract";
import type { Row } from "./columns";
import { decodeLines, type LinesAnswer } from "./compact";
import { unitLabel } from "./kinds";
import type { datasetsEndpoints } from "./endpoints";
import type { ImportPreviewAnswer } from "./import-schemas";

/**
 * The parameter tables of a project, /api/projects/{id}/datasets, and the
 * spec's /api/database routes: where each call goes (what it takes and
 * answers: ./endpoints), and the browser's own calls that are not JSON.
 */
export const datasetsRoutes = {
  rows: { method: "GET", path: "/api/projects/{id}/datasets/{ds}/rows" },
  create: { method: "POST", path: "/api/projects/{id}/datasets/{ds}/rows" },
  edit: { method: "PATCH", path: "/api/projects/{id}/datasets/{ds}/rows/{rowId}" },
  remove: { method: "DELETE", path: "/api/projects/{id}/datasets/{ds}/rows/{rowId}" },
  saveRows: { method: "PATCH", path: "/api/projects/{id}/datasets/{ds}/rows" },
  writeRows: { method: "POST", path: "/api/projects/{id}/datasets/batch" },
  history: { method: "GET", path: "/api/projects/{id}/datasets/{ds}/rows/{rowId}/history" },
  restore: { method: "POST", path: "/api/projects/{id}/datasets/{ds}/rows/{rowId}/restore" },
  setKind: { method: "PUT", path: "/api/projects/{id}/datasets/{ds}/rows/{rowId}/kind" },
  undelete: { method: "POST", path: "/api/projects/{id}/datasets/{ds}/rows/{rowId}/undelete" },
  events: { method: "GET", path: "/api/projects/{id}/datasets/{ds}/events" },
  presence: { method: "POST", path: "/api/projects/{id}/datasets/{ds}/presence" },
  activity: { method: "GET", path: "/api/projects/{id}/datasets/{ds}/activity" },
  exportTable: { method: "GET", path: "/api/projects/{id}/datasets/{ds}/export" },
  importPreview: { method: "POST", path: "/api/projects/{id}/datasets/{ds}/import" },
  importApply: { method: "POST", path: "/api/projects/{id}/datasets/{ds}/import/{importId}/apply" },
  removeColumn: { method: "DELETE", path: "/api/projects/{id}/datasets/{ds}/columns/{name}" },
  addItemColumn: { method: "POST", path: "/api/projects/{id}/datasets/{ds}/columns" },
  startFromTemplate: { method: "POST", path: "/api/projects/{id}/datasets/{ds}/template" },
  fetchAll: { method: "GET", path: "/api/database/{ds}/fetch-all" },
  createElement: { method: "POST", path: "/api/database/{ds}/create-element" },
  editElement: { method: "POST", path: "/api/database/{ds}/edit-element" },
  deleteElement: { method: "POST", path: "/api/database/{ds}/delete-element" },
} as const;

/** The routes as the browser calls them, typed by their endpoints' schemas (zod itself stays on the server). */
export const datasetsApi = typedRoutes<typeof datasetsEndpoints>(datasetsRoutes);

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

/** The table screen's rows, a line each (compact.ts); the page preloads this URL, so the request starts with the navigation. */
export function screenRowsUrl(params: { id: number; ds: string }): string {
  return urlOf(datasetsApi.rows, params, { format: "lines" });
}

/**
 * The table screen's rows. Fetched exactly as the page's preload of them
 * (credentials included, no extra headers), so the browser hands over the
 * answer already on its way instead of asking again.
 */
export async function fetchScreenRows(
  params: { id: number; ds: string },
  signal?: AbortSignal,
): Promise<ApiResult<{ rows: Row[]; columns: string[]; units: ReadonlyMap<string, string> }>> {
  let response: Response;
  try {
    response = await fetch(screenRowsUrl(params), { credentials: "include", signal });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return { ok: false, status: 0, error: NETWORK_ERROR, body: null };
  }
  const result = await apiResult<LinesAnswer>(response);
  if (!result.ok) return result;
  if (!result.data || !Array.isArray(result.data.rows) || !Array.isArray(result.data.columns)) {
    return { ok: false, status: response.status, error: "Invalid response structure", body: null };
  }
  const rows = decodeLines(result.data);
  // Each row's unit as the grid shows it beside the Parameter (kinds.ts), by Parameter: a row renamed or added on
  // screen takes its unit from its name until the table is read again.
  const units = new Map<string, string>((result.data.kinds ?? []).map(([kind, unit], i) => [String(rows[i]?.Parameter), unitLabel({ kind, unit })]));
  return { ok: true, status: result.status, data: { rows, columns: result.data.columns, units } };
}
