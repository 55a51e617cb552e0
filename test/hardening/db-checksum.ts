import { sql } from "drizzle-orm";
import { queryRows } from "@/db/client";
import type { TestDatabase } from "@/test/database";
import { testDb } from "@/test/database";

/** A fingerprint of every application table: equal fingerprints, no write happened. */
export async function databaseChecksum(database: TestDatabase): Promise<Record<string, string>> {
  const db = testDb(database);
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const sums: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [row] = await queryRows<{ sum: string }>(
      db,
      sql`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM ${sql.identifier(table_name)} t`,
    );
    sums[table_name] = row!.sum;
  }
  return sums;
}
