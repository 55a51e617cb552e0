import "server-only";
import { createUser, findUserByEmail } from "@/db/queries/users";
import { DomainError } from "@/lib/errors";
import { clearLoginAttempts, countAuthAttempt, countLoginAttempt } from "./limits";
import { hashPassword, passwordProblem, verifyPassword } from "./password";
import type { LoginInput, RegisterInput } from "./schemas";
import { normaliseEmail } from "./schemas";
import { type PublicUser, startSession, toPublicUser } from "./session";

export { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from "./limits";

export { REGISTERED_MESSAGE } from "./api";

/**
 * Creates the account, unless the e-mail has one already; either way the
 * answer is the same and takes as long (a password is hashed in both cases),
 * so registration cannot be used to find out who has an account.
 */
export async function registerAccount(input: RegisterInput, address: string, onCreated?: (user: PublicUser) => Promise<void>): Promise<void> {
  const problem = passwordProblem(input.password);
  if (problem) throw new DomainError("invalid", problem);
  await countAuthAttempt(address);
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  if (await findUserByEmail(email)) return;
  // The unique index settles two registrations of one e-mail racing each other: the second creates nothing.
  const user = await createUser({ email, passwordHash, firstName: input.firstName ?? "", lastName: input.lastName ?? "" });
  if (user) await onCreated?.(toPublicUser(user));
}

/**
 * Checks the credentials and opens a session. The attempt is counted first
 * (per client address, and per e-mail: 10 in 15 minutes), atomically, before
 * the password is checked. Unknown e-mail and wrong password take the same
 * path and time and give the same answer.
 */
export async function logIn(input: LoginInput, address: string): Promise<{ user: PublicUser; token: string; expiresAt: Date }> {
  await countAuthAttempt(address);
  const email = normaliseEmail(input.email);
  await countLoginAttempt(email);
  const user = await findUserByEmail(email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) throw new DomainError("unauthenticated", "Wrong e-mail or password.");
  await clearLoginAttempts(email);
  const session = await startSession(user.id);
  return { user: toPublicUser(user), ...session };
}
