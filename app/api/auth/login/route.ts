import { logIn } from "@/lib/auth/accounts";
import { authEndpoints } from "@/lib/auth/endpoints";
import { sessionCookie } from "@/lib/auth/session";
import { answer, clientAddress, isHttps, route } from "@/lib/http/route";

export const POST = route(authEndpoints.login, async ({ body, request }) => {
  const { user, token, expiresAt } = await logIn(body, clientAddress(request));
  return answer({ user }, { headers: { "Set-Cookie": sessionCookie(token, expiresAt, isHttps(request)) } });
});
