import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type Connection, closeConnection, connect, drizzleFor, setConnection } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";

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
      const adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl) throw new Error("TEST_DB_KIND=pg needs TEST_DATABASE_URL");
      const name = `pontifex_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      handle.connection = connect({ databaseUrl: url.toString(), poolSize: 20 });
      handle.kind = "pg";
      dropDatabase = async () => {
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      };
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
