import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { type PublicUser, resolveSession, SESSION_COOKIE } from "./session";

/** The signed-in user of this request, decided on the server from a valid session (looked up once per request). */
export const getCurrentUser = cache(async (): Promise<PublicUser | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  // Server components cannot re-send the cookie, so only API requests extend the session.
  const signedIn = await resolveSession(token, { extend: false });
  return signedIn?.user ?? null;
});

/** The signed-in user, or a redirect to /login that comes back to `returnTo` afterwards. */
export async function requireUser(returnTo: string): Promise<PublicUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/login?next=${encodeURIComponent(returnTo)}`);
  return user;
}
