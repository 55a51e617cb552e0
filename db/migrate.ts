import "server-only";
import { fileURLToPath } from "node:url";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Connection, drizzleFor } from "./client";
import * as schema from "./schema";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Any constant works; it only has to be the same in every replica.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the committed SQL migrations, then runs `afterMigrate` (the seed)
 * while still holding the lock: replicas starting together take turns
 * instead of racing on DDL or double-seeding.
 */
export async function migrateDatabase(connection: Connection, afterMigrate?: (db: ReturnType<typeof drizzleFor>) => Promise<void>): Promise<void> {
  if (connection.kind === "pglite") {
    await migratePglite(drizzlePglite(connection.client, { schema }), { migrationsFolder });
    await afterMigrate?.(drizzleFor(connection));
    return;
  }
  const client = await connection.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      await afterMigrate?.(drizzleFor(connection));
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
