import { clearLoginFailures, recentLoginFailures, recordLoginFailure } from "@/db/queries/login-failures";
import { createUser, findUserByEmail } from "@/db/queries/users";
import { ApiError } from "@/lib/http/route";
import { hashPassword, passwordProblem, verifyPassword } from "./password";
import type { LoginInput, RegisterInput } from "./schemas";
import { normaliseEmail } from "./schemas";
import { type PublicUser, startSession, toPublicUser } from "./session";

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export async function registerAccount(input: RegisterInput): Promise<PublicUser> {
  const problem = passwordProblem(input.password);
  if (problem) throw new ApiError(400, problem);
  const email = normaliseEmail(input.email);
  if (await findUserByEmail(email)) throw new ApiError(409, "An account with this e-mail address already exists. Log in instead.");
  const user = await createUser({
    email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName ?? "",
    lastName: input.lastName ?? "",
  });
  // The unique index settles two registrations of one e-mail racing each other.
  if (!user) throw new ApiError(409, "An account with this e-mail address already exists. Log in instead.");
  return toPublicUser(user);
}

/**
 * Checks the credentials and opens a session. Unknown e-mail and wrong
 * password take the same path and time and give the same answer; after 10
 * failures in 15 minutes the e-mail is locked until the window has passed.
 */
export async function logIn(input: LoginInput): Promise<{ user: PublicUser; token: string; expiresAt: Date }> {
  const email = normaliseEmail(input.email);
  const now = Date.now();
  const failures = await recentLoginFailures(email, new Date(now - LOGIN_FAILURE_WINDOW_MS));
  if (failures.count >= LOGIN_FAILURE_LIMIT) {
    const retryMs = (failures.oldest?.getTime() ?? now) + LOGIN_FAILURE_WINDOW_MS - now;
    const retrySeconds = Math.max(1, Math.ceil(retryMs / 1000));
    const minutes = Math.ceil(retrySeconds / 60);
    throw new ApiError(
      429,
      `Too many failed log-in attempts for this e-mail. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      undefined,
      { "Retry-After": String(retrySeconds) },
    );
  }
  const user = await findUserByEmail(email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) {
    await recordLoginFailure(email);
    throw new ApiError(401, "Wrong e-mail or password.");
  }
  if (failures.count > 0) await clearLoginFailures(email);
  const session = await startSession(user.id);
  return { user: toPublicUser(user), ...session };
}
