import { and, eq, gt } from "drizzle-orm";
import { type Database, db as defaultDb } from "../client";
import { type Session, type User, sessions, users } from "../schema";

export async function insertSession(values: { tokenHash: string; userId: number; expiresAt: Date }, db: Database = defaultDb()): Promise<Session> {
  const [session] = await db.insert(sessions).values(values).returning();
  return session!;
}

/** The unexpired session with this token hash, with its user. */
export async function findLiveSession(tokenHash: string, db: Database = defaultDb()): Promise<{ session: Session; user: User } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row;
}

export async function extendSession(id: number, expiresAt: Date, db: Database = defaultDb()): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSessionByTokenHash(tokenHash: string, db: Database = defaultDb()): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}
