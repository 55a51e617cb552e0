const BASE = "http://pontifex.invalid";

/** Percent-decoding rounds before a value is given up on: a real return path is decoded at most once. */
const MAX_DECODES = 4;

/** A path that a browser would read as another host (`//host`, `/\host`) once it is resolved. */
const leavesSite = (path: string) => /^[/\\][/\\]/.test(path);

/** Path, query and hash as a browser resolves `value` against this site, or null when it leaves the site. */
function resolveOnSite(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/./` and `/../` collapse during resolution: `/.//evil.example` becomes `//evil.example`, another host.
  return leavesSite(path) ? null : path;
}

/**
 * Only a path of this site is followed after login, never another host. The
 * value is resolved as a browser would resolve it (which drops tabs and
 * newlines, reads `/\` as `//`, and collapses dot segments), and only path,
 * query and hash are kept; the result is checked after that normalisation,
 * and again after each percent-decoding a router or proxy might apply.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || leavesSite(next)) return "/";
  const path = resolveOnSite(next);
  if (path === null) return "/";
  let decoded = path;
  for (let round = 0; round < MAX_DECODES; round++) {
    let once: string;
    try {
      once = decodeURIComponent(decoded);
    } catch {
      return "/";
    }
    if (once === decoded) return path;
    if (!once.startsWith("/") || leavesSite(once) || resolveOnSite(once) === null) return "/";
    decoded = once;
  }
  return "/";
}
