const BASE = "http://pontifex.invalid";

/**
 * Only a path of this site is followed after login, never another host. The
 * value is resolved as a browser would resolve it (which drops tabs and
 * newlines, and reads `/\` as `//`), and only path, query and hash are kept.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/")) return "/";
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
