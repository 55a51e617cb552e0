import { afterAll, beforeAll } from "vitest";
import { type Connection, closeConnection, connect, drizzleFor, setConnection } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createScratchDatabase } from "./pg-database";

export type TestDatabase = { connection: Connection; kind: "pg" | "pglite" };

/**
 * Gives the test file a fresh, migrated database as the process-wide
 * connection: an in-memory PGlite, or (TEST_DB_KIND=pg) a throw-away
 * database on the PostgreSQL server of TEST_DATABASE_URL.
 */
export function useTestDatabase(): TestDatabase {
  const handle = {} as TestDatabase;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (process.env.TEST_DB_KIND === "pg") {
      const scratch = await createScratchDatabase({ prefix: "pontifex_test" });
      handle.connection = connect({ databaseUrl: scratch.url, poolSize: 20 });
      handle.kind = "pg";
      dropDatabase = scratch.drop;
    } else {
      handle.connection = connect({});
      handle.kind = "pglite";
    }
    await migrateDatabase(handle.connection);
    setConnection(handle.connection);
  });

  afterAll(async () => {
    await closeConnection(handle.connection);
    await dropDatabase?.();
  });

  return handle;
}

export function testDb(handle: TestDatabase) {
  return drizzleFor(handle.connection);
}
