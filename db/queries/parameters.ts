import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DatasetKey } from "@/lib/datasets/registry";
import { type Database, db as defaultDb, queryRows } from "../client";
import {
  abtParameters,
  boxParameters,
  coresetupParameters,
  datasetColumns,
  datasetRevisions,
  type ParameterTable,
  pierParameters,
} from "../schema";

export const MAX_COLUMNS = 2000;
export const MAX_ROWS = 100_000;

export const parameterTables: Record<DatasetKey, ParameterTable> = {
  pier: pierParameters,
  abt: abtParameters,
  box: boxParameters,
  coresetup: coresetupParameters,
};

/** A row as the API shows it: flat, every column of the dataset present ("" when missing). */
export type FlatRow = {
  Id: number;
  Parameter: string;
  CreatedAt: string;
  UpdatedAt: string;
  Version: number;
  [column: string]: string | number;
};

/** A timestamp as JavaScript's toISOString() writes it, whatever the server's time zone. */
function isoTimestamp(column: ParameterTable["createdAt"] | ParameterTable["updatedAt"]): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The dataset's column names and a blank ('' for each) object, as a one-row CTE `cols`. */
function columnsCte(dataset: DatasetKey): SQL {
  return sql`cols AS (
    SELECT coalesce(array_agg(${datasetColumns.name}), '{}') AS names,
           coalesce(jsonb_object_agg(${datasetColumns.name}, ''), '{}'::jsonb) AS blank
    FROM ${datasetColumns} WHERE ${datasetColumns.dataset} = ${dataset})`;
}

/**
 * The JSON text of one flat row, written by Postgres: the fixed fields, then
 * the stored values; a row that lacks some of the dataset's columns gets them
 * as "". Text is joined rather than jsonb merged: merging 300-key objects row
 * by row costs more than the whole rest of fetch-all.
 */
function flatRowText(table: ParameterTable): SQL {
  const values = sql`(CASE WHEN ${table.values} ?& cols.names THEN ${table.values} ELSE cols.blank || ${table.values} END)`;
  return sql`('{"Id":' || ${table.id} || ',"Parameter":' || to_json(${table.parameter})::text
    || ',"CreatedAt":"' || ${isoTimestamp(table.createdAt)} || '","UpdatedAt":"' || ${isoTimestamp(table.updatedAt)}
    || '","Version":' || ${table.version}
    || CASE WHEN ${values} = '{}'::jsonb THEN '}' ELSE ',' || substr(${values}::text, 2) END)`;
}

/** The rows of a dataset at one revision, each row's JSON text, sorted by Id. */
export type DatasetSnapshot = { revision: number; rows: string[] };
type CachedSnapshot = DatasetSnapshot & { json?: string };

// Per database client (the pool or PGlite shared by server.ts and Next's bundles), per dataset.
const snapshotCaches = ((globalThis as { __pontifexSnapshots?: WeakMap<object, Map<DatasetKey, CachedSnapshot>> }).__pontifexSnapshots ??=
  new WeakMap());

function cacheOf(db: Database): Map<DatasetKey, CachedSnapshot> | undefined {
  const client = (db as { $client?: object }).$client;
  if (!client) return undefined;
  let cache = snapshotCaches.get(client);
  if (!cache) snapshotCaches.set(client, (cache = new Map()));
  return cache;
}

export async function datasetRevision(dataset: DatasetKey, db: Database = defaultDb()): Promise<number> {
  const [row] = await db.select({ revision: datasetRevisions.revision }).from(datasetRevisions).where(eq(datasetRevisions.dataset, dataset));
  return row?.revision ?? 0;
}

/** Raises the dataset's revision; called last in every write transaction so the row lock is held briefly. */
async function bumpRevision(tx: Database, dataset: DatasetKey): Promise<void> {
  await tx
    .insert(datasetRevisions)
    .values({ dataset, revision: 1 })
    .onConflictDoUpdate({ target: datasetRevisions.dataset, set: { revision: sql`${datasetRevisions.revision} + 1` } });
}

/**
 * Every row of the dataset as JSON texts. Postgres writes the JSON; the result
 * is kept per revision, so until someone writes to the dataset (in any
 * replica) a fetch-all or a push costs one small query.
 */
export async function datasetSnapshot(dataset: DatasetKey, db: Database = defaultDb()): Promise<DatasetSnapshot> {
  const cache = cacheOf(db);
  const cached = cache?.get(dataset);
  if (cached && cached.revision === (await datasetRevision(dataset, db))) return cached;
  const table = parameterTables[dataset];
  // Revision and rows come from one statement, hence one snapshot of the database.
  // Rows are joined with \x01, which JSON text can never contain, and split again here.
  const [row] = await queryRows<{ revision: string | number | null; data: string | null }>(
    db,
    sql`WITH ${columnsCte(dataset)}
        SELECT (SELECT ${datasetRevisions.revision} FROM ${datasetRevisions} WHERE ${datasetRevisions.dataset} = ${dataset}) AS revision,
               string_agg(${flatRowText(table)}, chr(1) ORDER BY ${table.id}) AS data
        FROM ${table}, cols`,
  );
  const snapshot: CachedSnapshot = { revision: Number(row?.revision ?? 0), rows: row?.data ? row.data.split("\u0001") : [] };
  cache?.set(dataset, snapshot);
  return snapshot;
}

/** Every row of the dataset as one JSON array text, sorted by Id (what fetch-all answers). */
export async function fetchAllRowsJson(dataset: DatasetKey, db: Database = defaultDb()): Promise<string> {
  const snapshot = (await datasetSnapshot(dataset, db)) as CachedSnapshot;
  snapshot.json ??= `[${snapshot.rows.join(",")}]`;
  return snapshot.json;
}

/** Every row of the dataset, parsed (for pushes and tests). */
export async function fetchAllRows(dataset: DatasetKey, db: Database = defaultDb()): Promise<FlatRow[]> {
  return JSON.parse(await fetchAllRowsJson(dataset, db)) as FlatRow[];
}

async function fetchRowText(dataset: DatasetKey, where: SQL, db: Database): Promise<string | undefined> {
  const table = parameterTables[dataset];
  const [row] = await queryRows<{ row: string }>(
    db,
    sql`WITH ${columnsCte(dataset)} SELECT ${flatRowText(table)} AS row FROM ${table}, cols WHERE ${where} LIMIT 1`,
  );
  return row?.row;
}

export async function fetchRowById(dataset: DatasetKey, id: number, db: Database = defaultDb()): Promise<FlatRow | undefined> {
  const text = await fetchRowText(dataset, eq(parameterTables[dataset].id, id), db);
  return text === undefined ? undefined : (JSON.parse(text) as FlatRow);
}

/** One row's JSON text, found by its Parameter (a row push). */
export function fetchRowTextByParameter(dataset: DatasetKey, parameter: string, db: Database = defaultDb()): Promise<string | undefined> {
  return fetchRowText(dataset, eq(parameterTables[dataset].parameter, parameter), db);
}

export async function listColumns(dataset: DatasetKey, db: Database = defaultDb()): Promise<string[]> {
  const rows = await db.select({ name: datasetColumns.name }).from(datasetColumns).where(eq(datasetColumns.dataset, dataset));
  return rows.map((r) => r.name);
}

export async function countRows(dataset: DatasetKey, db: Database = defaultDb()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(parameterTables[dataset]);
  return row?.n ?? 0;
}

/** Serialises the writes that grow a dataset (new rows, new columns) so its limits hold under concurrency. */
async function lockDataset(tx: Database, dataset: DatasetKey): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pontifex:dataset:${dataset}`}))`);
}

/** Adds the columns the dataset does not have yet; false when that would pass the column limit. */
async function registerColumns(tx: Database, dataset: DatasetKey, names: string[]): Promise<boolean> {
  if (names.length === 0) return true;
  const known = await tx
    .select({ name: datasetColumns.name })
    .from(datasetColumns)
    .where(and(eq(datasetColumns.dataset, dataset), inArray(datasetColumns.name, names)));
  const knownSet = new Set(known.map((k) => k.name));
  const fresh = names.filter((n) => !knownSet.has(n));
  if (fresh.length === 0) return true;
  await lockDataset(tx, dataset);
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(datasetColumns).where(eq(datasetColumns.dataset, dataset));
  if (n + fresh.length > MAX_COLUMNS) return false;
  await tx
    .insert(datasetColumns)
    .values(fresh.map((name) => ({ dataset, name })))
    .onConflictDoNothing();
  return true;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export type WriteFailure =
  | { ok: false; reason: "duplicate-parameter" }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "version-conflict"; current: FlatRow }
  | { ok: false; reason: "too-many-columns" }
  | { ok: false; reason: "too-many-rows" };
export type WriteResult = { ok: true; row: FlatRow } | WriteFailure;

class Rollback extends Error {
  constructor(readonly failure: WriteFailure) {
    super(failure.reason);
  }
}

async function inTransaction(database: Database, work: (tx: Database) => Promise<WriteResult>): Promise<WriteResult> {
  try {
    return await database.transaction((tx) => work(tx as unknown as Database));
  } catch (error) {
    if (error instanceof Rollback) return error.failure;
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-parameter" };
    throw error;
  }
}

export async function createRow(
  dataset: DatasetKey,
  input: { parameter: string; values: Record<string, string> },
  database: Database = defaultDb(),
): Promise<WriteResult> {
  const table = parameterTables[dataset];
  return inTransaction(database, async (tx) => {
    await lockDataset(tx, dataset);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(table);
    if (n >= MAX_ROWS) throw new Rollback({ ok: false, reason: "too-many-rows" });
    if (!(await registerColumns(tx, dataset, Object.keys(input.values)))) throw new Rollback({ ok: false, reason: "too-many-columns" });
    const [created] = await tx
      .insert(table)
      .values({ parameter: input.parameter, values: input.values })
      .onConflictDoNothing({ target: table.parameter })
      .returning({ id: table.id });
    if (!created) throw new Rollback({ ok: false, reason: "duplicate-parameter" });
    await bumpRevision(tx, dataset);
    return { ok: true, row: (await fetchRowById(dataset, created.id, tx))! };
  });
}

/**
 * Updates a row's name and/or values (merged over the stored ones). With
 * `expectedVersion` the write only happens if nobody saved the row since
 * that version was read; otherwise the current row comes back instead.
 */
export async function updateRow(
  dataset: DatasetKey,
  id: number,
  input: { parameter?: string; values: Record<string, string>; expectedVersion?: number },
  database: Database = defaultDb(),
): Promise<WriteResult> {
  const table = parameterTables[dataset];
  return inTransaction(database, async (tx) => {
    const [stored] = await tx.select().from(table).where(eq(table.id, id)).for("update");
    if (!stored) throw new Rollback({ ok: false, reason: "not-found" });
    if (input.expectedVersion !== undefined && input.expectedVersion !== stored.version) {
      throw new Rollback({ ok: false, reason: "version-conflict", current: (await fetchRowById(dataset, id, tx))! });
    }
    if (!(await registerColumns(tx, dataset, Object.keys(input.values)))) throw new Rollback({ ok: false, reason: "too-many-columns" });
    if (input.parameter !== undefined && input.parameter !== stored.parameter) {
      const [clash] = await tx.select({ id: table.id }).from(table).where(eq(table.parameter, input.parameter));
      if (clash) throw new Rollback({ ok: false, reason: "duplicate-parameter" });
    }
    await tx
      .update(table)
      .set({
        parameter: input.parameter ?? stored.parameter,
        values: { ...stored.values, ...input.values },
        version: sql`${table.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(table.id, id), eq(table.version, stored.version)));
    await bumpRevision(tx, dataset);
    return { ok: true, row: (await fetchRowById(dataset, id, tx))! };
  });
}

export async function deleteRow(dataset: DatasetKey, id: number, database: Database = defaultDb()): Promise<boolean> {
  const table = parameterTables[dataset];
  return database.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const deleted = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    if (deleted.length > 0) await bumpRevision(tx, dataset);
    return deleted.length > 0;
  });
}

/** Inserts many rows at once (seed and benchmarks); registers their columns. */
export async function insertRows(
  dataset: DatasetKey,
  rows: { parameter: string; values: Record<string, string> }[],
  database: Database = defaultDb(),
): Promise<void> {
  const table = parameterTables[dataset];
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r.values)))];
  await database.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    if (!(await registerColumns(tx, dataset, columns))) throw new Error(`more than ${MAX_COLUMNS} columns`);
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(table).values(rows.slice(i, i + 500).map((r) => ({ parameter: r.parameter, values: r.values })));
    }
    await bumpRevision(tx, dataset);
  });
}
