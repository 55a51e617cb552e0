import "server-only";
import { randomUUID } from "node:crypto";
import type { DownloadFile } from "@/lib/http/download";
import { deleteImport, findImport, saveImport } from "@/db/queries/imports";
import { type FlatRow, MAX_COLUMNS, MAX_NEW_COLUMNS_PER_WRITE, MAX_ROWS, type TableRef } from "@/db/queries/rows";
import { applyBatch, type BatchOp } from "@/db/queries/rows-write";
import { announceChange } from "@/lib/live/hub";
import { DomainError } from "@/lib/errors";
import {
  baselineOf,
  describeStructure,
  type ImportLimits,
  type ImportPreview,
  type NumbersRead,
  planImport,
  readNumbers,
  readTable,
  type StructureProblem,
  type TrimmedCell,
  valueProblems,
} from "./import-plan";
import { FileProblems, type Listed } from "./import-problems";
import { type DatasetKey, datasets } from "./registry";
import { limits, unwrap } from "./service";
import { tableSnapshot } from "./snapshot";
import { tableKinds } from "./templates";
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
    kinds: snapshot.kinds,
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
  /** What the file holds that is not part of the table (merged cells, hidden rows and columns, footnotes, titles): left out of the rest of the preview. */
  structure: Listed<StructureProblem>;
  /** Values read without the spaces at their ends. */
  trimmed: Listed<TrimmedCell>;
};

/** What is kept between preview and apply: only what the apply writes, with the versions the preview saw. */
type StoredPlan = {
  added: { parameter: string; values: Record<string, string> }[];
  changed: { id: number; version: number; values: Record<string, string> }[];
  missing: { id: number; version: number }[];
};
/** The stored import: its plan, and what of the file it leaves out (which an apply must be told to skip). */
type StoredImport = { plan: StoredPlan; kind?: FileKind; structure?: Listed<StructureProblem> };

/** How an apply treats what is not part of the table: refuse the file (the default), or skip it and import the rest. */
export type StructureChoice = "refuse" | "skip";

/**
 * Reads the file and compares it with the table: nothing is written to the table; the plan is kept for the apply (a
 * new preview replaces the user's earlier one of this table). Every problem of the file is refused at once (400, the
 * first 100 listed): what cannot be read, numbers that could be read two ways, values their rows' kinds refuse. What
 * is not part of the table is listed, and left out of the plan.
 */
export async function previewImport(table: TableRef<DatasetKey>, file: { bytes: Uint8Array; name: string }, userId: number): Promise<ImportAnswer> {
  const info = datasets[table.dataset];
  const { grid, meta } = await readTableFile(file.bytes, file.name, info);
  const snapshot = await tableSnapshot(table);
  const current = snapshot.rows.map((row) => JSON.parse(row) as FlatRow);
  const rowKinds = tableKinds(table.dataset, snapshot.kinds);
  const byParameter = new Map(current.map((row) => [String(row.Parameter), row]));
  // A row of the table has the kind its engineers set; a new one its template's or its name's.
  const kindOf = (parameter: string) => rowKinds(byParameter.get(parameter) ?? { Parameter: parameter }).kind;

  const problems = new FileProblems();
  const read = readTable(grid, IMPORT_LIMITS, problems, { known: (parameter) => byParameter.has(parameter) });
  const numbersRead = problems.gather(() => readNumbers(read, kindOf, grid.separator));
  const { file: fileTable, numbers } = numbersRead ?? { file: read, numbers: { decimal: "point" as const, read: 0, example: null } };
  const preview = problems.gather(() => {
    const baseline = baselineOf(fileTable, meta, { projectId: table.projectId, dataset: table.dataset, title: info.title });
    return { baseline, plan: planImport(fileTable, current, snapshot.columns, baseline, IMPORT_LIMITS, kindOf) };
  });
  if (preview) valueProblems(fileTable, preview.plan, kindOf, problems, numbersRead !== undefined);
  problems.throwAny();
  const { baseline, plan: planned } = preview!;

  const stored: StoredImport = {
    plan: {
      added: planned.added,
      changed: planned.changed.map((row) => ({ id: row.id, version: row.version, values: Object.fromEntries(row.cells.map((c) => [c.column, c.after])) })),
      missing: planned.missing.map((row) => ({ id: row.id, version: row.version })),
    },
    kind: grid.kind,
    structure: fileTable.structure,
  };
  const importId = await saveImport(table, userId, file.name.slice(0, 255), stored);
  return {
    importId,
    fileName: file.name,
    sheet: grid.sheet,
    basedOn: baseline ? { exportedAt: baseline.complete && meta ? meta.exportedAt : null, rows: baseline.versions.size } : null,
    numbers,
    structure: fileTable.structure,
    trimmed: fileTable.trimmed,
    ...planned,
  };
}

/** The refusal of an apply not told to skip what the file holds that is not part of the table: each thing listed. */
function structureRefused(kind: FileKind, structure: Listed<StructureProblem>): DomainError {
  const [first] = structure.listed;
  const things = structure.total === 1 ? "1 thing" : `${structure.total.toLocaleString("en")} things`;
  return new DomainError(
    "invalid",
    `The file holds ${things} that ${structure.total === 1 ? "is" : "are"} not part of the table (merged cells, hidden rows or columns, footnotes, titles); nothing was imported. Skip them to import the rest, or fix the file and import it again. ${describeStructure(kind, first!)}${structure.total > 1 ? ` (and ${(structure.total - 1).toLocaleString("en")} more)` : ""}`,
    { structure: structure.listed, ...(structure.total > structure.listed.length ? { more: structure.total - structure.listed.length } : {}) },
  );
}

export type ImportResult = { added: number; changed: number; removed: number };

/**
 * Writes a previewed import as one change: rows added, changed cells, and
 * (when asked) rows missing from the file removed, every row's version
 * checked against what the preview saw; all or nothing, recorded in the
 * history as one batch with the action "import". A file holding what is not
 * part of the table is refused (400, each thing listed) unless the apply
 * says to skip it; the import stays to be applied so.
 */
export async function applyImport(
  table: TableRef<DatasetKey>,
  importId: string,
  options: { removeMissing: boolean; structure: StructureChoice },
  userId: number,
): Promise<ImportResult> {
  const { removeMissing } = options;
  const stored = await findImport(table, userId, importId);
  if (!stored)
    throw new DomainError(
      "not-found",
      "There is no such import to apply: it was applied already, replaced by a newer preview, or has expired. Import the file again.",
    );
  const { plan, kind = "xlsx", structure } = stored.data as StoredImport;
  if (structure && structure.total > 0 && options.structure !== "skip") throw structureRefused(kind, structure);
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
