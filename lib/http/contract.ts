import type { z } from "zod";
import { type ApiResult, apiRequest } from "@/lib/api-client";

/**
 * One API call, declared once: its method and path, the zod schemas of what
 * goes in and comes out, and the failure statuses it may answer. The same
 * declaration gives the route handler its types (`satisfies ResponseOf<...>`),
 * the browser its typed client (`callApi`), and the OpenAPI document its entry.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type Endpoint<
  P extends Record<string, string | number> = Record<string, never>,
  B = undefined,
  R = unknown,
  Q extends Record<string, string | undefined> = Record<string, never>,
> = {
  method: Method;
  /** OpenAPI style: `/api/projects/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** false: no session needed. */
  auth: boolean;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<unknown, B>;
  /** How the body is sent: JSON (the default), or a form with a file (an upload; the browser calls it through its own typed function). */
  consumes?: "application/json" | "multipart/form-data";
  /** The success status and what it carries. `null` response: not JSON (a file, an event stream). */
  status: 200 | 201 | 202 | 204;
  response: z.ZodType<R> | null;
  /** The content type(s) of a non-JSON answer. */
  produces?: string | string[];
  /** Failure statuses this call answers with `{error}` (beyond what every call may answer). */
  errors: number[];
  /** Part of the spec's original interface, kept working; newer clients use the project-scoped routes. */
  legacy?: boolean;
};

export type AnyEndpoint = Endpoint<Record<string, string | number>, unknown, unknown, Record<string, string | undefined>>;

export function endpoint<
  P extends Record<string, string | number> = Record<string, never>,
  B = undefined,
  R = unknown,
  Q extends Record<string, string | undefined> = Record<string, never>,
>(definition: Endpoint<P, B, R, Q>): Endpoint<P, B, R, Q> {
  return definition;
}

export type ResponseOf<E> = E extends Endpoint<Record<string, string | number>, unknown, infer R, Record<string, string | undefined>> ? R : never;
export type BodyOf<E> = E extends Endpoint<Record<string, string | number>, infer B, unknown, Record<string, string | undefined>> ? B : never;
export type ParamsOf<E> = E extends Endpoint<infer P, unknown, unknown, Record<string, string | undefined>> ? P : never;

/** The URL of an endpoint with its path parameters (encoded) and query filled in. */
export function urlOf(e: { path: string }, params: Record<string, string | number> = {}, query?: Record<string, string | undefined>): string {
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${e.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Whether an endpoint has no path parameters (`Record<string, never>`, the default). */
type NoParams<P> = string extends keyof P ? true : [keyof P] extends [never] ? true : false;

type CallArgs<P, B, Q> = (NoParams<P> extends true ? { params?: P } : { params: P }) &
  ([B] extends [undefined] ? { body?: undefined } : { body: B }) & { query?: Q; signal?: AbortSignal };

/** The browser's typed call of an endpoint: same origin, cookies, JSON both ways. */
export function callApi<P extends Record<string, string | number>, B, R, Q extends Record<string, string | undefined>>(
  e: Endpoint<P, B, R, Q>,
  ...[args]: NoParams<P> extends true ? ([B] extends [undefined] ? [CallArgs<P, B, Q>?] : [CallArgs<P, B, Q>]) : [CallArgs<P, B, Q>]
): Promise<ApiResult<R>> {
  const a = (args ?? {}) as { params?: P; body?: B; query?: Q; signal?: AbortSignal };
  return apiRequest<R>(urlOf(e, a.params, a.query), { method: e.method, body: a.body, signal: a.signal });
}
