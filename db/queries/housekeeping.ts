import "server-only";
import { lt, sql } from "drizzle-orm";
import { type Database, db as defaultDb, queryRows } from "../client";
import { rateLimits, revitPushes, sessions } from "../schema";
import { deleteExpiredImports } from "./imports";
import { deleteExpiredInvitations } from "./invitations";

/** Push records in a final state are kept this long for the screens' history, then deleted. */
export const FINISHED_PUSH_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export type HousekeepingReport = { ran: boolean; sessions: number; rateLimits: number; pushes: number; imports: number; invitations: number };

/**
 * Deletes what has served its time: expired sessions, rate-limit counters
 * whose window closed, push records finished more than 30 days ago, import
 * previews nobody applied within a day, invitations nobody answered in time. One
 * replica at a time does it (a transaction-scoped advisory lock); the others
 * skip the round.
 */
export async function runHousekeeping(db: Database = defaultDb(), now = new Date()): Promise<HousekeepingReport> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(727002) AS locked`);
    if (!lock?.locked) return { ran: false, sessions: 0, rateLimits: 0, pushes: 0, imports: 0, invitations: 0 };
    const deletedSessions = await tx.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
    const deletedLimits = await tx.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ key: rateLimits.key });
    const deletedPushes = await tx
      .delete(revitPushes)
      .where(
        sql`${revitPushes.status} IN ('applied', 'partial', 'failed', 'expired', 'superseded') AND ${revitPushes.createdAt} < ${new Date(now.getTime() - FINISHED_PUSH_RETENTION_MS)}`,
      )
      .returning({ id: revitPushes.id });
    const imports = await deleteExpiredImports(tx, now);
    const invitations = await deleteExpiredInvitations(tx, now);
    return { ran: true, sessions: deletedSessions.length, rateLimits: deletedLimits.length, pushes: deletedPushes.length, imports, invitations };
  });
}
