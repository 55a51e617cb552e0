import { type NextRequest, NextResponse } from "next/server";
import { PATH_HEADER, PROJECT_HEADER } from "@/lib/http/page-headers";
import { contentSecurityPolicy } from "@/lib/http/security-headers";

/**
 * A fresh nonce per page request: Next reads it from the request's CSP header
 * and puts it on its own scripts; the root layout hands it to next-themes.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set(PATH_HEADER, request.nextUrl.pathname);
  // A shared link's ?project=<id>: the page shows that project to a member (lib/projects/page.ts). Never trusted from the client.
  headers.delete(PROJECT_HEADER);
  const project = request.nextUrl.searchParams.get("project");
  if (project && /^\d{1,10}$/.test(project)) headers.set(PROJECT_HEADER, project);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  // Pages only: not the API, the websocket, Next's static files or icons.
  matcher: [
    {
      source: "/((?!api/|ws/|_next/static|_next/image|favicon.ico|icon.svg).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
