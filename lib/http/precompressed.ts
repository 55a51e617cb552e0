import { promisify } from "node:util";
import zlib from "node:zlib";
import type { TypedResponse } from "./route";

const gzip = promisify(zlib.gzip);

/**
 * Next drops Content-Encoding from a route handler's answer, so a route that
 * sends bytes it gzipped itself says so in this header instead; server.ts
 * turns it back into Content-Encoding (and the compression step then leaves
 * the bytes alone).
 */
export const PRECOMPRESSED_HEADER = "x-pontifex-content-encoding";

/** Below this a body goes out as it is; the compression step may still gzip it. */
const PRECOMPRESS_FROM_BYTES = 16 * 1024;

declare const jsonOf: unique symbol;
/** A JSON text known to encode a `T` (written by hand for speed, so the type is asserted where it is built). */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** Marks a hand-built JSON text as encoding a `T`: only where the text is built. */
export function jsonText<T>(text: string): JsonText<T> {
  return text as JsonText<T>;
}

const gzipped = new WeakMap<object, Map<string, Promise<Buffer>>>();

/**
 * A JSON answer whose body stays the same for as long as `key` lives (a
 * table snapshot): gzipped once, then the same bytes for every request.
 * `name` tells apart the different answers built from one key.
 */
export async function cachedJsonResponse<T>(
  request: Request,
  cache: { key: object; name: string },
  text: JsonText<T>,
  headers: Record<string, string> = {},
): Promise<TypedResponse<T>> {
  const base = { "Content-Type": "application/json", Vary: "Accept-Encoding", ...headers };
  const acceptsGzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  if (!acceptsGzip || text.length < PRECOMPRESS_FROM_BYTES) return new Response(text, { headers: base }) as TypedResponse<T>;
  let answers = gzipped.get(cache.key);
  if (!answers) gzipped.set(cache.key, (answers = new Map()));
  let body = answers.get(cache.name);
  if (!body) answers.set(cache.name, (body = gzip(text, { level: 1 })));
  return new Response(new Uint8Array(await body), { headers: { ...base, [PRECOMPRESSED_HEADER]: "gzip" } }) as TypedResponse<T>;
}
