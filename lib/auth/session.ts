import "server-only";
import type { Membership } from "@/db/queries/projects";
import {
  deleteSessionByTokenHash,
  extendSession,
  findLiveSession,
  findLiveSessionWithMembership,
  insertSession,
  type WantedProject,
} from "@/db/queries/sessions";
import { findUserById } from "@/db/queries/users";
import type { Session, User } from "@/db/schema";
import { hashToken, newToken } from "./tokens";

export const SESSION_COOKIE = "Session";
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session unused this long ends (idle timeout); each use pushes it out again, at most once a day. */
export const SESSION_IDLE_MS = 7 * DAY_MS;
/** However much it is used, a session ends this long after sign-in (absolute lifetime). */
export const SESSION_MAX_AGE_MS = 30 * DAY_MS;
const EXTEND_AFTER_MS = DAY_MS;

/** When a session used now expires: the idle timeout from now, but never past its absolute lifetime. */
function expiryFrom(now: number, createdAt: number): Date {
  return new Date(Math.min(now + SESSION_IDLE_MS, createdAt + SESSION_MAX_AGE_MS));
}

export type PublicUser = { id: number; email: string; firstName: string; lastName: string };

/** How a person is named to others (presence, history): their name, or their e-mail when they gave none. */
export function personName(user: { firstName: string; lastName: string; email: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
}

/** The name of a user by id, for others to read (live tables); "someone" once the account is gone. */
export async function personNameOf(userId: number): Promise<string> {
  const user = await findUserById(userId);
  return user ? personName(user) : "someone";
}

export function toPublicUser(user: User): PublicUser {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}

export type SignedIn = {
  user: PublicUser;
  sessionId: number;
  /** Set when this request pushed the expiry out; the caller re-sends the cookie with it. */
  extendedTo?: Date;
};

export async function startSession(userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = Date.now();
  const expiresAt = expiryFrom(now, now);
  await insertSession({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The signed-in user of a Session cookie value, or null for a missing, unknown, expired or forged one. */
export async function resolveSession(token: string | undefined, { extend = true } = {}): Promise<SignedIn | null> {
  const tokenHash = lookupHash(token);
  if (!tokenHash) return null;
  const found = await findLiveSession(tokenHash);
  return found ? signedInWith(found, extend) : null;
}

/**
 * The signed-in user of a Session cookie value, as `resolveSession`, and their
 * membership of the project a request acts on, read in the same statement.
 */
export async function resolveSessionWithMembership(
  token: string | undefined,
  project: WantedProject,
): Promise<{ auth: SignedIn; membership: Membership | undefined } | null> {
  const tokenHash = lookupHash(token);
  if (!tokenHash) return null;
  const found = await findLiveSessionWithMembership(tokenHash, project);
  return found ? { auth: await signedInWith(found, true), membership: found.membership } : null;
}

/** The hash to look a cookie's token up by; none for a missing one or one longer than any we issue. */
function lookupHash(token: string | undefined): string | null {
  return token && token.length <= 200 ? hashToken(token) : null;
}

/** A live session as the request's signed-in user, its expiry pushed out (at most once a day) when `extend`. */
async function signedInWith(found: { session: Session; user: User }, extend: boolean): Promise<SignedIn> {
  const signedIn: SignedIn = { user: toPublicUser(found.user), sessionId: found.session.id };
  const now = Date.now();
  const extended = expiryFrom(now, found.session.createdAt.getTime());
  if (extend && extended.getTime() - found.session.expiresAt.getTime() > EXTEND_AFTER_MS) {
    signedIn.extendedTo = extended;
    await extendSession(found.session.id, extended);
  }
  return signedIn;
}

export async function endSession(token: string | undefined): Promise<void> {
  if (token) await deleteSessionByTokenHash(hashToken(token));
}

/** The Set-Cookie value of a session: HttpOnly, SameSite=Lax, Path=/, Secure over HTTPS. */
export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    `Max-Age=${maxAge}`,
    `Expires=${expiresAt.toUTCString()}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function expiredSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, "Path=/", "Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join(
    "; ",
  );
}

/** The Session cookie's value from a Cookie header. */
export function sessionTokenFromCookieHeader(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
