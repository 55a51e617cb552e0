/** Browser side of the JSON API: same-origin, cookies included, JSON both ways. */

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string; body: Record<string, unknown> | null };

export const NETWORK_ERROR = "Cannot reach the server. Check your connection and try again.";

export async function apiRequest<T = Record<string, unknown>>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "include",
      // A call without a body (a DELETE, say) sends none, and so no Content-Type.
      headers: options.body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return { ok: false, status: 0, error: NETWORK_ERROR, body: null };
  }
  return apiResult<T>(response);
}

/** An answer of the API as a result: its JSON, or its `{error}` (or a sentence for a proxy's page). */
export async function apiResult<T>(response: Response): Promise<ApiResult<T>> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    /* a proxy's HTML error page, or an empty body */
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : null;
  const error = typeof record?.error === "string" ? record.error : `The server answered ${response.status} ${response.statusText}`.trim();
  return { ok: false, status: response.status, error, body: record };
}
