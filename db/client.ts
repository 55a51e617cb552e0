import "server-only";
import { accessSync, constants, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The driver underneath Drizzle. It lives on globalThis so that the custom
 * server, Next's bundled route handlers and dev hot reloads all share one pool
 * (and, for the embedded database, the one PGlite that may open the data dir).
 */
export type Connection = { kind: "pg"; pool: pg.Pool; url: string } | { kind: "pglite"; client: PGlite; dataDir: string | undefined };

type Holder = { connection?: Connection };
// As lib/process-singleton.ts does, written out here: db/ imports nothing from lib/.
const holder = ((globalThis as { __pontifexDb?: Holder }).__pontifexDb ??= {});

export type ConnectOptions = {
  databaseUrl?: string;
  pgliteDir?: string;
  poolSize?: number;
  /** A statement running longer is cancelled (PostgreSQL only): one slow query cannot hold a connection for good. */
  statementTimeoutMs?: number;
  /** How long a request waits for a free pool connection before it is refused (503). */
  acquireTimeoutMs?: number;
};

export function connect(options: ConnectOptions): Connection {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      statement_timeout: options.statementTimeoutMs,
      connectionTimeoutMillis: options.acquireTimeoutMs,
    });
    // Without a handler an idle client's network error would crash the process.
    pool.on("error", () => {});
    return { kind: "pg", pool, url: options.databaseUrl };
  }
  const dataDir = options.pgliteDir === undefined ? undefined : writableDataDir(path.resolve(options.pgliteDir));
  return { kind: "pglite", client: new PGlite(dataDir), dataDir };
}

/**
 * The embedded database's directory, created if need be. PGlite would only fail at the first query, with a message
 * naming neither the directory nor the cause (`Failed query: CREATE SCHEMA ...`): typically a bind-mounted /data
 * owned by another user than the container's.
 */
function writableDataDir(dir: string): string {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    for (const entry of readdirSync(dir)) accessSync(path.join(dir, entry), constants.R_OK | constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EACCES" && code !== "EPERM" && code !== "EROFS") throw error;
    const user = process.getuid ? ` (uid ${process.getuid()})` : "";
    throw new Error(
      `the embedded database directory ${dir} (PGLITE_DIR) is not writable by this process${user}: ${code}. ` +
        "Give that user write access to it (for a container: a named volume, or chown the mounted directory), or set DATABASE_URL.",
    );
  }
  return dir;
}

/** The process-wide connection, installed with setConnection when the process starts. */
export function getConnection(): Connection {
  if (!holder.connection) throw new Error("no database connection: the process opens one at start (server.ts and the CLIs, from lib/env.ts's databaseOptions)");
  return holder.connection;
}

/** Installs a connection as the process-wide one: server.ts and the CLIs at start, from the environment; tests, their own. */
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

/**
 * Whether a failure means the database is too busy rather than wrong: no pool
 * connection came free in time, or a statement ran past statement_timeout.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (postgresErrorCode(error) === "57014") return true;
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if (/timeout exceeded when trying to connect/i.test(String((e as { message?: unknown }).message ?? ""))) return true;
  }
  return false;
}

/** A pool whose every connection is busy while requests wait for one: /api/ready says so. */
export function poolState(connection: Connection): { total: number; idle: number; waiting: number; max: number } | undefined {
  if (connection.kind !== "pg") return undefined;
  const { pool } = connection;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}
