import { randomBytes } from "node:crypto";
import pg from "pg";

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A throw-away database on a PostgreSQL server (TEST_DATABASE_URL's by
 * default): `prefix_<random>`, or exactly `name` (dropped first if it exists).
 */
export async function createScratchDatabase(
  options: { prefix?: string; name?: string; adminUrl?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = options.adminUrl ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("needs TEST_DATABASE_URL");
  const name = options.name ?? `${options.prefix ?? "pontifex_proc"}_${randomBytes(5).toString("hex")}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a safe database name: ${name}`);
  if (options.name) await onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
