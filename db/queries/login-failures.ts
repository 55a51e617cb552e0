import { and, count, eq, gt, lte, min } from "drizzle-orm";
import { type Database, db as defaultDb } from "../client";
import { loginFailures } from "../schema";

/** Failed sign-ins for this e-mail since `since`, and when the oldest of them happened. */
export async function recentLoginFailures(
  email: string,
  since: Date,
  db: Database = defaultDb(),
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function recordLoginFailure(email: string, db: Database = defaultDb()): Promise<void> {
  await db.insert(loginFailures).values({ email });
}

export async function clearLoginFailures(email: string, db: Database = defaultDb()): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

export async function deleteLoginFailuresBefore(before: Date, db: Database = defaultDb()): Promise<void> {
  await db.delete(loginFailures).where(lte(loginFailures.createdAt, before));
}
