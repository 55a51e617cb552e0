import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { type Connection, closeConnection, connect, drizzleFor, setConnection } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { users } from "@/db/schema";
import { createScratchDatabase, migrationsDigest } from "./pg-database";

export type TestDatabase = { connection: Connection; kind: "pg" | "pglite" };

const pgliteVersion = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string }
).version;

/**
 * The data directory of an embedded database holding every migration, made once per set of migrations (and PGlite
 * version) and kept in the temporary folder: loading it takes a fraction of what making a database and migrating it
 * does. Two test workers that find none both make it; the last to finish replaces the other's, the same bytes.
 */
async function migratedPgliteImage(): Promise<Blob> {
  const file = path.join(os.tmpdir(), "pontifex-test-databases", `pglite-${pgliteVersion}-${migrationsDigest()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const fresh = connect({});
    await migrateDatabase(fresh);
    const image = await (fresh as Extract<Connection, { kind: "pglite" }>).client.dumpDataDir("none");
    await closeConnection(fresh);
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    return image;
  }
}

/**
 * Gives the test file a fresh, migrated database as the process-wide
 * connection: an in-memory PGlite, or (TEST_DB_KIND=pg) a throw-away
 * database on the PostgreSQL server of TEST_DATABASE_URL. Both start as a
 * copy of one made by the migrations (then checked, as a server does).
 */
export function useTestDatabase(): TestDatabase {
  const handle = {} as TestDatabase;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (process.env.TEST_DB_KIND === "pg") {
      const scratch = await createScratchDatabase({ prefix: "pontifex_test", migrated: true });
      handle.connection = connect({ databaseUrl: scratch.url, poolSize: 20 });
      handle.kind = "pg";
      dropDatabase = scratch.drop;
    } else {
      handle.connection = { kind: "pglite", client: new PGlite({ loadDataDir: await migratedPgliteImage() }), dataDir: undefined };
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

let usersMade = 0;

/** A user row for tests that need an owner or a member, not a sign-in (the password hash is no hash). */
export async function insertTestUser(db: ReturnType<typeof testDb>, label: string) {
  const [user] = await db
    .insert(users)
    .values({ email: `${label}-${Date.now()}-${usersMade++}@example.com`, passwordHash: "x" })
    .returning();
  return user!;
}
