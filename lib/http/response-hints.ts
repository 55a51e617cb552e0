import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Link headers a page adds to its own response while it renders. A `Link: <rows>; rel=preload` header lets the
 * browser ask for a table's rows the moment the response's head arrives, before it parses the page (whose
 * `<link rel=preload>` React writes after Next's scripts). Next gives a page no way to set response headers, so
 * server.ts marks each page request with an id (HINT_HEADER) and the page adds its links under that id until the
 * head is written. Next's server code is a separate module graph from server.ts's: the register lives on globalThis.
 */
export const HINT_HEADER = "x-pontifex-hint";

type Response = Pick<ServerResponse, "headersSent" | "appendHeader">;

/** Pages being rendered at once are far fewer; past this many a page simply goes without its hint. */
const MAX_OPEN = 10_000;
const REGISTER = Symbol.for("pontifex.response-hints");

function register(): Map<string, Response> {
  const global = globalThis as { [REGISTER]?: Map<string, Response> };
  return (global[REGISTER] ??= new Map());
}

/**
 * server.ts: a page's GET (a document, not a client navigation's RSC request) may take Link headers from the page
 * until its head is written. Any HINT_HEADER the client sent is dropped: only ids given here are honoured.
 */
export function acceptHints(req: IncomingMessage, res: ServerResponse): void {
  delete req.headers[HINT_HEADER];
  const pathname = (req.url ?? "/").split("?")[0]!;
  const isPage = req.method === "GET" && !req.headers.rsc && !pathname.startsWith("/api/") && !pathname.startsWith("/_next/");
  const open = register();
  if (!isPage || open.size >= MAX_OPEN) return;
  const id = randomUUID();
  req.headers[HINT_HEADER] = id;
  open.set(id, res);
  res.once("close", () => open.delete(id));
}

/** A page: adds `link` to its response's Link header, if its head has not gone yet (else the page's own `<link>` does). */
export function addLink(hintId: string | null | undefined, link: string): void {
  const res = hintId ? register().get(hintId) : undefined;
  if (res && !res.headersSent) res.appendHeader("Link", link);
}

/** The Link header value that preloads `url` as the `<link rel="preload">` with these attributes would. */
export function preloadLink(url: string, hint: { as: string; crossOrigin?: string; fetchPriority?: string }): string {
  // Inside <...> a '>', a space or a control character would end or break the reference: our URLs are encoded paths.
  if (/[<>\s]|[^ -~]/.test(url)) throw new Error(`not a URL for a Link header: ${url}`);
  const parts = [`<${url}>`, "rel=preload", `as=${hint.as}`];
  if (hint.crossOrigin) parts.push(`crossorigin=${hint.crossOrigin}`);
  if (hint.fetchPriority) parts.push(`fetchpriority=${hint.fetchPriority}`);
  return parts.join("; ");
}
