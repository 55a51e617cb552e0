import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type Database, db as defaultDb, queryRows } from "../client";
import { datasetStates, parameterColumns, parameterRows } from "../schema";

/** A table: one dataset of one project (the database takes any name; lib/ narrows it to a DatasetKey of its registry). */
export type TableRef<Dataset extends string = string> = { projectId: number; dataset: Dataset };

export const MAX_ROWS = 100_000;
/** Columns of one table. A 300-column workbook fits three times over. */
export const MAX_COLUMNS = 1_000;
/** New columns one write may add: a 300-column paste or import, not a whole table's allowance at once. */
export const MAX_NEW_COLUMNS_PER_WRITE = 400;

/**
 * A row as the API shows it: the fixed fields, then the row's own stored
 * columns (a row that never had a column has no key for it; the table's
 * column list says which columns exist).
 */
export type FlatRow = {
  Id: number;
  Parameter: string;
  CreatedAt: string;
  UpdatedAt: string;
  Version: number;
  [column: string]: string | number;
};

/** The one table that holds every table's rows (the row files below share these fragments of SQL). */
export const r = parameterRows;

/** A timestamp as JavaScript's toISOString() writes it, whatever the server's time zone. */
function isoTimestamp(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

type RowColumns = { id: SQL; parameter: SQL; createdAt: SQL; updatedAt: SQL; version: SQL; values: SQL };

/** The JSON text of one row, written by Postgres (Node passes it through untouched). */
const rowText = (c: RowColumns): SQL => sql`('{"Id":' || ${c.id} || ',"Parameter":' || to_json(${c.parameter})::text
    || ',"CreatedAt":"' || ${isoTimestamp(c.createdAt)} || '","UpdatedAt":"' || ${isoTimestamp(c.updatedAt)}
    || '","Version":' || ${c.version}
    || CASE WHEN ${c.values} = '{}'::jsonb THEN '}' ELSE ',' || substr(${c.values}::text, 2) END)`;

export const ROW_TEXT = rowText({
  id: sql`${r.id}`,
  parameter: sql`${r.parameter}`,
  createdAt: sql`${r.createdAt}`,
  updatedAt: sql`${r.updatedAt}`,
  version: sql`${r.version}`,
  values: sql`${r.values}`,
});
/** The same text of a row a write statement returned (its RETURNING names the columns as the table does): no second query. */
export const RETURNED_ROW_TEXT = rowText({
  id: sql`id`,
  parameter: sql`parameter`,
  createdAt: sql`created_at`,
  updatedAt: sql`updated_at`,
  version: sql`version`,
  values: sql`values`,
});

export const inTable = (ref: TableRef): SQL => sql`${r.projectId} = ${ref.projectId} AND ${r.dataset} = ${ref.dataset}`;
const stateOf = (ref: TableRef): SQL => sql`${datasetStates.projectId} = ${ref.projectId} AND ${datasetStates.dataset} = ${ref.dataset}`;

/**
 * The rows of a table at one revision: each row's JSON text, sorted by Id, the table's columns, and the kinds its
 * engineers set, by row Id (only rows that have one: the others' kinds follow their template or name).
 */
export type TableRows = { revision: number; columns: string[]; rows: string[]; kinds: Map<number, string> };

export async function tableRevision(ref: TableRef, db: Database = defaultDb()): Promise<number> {
  const [row] = await queryRows<{ revision: string | number }>(
    db,
    sql`SELECT ${datasetStates.revision} AS revision FROM ${datasetStates} WHERE ${stateOf(ref)}`,
  );
  return Number(row?.revision ?? 0);
}

/** The table as stored now: revision, columns and rows from one snapshot of the database. */
export function readTableRows(ref: TableRef, db: Database = defaultDb()): Promise<TableRows> {
  return db.transaction(
    async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const revision = await tableRevision(ref, tx);
      const columns = await listColumnNames(tx, ref);
      const rows = await queryRows<{ row: string; id: number; kind: string | null }>(
        tx,
        sql`SELECT ${ROW_TEXT} AS row, ${r.id} AS id, ${r.kind} AS kind FROM ${r} WHERE ${inTable(ref)} ORDER BY ${r.id}`,
      );
      const kinds = new Map<number, string>();
      for (const row of rows) if (row.kind !== null) kinds.set(Number(row.id), row.kind);
      return { revision, columns, rows: rows.map((row) => row.row), kinds };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function fetchRowText(ref: TableRef, where: SQL, db: Database): Promise<string | undefined> {
  const [row] = await queryRows<{ row: string }>(db, sql`SELECT ${ROW_TEXT} AS row FROM ${r} WHERE ${inTable(ref)} AND ${where} LIMIT 1`);
  return row?.row;
}

export async function fetchRowById(ref: TableRef, id: number, db: Database = defaultDb()): Promise<FlatRow | undefined> {
  const text = await fetchRowText(ref, sql`${r.id} = ${id}`, db);
  return text === undefined ? undefined : (JSON.parse(text) as FlatRow);
}

/** One row's JSON text, found by its Parameter (a row push). */
export function fetchRowTextByParameter(ref: TableRef, parameter: string, db: Database = defaultDb()): Promise<string | undefined> {
  return fetchRowText(ref, sql`${r.parameter} = ${parameter}`, db);
}

export async function countRows(ref: TableRef, db: Database = defaultDb()): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`SELECT ${datasetStates.rowCount} AS n FROM ${datasetStates} WHERE ${stateOf(ref)}`);
  return Number(row?.n ?? 0);
}

/** The table's columns as they are now (inside a write: as that write sees them). */
export async function listColumnNames(tx: Database, ref: TableRef): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`SELECT name FROM ${parameterColumns} WHERE ${parameterColumns.projectId} = ${ref.projectId} AND ${parameterColumns.dataset} = ${ref.dataset}`,
  );
  return rows.map((row) => row.name);
}
