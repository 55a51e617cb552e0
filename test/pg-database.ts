import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { closeConnection, connect } from "@/db/client";
import { migrateDatabase, migrationsFolder } from "@/db/migrate";

async function onServer<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const urlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A digest of the committed migrations: a database made from them is valid for as long as they are unchanged. */
export function migrationsDigest(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(migrationsFolder, full)}\0`).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest("hex").slice(0, 16);
}

// Any constant: the test workers that find no template take turns making it.
const TEMPLATE_LOCK_KEY = 727_002;

/**
 * A template database holding every migration, made once per set of migrations and kept on the server: copying it
 * is several times quicker than migrating each test file's database from nothing.
 */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `pontifex_template_${migrationsDigest()}`;
  const ready = (client: pg.Client) =>
    client.query("SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate", [name]).then((r) => (r.rowCount ?? 0) > 0);
  return onServer(adminUrl, async (client) => {
    if (await ready(client)) return name;
    await client.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      if (await ready(client)) return name;
      // A template left half made by an interrupted run is made again.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
      const connection = connect({ databaseUrl: urlOf(adminUrl, name), poolSize: 1 });
      try {
        await migrateDatabase(connection);
      } finally {
        await closeConnection(connection);
      }
      await client.query(`ALTER DATABASE ${name} IS_TEMPLATE true`);
      return name;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
    }
  });
}

/**
 * A throw-away database on a PostgreSQL server (TEST_DATABASE_URL's by
 * default): `prefix_<random>`, or exactly `name` (dropped first if it exists).
 * With `migrated`, it starts with every migration applied (a copy of a template).
 */
export async function createScratchDatabase(
  options: { prefix?: string; name?: string; adminUrl?: string; migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = options.adminUrl ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("needs TEST_DATABASE_URL");
  const name = options.name ?? `${options.prefix ?? "pontifex_proc"}_${randomBytes(5).toString("hex")}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a safe database name: ${name}`);
  const template = options.migrated ? await migratedTemplate(adminUrl) : undefined;
  await onServer(adminUrl, async (client) => {
    if (options.name) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  });
  return {
    url: urlOf(adminUrl, name),
    drop: () => onServer(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
