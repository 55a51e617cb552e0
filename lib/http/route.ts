import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { resolveSession, type SignedIn, sessionCookie, sessionTokenFromCookieHeader } from "@/lib/auth/session";
import { env } from "@/lib/env";
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

type HeaderGetter = (name: string) => string | null | undefined;

/** The origin the browser used to reach us, as a proxy in front of us reports it. */
export function ownOriginFromHeaders(header: HeaderGetter, fallbackProtocol: string, fallbackHost: string): string {
  const proto = header("x-forwarded-proto")?.split(",")[0]?.trim() || fallbackProtocol;
  const host = header("x-forwarded-host")?.split(",")[0]?.trim() || header("host") || fallbackHost;
  return `${proto}://${host}`;
}

export function ownOrigin(request: Request): string {
  const url = new URL(request.url);
  return ownOriginFromHeaders((name) => request.headers.get(name), url.protocol.replace(":", ""), url.host);
}

export function isHttps(request: Request): boolean {
  return ownOrigin(request).startsWith("https://");
}

/** Our own origin, or one of ALLOWED_ORIGINS; a missing or "null" Origin never is. */
export function originAllowed(origin: string | null | undefined, own: string): boolean {
  if (!origin || origin === "null") return false;
  return origin === own || env().ALLOWED_ORIGINS.includes(origin);
}

export function isAllowedOrigin(origin: string | null, request: Request): boolean {
  return originAllowed(origin, ownOrigin(request));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Human-readable path of the first zod issue: `data.Item3`, `id`. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Request body is invalid.";
  const field = issue.path.map(String).join(".");
  return field ? `Invalid field "${field}": ${issue.message}` : `Invalid request body: ${issue.message}`;
}

async function readBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new ApiError(413, "Request body is larger than 2 MB.");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new ApiError(413, "Request body is larger than 2 MB.");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

type RouteContext<P> = { params: Promise<P> };

type HandlerArgs<B, P, Auth extends boolean> = {
  request: Request;
  params: P;
  body: B;
  auth: Auth extends true ? SignedIn : SignedIn | null;
  requestId: string;
  log: ReturnType<typeof logger>;
};

type RouteOptions<B, P, Auth extends boolean> = {
  /** false: anyone may call it (sign-in, health); default true: 401 without a valid session. */
  auth?: Auth;
  /** Validates the JSON body; state-changing requests without a schema take no body. */
  body?: z.ZodType<B>;
  /** The dynamic route segments, e.g. `z.object({ ds: z.string() })`. */
  params?: z.ZodType<P>;
};

/**
 * Every API route goes through here: request id and log line, Origin and
 * Content-Type checks on state-changing requests (CSRF), the 2 MB body limit,
 * the session, body validation, and `{error}` JSON for every failure.
 */
export function route<B = undefined, P = Record<string, never>, Auth extends boolean = true>(
  options: RouteOptions<B, P, Auth>,
  handler: (args: HandlerArgs<B, P, Auth>) => Promise<Response> | Response,
): (request: Request, context: RouteContext<Record<string, string | string[]>>) => Promise<Response> {
  const requireAuth = options.auth !== false;
  return async (request, context) => {
    const started = performance.now();
    const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    const log = logger().child({ requestId });
    let auth: SignedIn | null = null;
    let response: Response;
    try {
      const mutating = !SAFE_METHODS.has(request.method);
      if (mutating && !isAllowedOrigin(request.headers.get("origin"), request)) {
        throw new ApiError(403, "Cross-origin request refused: the Origin header must be this application's own.");
      }
      // Both refusals come before the session is even looked up: a forged request touches nothing.
      const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
      if (mutating && type !== "application/json") throw new ApiError(415, "Content-Type must be application/json.");
      auth = await resolveSession(sessionTokenFromCookieHeader(request.headers.get("cookie")));
      if (requireAuth && !auth) throw new ApiError(401, "You are not signed in, or your session has expired. Please log in.");
      let body: unknown;
      if (mutating) {
        const text = await readBody(request);
        if (options.body) {
          try {
            body = JSON.parse(text);
          } catch {
            throw new ApiError(400, "Request body is not valid JSON.");
          }
          const parsed = options.body.safeParse(body);
          if (!parsed.success) throw new ApiError(400, describeZodError(parsed.error));
          body = parsed.data;
        }
      }
      const rawParams = (await context.params) ?? {};
      let params = rawParams as P;
      if (options.params) {
        const parsed = options.params.safeParse(rawParams);
        if (!parsed.success) throw new ApiError(404, "Not found.");
        params = parsed.data;
      }
      response = await handler({ request, params, body: body as B, auth: auth as HandlerArgs<B, P, Auth>["auth"], requestId, log });
    } catch (error) {
      if (error instanceof ApiError) {
        response = jsonError(error.status, error.message, error.extra, error.headers);
      } else {
        log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "request failed");
        response = jsonError(500, "Something went wrong on the server. Please try again.");
      }
    }
    // Re-send the cookie with its pushed-out expiry, unless the route set (login) or cleared (logout) it itself.
    if (auth?.extendedTo && !response.headers.has("Set-Cookie")) {
      const token = sessionTokenFromCookieHeader(request.headers.get("cookie"))!;
      response.headers.append("Set-Cookie", sessionCookie(token, auth.extendedTo, isHttps(request)));
    }
    response.headers.set("X-Request-Id", requestId);
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    log.info(
      { method: request.method, path: new URL(request.url).pathname, status: response.status, ms: Math.round(performance.now() - started), userId: auth?.user.id },
      "api request",
    );
    return response;
  };
}
