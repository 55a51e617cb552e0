import "server-only";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { type Database, db as defaultDb } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

type Limiters = { auth: RateLimiterDrizzle; login: RateLimiterDrizzle; push: RateLimiterDrizzle; chat: RateLimiterDrizzle };

// One set per database (tests switch databases between files).
const byDatabase = new WeakMap<Database, Limiters>();

function limiters(db: Database): Limiters {
  let found = byDatabase.get(db);
  if (!found) {
    const e = env();
    const common = { storeClient: db, schema: rateLimits, clearExpiredByTimeout: false };
    found = {
      auth: new RateLimiterDrizzle({ ...common, keyPrefix: "auth", points: e.AUTH_ATTEMPTS_PER_MINUTE, duration: 60 }),
      login: new RateLimiterDrizzle({ ...common, keyPrefix: "login", points: LOGIN_FAILURE_LIMIT, duration: LOGIN_FAILURE_WINDOW_MS / 1000 }),
      push: new RateLimiterDrizzle({ ...common, keyPrefix: "push", points: e.PUSHES_PER_MINUTE, duration: 60 }),
      chat: new RateLimiterDrizzle({ ...common, keyPrefix: "chat", points: e.CHAT_MESSAGES_PER_MINUTE, duration: 60 }),
    };
    byDatabase.set(db, found);
  }
  return found;
}

function minutes(ms: number): string {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return `${m} minute${m === 1 ? "" : "s"}`;
}

async function consume(limiter: RateLimiterDrizzle, key: string, message: (wait: string) => string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new DomainError("rate-limited", message(minutes(rejection.msBeforeNext)), undefined, seconds);
  }
}

/** Sign-in and registration attempts from one client address (AUTH_ATTEMPTS_PER_MINUTE), counted across replicas. */
export function countAuthAttempt(address: string, db: Database = defaultDb()): Promise<void> {
  return consume(limiters(db).auth, address, (wait) => `Too many sign-in or registration attempts from your network. Try again in ${wait}.`);
}

/**
 * A sign-in attempt for this e-mail, counted and recorded in one atomic
 * statement before the password is even checked: parallel guesses cannot
 * slip past the limit of 10 in 15 minutes.
 */
export function countLoginAttempt(email: string, db: Database = defaultDb()): Promise<void> {
  return consume(limiters(db).login, email, (wait) => `Too many failed log-in attempts for this e-mail. Try again in ${wait}.`);
}

/** A successful sign-in forgets the e-mail's attempts. */
export async function clearLoginAttempts(email: string, db: Database = defaultDb()): Promise<void> {
  await limiters(db).login.delete(email);
}

/** Pushes by one user (PUSHES_PER_MINUTE). */
export function countPush(userId: number, db: Database = defaultDb()): Promise<void> {
  return consume(limiters(db).push, String(userId), (wait) => `You are pushing faster than the add-in can take it. Try again in ${wait}.`);
}

/** Messages to the assistant by one user (CHAT_MESSAGES_PER_MINUTE): each one is a paid call of the language model. */
export function countChatMessage(userId: number, db: Database = defaultDb()): Promise<void> {
  return consume(
    limiters(db).chat,
    String(userId),
    (wait) => `You have sent the assistant ${env().CHAT_MESSAGES_PER_MINUTE} messages in the last minute, its limit. Try again in ${wait}.`,
  );
}
