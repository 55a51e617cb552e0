import { endSession, expiredSessionCookie, sessionTokenFromCookieHeader } from "@/lib/auth/session";
import { isHttps, route } from "@/lib/http/route";

// Signed out already is fine: logging out twice still clears the cookie.
export const POST = route({ auth: false }, async ({ request }) => {
  await endSession(sessionTokenFromCookieHeader(request.headers.get("cookie")));
  return Response.json({ ok: true }, { headers: { "Set-Cookie": expiredSessionCookie(isHttps(request)) } });
});
