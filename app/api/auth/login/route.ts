import { logIn } from "@/lib/auth/accounts";
import { loginSchema } from "@/lib/auth/schemas";
import { sessionCookie } from "@/lib/auth/session";
import { clientAddress, isHttps, route } from "@/lib/http/route";

export const POST = route({ auth: false, body: loginSchema }, async ({ body, request }) => {
  const { user, token, expiresAt } = await logIn(body, clientAddress(request));
  return Response.json({ user }, { headers: { "Set-Cookie": sessionCookie(token, expiresAt, isHttps(request)) } });
});
