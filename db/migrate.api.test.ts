import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createScratchDatabase } from "@/test/pg-database";
import { type Connection, closeConnection, connect, drizzleFor, queryRows } from "./client";
import { migrateDatabase, migrationsFolder } from "./migrate";

/**
 * A database filled by the schema before projects (migration 0003) is
 * migrated to the current one: every row lands in "Default project" with
 * its id, values, version and times; every user is a member (the oldest the
 * owner) with it as their current project; pushes keep their rows and get
 * the project.
 */
let connection: Connection;
let drop: (() => Promise<void>) | undefined;
let oldMigrations: string;

type Q = <T>(text: string) => Promise<T[]>;
let q: Q;

beforeAll(async () => {
  if (process.env.TEST_DB_KIND === "pg") {
    const scratch = await createScratchDatabase({ prefix: "pontifex_migrate" });
    connection = connect({ databaseUrl: scratch.url });
    drop = scratch.drop;
  } else {
    connection = connect({});
  }
  const db = drizzleFor(connection);
  q = <T>(text: string) => queryRows<T>(db, sql.raw(text));
  // The migrations as they were before projects: the first four of the journal.
  oldMigrations = mkdtempSync(path.join(os.tmpdir(), "pontifex-old-migrations-"));
  cpSync(migrationsFolder, oldMigrations, { recursive: true });
  const journalPath = path.join(oldMigrations, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === "0004_projects");
  expect(cut).toBe(4);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  if (connection.kind === "pg") await migratePg(drizzleFor(connection) as never, { migrationsFolder: oldMigrations });
  else await migratePglite(drizzleFor(connection) as never, { migrationsFolder: oldMigrations });
});

afterAll(async () => {
  await closeConnection(connection);
  await drop?.();
  rmSync(oldMigrations, { recursive: true, force: true });
});

it("moves every row of the previous schema into 'Default project', losing nothing", async () => {
  // The previous schema, filled as a running installation would have it.
  await q(`INSERT INTO users (email, password_hash, first_name, created_at) VALUES
    ('second@example.com', 'h2', 'Second', '2026-02-01T00:00:00Z'),
    ('first@example.com', 'h1', 'First', '2026-01-01T00:00:00Z'),
    ('third@example.com', 'h3', 'Third', '2026-03-01T00:00:00Z')`);
  const tables = ["pier_parameters", "abt_parameters", "box_parameters", "coresetup_parameters"];
  for (const [t, table] of tables.entries()) {
    for (let i = 1; i <= 25; i++) {
      const values = JSON.stringify(
        Object.fromEntries(Array.from({ length: 12 }, (_, c) => [`Item${c + 1}`, `${t}.${i}.${c}${c === 3 ? ' "quoted" ü' : ""}`])),
      );
      await q(`INSERT INTO ${table} (parameter, values, version, created_at, updated_at)
        VALUES ('Param${i}', '${values.replace(/'/g, "''")}'::jsonb, ${(i % 4) + 1}, '2026-0${(i % 9) + 1}-0${(i % 9) + 1}T10:00:00Z', '2026-10-1${i % 9}T11:00:00Z')`);
    }
    // A gap in the ids, as deletes leave it.
    await q(`DELETE FROM ${table} WHERE parameter = 'Param7'`);
  }
  await q(`INSERT INTO dataset_columns (dataset, name) SELECT d, 'Item' || g FROM unnest(ARRAY['pier','abt','box','coresetup']) d, generate_series(1, 12) g`);
  await q(`INSERT INTO dataset_revisions (dataset, revision) VALUES ('pier', 41), ('abt', 7)`);
  await q(`INSERT INTO revit_pushes (user_id, dataset, mode, row_count, payload, payload_bytes, expires_at)
    SELECT id, 'pier', 'all', 24, '[{"Id":1}]', 10, now() + interval '1 day' FROM users WHERE email = 'first@example.com'`);
  const before = {
    rows: await Promise.all(tables.map((table) => q<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY id`))),
    pushes: await q<Record<string, unknown>>(`SELECT * FROM revit_pushes`),
  };

  await migrateDatabase(connection);

  const [project, ...others] = await q<{ id: number; name: string }>(`SELECT id, name FROM projects`);
  expect(others).toEqual([]);
  expect(project!.name).toBe("Default project");
  const members = await q<{ email: string; role: string; current: number }>(
    `SELECT u.email, m.role, u.current_project_id AS current FROM project_members m JOIN users u ON u.id = m.user_id ORDER BY u.email`,
  );
  expect(members).toEqual([
    { email: "first@example.com", role: "owner", current: project!.id },
    { email: "second@example.com", role: "editor", current: project!.id },
    { email: "third@example.com", role: "editor", current: project!.id },
  ]);
  for (const [t, dataset] of ["pier", "abt", "box", "coresetup"].entries()) {
    const after = await q<Record<string, unknown>>(
      `SELECT id, parameter, values, version, created_at, updated_at FROM parameter_rows WHERE project_id = ${project!.id} AND dataset = '${dataset}' ORDER BY id`,
    );
    expect(after).toEqual(before.rows[t]);
    const [state] = await q<{ row_count: number; column_count: number; bytes: string | number; revision: string | number }>(
      `SELECT row_count, column_count, bytes, revision FROM dataset_states WHERE project_id = ${project!.id} AND dataset = '${dataset}'`,
    );
    expect(state).toMatchObject({ row_count: 24, column_count: 12 });
    // The table's size is its rows' text: each Parameter and its values.
    const [size] = await q<{ bytes: string | number }>(
      `SELECT sum(octet_length(parameter) + octet_length(values::text)) AS bytes FROM parameter_rows WHERE project_id = ${project!.id} AND dataset = '${dataset}'`,
    );
    expect(Number(state!.bytes)).toBe(Number(size!.bytes));
    // The revision moved on, so no snapshot cached before the upgrade is mistaken for the new table.
    expect(Number(state!.revision)).toBe(dataset === "pier" ? 42 : dataset === "abt" ? 8 : 1);
  }
  const [push] = await q<Record<string, unknown>>(`SELECT * FROM revit_pushes`);
  expect(push).toEqual({ ...before.pushes[0], project_id: project!.id });
  // New rows draw ids after the moved ones, never reusing one.
  const [{ max }] = (await q<{ max: number }>(`SELECT max(id) AS max FROM parameter_rows`)) as [{ max: number }];
  const [created] = await q<{ id: number }>(`INSERT INTO parameter_rows (project_id, dataset, parameter) VALUES (${project!.id}, 'pier', 'New') RETURNING id`);
  expect(created!.id).toBeGreaterThan(max);
  for (const gone of [...tables, "dataset_columns", "dataset_revisions", "login_failures"]) {
    expect(await q(`SELECT 1 FROM information_schema.tables WHERE table_name = '${gone}'`)).toEqual([]);
  }
});

it("migrating an empty database creates no project", async () => {
  const empty = connect({});
  try {
    await migrateDatabase(empty);
    const db = drizzleFor(empty);
    expect(await queryRows(db, sql`SELECT * FROM projects`)).toEqual([]);
  } finally {
    await closeConnection(empty);
  }
});
