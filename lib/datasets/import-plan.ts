/**
 * The rules of an import, as pure functions: a sheet of text cells read as
 * a table (every bad-file case refused with its sheet, row and column), then
 * compared with the table as it is, rows matched by Parameter, into what a
 * preview shows and an apply writes.
 */
import { displayValue, storedValue } from "./angles";
import { COLUMN_NAME_PATTERN, type Row } from "./columns";
import type { CellChange } from "./diff";
import { columnFromHeader } from "./item-labels";
import { isNumericKind, isPlainNumber, kindFromName, type RowKind, valueProblem } from "./kinds";
import { type DecimalMark, isNumberFormatProblem, type NumberCell, numberFormatOf } from "./number-format";
import { normaliseParameterName } from "./names";
import { MAX_PARAMETER_LENGTH, MAX_VALUE_LENGTH } from "./schemas";
import { FileProblems, type Listed, Lister } from "./import-problems";
import { badFile, columnLetter, type ExportMeta, type Grid, type GridRow, type Place, unreadableMessage } from "./table-file";
import type { CellRange } from "./xlsx-reader";
import { isStorableText } from "@/lib/validation";

/** The limits a file is read against (the table's: db/queries/rows.ts). */
export type ImportLimits = { maxRows: number; maxColumns: number; maxNewColumns: number };

/** A value column of the file: its name and where it is (1 = column A). */
export type FileColumn = { name: string; column: number };
/** One row of the file: its row number, its Parameter, the Id and Version it was exported with (if the file has them), its values as the file holds them. */
export type FileRow = { row: number; parameter: string; id?: number; version?: number; values: Record<string, string> };
/** What a file holds that is not part of the table, so that nothing of it is written silently (docs/tables.md). */
export type StructureKind = "title" | "hidden-row" | "hidden-column" | "merged" | "footnote";
/** One such thing: where it is (its first cell, Excel's column letter) and what it is, in a sentence. */
export type StructureProblem = { kind: StructureKind; sheet: string; row: number; column: string; what: string };
/** One such thing in a sentence: 'Sheet "Pier", row 4, column C: cells C4:D4 are merged.' */
export function describeStructure(kind: Grid["kind"], p: StructureProblem): string {
  return `${kind === "csv" ? "File" : "Sheet"} "${p.sheet}", row ${p.row}, column ${p.column}: ${p.what}`;
}
/** A value read without the spaces at its ends: where, and the file's text and what was read. */
export type TrimmedCell = { row: number; column: string; header: string; parameter: string; text: string; as: string };

export type FileTable = {
  kind: Grid["kind"];
  sheet: string;
  headerRow: number;
  columns: FileColumn[];
  rows: FileRow[];
  /** Title rows, hidden rows and columns, merged cells and footnotes: reported, and read as if not there. */
  structure: Listed<StructureProblem>;
  /** Values whose spaces at either end were dropped. */
  trimmed: Listed<TrimmedCell>;
  /** Parameters of rows the file holds but that were left out (hidden, or their Parameter merged): left as they are, never "missing". */
  leftOut: string[];
};

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
/** A cell's text in a sentence, cut short. */
const quoted = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
const rangeRef = (m: CellRange) => `${columnLetter(m.left)}${m.top}:${columnLetter(m.right)}${m.bottom}`;

/** How a file is read: whether a Parameter is a row of the table (a row of the file without values is then that row, not a footnote). */
export type ReadOptions = { known?: (parameter: string) => boolean };

/** The header row: the first row holding a cell "Parameter". */
export function headerRowIndex(rows: readonly GridRow[]): number {
  return rows.findIndex((r) => r.cells.some((c) => c.trim().toLowerCase() === "parameter"));
}

/**
 * A sheet as a table, every problem of it gathered into `problems`: the row holding "Parameter" names the columns
 * (Parameter, value columns, optionally Id and Version), every row below it is one row of the table. Refused, naming
 * the place: no Parameter column, a column name the tables do not accept, the same column twice, a value under no
 * column, too many columns or rows (these three at once, as nothing else can be read), a formula or an error value,
 * a row without a Parameter, a Parameter twice, a value or Parameter over the limits.
 *
 * What is not part of the table is reported in `structure` and left out: text above the header row (titles), hidden
 * rows and value columns, merged ranges in the header or the table's rows (each cell they cover; a row whose
 * Parameter they cover; a header's whole columns), and rows of no value whose Parameter is no row of the table
 * (footnotes, headings). Values are read without the spaces at their ends, each one listed in `trimmed`.
 */
export function readTable(grid: Grid, limits: ImportLimits, problems: FileProblems, options: ReadOptions = {}): FileTable {
  const at = (row?: number, column?: number, header?: string): Place => ({ kind: grid.kind, sheet: grid.sheet, row, column, header });
  const known = options.known ?? (() => false);
  const layout = grid.layout;
  const hiddenRow = (row: number) => layout?.hiddenRows.has(row) ?? false;
  const hiddenColumn = (column: number) => layout?.isHiddenColumn(column) ?? false;
  const structure = new Lister<StructureProblem>();
  const report = (kind: StructureKind, row: number, column: number, what: string) =>
    structure.add({ kind, sheet: grid.sheet, row, column: columnLetter(column), what });
  /** A problem past which nothing can be read: refused at once, with those found before it. */
  function fatal(place: Place, problem: string): never {
    problems.add(place, problem);
    problems.throwAny();
    throw new Error("unreachable: the problem just added is thrown");
  }

  const sorted = grid.rows.every((r, i) => i === 0 || grid.rows[i - 1]!.row < r.row) ? grid.rows : [...grid.rows].sort((a, b) => a.row - b.row);
  if (sorted.length === 0) fatal(at(), "the sheet is empty. Its header row must name the columns: Parameter, then Item1, Item2, ...");
  const headerIndex = headerRowIndex(sorted);
  if (headerIndex < 0) {
    fatal(at(sorted[0]!.row), 'there is no "Parameter" column. The header row must name the columns: Parameter, then Item1, Item2, ...');
  }
  const head = sorted[headerIndex]!;
  const body = sorted.slice(headerIndex + 1);

  for (const line of sorted.slice(0, headerIndex)) {
    const first = firstContent(line);
    if (hiddenRow(line.row)) report("hidden-row", line.row, first.column, `row ${line.row} is hidden, above the header row (row ${head.row}).`);
    else report("title", line.row, first.column, `${first.what} is above the header row (row ${head.row}): a title, not part of the table.`);
  }

  // Merged ranges by the rows they cover, walked down the sheet with its rows.
  const merges = [...(layout?.merges ?? [])].sort((a, b) => a.top - b.top);
  let nextMerge = 0;
  let active: CellRange[] = [];
  const mergesAt = (row: number): CellRange[] => {
    while (nextMerge < merges.length && merges[nextMerge]!.top <= row) active.push(merges[nextMerge++]!);
    if (active.length > 0) active = active.filter((m) => m.bottom >= row);
    return active;
  };
  const reportedMerges = new Set<CellRange>();
  const reportMerge = (m: CellRange) => {
    if (reportedMerges.has(m)) return;
    reportedMerges.add(m);
    report("merged", m.top, m.left, `cells ${rangeRef(m)} are merged.`);
  };

  // "Item1 · P1", as exported where a row names the items, is the column Item1.
  const names = head.cells.map((c) => columnFromHeader(c.trim()));
  const isValueName = (name: string | undefined) => !!name && !FIXED.has(name.toLowerCase());
  /** Value columns left out: hidden, or named in a merged range of the header row (its every column). */
  const skipped = new Set<number>();
  for (const m of mergesAt(head.row)) {
    if (!names.slice(m.left - 1, m.right).some(isValueName)) continue;
    reportMerge(m);
    for (let column = m.left; column <= m.right; column++) if (!FIXED.has((names[column - 1] ?? "").toLowerCase())) skipped.add(column);
  }
  const fixed = new Map<string, number>();
  const columns: FileColumn[] = [];
  const seen = new Map<string, number>();
  names.forEach((name, index) => {
    const column = index + 1;
    if (name === "" || skipped.has(column)) return;
    if (isValueName(name) && hiddenColumn(column)) {
      report("hidden-column", head.row, column, `column ${columnLetter(column)} (${name.slice(0, 80)}) is hidden.`);
      skipped.add(column);
      return;
    }
    const previous = seen.get(name.toLowerCase());
    if (previous !== undefined) {
      problems.add(at(head.row, column, name), `the column "${name}" appears twice (also column ${columnLetter(previous)}). Each column may appear once.`);
      return;
    }
    seen.set(name.toLowerCase(), column);
    const fixedName = FIXED.get(name.toLowerCase());
    if (fixedName) fixed.set(fixedName, index);
    else if (!COLUMN_NAME_PATTERN.test(name)) {
      problems.add(
        at(head.row, column),
        `"${name.slice(0, 80)}" is not a column name the tables accept: a letter, then letters, digits or _ (64 at most), e.g. Item12.`,
      );
    } else columns.push({ name, column });
  });
  const parameterIndex =
    fixed.get("Parameter") ?? fatal(at(head.row), 'there is no "Parameter" column. The header row must name the columns: Parameter, then Item1, Item2, ...');
  if (columns.length > limits.maxColumns) {
    const extra = columns[limits.maxColumns]!;
    fatal(at(head.row, extra.column, extra.name), `the file has ${count(columns.length)} value columns; a table has at most ${count(limits.maxColumns)}.`);
  }
  if (body.length > limits.maxRows) {
    fatal(at(body[limits.maxRows]!.row), `the file has ${count(body.length)} rows; a table has at most ${count(limits.maxRows)}.`);
  }

  const idIndex = fixed.get("Id");
  const versionIndex = fixed.get("Version");
  /** Every value column the header names, read or left out: a row with a value in any of them is a row, not a footnote. */
  const valueIndexes = names.flatMap((name, index) => (isValueName(name) ? [index] : []));
  const trimmed = new Lister<TrimmedCell>();
  const leftOut: string[] = [];
  const hiddenUnnamed = new Map<number, number>();
  const rows: FileRow[] = [];
  const byParameter = new Map<string, number>();
  for (const line of body) {
    const { cells } = line;
    const covering = mergesAt(line.row);
    const parameter = normaliseParameterName(cells[parameterIndex] ?? "");
    const unreadable = line.unreadable ?? [];
    const hasValue = valueIndexes.some((i) => (cells[i] ?? "").trim() !== "") || unreadable.some((u) => isValueName(names[u.column - 1]));

    if (hiddenRow(line.row)) {
      report("hidden-row", line.row, firstContent(line).column, `row ${line.row}${parameter ? ` (${quoted(parameter)})` : ""} is hidden.`);
      if (parameter) leftOut.push(parameter);
      continue;
    }
    if (!hasValue && valueIndexes.length > 0) {
      const exported = idIndex !== undefined && whole(cells[idIndex]) !== undefined;
      if (parameter === "" || !(exported || known(parameter))) {
        const note = firstContent(line, (i) => i !== idIndex && i !== versionIndex);
        // Only an Id or a Version left: an emptied row, which writes nothing.
        if (note.what !== "")
          report("footnote", line.row, note.column, `${note.what} has no value in any column: a footnote or a heading, not a row of the table.`);
        continue;
      }
    }
    const merged = (column: number) => covering.some((m) => column >= m.left && column <= m.right);
    covering.forEach(reportMerge);
    if (merged(parameterIndex + 1)) {
      if (parameter) leftOut.push(parameter);
      continue;
    }

    // A value under a column without a name would be lost: refuse it rather than guess.
    for (let i = 0; i < cells.length; i++) {
      const column = i + 1;
      if ((cells[i] ?? "").trim() === "" || (names[i] ?? "") !== "" || skipped.has(column) || merged(column)) continue;
      if (hiddenColumn(column)) {
        if (!hiddenUnnamed.has(column)) hiddenUnnamed.set(column, line.row);
        continue;
      }
      problems.add(at(line.row, column), `this cell holds a value, but its column has no name in row ${head.row}. Name the column (e.g. Item12) or clear it.`);
    }
    for (const cell of unreadable) {
      if (skipped.has(cell.column) || merged(cell.column)) continue;
      if ((names[cell.column - 1] ?? "") === "" && hiddenColumn(cell.column)) {
        if (!hiddenUnnamed.has(cell.column)) hiddenUnnamed.set(cell.column, line.row);
      } else problems.add(at(line.row, cell.column), unreadableMessage(line.row, cell));
    }
    const values: Record<string, string> = {};
    for (const { name, column } of columns) {
      if (merged(column)) continue;
      const raw = cells[column - 1] ?? "";
      const text = raw.trim();
      if (text.length > MAX_VALUE_LENGTH) {
        problems.add(
          at(line.row, column, name),
          `the value is ${count(text.length)} characters long; a value is at most ${count(MAX_VALUE_LENGTH)} characters.`,
        );
        continue;
      }
      if (!isStorableText(text)) {
        problems.add(at(line.row, column, name), "the value holds the NUL character or broken Unicode, which cannot be stored.");
        continue;
      }
      if (text !== raw) trimmed.add({ row: line.row, column: columnLetter(column), header: name, parameter, text: raw, as: text });
      values[name] = text;
    }
    const parameterAt = at(line.row, parameterIndex + 1, "Parameter");
    if (parameter === "") {
      if (Object.values(values).some((v) => v !== "")) problems.add(parameterAt, "this row has values but no Parameter. Every row needs a Parameter name.");
      continue; // else only an Id or a Version left (an emptied row), or values in columns left out
    }
    if (parameter.length > MAX_PARAMETER_LENGTH) {
      problems.add(parameterAt, `the Parameter is ${count(parameter.length)} characters long; a Parameter is at most ${MAX_PARAMETER_LENGTH} characters.`);
      continue;
    }
    if (!isStorableText(parameter)) {
      problems.add(parameterAt, "the Parameter holds the NUL character or broken Unicode, which cannot be stored.");
      continue;
    }
    const twice = byParameter.get(parameter);
    if (twice !== undefined) {
      problems.add(parameterAt, `"${parameter}" is also the Parameter of row ${twice}. Each Parameter may appear once: rows are matched by it.`);
      continue;
    }
    byParameter.set(parameter, line.row);
    rows.push({
      row: line.row,
      parameter,
      id: idIndex === undefined ? undefined : whole(cells[idIndex]),
      version: versionIndex === undefined ? undefined : whole(cells[versionIndex]),
      values,
    });
  }
  for (const [column, row] of hiddenUnnamed) {
    report("hidden-column", head.row, column, `column ${columnLetter(column)} is hidden and holds values (the first in row ${row}).`);
  }
  structure.listed.sort((a, b) => a.row - b.row || a.column.length - b.column.length || a.column.localeCompare(b.column));
  return {
    kind: grid.kind,
    sheet: grid.sheet,
    headerRow: head.row,
    columns,
    rows,
    structure: structure.result(),
    trimmed: trimmed.result(),
    leftOut,
  };
}

/** A sheet as a table (readTable), refused with every problem it has. */
export function readGrid(grid: Grid, limits: ImportLimits, options: ReadOptions = {}): FileTable {
  const problems = new FileProblems();
  const file = readTable(grid, limits, problems, options);
  problems.throwAny();
  return file;
}

/** A row's first cell holding something (among `where`), and that in words: its text quoted, or what it holds. */
function firstContent(line: GridRow, where: (index: number) => boolean = () => true): { column: number; what: string } {
  const index = line.cells.findIndex((c, i) => c.trim() !== "" && where(i));
  const unreadable = line.unreadable?.find((u) => where(u.column - 1));
  if (index >= 0 && (!unreadable || index < unreadable.column - 1)) return { column: index + 1, what: quoted(line.cells[index]!.trim()) };
  if (unreadable)
    return { column: unreadable.column, what: unreadable.what === "formula" ? "a formula" : unreadable.what === "error" ? "an error value" : "a value" };
  return { column: 1, what: "" };
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

/** The cells of a table row the file's row changes (only the file's columns and cells read: a column the file lacks is left as it is). */
export function fileRowChanges(file: FileRow, current: Row, columns: readonly FileColumn[], kindOf: KindOf = kindByName): CellChange[] {
  const kind = kindOf(String(current.Parameter));
  const angle = kind === "angle";
  const cells: CellChange[] = [];
  for (const { name } of columns) {
    const text = file.values[name];
    // Not read (a merged cell left out): left as it is.
    if (text === undefined) continue;
    const before = cellText(current[name]);
    // The file's value is read trimmed: spaces at the ends of a stored one are no change either.
    if (text === before.trim()) continue;
    const after = importedValue(text, before, angle, isNumericKind(kind));
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

  // Rows the file holds but leaves out (hidden, their Parameter merged) stay as they are: neither changed nor missing.
  for (const parameter of file.leftOut) {
    const row = byParameter.get(parameter);
    if (row) matched.add(Number(row.Id));
  }
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

/**
 * The values an import would write that their rows' kinds refuse (kinds.ts: "15°" in an angle row), each named by its
 * cell in the file. Apply would refuse them all the same (values.ts); found here, they are told with the file's other
 * problems, in one answer.
 */
export function valueProblems(file: FileTable, preview: ImportPreview, kindOf: KindOf, problems: FileProblems, numbersRead = true): void {
  const rowOf = new Map(file.rows.map((r) => [r.parameter, r]));
  const columnOf = new Map(file.columns.map((c) => [c.name, c.column]));
  const check = (parameter: string, column: string, value: string) => {
    const problem = valueProblem(kindOf(parameter), value);
    if (!problem) return;
    const fileRow = rowOf.get(parameter);
    const text = fileRow?.values[column] ?? value;
    // When the file's numbers could not be read (readNumbers named why), its "1,064" is that problem, not another.
    if (!numbersRead && LOCALE_NUMBER.test(text)) return;
    problems.add(
      { kind: file.kind, sheet: file.sheet, row: fileRow?.row, column: columnOf.get(column), header: column },
      `${JSON.stringify(text)} ${problem}.`,
    );
  };
  for (const row of preview.added) for (const [column, value] of Object.entries(row.values)) check(row.parameter, column, value);
  for (const row of preview.changed) for (const cell of row.cells) check(row.parameter, cell.column, cell.after);
}

/** A number as some locale writes it: digits, with commas, points or spaces between them. */
const LOCALE_NUMBER = /^[+-]?\d[\d., \u00a0\u202f]*$/;

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
