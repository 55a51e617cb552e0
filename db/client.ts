import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { env } from "@/lib/env";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The driver underneath Drizzle. It lives on globalThis so that the custom
 * server, Next's bundled route handlers and dev hot reloads all share one pool
 * (and, for the embedded database, the one PGlite that may open the data dir).
 */
export type Connection =
  | { kind: "pg"; pool: pg.Pool; url: string }
  | { kind: "pglite"; client: PGlite; dataDir: string | undefined };

type Holder = { connection?: Connection };
const holder = ((globalThis as { __pontifexDb?: Holder }).__pontifexDb ??= {});

export type ConnectOptions = { databaseUrl?: string; pgliteDir?: string; poolSize?: number };

export function connect(options: ConnectOptions): Connection {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Without a handler an idle client's network error would crash the process.
    });
    pool.on("error", () => {});
    return { kind: "pg", pool, url: options.databaseUrl };
  }
  const dataDir = options.pgliteDir === undefined ? undefined : path.resolve(options.pgliteDir);
  return { kind: "pglite", client: new PGlite(dataDir), dataDir };
}

/** The process-wide connection, opened from the environment on first use. */
export function getConnection(): Connection {
  if (!holder.connection) {
    const e = env();
    holder.connection = connect({ databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR });
  }
  return holder.connection;
}

/** Installs a connection as the process-wide one (server start-up and tests). */
export function setConnection(connection: Connection | undefined): void {
  holder.connection = connection;
}

export async function closeConnection(connection: Connection | undefined = holder.connection): Promise<void> {
  if (!connection) return;
  if (holder.connection === connection) holder.connection = undefined;
  if (connection.kind === "pg") await connection.pool.end();
  else await connection.client.close();
}

const wrappers = new WeakMap<Connection, Database>();

export function drizzleFor(connection: Connection): Database {
  let db = wrappers.get(connection);
  if (!db) {
    db =
      connection.kind === "pg"
        ? (drizzlePg(connection.pool, { schema }) as unknown as Database)
        : (drizzlePglite(connection.client, { schema }) as unknown as Database);
    wrappers.set(connection, db);
  }
  return db;
}

/** The Drizzle database of the process-wide connection. */
export function db(): Database {
  return drizzleFor(getConnection());
}

/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The SQLSTATE of a database error, wherever Drizzle or the driver wrapped it. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
