import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Membership } from "@/db/queries/projects";
import type { WantedProject } from "@/db/queries/sessions";
import { resolveSession, resolveSessionWithMembership, type SignedIn, sessionCookie, sessionTokenFromCookieHeader } from "@/lib/auth/session";
import { isDatabaseBusy } from "@/db/client";
import { DomainError, STATUS_OF } from "@/lib/errors";
import { accessFrom, type ProjectAccess } from "@/lib/projects/access";
import { idSchema } from "@/lib/projects/schemas";
import {
  type AnyEndpoint,
  type AuthOf,
  documentedStatuses,
  type ParamsOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type ProjectOf,
  type ProjectOption,
  type ResponseOf,
} from "@/lib/http/contract";
import { HOST_EXEMPT_PATHS, isAllowedOrigin, isHttpsRequest, isKnownHost } from "@/lib/http/origins";
import { logger } from "@/lib/logger";

export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** A failure the client can act on; the route answers `{error}` with this status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function jsonError(status: number, error: string, extra?: Record<string, unknown>, headers?: Record<string, string>) {
  return Response.json({ error, ...extra }, { status, headers });
}

export function isHttps(request: Request): boolean {
  return isHttpsRequest((name) => request.headers.get(name));
}

/**
 * The client's network address, as server.ts found it (the socket's peer, or
 * the first X-Forwarded-For entry behind a trusted proxy). server.ts always
 * overwrites this header, so a client cannot choose it.
 */
export const CLIENT_ADDRESS_HEADER = "x-pontifex-client-address";

export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "local";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Human-readable path of the first zod issue: `data.Item3`, `id`. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Request body is invalid.";
  const field = issue.path.map(String).join(".");
  return field ? `Invalid field "${field}": ${issue.message}` : `Invalid request body: ${issue.message}`;
}

const TOO_LARGE = "Request body is larger than 2 MB.";

async function readBody(request: Request, maxBytes = MAX_BODY_BYTES, tooLarge = TOO_LARGE): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new ApiError(413, tooLarge);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ApiError(413, tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

type RouteContext<P> = { params: Promise<P> };

/** Why a query was refused: the schema's own words where it has them (`format is "csv" or "xlsx"`), else the field's. */
function describeQueryError(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join(".") ?? "";
  const message = issue?.message.replace(/\.$/, "") ?? "not understood";
  return `Invalid query: ${field && !message.includes(field) ? `"${field}": ` : ""}${message}.`;
}

/**
 * An answer whose status its endpoint does not declare: the document (and every client generated from it) would
 * be wrong. Outside production it becomes a 500 naming the mismatch, so the test that met it fails; in production
 * it goes out as it is, logged.
 */
function undeclared(endpoint: AnyEndpoint, response: Response, log: ReturnType<typeof logger>): Response {
  log.error({ method: endpoint.method, path: endpoint.path, status: response.status }, "answered a status its endpoint does not declare");
  if (process.env.NODE_ENV === "production") return response;
  return jsonError(500, `${endpoint.method} ${endpoint.path} answered ${response.status}, a status its endpoint does not declare.`);
}

export type { ProjectOption };

declare const answered: unique symbol;
/** A Response whose JSON body is known to be a `T`: made by `answer()` or a typed helper, never by a cast elsewhere. */
export type TypedResponse<T> = Response & { readonly [answered]: T };

/** A JSON answer of type `T`, with a status or headers of its own (a 201, a cookie). */
export function answer<T>(body: T, init?: ResponseInit): TypedResponse<T> {
  return Response.json(body, init) as TypedResponse<T>;
}

/** What a handler of an endpoint returns: its response (sent as JSON with the endpoint's status), or a Response of it; any Response for a file or stream. */
export type AnswerOf<E> = E extends { response: null } ? Response : ResponseOf<E> | TypedResponse<ResponseOf<E>>;

/** What a handler of an endpoint gets: everything parsed and checked as the endpoint declares it. */
export type EndpointArgs<E> = {
  request: Request;
  params: ParamsOf<E>;
  query: ParsedQueryOf<E>;
  body: ParsedBodyOf<E>;
  auth: AuthOf<E> extends false ? SignedIn | null : SignedIn;
  /** The project the call acts on, with the caller's role, when the endpoint names one. */
  access: ProjectOf<E> extends ProjectOption ? ProjectAccess : undefined;
  /** The form of an upload (multipart); undefined elsewhere. */
  form: FormData | undefined;
  requestId: string;
  log: ReturnType<typeof logger>;
};

/** The project a route acts on: the current one, or the `id` of its path (none when that is not a project id). */
function wantedProject(option: ProjectOption | undefined, params: unknown): WantedProject | undefined {
  if (!option) return undefined;
  if (option.from === "current") return "current";
  const id = idSchema.safeParse((params as { id?: unknown }).id);
  return id.success ? id.data : undefined;
}

/**
 * Every API route goes through here: request id and log line, Origin and
 * Content-Type checks on state-changing requests (CSRF), the 2 MB body limit
 * (a `multipart` upload has its own),
 * the session, body validation, and `{error}` JSON for every failure.
 */
export function route<E extends AnyEndpoint>(
  endpoint: E,
  handler: (args: EndpointArgs<E>) => Promise<AnswerOf<E>> | AnswerOf<E>,
): (request: Request, context: RouteContext<Record<string, string | string[]>>) => Promise<Response> {
  const multipart = endpoint.consumes === "multipart/form-data" ? { maxBytes: endpoint.maxUploadBytes ?? MAX_BODY_BYTES } : undefined;
  const statuses = new Set([endpoint.status, ...documentedStatuses(endpoint)]);
  const requireAuth = endpoint.auth !== false;
  return async (request, context) => {
    const started = performance.now();
    const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    const log = logger().child({ requestId });
    let auth: SignedIn | null = null;
    let response: Response;
    try {
      const url = new URL(request.url);
      if (!HOST_EXEMPT_PATHS.has(url.pathname) && !isKnownHost((name) => request.headers.get(name))) {
        throw new ApiError(421, "This server does not answer to that host name. Use the address the site is published at.");
      }
      const mutating = !SAFE_METHODS.has(request.method);
      if (mutating && !isAllowedOrigin(request.headers.get("origin"))) {
        throw new ApiError(403, "Cross-origin request refused: the Origin header must be this application's own.");
      }
      // Both refusals come before the session is even looked up: a forged request touches nothing.
      // A call with a body must say it is JSON; a call without one (a DELETE, say) needs no Content-Type.
      const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
      const declaresBody = Number(request.headers.get("content-length") ?? 0) > 0 || request.headers.has("transfer-encoding");
      const bodyType = multipart ? "multipart/form-data" : "application/json";
      if (mutating && (declaresBody || type !== undefined) && type !== bodyType) throw new ApiError(415, `Content-Type must be ${bodyType}.`);
      const rawParams = (await context.params) ?? {};
      let params: unknown = rawParams;
      let paramsFound = true;
      if (endpoint.params) {
        const parsed = endpoint.params.safeParse(rawParams);
        if (parsed.success) params = parsed.data;
        else paramsFound = false;
      }
      // The project the route acts on is read with the session, in one statement.
      const wanted = paramsFound ? wantedProject(endpoint.project, params) : undefined;
      const token = sessionTokenFromCookieHeader(request.headers.get("cookie"));
      let membership: Membership | undefined;
      if (wanted === undefined) auth = await resolveSession(token);
      else ({ auth, membership } = (await resolveSessionWithMembership(token, wanted)) ?? { auth: null, membership: undefined });
      if (requireAuth && !auth) throw new ApiError(401, "You are not signed in, or your session has expired. Please log in.");
      if (!paramsFound) throw new ApiError(404, "Not found.");
      let project: ProjectAccess | undefined;
      if (endpoint.project && auth) {
        if (wanted === undefined) throw new ApiError(404, "Not found.");
        project = accessFrom(membership, endpoint.project.need, wanted);
      }
      let query: unknown;
      if (endpoint.query) {
        const parsed = endpoint.query.safeParse(Object.fromEntries(url.searchParams));
        if (!parsed.success) throw new ApiError(400, describeQueryError(parsed.error));
        query = parsed.data;
      }
      let body: unknown;
      let form: FormData | undefined;
      if (mutating && multipart) {
        const { maxBytes } = multipart;
        const bytes = await readBody(request, maxBytes, `The upload is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
        try {
          form = await new Response(new Uint8Array(bytes), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
        } catch {
          throw new ApiError(400, "The request body is not valid multipart/form-data.");
        }
      } else if (mutating) {
        const text = (await readBody(request)).toString("utf8");
        if (text !== "" && type !== "application/json") throw new ApiError(415, "Content-Type must be application/json.");
        if (endpoint.body) {
          if (text === "") body = undefined;
          else {
            try {
              body = JSON.parse(text);
            } catch {
              throw new ApiError(400, "Request body is not valid JSON.");
            }
          }
          const parsed = endpoint.body.safeParse(body);
          if (!parsed.success) throw new ApiError(400, text === "" ? "This call needs a JSON body." : describeZodError(parsed.error));
          body = parsed.data;
        }
      }
      // Each value was checked above as the endpoint declares it: the handler's types say as much.
      const args = { request, params, query, body, auth, access: project, form, requestId, log } as EndpointArgs<E>;
      const answer: unknown = await handler(args);
      response = answer instanceof Response ? answer : Response.json(answer, { status: endpoint.status });
    } catch (error) {
      if (error instanceof ApiError) {
        response = jsonError(error.status, error.message, error.extra, error.headers);
      } else if (error instanceof DomainError) {
        const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
        response = jsonError(STATUS_OF[error.kind], error.message, error.extra, headers);
      } else if (isDatabaseBusy(error)) {
        log.warn({ method: request.method, path: new URL(request.url).pathname }, "database busy: no connection free in time");
        response = jsonError(503, "The server is busy. Please try again in a moment.", undefined, { "Retry-After": "2" });
      } else {
        log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "request failed");
        response = jsonError(500, "Something went wrong on the server. Please try again.");
      }
    }
    if (!statuses.has(response.status)) response = undeclared(endpoint, response, log);
    // Re-send the cookie with its pushed-out expiry, unless the route set (login) or cleared (logout) it itself.
    if (auth?.extendedTo && !response.headers.has("Set-Cookie")) {
      const token = sessionTokenFromCookieHeader(request.headers.get("cookie"))!;
      response.headers.append("Set-Cookie", sessionCookie(token, auth.extendedTo, isHttps(request)));
    }
    response.headers.set("X-Request-Id", requestId);
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    log.info(
      {
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        ms: Math.round(performance.now() - started),
        userId: auth?.user.id,
      },
      "api request",
    );
    return response;
  };
}
