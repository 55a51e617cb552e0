/** Request headers the proxy (proxy.ts) sets on every page request; a client's own values are replaced. */

/** A shared link's ?project=<id>: the page shows that project to a member, without making it current (lib/projects/page.ts). */
export const PROJECT_HEADER = "x-pontifex-project";

/** The page's path, for the root layout (which Next does not tell it). */
export const PATH_HEADER = "x-pontifex-path";
