import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DatasetKey } from "@/lib/datasets/registry";
import { type Database, db as defaultDb, postgresErrorCode, queryRows } from "../client";
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

// Column names known to exist, per database client: columns are never removed, so once seen, always true.
const knownColumnSets = ((globalThis as { __pontifexKnownColumns?: WeakMap<object, Map<DatasetKey, Set<string>>> }).__pontifexKnownColumns ??= new WeakMap());

function knownColumnsOf(db: Database, dataset: DatasetKey): Set<string> {
  const client = (db as { $client?: object }).$client ?? db;
  let byDataset = knownColumnSets.get(client);
  if (!byDataset) knownColumnSets.set(client, (byDataset = new Map()));
  let known = byDataset.get(dataset);
  if (!known) byDataset.set(dataset, (known = new Set()));
  return known;
}

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
async function bumpRevision(tx: Database, dataset: DatasetKey): Promise<number> {
  const [row] = await tx
    .insert(datasetRevisions)
    .values({ dataset, revision: 1 })
    .onConflictDoUpdate({ target: datasetRevisions.dataset, set: { revision: sql`${datasetRevisions.revision} + 1` } })
    .returning({ revision: datasetRevisions.revision });
  return row!.revision;
}

/** What one committed write did to a dataset, for bringing a cached snapshot up to date. */
type SnapshotChange = { revision: number; columnsGrew: boolean } & ({ upsert: { id: number; text: string } } | { remove: number });

const rowIdOf = (text: string) => Number.parseInt(text.slice(6), 10); // every row text starts with {"Id":

/**
 * After a write commits: when the cached snapshot is exactly one revision
 * behind, this write is the only difference, so the snapshot is patched
 * instead of rebuilt. Anything else (a write elsewhere in between, new
 * columns) leaves it stale, and the next read rebuilds it.
 */
function patchSnapshot(db: Database, dataset: DatasetKey, change: SnapshotChange): void {
  const cache = cacheOf(db);
  const cached = cache?.get(dataset);
  if (!cache || !cached || change.columnsGrew || cached.revision !== change.revision - 1) return;
  // A new array: a push may still be sending the old one.
  const rows = [...cached.rows];
  const id = "upsert" in change ? change.upsert.id : change.remove;
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rowIdOf(rows[mid]!) < id) lo = mid + 1;
    else hi = mid;
  }
  const found = lo < rows.length && rowIdOf(rows[lo]!) === id;
  if ("upsert" in change) rows.splice(lo, found ? 1 : 0, change.upsert.text);
  else if (found) rows.splice(lo, 1);
  cache.set(dataset, { revision: change.revision, rows });
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

/** A snapshot's rows as one JSON array text (joined once per snapshot). */
export function snapshotJson(snapshot: DatasetSnapshot): string {
  const cached = snapshot as CachedSnapshot;
  cached.json ??= `[${cached.rows.join(",")}]`;
  return cached.json;
}

/** Every row of the dataset as one JSON array text, sorted by Id (what fetch-all answers). */
export async function fetchAllRowsJson(dataset: DatasetKey, db: Database = defaultDb()): Promise<string> {
  return snapshotJson(await datasetSnapshot(dataset, db));
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

/**
 * Adds the columns the dataset does not have yet: "full" when that would pass
 * the column limit. `known` remembers names seen committed, so the common
 * save (no new column) asks Postgres nothing.
 */
async function registerColumns(tx: Database, dataset: DatasetKey, names: string[], known: Set<string>): Promise<"same" | "grew" | "full"> {
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length === 0) return "same";
  const existing = await tx
    .select({ name: datasetColumns.name })
    .from(datasetColumns)
    .where(and(eq(datasetColumns.dataset, dataset), inArray(datasetColumns.name, unknown)));
  for (const { name } of existing) known.add(name);
  const fresh = unknown.filter((n) => !known.has(n));
  if (fresh.length === 0) return "same";
  await lockDataset(tx, dataset);
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(datasetColumns).where(eq(datasetColumns.dataset, dataset));
  if (n + fresh.length > MAX_COLUMNS) return "full";
  await tx
    .insert(datasetColumns)
    .values(fresh.map((name) => ({ dataset, name })))
    .onConflictDoNothing();
  return "grew";
}

const isUniqueViolation = (error: unknown) => postgresErrorCode(error) === "23505";

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

/**
 * Runs a write in a transaction; after it commits, the cached snapshot of the
 * dataset is patched with what the write changed (see patchSnapshot).
 */
async function inTransaction(
  database: Database,
  dataset: DatasetKey,
  work: (tx: Database) => Promise<{ row: FlatRow; change: SnapshotChange }>,
): Promise<WriteResult> {
  try {
    const { row, change } = await database.transaction((tx) => work(tx as unknown as Database));
    patchSnapshot(database, dataset, change);
    return { ok: true, row };
  } catch (error) {
    if (error instanceof Rollback) return error.failure;
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-parameter" };
    throw error;
  }
}

/** The row as it now is, read in the same transaction, and the change it makes to the snapshot. */
async function written(tx: Database, dataset: DatasetKey, id: number, revision: number, columnsGrew: boolean) {
  const text = (await fetchRowText(dataset, eq(parameterTables[dataset].id, id), tx))!;
  return { row: JSON.parse(text) as FlatRow, change: { revision, columnsGrew, upsert: { id, text } } };
}

export async function createRow(
  dataset: DatasetKey,
  input: { parameter: string; values: Record<string, string> },
  database: Database = defaultDb(),
): Promise<WriteResult> {
  const table = parameterTables[dataset];
  return inTransaction(database, dataset, async (tx) => {
    await lockDataset(tx, dataset);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(table);
    if (n >= MAX_ROWS) throw new Rollback({ ok: false, reason: "too-many-rows" });
    const columns = await registerColumns(tx, dataset, Object.keys(input.values), knownColumnsOf(database, dataset));
    if (columns === "full") throw new Rollback({ ok: false, reason: "too-many-columns" });
    const [created] = await tx
      .insert(table)
      .values({ parameter: input.parameter, values: input.values })
      .onConflictDoNothing({ target: table.parameter })
      .returning({ id: table.id });
    if (!created) throw new Rollback({ ok: false, reason: "duplicate-parameter" });
    return written(tx, dataset, created.id, await bumpRevision(tx, dataset), columns === "grew");
  });
}

/**
 * Updates a row's name and/or values (merged over the stored ones, in
 * Postgres). With `expectedVersion` the write only happens if nobody saved
 * the row since that version was read; otherwise the current row comes back.
 */
export async function updateRow(
  dataset: DatasetKey,
  id: number,
  input: { parameter?: string; values: Record<string, string>; expectedVersion?: number },
  database: Database = defaultDb(),
): Promise<WriteResult> {
  const table = parameterTables[dataset];
  return inTransaction(database, dataset, async (tx) => {
    const columns = await registerColumns(tx, dataset, Object.keys(input.values), knownColumnsOf(database, dataset));
    if (columns === "full") throw new Rollback({ ok: false, reason: "too-many-columns" });
    // One statement checks the version and writes: a concurrent save either
    // lands first (and this one sees its version and matches nothing) or after.
    const [updated] = await tx
      .update(table)
      .set({
        ...(input.parameter !== undefined ? { parameter: input.parameter } : {}),
        values: sql`${table.values} || ${JSON.stringify(input.values)}::jsonb`,
        version: sql`${table.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(table.id, id), input.expectedVersion !== undefined ? eq(table.version, input.expectedVersion) : undefined))
      .returning({ id: table.id });
    if (!updated) {
      const current = await fetchRowById(dataset, id, tx);
      throw new Rollback(current ? { ok: false, reason: "version-conflict", current } : { ok: false, reason: "not-found" });
    }
    return written(tx, dataset, id, await bumpRevision(tx, dataset), columns === "grew");
  });
}

export async function deleteRow(dataset: DatasetKey, id: number, database: Database = defaultDb()): Promise<boolean> {
  const table = parameterTables[dataset];
  const revision = await database.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const deleted = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    return deleted.length > 0 ? bumpRevision(tx, dataset) : undefined;
  });
  if (revision !== undefined) patchSnapshot(database, dataset, { revision, columnsGrew: false, remove: id });
  return revision !== undefined;
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
    if ((await registerColumns(tx, dataset, columns, knownColumnsOf(database, dataset))) === "full") throw new Error(`more than ${MAX_COLUMNS} columns`);
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(table).values(rows.slice(i, i + 500).map((r) => ({ parameter: r.parameter, values: r.values })));
    }
    await bumpRevision(tx, dataset);
  });
}
