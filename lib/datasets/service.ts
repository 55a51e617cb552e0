import "server-only";
import { randomUUID } from "node:crypto";
import { type FlatRow, MAX_COLUMNS, MAX_NEW_COLUMNS_PER_WRITE, MAX_ROWS, type TableRef } from "@/db/queries/rows";
import { type ActivityEvent, type HistoryEntry, rowHistoryOf, tableActivity } from "@/db/queries/rows-history";
import {
  type Actor,
  applyBatch,
  type BatchOp,
  createRow as insertRow,
  deleteRow as removeRow,
  removeColumn as dropColumn,
  restoreVersion,
  undeleteRow,
  updateRow,
  type WriteResult,
} from "@/db/queries/rows-write";
import { env } from "@/lib/env";
import { announceChange } from "@/lib/live/hub";
import { DomainError } from "@/lib/errors";
import type { ProjectAccess } from "@/lib/projects/access";
import { datasetKeys, type DatasetKey, isDatasetKey } from "./registry";
import { MAX_ID } from "@/lib/validation";
import type { RowInput } from "./schemas";

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
    case "too-large":
      throw new DomainError(
        "too-large",
        `This table would hold ${mib(result.bytes)}, over its limit of ${mib(result.budget)} (TABLE_MAX_BYTES). Delete rows or values first.`,
        { bytes: result.bytes, limit: result.budget },
      );
  }
}

export const limits = () => ({ maxBytes: env().TABLE_MAX_BYTES });

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
    unwrap(await updateRow(table, id, { parameter: input.parameter, values: input.values, expectedVersion: input.version }, limits(), { userId }), id),
  );
}

/** Deletes a row; with `version`, only if nobody saved it since (an undo of a create never deletes someone's newer row). */
export async function deleteRow(table: TableRef, id: number, userId: number | null, version?: number): Promise<void> {
  const result = id > MAX_ID ? ({ ok: false, reason: "not-found" } as const) : await removeRow(table, id, { userId }, version);
  if (result.ok) return announceChange(table, userId, [id]);
  if (result.reason === "not-found") throw new DomainError("not-found", `There is no row with id ${id} in this table. It may have been deleted already.`);
  unwrap(result, id);
}

/**
 * Many rows saved as one change (a paste, a fill, an undo of several rows):
 * every row's Version checked; all saved, or nothing, with every conflicting
 * row and its current values.
 */
export async function saveRows(table: TableRef, rows: { id: number; data: RowInput }[], actor: Actor): Promise<FlatRow[]> {
  const ops: BatchOp[] = rows.map(({ id, data }) => ({ kind: "update", id, parameter: data.parameter, values: data.values, expectedVersion: data.version }));
  const result = await applyBatch(table, ops, limits(), { ...actor, batchId: actor.batchId ?? randomUUID() });
  if (result.ok) {
    announceChange(
      table,
      actor.userId,
      result.rows.map((r) => r.Id),
    );
    return result.rows;
  }
  if (result.reason === "conflicts") {
    const deleted = result.conflicts.filter((c) => c.current === null).length;
    throw new DomainError(
      "conflict",
      `${result.conflicts.length} of the ${rows.length} rows changed since you loaded them${deleted ? ` (${deleted} deleted)` : ""}; nothing was saved. Review the newer values and save again.`,
      { conflicts: result.conflicts.map((c) => ({ id: c.id, data: c.current })) },
    );
  }
  return unwrap(result) as never;
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
