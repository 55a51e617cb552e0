import { type Env, env } from "@/lib/env";

/**
 * Who we are on the network comes from configuration, never from the request:
 * PUBLIC_URL (or, unset, http://localhost:$PORT with 127.0.0.1 and [::1] on the
 * same port), plus ALLOWED_ORIGINS. A Host or X-Forwarded-Host naming anything
 * else is refused, so neither a forged header nor a rebinding DNS name makes
 * the server believe it is another site.
 */
export type PublicOrigins = {
  /** The canonical origin (links, redirects). */
  primary: string;
  /** Origins allowed to make state-changing calls. */
  origins: Set<string>;
  /** Host header values we answer to (host[:port], lower case). */
  hosts: Set<string>;
  /** Whether X-Forwarded-Host and X-Forwarded-Proto are believed. */
  trustProxy: boolean;
};

const cache = new WeakMap<Env, PublicOrigins>();

export function publicOrigins(e: Env = env()): PublicOrigins {
  let known = cache.get(e);
  if (known) return known;
  const own = e.PUBLIC_URL ? [e.PUBLIC_URL] : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${e.PORT}`);
  const origins = new Set([...own, ...e.ALLOWED_ORIGINS]);
  known = { primary: own[0]!, origins, hosts: new Set([...origins].map((o) => new URL(o).host.toLowerCase())), trustProxy: e.TRUST_PROXY ?? false };
  cache.set(e, known);
  return known;
}

type HeaderGetter = (name: string) => string | null | undefined;

const first = (value: string | null | undefined) => value?.split(",")[0]?.trim() || undefined;

/** The host the client asked for: X-Forwarded-Host behind a trusted proxy, else Host. */
export function requestedHost(header: HeaderGetter, known: PublicOrigins = publicOrigins()): string | undefined {
  return ((known.trustProxy ? first(header("x-forwarded-host")) : undefined) ?? first(header("host")))?.toLowerCase();
}

/** Whether the request names one of our own hosts. */
export function isKnownHost(header: HeaderGetter, known: PublicOrigins = publicOrigins()): boolean {
  const host = requestedHost(header, known);
  if (!host) return false;
  // A client may spell out a default port that the configured origin leaves out.
  return known.hosts.has(host) || known.hosts.has(host.replace(/:(80|443)$/, ""));
}

/** Our own origin, or one of ALLOWED_ORIGINS; a missing or "null" Origin never is. */
export function isAllowedOrigin(origin: string | null | undefined, known: PublicOrigins = publicOrigins()): boolean {
  if (!origin || origin === "null") return false;
  return known.origins.has(origin);
}

/** Whether the browser reached us over HTTPS: the configured origin says so, or a trusted proxy does. */
export function isHttpsRequest(header: HeaderGetter, known: PublicOrigins = publicOrigins()): boolean {
  if (known.primary.startsWith("https://")) return true;
  return known.trustProxy && first(header("x-forwarded-proto")) === "https";
}

/** Paths that answer whatever Host they are asked with: liveness and readiness probes reveal nothing. */
export const HOST_EXEMPT_PATHS = new Set(["/api/health", "/api/ready"]);
