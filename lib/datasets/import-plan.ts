/**
 * The rules of an import, as pure functions: a sheet of text cells read as
 * a table (every bad-file case refused with its sheet, row and column), then
 * compared with the table as it is, rows matched by Parameter, into what a
 * preview shows and an apply writes.
 */
import { displayValue, storedValue } from "./angles";
import { COLUMN_NAME_PATTERN, type Row } from "./columns";
import type { CellChange } from "./diff";
import { isNumericKind, isPlainNumber, kindFromName, type RowKind } from "./kinds";
import { type DecimalMark, isNumberFormatProblem, type NumberCell, numberFormatOf } from "./number-format";
import { normaliseParameterName } from "./names";
import { MAX_PARAMETER_LENGTH, MAX_VALUE_LENGTH } from "./schemas";
import { badFile, columnLetter, type ExportMeta, type Grid, type Place } from "./table-file";
import { isStorableText } from "@/lib/validation";

/** The limits a file is read against (the table's: db/queries/rows.ts). */
export type ImportLimits = { maxRows: number; maxColumns: number; maxNewColumns: number };

/** A value column of the file: its name and where it is (1 = column A). */
export type FileColumn = { name: string; column: number };
/** One row of the file: its row number, its Parameter, the Id and Version it was exported with (if the file has them), its values as the file holds them. */
export type FileRow = { row: number; parameter: string; id?: number; version?: number; values: Record<string, string> };
export type FileTable = { kind: Grid["kind"]; sheet: string; headerRow: number; columns: FileColumn[]; rows: FileRow[] };

/** Columns every row has: not value columns. Id and Version say what a row was exported as; the dates are ignored. */
const FIXED = new Map([
  ["parameter", "Parameter"],
  ["id", "Id"],
  ["version", "Version"],
  // The row's unit, as exported after its Parameter: said by the row's kind, not read back.
  ["unit", "Unit"],
  ["createdat", "CreatedAt"],
  ["updatedat", "UpdatedAt"],
]);

const whole = (text: string | undefined) => (text !== undefined && /^\s*\d{1,10}\s*$/.test(text) ? Number(text) : undefined);
const count = (n: number) => n.toLocaleString("en");

/**
 * A sheet as a table: the first row names the columns (Parameter, value
 * columns, optionally Id and Version), every further row is one row of the
 * table. Refused, naming the place: no Parameter column, a column name the
 * tables do not accept, the same column twice, a value under no column, too
 * many columns or rows, a row without a Parameter, a Parameter twice, a
 * value or Parameter over the limits.
 */
export function readGrid(grid: Grid, limits: ImportLimits): FileTable {
  const at = (row?: number, column?: number, header?: string): Place => ({ kind: grid.kind, sheet: grid.sheet, row, column, header });
  const [head, ...body] = grid.rows;
  if (!head) throw badFile(at(), "the sheet is empty. Its first row must name the columns: Parameter, then Item1, Item2, ...");
  const names = head.cells.map((c) => c.trim());
  const fixed = new Map<string, number>();
  const columns: FileColumn[] = [];
  const seen = new Map<string, number>();
  names.forEach((name, index) => {
    const column = index + 1;
    if (name === "") return;
    const previous = seen.get(name.toLowerCase());
    if (previous !== undefined) {
      throw badFile(at(head.row, column, name), `the column "${name}" appears twice (also column ${columnLetter(previous)}). Each column may appear once.`);
    }
    seen.set(name.toLowerCase(), column);
    const known = FIXED.get(name.toLowerCase());
    if (known) fixed.set(known, index);
    else if (!COLUMN_NAME_PATTERN.test(name)) {
      throw badFile(
        at(head.row, column),
        `"${name.slice(0, 80)}" is not a column name the tables accept: a letter, then letters, digits or _ (64 at most), e.g. Item12.`,
      );
    } else columns.push({ name, column });
  });
  const parameterIndex = fixed.get("Parameter");
  if (parameterIndex === undefined) {
    throw badFile(at(head.row), 'there is no "Parameter" column. The first row must name the columns: Parameter, then Item1, Item2, ...');
  }
  if (columns.length > limits.maxColumns) {
    const extra = columns[limits.maxColumns]!;
    throw badFile(
      at(head.row, extra.column, extra.name),
      `the file has ${count(columns.length)} value columns; a table has at most ${count(limits.maxColumns)}.`,
    );
  }
  if (body.length > limits.maxRows) {
    throw badFile(at(body[limits.maxRows]!.row), `the file has ${count(body.length)} rows; a table has at most ${count(limits.maxRows)}.`);
  }

  const rows: FileRow[] = [];
  const byParameter = new Map<string, number>();
  for (const line of body) {
    const { cells } = line;
    // A value under a column without a name would be lost: refuse it rather than guess.
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] !== "" && (names[i] ?? "") === "") {
        throw badFile(
          at(line.row, i + 1),
          `this cell holds a value, but its column has no name in row ${head.row}. Name the column (e.g. Item12) or clear it.`,
        );
      }
    }
    const values: Record<string, string> = {};
    let anyValue = false;
    for (const { name, column } of columns) {
      const text = cells[column - 1] ?? "";
      if (text.length > MAX_VALUE_LENGTH) {
        throw badFile(
          at(line.row, column, name),
          `the value is ${count(text.length)} characters long; a value is at most ${count(MAX_VALUE_LENGTH)} characters.`,
        );
      }
      if (!isStorableText(text)) throw badFile(at(line.row, column, name), "the value holds the NUL character or broken Unicode, which cannot be stored.");
      values[name] = text;
      if (text !== "") anyValue = true;
    }
    const parameter = normaliseParameterName(cells[parameterIndex] ?? "");
    const parameterAt = at(line.row, parameterIndex + 1, "Parameter");
    if (parameter === "") {
      if (!anyValue) continue; // only an Id or a Version left: an emptied row
      throw badFile(parameterAt, "this row has values but no Parameter. Every row needs a Parameter name.");
    }
    if (parameter.length > MAX_PARAMETER_LENGTH) {
      throw badFile(parameterAt, `the Parameter is ${count(parameter.length)} characters long; a Parameter is at most ${MAX_PARAMETER_LENGTH} characters.`);
    }
    if (!isStorableText(parameter)) throw badFile(parameterAt, "the Parameter holds the NUL character or broken Unicode, which cannot be stored.");
    const twice = byParameter.get(parameter);
    if (twice !== undefined) {
      throw badFile(parameterAt, `"${parameter}" is also the Parameter of row ${twice}. Each Parameter may appear once: rows are matched by it.`);
    }
    byParameter.set(parameter, line.row);
    const idIndex = fixed.get("Id");
    const versionIndex = fixed.get("Version");
    rows.push({
      row: line.row,
      parameter,
      id: idIndex === undefined ? undefined : whole(cells[idIndex]),
      version: versionIndex === undefined ? undefined : whole(cells[versionIndex]),
      values,
    });
  }
  return { kind: grid.kind, sheet: grid.sheet, headerRow: head.row, columns, rows };
}

// ---------------------------------------------------------------- comparing with the table

/** Why a row is listed as a conflict: it changed in Pontifex since the file was exported, so the file does not overwrite it. */
export type ConflictReason = "changed" | "added" | "deleted";
export type Conflict = {
  id: number | null;
  parameter: string;
  reason: ConflictReason;
  /** The row's Version in the file's export, and now (null: not in the export / not in the table any more). */
  exportedVersion: number | null;
  currentVersion: number | null;
  /** What the file would have changed (stored values, not written). */
  cells: CellChange[];
};
export type AddedRow = { parameter: string; values: Record<string, string> };
export type ChangedRow = { id: number; parameter: string; version: number; cells: CellChange[] };
export type MissingRow = { id: number; parameter: string; version: number };
export type ImportPreview = { added: AddedRow[]; changed: ChangedRow[]; missing: MissingRow[]; conflicts: Conflict[]; newColumns: string[] };

/** What the file was exported as: row versions by Id; `complete` when it lists every row the table had then (a workbook's hidden sheet). */
export type Baseline = { versions: Map<number, number>; byParameter: Map<string, number>; complete: boolean };

/**
 * What the file was based on: the hidden sheet of a workbook exported from
 * this table; or a file's own Id and Version columns (a CSV export), which
 * count only for the row they name. A workbook from another table is
 * refused; from the same table of another project it is a plain file.
 */
export function baselineOf(file: FileTable, meta: ExportMeta | null, table: { projectId: number; dataset: string; title: string }): Baseline | null {
  if (meta) {
    if (meta.dataset !== table.dataset) {
      throw badFile(
        { kind: file.kind, sheet: file.sheet },
        `this workbook was exported from the table "${meta.table}" of "${meta.projectName}", not from "${table.title}". Import it into that table, or copy its rows into a new workbook to bring them here.`,
      );
    }
    if (meta.projectId !== table.projectId) return null;
    return {
      versions: new Map(meta.rows.map((r) => [r.id, r.version])),
      byParameter: new Map(meta.rows.map((r) => [normaliseParameterName(r.parameter), r.id])),
      complete: true,
    };
  }
  const versions = new Map<number, number>();
  for (const row of file.rows) if (row.id !== undefined && row.version !== undefined && !versions.has(row.id)) versions.set(row.id, row.version);
  return versions.size > 0 ? { versions, byParameter: new Map(), complete: false } : null;
}

/**
 * The stored value a file's cell stands for. On angle rows the file holds
 * degrees: a cell still showing what the stored radians show is the stored
 * value itself (exported and re-imported unchanged never drifts); another
 * number is degrees, stored as radians.
 */
export function importedValue(text: string, stored: string, angle: boolean, numeric = angle): string {
  // A numeric row compares as numbers: "1.8" saved by a spreadsheet for our "1.800" is no change (the stored text stays).
  if (numeric && !angle) return isPlainNumber(text) && isPlainNumber(stored) && Number(text) === Number(stored) ? stored : text;
  if (!angle) return text;
  const shown = displayValue(stored, true);
  if (text === shown) return stored;
  if (text.trim() !== "" && shown.trim() !== "" && Number(text) === Number(shown)) return stored;
  return storedValue(text, true);
}

/** How the file's numbers were read: its decimal mark, how many values were read differently from how they are written, one of them. */
export type NumbersRead = { decimal: DecimalMark; read: number; example: { text: string; as: string } | null };

const cellRef = (c: NumberCell) => `${columnLetter(c.column)}${c.row}`;

/**
 * The file's numbers in numeric rows read in the file's own format (number-format.ts): "11,591" in a decimal-comma
 * file becomes 11.591 before anything is compared. A file whose numbers cannot be read without a guess is refused,
 * naming its cells.
 */
export function readNumbers(file: FileTable, kindOf: KindOf, separator?: string): { file: FileTable; numbers: NumbersRead } {
  const cells: NumberCell[] = [];
  for (const row of file.rows) {
    if (!isNumericKind(kindOf(row.parameter))) continue;
    for (const { name, column } of file.columns) {
      const text = row.values[name];
      if (text !== undefined && text.trim() !== "") cells.push({ row: row.row, column, text });
    }
  }
  const format = numberFormatOf(cells, separator);
  const at = (c: NumberCell): Place => ({
    kind: file.kind,
    sheet: file.sheet,
    row: c.row,
    column: c.column,
    header: file.columns.find((f) => f.column === c.column)?.name,
  });
  if (isNumberFormatProblem(format)) {
    const [first, second] = format.cells;
    if (format.reason === "mixed") {
      throw badFile(
        at(first!),
        `"${first!.text}" has a decimal comma but ${cellRef(second!)} "${second!.text}" a decimal point. Write every number of the file one way (your spreadsheet's locale decides which), then import it again.`,
      );
    }
    const others = format.cells.slice(1, 20).map(cellRef);
    const more = format.cells.length - 1 - others.length;
    throw badFile(
      at(first!),
      `"${first!.text}" could be ${first!.text.replace(",", ".")} or ${first!.text.replace(",", "")}, and nothing in the file says which${others.length ? ` (so could ${others.join(", ")}${more > 0 ? ` and ${more} more` : ""})` : ""}. Write such numbers without a thousands separator, with a decimal point (1.064) or none (1064).`,
    );
  }
  if (format.read.length === 0) return { file, numbers: { decimal: format.decimal, read: 0, example: null } };
  const byPlace = new Map(format.read.map((r) => [`${r.cell.row}:${r.cell.column}`, r.as]));
  const names = new Map(file.columns.map((c) => [c.name, c.column]));
  const rows = file.rows.map((row) => {
    const values = Object.fromEntries(Object.entries(row.values).map(([name, text]) => [name, byPlace.get(`${row.row}:${names.get(name)}`) ?? text]));
    return { ...row, values };
  });
  const [first] = format.read;
  return { file: { ...file, rows }, numbers: { decimal: format.decimal, read: format.read.length, example: { text: first!.cell.text, as: first!.as } } };
}

/** A row's kind by its Parameter (the import of a table passes its template's: templates.ts). */
export type KindOf = (parameter: string) => RowKind;
const kindByName: KindOf = kindFromName;

const cellText = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** The cells of a table row the file's row changes (only the file's columns: a column the file lacks is left as it is). */
export function fileRowChanges(file: FileRow, current: Row, columns: readonly FileColumn[], kindOf: KindOf = kindByName): CellChange[] {
  const kind = kindOf(String(current.Parameter));
  const angle = kind === "angle";
  const cells: CellChange[] = [];
  for (const { name } of columns) {
    const before = cellText(current[name]);
    const after = importedValue(file.values[name] ?? "", before, angle, isNumericKind(kind));
    if (after !== before) cells.push({ column: name, before, after });
  }
  return cells;
}

/**
 * The file compared with the table, rows matched by Parameter: rows to add,
 * rows to change (every changed cell, old and new stored value), table rows
 * the file lacks, and conflicts, rows changed in Pontifex since the export,
 * which the import leaves alone: changed (its Version moved on), added (not
 * in the export), deleted (in the export, gone or renamed since).
 */
export function planImport(
  file: FileTable,
  current: readonly Row[],
  tableColumns: readonly string[],
  baseline: Baseline | null,
  limits: ImportLimits,
  kindOf: KindOf = kindByName,
): ImportPreview {
  const byParameter = new Map(current.map((row) => [String(row.Parameter), row]));
  const byId = new Map(current.map((row) => [Number(row.Id), row]));
  const preview: ImportPreview = { added: [], changed: [], missing: [], conflicts: [], newColumns: [] };
  const matched = new Set<number>();
  const fileVersionOf = new Map<number, number>();
  for (const row of file.rows) if (row.id !== undefined && row.version !== undefined && !fileVersionOf.has(row.id)) fileVersionOf.set(row.id, row.version);

  /** The version the file was exported with for a table row, when the file knows it. */
  const exportedVersion = (id: number, fileRow?: FileRow): number | undefined => {
    if (!baseline) return undefined;
    if (baseline.complete) return baseline.versions.get(id);
    // A file's own Id and Version speak for the row they sit on (a CSV file from elsewhere names other rows).
    if (fileRow) return fileRow.id === id ? fileRow.version : undefined;
    return fileVersionOf.get(id);
  };
  const conflict = (row: Row | undefined, parameter: string, reason: ConflictReason, exported: number | undefined, cells: CellChange[] = []): Conflict => ({
    id: row ? Number(row.Id) : null,
    parameter,
    reason,
    exportedVersion: exported ?? null,
    currentVersion: row ? Number(row.Version) : null,
    cells,
  });

  for (const fileRow of file.rows) {
    const row = byParameter.get(fileRow.parameter);
    if (row) {
      const id = Number(row.Id);
      matched.add(id);
      const cells = fileRowChanges(fileRow, row, file.columns, kindOf);
      if (cells.length === 0) continue;
      const exported = exportedVersion(id, fileRow);
      if (exported !== undefined && exported !== Number(row.Version)) preview.conflicts.push(conflict(row, fileRow.parameter, "changed", exported, cells));
      else if (baseline?.complete && exported === undefined) preview.conflicts.push(conflict(row, fileRow.parameter, "added", undefined, cells));
      else preview.changed.push({ id, parameter: fileRow.parameter, version: Number(row.Version), cells });
      continue;
    }
    if (baseline?.complete) {
      // A row of the export that is not in the table under this name any more: deleted, or renamed, since.
      const id = fileRow.id !== undefined && baseline.versions.has(fileRow.id) ? fileRow.id : baseline.byParameter.get(fileRow.parameter);
      if (id !== undefined) {
        const now = byId.get(id);
        const exported = baseline.versions.get(id)!;
        if (!now) {
          preview.conflicts.push({ ...conflict(undefined, fileRow.parameter, "deleted", exported), id });
          continue;
        }
        if (Number(now.Version) !== exported) {
          matched.add(id);
          preview.conflicts.push(conflict(now, String(now.Parameter), "changed", exported));
          continue;
        }
        // Same version: the file renamed it; the file's name is a new row, the old one is missing from the file.
      }
    }
    const angle = kindOf(fileRow.parameter) === "angle";
    const values: Record<string, string> = {};
    for (const { name } of file.columns) {
      const text = fileRow.values[name] ?? "";
      if (text !== "") values[name] = importedValue(text, "", angle);
    }
    preview.added.push({ parameter: fileRow.parameter, values });
  }

  for (const row of current) {
    const id = Number(row.Id);
    if (matched.has(id)) continue;
    const exported = exportedVersion(id);
    if (baseline?.complete && exported === undefined) preview.conflicts.push(conflict(row, String(row.Parameter), "added", undefined));
    else if (exported !== undefined && exported !== Number(row.Version)) preview.conflicts.push(conflict(row, String(row.Parameter), "changed", exported));
    else preview.missing.push({ id, parameter: String(row.Parameter), version: Number(row.Version) });
  }

  preview.newColumns = newColumnsOf(preview, tableColumns, file, limits);
  return preview;
}

/** Columns the import writes a value into that the table does not have yet; more than one write or a table may add is refused. */
function newColumnsOf(preview: ImportPreview, tableColumns: readonly string[], file: FileTable, limits: ImportLimits): string[] {
  const known = new Set(tableColumns);
  const written = new Set<string>();
  for (const row of preview.added) for (const column of Object.keys(row.values)) written.add(column);
  for (const row of preview.changed) for (const cell of row.cells) if (cell.after !== "") written.add(cell.column);
  const fresh = file.columns.filter((c) => written.has(c.name) && !known.has(c.name));
  const at = (c: FileColumn): Place => ({ kind: file.kind, sheet: file.sheet, row: file.headerRow, column: c.column, header: c.name });
  if (fresh.length > limits.maxNewColumns) {
    throw badFile(
      at(fresh[limits.maxNewColumns]!),
      `the file adds ${count(fresh.length)} new columns; one import may add at most ${count(limits.maxNewColumns)}. Import the columns in smaller steps.`,
    );
  }
  if (known.size + fresh.length > limits.maxColumns) {
    const first = fresh[Math.max(0, limits.maxColumns - known.size)]!;
    throw badFile(
      at(first),
      `the table has ${count(known.size)} columns and the file adds ${count(fresh.length)}; a table has at most ${count(limits.maxColumns)} columns.`,
    );
  }
  return fresh.map((c) => c.name);
}
