import "server-only";
import { randomUUID } from "node:crypto";
import type { DownloadFile } from "@/lib/http/download";
import { deleteImport, findImport, saveImport } from "@/db/queries/imports";
import { type FlatRow, MAX_COLUMNS, MAX_NEW_COLUMNS_PER_WRITE, MAX_ROWS, type TableRef } from "@/db/queries/rows";
import { applyBatch, type BatchOp } from "@/db/queries/rows-write";
import { announceChange } from "@/lib/live/hub";
import { DomainError } from "@/lib/errors";
import { baselineOf, type ImportLimits, type ImportPreview, type NumbersRead, planImport, readGrid, readNumbers } from "./import-plan";
import { type DatasetKey, datasets } from "./registry";
import { limits, unwrap } from "./service";
import { tableSnapshot } from "./snapshot";
import { rowKind } from "./templates";
import { type ExportInput, exportFileName, type FileKind, readTableFile, writeCsv, writeXlsx } from "./table-file";

/** A file of a table as the route sends it. */
export type TableFile = DownloadFile;

const CONTENT_TYPES: Record<FileKind, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/** The table as an XLSX workbook or a CSV file, named after the project, the table and the day. */
export async function exportTable(table: TableRef<DatasetKey>, project: { id: number; name: string }, format: FileKind, now = new Date()): Promise<TableFile> {
  const snapshot = await tableSnapshot(table);
  const input: ExportInput = {
    project,
    dataset: datasets[table.dataset],
    revision: snapshot.revision,
    exportedAt: now,
    rows: snapshot.rows.map((row) => JSON.parse(row) as FlatRow),
    columns: snapshot.columns,
  };
  const body = format === "xlsx" ? await writeXlsx(input) : Buffer.from(writeCsv(input), "utf8");
  return { body, contentType: CONTENT_TYPES[format], fileName: exportFileName(input, format) };
}

const IMPORT_LIMITS: ImportLimits = { maxRows: MAX_ROWS, maxColumns: MAX_COLUMNS, maxNewColumns: MAX_NEW_COLUMNS_PER_WRITE };

/** What a preview answers: the import to apply, what it would do, and what the file was based on. */
export type ImportAnswer = ImportPreview & {
  importId: string;
  fileName: string;
  sheet: string;
  /** The export the file came from, when it is one of this table's (conflicts are judged against it). */
  basedOn: { exportedAt: string | null; rows: number } | null;
  /** How its numbers were read (a decimal-comma file's "11,591" as 11.591). */
  numbers: NumbersRead;
};

/** What is kept between preview and apply: only what the apply writes, with the versions the preview saw. */
type StoredPlan = {
  added: { parameter: string; values: Record<string, string> }[];
  changed: { id: number; version: number; values: Record<string, string> }[];
  missing: { id: number; version: number }[];
};

/**
 * Reads the file and compares it with the table: nothing is written to the
 * table; the plan is kept for the apply (a new preview replaces the user's
 * earlier one of this table).
 */
export async function previewImport(table: TableRef<DatasetKey>, file: { bytes: Uint8Array; name: string }, userId: number): Promise<ImportAnswer> {
  const info = datasets[table.dataset];
  const { grid, meta } = await readTableFile(file.bytes, file.name, info);
  const kindOf = (parameter: string) => rowKind(table.dataset, parameter).kind;
  const { file: fileTable, numbers } = readNumbers(readGrid(grid, IMPORT_LIMITS), kindOf, grid.separator);
  const baseline = baselineOf(fileTable, meta, { projectId: table.projectId, dataset: table.dataset, title: info.title });
  const snapshot = await tableSnapshot(table);
  const current = snapshot.rows.map((row) => JSON.parse(row) as FlatRow);
  const preview = planImport(fileTable, current, snapshot.columns, baseline, IMPORT_LIMITS, kindOf);
  const plan: StoredPlan = {
    added: preview.added,
    changed: preview.changed.map((row) => ({ id: row.id, version: row.version, values: Object.fromEntries(row.cells.map((c) => [c.column, c.after])) })),
    missing: preview.missing.map((row) => ({ id: row.id, version: row.version })),
  };
  const importId = await saveImport(table, userId, file.name.slice(0, 255), { plan });
  return {
    importId,
    fileName: file.name,
    sheet: grid.sheet,
    basedOn: baseline ? { exportedAt: baseline.complete && meta ? meta.exportedAt : null, rows: baseline.versions.size } : null,
    numbers,
    ...preview,
  };
}

export type ImportResult = { added: number; changed: number; removed: number };

/**
 * Writes a previewed import as one change: rows added, changed cells, and
 * (when asked) rows missing from the file removed, every row's version
 * checked against what the preview saw; all or nothing, recorded in the
 * history as one batch with the action "import".
 */
export async function applyImport(table: TableRef<DatasetKey>, importId: string, removeMissing: boolean, userId: number): Promise<ImportResult> {
  const stored = await findImport(table, userId, importId);
  if (!stored)
    throw new DomainError(
      "not-found",
      "There is no such import to apply: it was applied already, replaced by a newer preview, or has expired. Import the file again.",
    );
  const plan = (stored.data as { plan: StoredPlan }).plan;
  const ops: BatchOp[] = [
    ...plan.added.map((row): BatchOp => ({ kind: "create", parameter: row.parameter, values: row.values })),
    ...plan.changed.map((row): BatchOp => ({ kind: "update", id: row.id, values: row.values, expectedVersion: row.version })),
    ...(removeMissing ? plan.missing.map((row): BatchOp => ({ kind: "delete", id: row.id, expectedVersion: row.version })) : []),
  ];
  const counts: ImportResult = { added: plan.added.length, changed: plan.changed.length, removed: removeMissing ? plan.missing.length : 0 };
  if (ops.length > 0) {
    const result = await applyBatch(table, ops, limits(), { userId, action: "import", batchId: randomUUID() });
    if (!result.ok) {
      const again = "Nothing was imported. Import the file again to see what it would change now.";
      if (result.reason === "conflicts") {
        throw new DomainError("conflict", `${result.conflicts.length} of the rows this import changes were changed or deleted since the preview. ${again}`, {
          conflicts: result.conflicts.map((c) => ({ id: c.id, data: c.current })),
        });
      }
      if (result.reason === "duplicate-parameter")
        throw new DomainError("conflict", `A row this import adds was created by someone else since the preview. ${again}`);
      unwrap(result);
    }
    announceChange(table, userId, result.ok ? result.rows.map((r) => r.Id) : []);
  }
  await deleteImport(stored.id);
  return counts;
}
