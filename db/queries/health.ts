import "server-only";
import { sql } from "drizzle-orm";
import journal from "../migrations/meta/_journal.json";
import { type Database, db as defaultDb, postgresErrorCode, queryRows } from "../client";

/** The newest migration this build ships (its folder timestamp, as the migrator records it). */
export const LATEST_MIGRATION = journal.entries.at(-1)!;

/** Whether the database answers, and whether it has every migration this build ships. */
export async function databaseState(db: Database = defaultDb()): Promise<{ reachable: boolean; migrated: boolean; error?: string }> {
  try {
    const rows = await queryRows<{ created_at: string | number }>(
      db,
      sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    );
    return { reachable: true, migrated: Number(rows[0]?.created_at ?? 0) >= LATEST_MIGRATION.when };
  } catch (error) {
    // Reachable but never migrated: no migrations table (42P01) or schema (3F000) yet.
    if (["42P01", "3F000"].includes(postgresErrorCode(error) ?? "")) return { reachable: true, migrated: false, error: "not migrated" };
    return { reachable: false, migrated: false, error: "database unreachable" };
  }
}
