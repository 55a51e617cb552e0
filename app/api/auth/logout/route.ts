import { authEndpoints } from "@/lib/auth/endpoints";
import { endSession, expiredSessionCookie, sessionTokenFromCookieHeader } from "@/lib/auth/session";
import { answer, isHttps, route } from "@/lib/http/route";

// Signed out already is fine: logging out twice still clears the cookie.
export const POST = route(authEndpoints.logout, async ({ request }) => {
  await endSession(sessionTokenFromCookieHeader(request.headers.get("cookie")));
  return answer({ ok: true }, { headers: { "Set-Cookie": expiredSessionCookie(isHttps(request)) } });
});
