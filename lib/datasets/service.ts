import "server-only";
import { randomUUID } from "node:crypto";
import { type FlatRow, fetchRowById, MAX_COLUMNS, MAX_NEW_COLUMNS_PER_WRITE, MAX_ROWS, type TableRef } from "@/db/queries/rows";
import { type ActivityEvent, type HistoryEntry, rowHistoryOf, tableActivity } from "@/db/queries/rows-history";
import {
  type Actor,
  applyBatch,
  type BatchOp,
  type CellProblem,
  type Limits,
  createRow as insertRow,
  deleteRow as removeRow,
  removeColumn as dropColumn,
  fetchSetKind,
  restoreVersion,
  setRowKind,
  undeleteRow,
  updateRow,
  type WriteResult,
} from "@/db/queries/rows-write";
import { type Database, db } from "@/db/client";
import { env } from "@/lib/env";
import { announceChange } from "@/lib/live/hub";
import { DomainError } from "@/lib/errors";
import type { ProjectAccess } from "@/lib/projects/access";
import { datasetKeys, type DatasetKey, isDatasetKey } from "./registry";
import { MAX_ID } from "@/lib/validation";
import { parameterRow } from "./columns";
import { nextItem } from "./item-columns";
import type { KindAndUnit, KindSource } from "./kinds";
import { convertedValues, readingsAcross } from "./reinterpret";
import type { RowInput, SetKindInput } from "./schemas";
import { cachedRow, fetchAllRows } from "./snapshot";
import { rowKind, startingRows } from "./templates";
import { cellProblems, invalidValues } from "./values";

/** The dataset of a `{ds}` route segment, or "not found". */
export function datasetFromParam(ds: string): DatasetKey {
  if (!isDatasetKey(ds)) throw new DomainError("not-found", `There is no dataset "${ds}". The datasets are ${datasetKeys.join(", ")}.`);
  return ds;
}

/** The table a route acts on: one dataset of the project it was authorised for. */
export function tableOf(project: ProjectAccess, ds: string): TableRef<DatasetKey> {
  return { projectId: project.id, dataset: datasetFromParam(ds) };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString("en", { maximumFractionDigits: 1 })} MiB`;

/** A write's row, or its failure as the domain error a route answers with. */
export function unwrap(result: WriteResult, id?: number): FlatRow {
  if (result.ok) return result.row;
  switch (result.reason) {
    case "duplicate-parameter":
      throw new DomainError("conflict", "A row with this Parameter already exists in this table. Choose another name.");
    case "not-found":
      throw new DomainError("not-found", `There is no row with id ${id} in this table. It may have been deleted.`);
    case "version-conflict":
      throw new DomainError(
        "conflict",
        `Someone else saved this row since you loaded it (it is now at version ${result.current.Version}). Review the newer values and save again.`,
        { data: result.current },
      );
    case "too-many-columns":
      throw new DomainError(
        "conflict",
        `A table has at most ${MAX_COLUMNS.toLocaleString("en")} columns; this one has ${result.columns} and this save would pass that limit.`,
      );
    case "too-many-new-columns":
      throw new DomainError(
        "too-large",
        `One save may add at most ${MAX_NEW_COLUMNS_PER_WRITE} new columns; this one adds ${result.fresh.toLocaleString("en")}. Add them in smaller steps.`,
      );
    case "too-many-rows":
      throw new DomainError("conflict", `A table has at most ${MAX_ROWS.toLocaleString("en")} rows; delete rows before adding more.`);
    case "not-empty":
      throw new DomainError("conflict", "This table is no longer empty: someone added rows since you loaded it. Nothing was added; reload to see them.");
    case "too-large":
      throw new DomainError(
        "too-large",
        `This table would hold ${mib(result.bytes)}, over its limit of ${mib(result.budget)} (TABLE_MAX_BYTES). Delete rows or values first.`,
        { bytes: result.bytes, limit: result.budget },
      );
    case "invalid-values":
      throw invalidValues(result.problems);
  }
}

export const limits = (): Limits => ({ maxBytes: env().TABLE_MAX_BYTES, values: cellProblems });

export async function createRow(table: TableRef, input: RowInput, userId: number | null): Promise<FlatRow> {
  if (input.parameter === undefined) throw new DomainError("invalid", 'Invalid field "data.Parameter": every row needs a Parameter name.');
  return announced(table, userId, unwrap(await insertRow(table, { parameter: input.parameter, values: input.values }, limits(), { userId })));
}

/** Tells the table's open browsers about a written row, and hands it back. */
function announced(table: TableRef, userId: number | null, row: FlatRow): FlatRow {
  announceChange(table, userId, [row.Id]);
  return row;
}

export async function editRow(table: TableRef, id: number, input: RowInput, userId: number | null): Promise<FlatRow> {
  if (id > MAX_ID) throw new DomainError("not-found", `There is no row with id ${id} in this table.`);
  return announced(
    table,
    userId,
    unwrap(
      await updateRow(
        table,
        id,
        // The cached snapshot's name and kind of the row: the values are checked against them before the one statement that writes.
        { parameter: input.parameter, values: input.values, expectedVersion: input.version, assumed: cachedRow(table, id) },
        limits(),
        { userId },
      ),
      id,
    ),
  );
}

/**
 * Sets a row's kind (null: back to its template's or its name's). When that makes the row start or stop being an
 * angle row, its numbers are kept as they are or converted to show what they showed (reinterpret.ts), as asked.
 * Answers the row with its kind, as the rows API shows it.
 */
export async function setKind(
  table: TableRef<DatasetKey>,
  id: number,
  input: SetKindInput,
  userId: number | null,
): Promise<FlatRow & KindAndUnit & { kindFrom: KindSource }> {
  const missing = () => new DomainError("not-found", `There is no row with id ${id} in this table. It may have been deleted.`);
  if (id > MAX_ID) throw missing();
  const [row, set] = await Promise.all([fetchRowById(table, id), fetchSetKind(table, id)]);
  if (!row || set === undefined) throw missing();
  const before = rowKind(table.dataset, row.Parameter, set);
  const after = rowKind(table.dataset, row.Parameter, input.kind);
  const readings = readingsAcross(parameterRow(row).values, before.kind === "angle", after.kind === "angle");
  const values = input.numbers === "convert" ? convertedValues(readings) : {};
  const written = unwrap(await setRowKind(table, id, { kind: input.kind, values, expectedVersion: input.version }, limits(), { userId }), id);
  announceChange(table, userId, [id]);
  return { ...written, kind: after.kind, unit: after.unit, kindFrom: after.from };
}

/** Deletes a row; with `version`, only if nobody saved it since (an undo of a create never deletes someone's newer row). */
export async function deleteRow(table: TableRef, id: number, userId: number | null, version?: number): Promise<void> {
  const result = id > MAX_ID ? ({ ok: false, reason: "not-found" } as const) : await removeRow(table, id, { userId }, version);
  if (result.ok) return announceChange(table, userId, [id]);
  if (result.reason === "not-found") throw new DomainError("not-found", `There is no row with id ${id} in this table. It may have been deleted already.`);
  unwrap(result, id);
}

/** A table's part of one change: rows created, edited (each `data` with its Version) and deleted. */
export type TableChanges = {
  dataset: DatasetKey;
  create?: readonly { data: RowInput }[];
  edit?: readonly { id: number; data: RowInput }[];
  delete?: readonly { id: number; version?: number }[];
  /** Written only into a table without rows (a template's start); 409 otherwise. */
  onlyIfEmpty?: boolean;
};
/** What a change did to one table: the rows it created and edited as they are now, the ids it deleted. */
export type TableWritten = { dataset: DatasetKey; created: FlatRow[]; edited: FlatRow[]; deleted: number[] };
type Conflict = { dataset: DatasetKey; id: number; data: FlatRow | null };

/** A batch refused for rows changed since they were read; thrown to roll back every table's part. */
class Stale extends Error {
  constructor(readonly conflicts: Conflict[]) {
    super("stale rows");
  }
}

/** A batch refused for values their rows cannot take; thrown to roll back every table's part. */
class Invalid extends Error {
  constructor(readonly problems: CellProblem[]) {
    super("invalid values");
  }
}

function opsOf(changes: TableChanges): BatchOp[] {
  return [
    ...(changes.create ?? []).map(({ data }): BatchOp => {
      if (data.parameter === undefined) throw new DomainError("invalid", 'Invalid field "data.Parameter": every row needs a Parameter name.');
      return { kind: "create", parameter: data.parameter, values: data.values };
    }),
    ...(changes.edit ?? []).map(({ id, data }): BatchOp => ({
      kind: "update",
      id,
      parameter: data.parameter,
      values: data.values,
      expectedVersion: data.version,
    })),
    ...(changes.delete ?? []).map(({ id, version }): BatchOp => ({ kind: "delete", id, expectedVersion: version })),
  ];
}

/**
 * The one write of many rows (the grid's saves, the assistant's Apply, Fill from Revit): creates, edits and deletes
 * of one or more tables of a project in one transaction, recorded as one history batch; every row's Version
 * checked. All written, or nothing: with every row that changed since it was read (`Stale`).
 */
async function writeBatch(projectId: number, tables: readonly TableChanges[], actor: Actor): Promise<{ batchId: string; tables: TableWritten[] }> {
  const batchId = actor.batchId ?? randomUUID();
  const each = { ...actor, batchId };
  const run = async (changes: TableChanges, database?: Database): Promise<TableWritten> => {
    const ref = { projectId, dataset: changes.dataset };
    const result = await applyBatch(ref, opsOf(changes), limits(), each, database, { onlyIfEmpty: changes.onlyIfEmpty });
    if (result.ok) {
      const edited = new Set((changes.edit ?? []).map((e) => e.id));
      return {
        dataset: changes.dataset,
        created: result.rows.filter((r) => !edited.has(r.Id)),
        edited: result.rows.filter((r) => edited.has(r.Id)),
        deleted: result.removed,
      };
    }
    if (result.reason === "conflicts") throw new Stale(result.conflicts.map((c) => ({ dataset: changes.dataset, id: c.id, data: c.current })));
    if (result.reason === "invalid-values") throw new Invalid(result.problems);
    return unwrap(result) as never;
  };
  let written: TableWritten[];
  if (tables.length === 1) written = [await run(tables[0]!)];
  else {
    // Tables in one order whoever writes: two changes of the same tables queue for their locks, never deadlock.
    const ordered = [...tables].sort((a, b) => a.dataset.localeCompare(b.dataset));
    const done = await db().transaction(async (tx) => {
      const out = new Map<DatasetKey, TableWritten>();
      const conflicts: Conflict[] = [];
      const problems: CellProblem[] = [];
      for (const changes of ordered) {
        // Each table's part rolls back on its own; the others are still checked, so every stale row and every
        // refused value is listed.
        try {
          out.set(changes.dataset, await run(changes, tx as unknown as Database));
        } catch (error) {
          if (error instanceof Stale) conflicts.push(...error.conflicts);
          else if (error instanceof Invalid) problems.push(...error.problems);
          else throw error;
        }
      }
      if (problems.length > 0) throw new Invalid(problems);
      if (conflicts.length > 0) throw new Stale(conflicts);
      return out;
    });
    written = tables.map((t) => done.get(t.dataset)!);
  }
  for (const table of written) {
    const ids = [...table.edited, ...table.created].map((r) => r.Id).concat(table.deleted);
    announceChange({ projectId, dataset: table.dataset }, actor.userId, ids);
  }
  return { batchId, tables: written };
}

const rowCount = (tables: readonly TableChanges[]) => tables.reduce((n, t) => n + (t.create?.length ?? 0) + (t.edit?.length ?? 0) + (t.delete?.length ?? 0), 0);

function staleRows(conflicts: readonly Conflict[], rows: number, since: string, detail: (c: Conflict) => Record<string, unknown>): DomainError {
  const deleted = conflicts.filter((c) => c.data === null).length;
  return new DomainError(
    "conflict",
    `${conflicts.length} of the ${rows} rows changed since ${since}${deleted ? ` (${deleted} deleted)` : ""}; nothing was saved. Review the newer values and save again.`,
    { conflicts: conflicts.map(detail) },
  );
}

/**
 * Rows of one or more tables of a project created, edited and deleted as one change (the assistant's Apply, Fill
 * from Revit): all written, or nothing, with every row that changed since it was read (409).
 */
export async function writeRows(projectId: number, tables: readonly TableChanges[], actor: Actor): Promise<{ batchId: string; tables: TableWritten[] }> {
  try {
    return await writeBatch(projectId, tables, actor);
  } catch (error) {
    if (error instanceof Stale) throw staleRows(error.conflicts, rowCount(tables), "they were read", (c) => c);
    if (error instanceof Invalid) throw invalidValues(error.problems);
    throw error;
  }
}

/**
 * Many rows of one table saved as one change (a paste, a fill, an undo of several rows):
 * every row's Version checked; all saved, or nothing, with every conflicting
 * row and its current values.
 */
export async function saveRows(table: TableRef<DatasetKey>, rows: { id: number; data: RowInput }[], actor: Actor): Promise<FlatRow[]> {
  try {
    const [written] = (await writeBatch(table.projectId, [{ dataset: table.dataset, edit: rows }], actor)).tables;
    return written!.edited;
  } catch (error) {
    if (error instanceof Stale) throw staleRows(error.conflicts, rows.length, "you loaded them", ({ id, data }) => ({ id, data }));
    if (error instanceof Invalid) throw invalidValues(error.problems);
    throw error;
  }
}

/**
 * Starts an empty table from its template (templates.ts, startingRows): every row created as one change, recorded in
 * the history as one batch. 409 when the table has rows by then: a template never lands beside someone's rows.
 */
export async function startFromTemplate(table: TableRef<DatasetKey>, userId: number): Promise<FlatRow[]> {
  const create = startingRows(table.dataset).map((row) => ({ data: { parameter: row.parameter, values: row.values } }));
  const { tables } = await writeRows(table.projectId, [{ dataset: table.dataset, create, onlyIfEmpty: true }], { userId });
  return tables[0]!.created;
}

/**
 * Adds the table's next Item column (item-columns.ts): its item named in the row that names the items, an edit of
 * that row checked against the Version just read (409 when someone saved it meanwhile), recorded in its history.
 */
export async function addItemColumn(table: TableRef<DatasetKey>, userId: number): Promise<{ column: string; name: string; data: FlatRow }> {
  const next = nextItem(await fetchAllRows(table), table.dataset);
  if ("refusal" in next) throw new DomainError("conflict", next.refusal);
  const { column, name, naming } = next;
  const { tables } = await writeRows(
    table.projectId,
    [{ dataset: table.dataset, edit: [{ id: Number(naming.Id), data: { version: Number(naming.Version), values: { [column]: name } } }] }],
    { userId },
  );
  return { column, name, data: tables[0]!.edited[0]! };
}

export async function history(table: TableRef, rowId: number): Promise<HistoryEntry[]> {
  const versions = await rowHistoryOf(table, rowId);
  if (versions.length === 0) throw new DomainError("not-found", `There is no history for row ${rowId} in this table.`);
  return versions;
}

export function activity(table: TableRef, filter: { userId?: number; parameter?: string; before?: number }): Promise<ActivityEvent[]> {
  return tableActivity(table, filter);
}

/** "Restore this version": that version's name and values written back as a new edit, version-checked. */
export async function restore(table: TableRef, rowId: number, version: number, expectedVersion: number | undefined, userId: number): Promise<FlatRow> {
  const result = await restoreVersion(table, rowId, version, expectedVersion, limits(), { userId });
  if (!result.ok && result.reason === "no-such-version") throw new DomainError("not-found", `Row ${rowId} has no version ${version} to restore.`);
  return announced(table, userId, unwrap(result as WriteResult, rowId));
}

/** Brings back a deleted row, as it was when deleted. */
export async function undelete(table: TableRef, rowId: number, userId: number): Promise<FlatRow> {
  const result = await undeleteRow(table, rowId, limits(), { userId });
  if (!result.ok && result.reason === "not-deleted") throw new DomainError("not-found", `Row ${rowId} is not a deleted row of this table.`);
  return announced(table, userId, unwrap(result as WriteResult, rowId));
}

export async function removeColumn(table: TableRef, name: string): Promise<void> {
  const outcome = await dropColumn(table, name);
  if (outcome.ok) return announceChange(table, null, []);
  if (outcome.reason === "not-found") throw new DomainError("not-found", `This table has no column "${name}".`);
  throw new DomainError("conflict", `Column "${name}" is not empty: ${outcome.parameters.join(", ")} still hold values in it. Clear them first.`, {
    parameters: outcome.parameters,
  });
}
