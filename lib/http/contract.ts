import type { z } from "zod";
import { type ApiResult, apiRequest } from "@/lib/api-client";
import type { Need } from "@/lib/projects/roles";

/**
 * One API call, declared once. Its route (method and path) lives in the
 * feature's `api.ts`, which the browser imports: no zod there, so none in the
 * browser's bundles. Its endpoint (`endpoints.ts`, server and OpenAPI only)
 * adds the zod schemas of what goes in and comes out and the failure statuses
 * it may answer; `api.ts` sees the route with the types of those schemas, so
 * the route handler (`route(endpoint, handler)`, which takes its params, query,
 * body, project and answer from the endpoint), the browser's typed client
 * (`callApi`) and the OpenAPI document agree.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Where a call goes. */
export type Route = { readonly method: Method; readonly path: string };

/** A route with the types of its path parameters, body, answer and query (never set: types only). */
export type TypedRoute<P = unknown, B = unknown, R = unknown, Q = unknown> = Route & {
  readonly __types?: { params: P; body: B; response: R; query: Q };
};

/**
 * Which project a call acts on, and what the caller must be allowed to do there: `param` reads the `id` path
 * segment (/api/projects/{id}/...), `current` takes the caller's current project (the spec's routes).
 */
export type ProjectOption = { readonly from: "param" | "current"; readonly need: Need };

/** A query as a client writes it: each field a string (or a number, written out), whatever the server parses it into. */
export type ClientQuery<Q> = { [K in keyof Q]?: Q[K] extends string | undefined ? Q[K] : string | number };

export type Endpoint<
  P extends Record<string, string | number> = Record<string, never>,
  B = undefined,
  R = unknown,
  Q = Record<string, never>,
  /** What the server reads from the body and the query (the schemas' output; the client sends their input). */
  BOut = B,
  QOut = Q,
> = TypedRoute<P, B, R, ClientQuery<Q>> & {
  summary: string;
  description?: string;
  tag: string;
  /** false: no session needed. */
  auth: boolean;
  /** The project the call acts on and the role it needs: checked after the session, before the body is read. */
  project?: ProjectOption;
  params?: z.ZodType<P>;
  query?: z.ZodType<QOut, Q>;
  body?: z.ZodType<BOut, B>;
  /** How the body is sent: JSON (the default), or a form with a file (an upload; the browser calls it through its own typed function). */
  consumes?: "application/json" | "multipart/form-data";
  /** An upload's size limit (413 past it); with `consumes: "multipart/form-data"`. */
  maxUploadBytes?: number;
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

export type AnyEndpoint = Endpoint<Record<string, string | number>, unknown, unknown, unknown, unknown, unknown>;

/** What the server side of an endpoint reads (types only): the body and query as parsed, whether it needs a session, its project. */
type ServerSide<BOut, QOut, A extends boolean, Pr extends ProjectOption | undefined> = {
  readonly __server?: { body: BOut; query: QOut; auth: A; project: Pr };
};

export function endpoint<
  P extends Record<string, string | number> = Record<string, never>,
  B = undefined,
  R = unknown,
  Q = Record<string, never>,
  BOut = B,
  QOut = Q,
  A extends boolean = boolean,
  Pr extends ProjectOption | undefined = undefined,
>(definition: Endpoint<P, B, R, Q, BOut, QOut> & { auth: A; project?: Pr }): Endpoint<P, B, R, Q, BOut, QOut> & ServerSide<BOut, QOut, A, Pr> {
  return definition;
}

/**
 * Every failure status a call may answer: those its endpoint declares, and those the route() pipeline answers for
 * any call of its kind (a foreign Host, a busy server; no session; a forged or non-JSON write; a bad path segment;
 * a project that is not the caller's, or a role that may not).
 */
export function documentedStatuses(e: AnyEndpoint): number[] {
  const statuses = new Set([...e.errors, 421, 503]);
  if (e.auth) statuses.add(401);
  if (e.params) statuses.add(404);
  if (e.query) statuses.add(400);
  if (e.project) {
    statuses.add(404);
    if (e.project.need !== "read") statuses.add(403);
  }
  if (e.method !== "GET") {
    statuses.add(403);
    statuses.add(415);
    // A body that is not JSON or is too large: every write reads one, even when it needs none.
    statuses.add(400);
    statuses.add(413);
  }
  return [...statuses].sort((a, b) => a - b);
}

type TypesOf<E> = E extends { readonly __types?: infer T } ? NonNullable<T> : never;
export type ResponseOf<E> = TypesOf<E> extends { response: infer R } ? R : never;
type ServerOf<E> = E extends { readonly __server?: infer S } ? NonNullable<S> : never;
/** The body and query as the route handler gets them (parsed). */
export type ParsedBodyOf<E> = ServerOf<E> extends { body: infer B } ? B : never;
export type ParsedQueryOf<E> = ServerOf<E> extends { query: infer Q } ? Q : never;
export type AuthOf<E> = ServerOf<E> extends { auth: infer A } ? A : boolean;
export type ProjectOf<E> = ServerOf<E> extends { project: infer Pr } ? Pr : undefined;
export type ParamsOf<E> = TypesOf<E> extends { params: infer P } ? P : never;

/** A feature's routes as the browser sees them: each with the types of its endpoint (the same object; the types are erased). */
export type Contract<Es> = { readonly [K in keyof Es]: Route & { readonly __types?: TypesOf<Es[K]> } };

/** The routes of `api.ts` typed by the endpoints of `endpoints.ts` (imported there as a type only, so zod stays out). */
export function typedRoutes<Es>(routes: { readonly [K in keyof Es]: Route }): Contract<Es> {
  return routes as Contract<Es>;
}

/** The URL of a route with its path parameters (encoded) and query filled in. */
export function urlOf(e: { path: string }, params: Record<string, string | number> = {}, query?: Record<string, string | number | undefined>): string {
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${e.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Whether a route has no path parameters (`Record<string, never>`, the default). */
type NoParams<P> = string extends keyof P ? true : [keyof P] extends [never] ? true : false;

type CallArgs<P, B, Q> = (NoParams<P> extends true ? { params?: P } : { params: P }) &
  ([B] extends [undefined] ? { body?: undefined } : { body: B }) & { query?: Q; signal?: AbortSignal };

/** The browser's typed call of a route: same origin, cookies, JSON both ways. */
export function callApi<P extends Record<string, string | number>, B, R, Q extends Record<string, string | number | undefined>>(
  e: TypedRoute<P, B, R, Q>,
  ...[args]: NoParams<P> extends true ? ([B] extends [undefined] ? [CallArgs<P, B, Q>?] : [CallArgs<P, B, Q>]) : [CallArgs<P, B, Q>]
): Promise<ApiResult<R>> {
  const a = (args ?? {}) as { params?: P; body?: B; query?: Q; signal?: AbortSignal };
  return apiRequest<R>(urlOf(e, a.params, a.query), { method: e.method, body: a.body, signal: a.signal });
}
