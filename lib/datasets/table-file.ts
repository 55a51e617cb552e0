/**
 * A table as a file an engineer opens in Excel, and back: the XLSX workbook
 * (exceljs, streamed both ways) and the CSV file, their layout, and the
 * reading of any workbook or CSV into one sheet of text cells.
 *
 * The file holds what the screen shows: on angle rows (Parameter contains
 * "angle") the values are degrees with 2 decimals, as on screen and when
 * editing; the import turns them back into radians, and a value that still
 * equals what was exported keeps its stored radians exactly (no drift).
 */
import "server-only";
import ExcelJS from "exceljs";
import { MAX_ROWS } from "@/db/queries/rows";
import { displayValue, isAngleRow } from "./angles";
import { deriveColumns, type Row } from "./columns";
import { columnHeader, itemNames } from "./item-labels";
import { unitLabel } from "./kinds";
import { isDatasetKey } from "./registry";
import { tableKinds } from "./templates";
import { BOM, CsvError, detectSeparator, parseCsv, toCsv } from "./csv";
import { type XlsxLimits, xlsxLimits } from "./xlsx-limits";
import { excelDateText } from "./date-format";
import { type CellRange, layoutOf, WorkbookReader } from "./xlsx-reader";
import { writeWorkbook } from "./xlsx-writer";
import { DomainError } from "@/lib/errors";

/** The hidden sheet recording what a workbook was exported from. */
export const META_SHEET = "_pontifex";
/** The meta sheet's layout version; a reader refuses to trust a layout it does not know. */
const META_VERSION = 1;
/**
 * Cells one file may hold: twice a 2,000 x 300 table. Past it the file is refused while it is read, and what was read
 * until then stays under the +64 MB a refused import may cost (issue 24, item 2: at 3,000,000 a workbook of 300-cell
 * rows refused at the cap had taken +118 MB).
 */
export const MAX_FILE_CELLS = 1_200_000;
/**
 * Non-empty rows one workbook may hold: a table's at most, twice (its sheet, and the export's record of it). A row
 * costs some 250 bytes however few its cells: a 0.4 MB workbook of 3,000,000 one-cell rows took 750 MB and 110 s
 * before the cell limit refused it.
 */
export const MAX_FILE_ROWS = 2 * (MAX_ROWS + 20);
const EXCEL_MAX_SHEET_NAME = 31;

export type FileKind = "xlsx" | "csv";

/** A cell that holds no value to import: a formula (its text, cut short), an error value (which), or something else. */
export type UnreadableCell = { column: number; what: "formula" | "error" | "other"; detail?: string };
/**
 * One row of a sheet as read: its number as Excel shows it, its cells as text (index 0 is column A), and the cells
 * that hold no value to import (refused where the import reads them: a formula in a hidden helper column is not).
 */
export type GridRow = { row: number; cells: string[]; unreadable?: UnreadableCell[] };
/** What a workbook's sheet hides or joins (a CSV file has none of it). */
export type GridLayout = {
  hiddenRows: ReadonlySet<number>;
  isHiddenColumn(column: number): boolean;
  merges: readonly CellRange[];
};
/** The sheet an import reads: its name (the file's name for a CSV file), its non-empty rows, and its layout. */
export type Grid = { kind: FileKind; sheet: string; rows: GridRow[]; separator?: string; layout?: GridLayout };

/** What a workbook records of its export, so a re-import knows what it was based on. */
export type ExportMeta = {
  projectId: number;
  projectName: string;
  dataset: string;
  table: string;
  sheet: string;
  exportedAt: string;
  revision: number;
  /** Every row as exported: its Id, Version and Parameter. */
  rows: { id: number; version: number; parameter: string }[];
};

// ---------------------------------------------------------------- where in a file

/** Excel's letters for a column: 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let n = column;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** A place in a file, as a message names it and as the 400 answer carries it. */
/** Where in a file a problem is: a sheet (a CSV file's name), or with `file` the whole file, named as a file. */
export type Place = { kind: FileKind; sheet: string; row?: number; column?: number; header?: string; file?: boolean };

export function describePlace(place: Place): string {
  const parts = [place.kind === "csv" || place.file ? `File "${place.sheet}"` : `Sheet "${place.sheet}"`];
  if (place.row !== undefined) parts.push(`row ${place.row}`);
  if (place.column !== undefined) parts.push(`column ${columnLetter(place.column)}${place.header ? ` (${place.header})` : ""}`);
  return parts.join(", ");
}

/** A file that cannot be imported: 400, the message naming sheet, row and column, and those as fields for the screen. */
export function badFile(place: Place, problem: string): DomainError {
  return new DomainError("invalid", `${describePlace(place)}: ${problem}`, {
    sheet: place.sheet,
    ...(place.row !== undefined ? { row: place.row } : {}),
    ...(place.column !== undefined ? { column: columnLetter(place.column) } : {}),
  });
}

// ---------------------------------------------------------------- export

export type ExportInput = {
  project: { id: number; name: string };
  dataset: { key: string; title: string };
  revision: number;
  exportedAt: Date;
  rows: readonly Row[];
  /** The kinds the table's engineers set, by row Id (a snapshot's `kinds`); the other rows' come from template or name. */
  kinds?: ReadonlyMap<number, string>;
  /** Every column of the table (the screen shows those holding a value, in its order). */
  columns: readonly string[];
};

/** The value columns of an export: the screen's, in its order. */
export function exportColumns(input: Pick<ExportInput, "rows" | "columns">): string[] {
  return deriveColumns(input.rows, [], input.columns);
}

/**
 * The value columns' headers: "Item1 · P1" where a row names the items, as on screen. The import reads such a header
 * as its column (item-labels.ts, columnFromHeader), so an export re-imports unchanged.
 */
export function exportHeaders(input: Pick<ExportInput, "rows" | "dataset">, columns: readonly string[]): string[] {
  const names = itemNames(input.rows, isDatasetKey(input.dataset.key) ? input.dataset.key : undefined);
  return columns.map((c) => columnHeader(c, names));
}

/**
 * Each row as the file shows it: whether it is an angle row (degrees in the file) and its unit after its Parameter
 * (° on angle rows, m, kN, MPa...; empty for text and counts), by its kind as set, else its template's or name's.
 */
function exportedKind(input: Pick<ExportInput, "dataset" | "kinds">): (row: Row) => { angle: boolean; unit: string } {
  const key = input.dataset.key;
  if (!isDatasetKey(key)) return (row) => ({ angle: isAngleRow(String(row.Parameter)), unit: "" });
  const kindOf = tableKinds(key, input.kinds ?? new Map());
  return (row) => {
    const kind = kindOf(row);
    return { angle: kind.kind === "angle", unit: unitLabel(kind) };
  };
}

/** A stored value as the file holds it: degrees on angle rows (as shown), everything else as stored. */
export function exportedText(stored: string, angle: boolean): string {
  return displayValue(stored, angle);
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\, not the meta sheet's. */
export function sheetNameFor(title: string): string {
  const name =
    title
      .replace(/[[\]:*?/\\]/g, "_")
      .replace(/^'+|'+$/g, "")
      .trim()
      .slice(0, EXCEL_MAX_SHEET_NAME) || "Table";
  return name === META_SHEET ? "Table" : name;
}

/** The download's name: project, table and date (UTC), without characters a file system refuses. */
export function exportFileName(input: Pick<ExportInput, "project" | "dataset" | "exportedAt">, kind: FileKind): string {
  const clean = (s: string) =>
    s
      .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, "_")
      .replace(/\s+/g, " ")
      .trim();
  return `${clean(input.project.name)} - ${clean(input.dataset.title)} - ${input.exportedAt.toISOString().slice(0, 10)}.${kind}`;
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** Id, Parameter and Unit: frozen on screen, repeated on every printed page. */
const FIXED_COLUMNS = 3;

/**
 * A text cell as the workbook stores it: a number when it reads back as
 * exactly the same text and Excel keeps it exactly (15 significant digits),
 * so engineers calculate with it; text otherwise ("12.400", "007" and
 * "Pot Guided" stay as they are).
 */
export function workbookValue(text: string): string | number {
  if (!NUMBER.test(text)) return text;
  const n = Number(text);
  if (!Number.isFinite(n) || String(n) !== text) return text;
  const digits = text.replace(/^-/, "").replace(/e.*$/i, "").replace(".", "").replace(/^0+/, "");
  return digits.length <= 15 ? n : text;
}

/** A column's width in characters: its longest text, within bounds. */
const widthOf = (texts: readonly string[], min: number, max: number) => {
  let longest = 0;
  for (const text of texts) longest = Math.max(longest, text.length);
  return Math.min(max, Math.max(min, longest + 2));
};

/**
 * The table as an XLSX workbook: a visible sheet laid out like the screen
 * (Id, Parameter, then the value columns in display order; header frozen
 * with the Id and Parameter columns), and a hidden sheet recording the
 * project, the dataset, the export time and every row's Id and Version.
 */
export async function writeXlsx(input: ExportInput): Promise<Buffer> {
  const columns = exportColumns(input);
  const headers = exportHeaders(input, columns);
  const sheet = sheetNameFor(input.dataset.title);
  return writeWorkbook((workbook) => {
    workbook.created = input.exportedAt;

    const kindOf = exportedKind(input);
    const shown = input.rows.map((row) => {
      const { angle, unit } = kindOf(row);
      return { row, angle, unit, texts: columns.map((c) => exportedText(String(row[c] ?? ""), angle)) };
    });
    const ws = workbook.addWorksheet(sheet, {
      views: [{ state: "frozen", xSplit: FIXED_COLUMNS, ySplit: 1, topLeftCell: "D2", activeCell: "D2" }],
      // Printed: landscape, as wide as the page, the header and Id, Parameter and Unit on every page.
      pageSetup: { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: "1:1", printTitlesColumn: "A:C" },
    });
    ws.columns = [
      { width: 8 },
      { width: widthOf(["Parameter", ...shown.map((s) => String(s.row.Parameter))], 12, 40) },
      { width: 7 },
      ...headers.map((h, i) => ({ width: widthOf([h, ...shown.map((s) => s.texts[i]!)], 10, 30) })),
    ];
    const header = ws.addRow(["Id", "Parameter", "Unit", ...headers]);
    header.font = { bold: true };
    header.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE7EEF7" } };
    header.commit();
    for (const { row, angle, unit, texts } of shown) {
      const line = ws.addRow([
        Number(row.Id),
        String(row.Parameter),
        unit,
        ...texts.map((text) => (angle && NUMBER.test(text) ? Number(text) : workbookValue(text))),
      ]);
      // Degrees keep the screen's two decimals in Excel too.
      if (angle) texts.forEach((text, i) => NUMBER.test(text) && (line.getCell(i + FIXED_COLUMNS + 1).numFmt = "0.00"));
      line.commit();
    }
    ws.commit();

    const meta = workbook.addWorksheet(META_SHEET, { state: "hidden" });
    const pairs: [string, string | number][] = [
      ["Pontifex export", META_VERSION],
      ["Project id", input.project.id],
      ["Project", input.project.name],
      ["Dataset", input.dataset.key],
      ["Table", input.dataset.title],
      ["Sheet", sheet],
      ["Exported at", input.exportedAt.toISOString()],
      ["Revision", input.revision],
      ["Angle values", "degrees"],
    ];
    for (const pair of pairs) meta.addRow(pair).commit();
    meta.addRow([]).commit();
    meta.addRow(["Id", "Version", "Parameter"]).commit();
    for (const row of input.rows) meta.addRow([Number(row.Id), Number(row.Version), String(row.Parameter)]).commit();
    meta.commit();
  });
}

/**
 * The table as CSV: the visible sheet's columns, then Version (what a
 * re-import checks for rows changed since; a file without the Id and
 * Version columns is compared with the table as it is).
 */
export function writeCsv(input: ExportInput): string {
  const columns = exportColumns(input);
  const lines: string[][] = [["Id", "Parameter", "Unit", ...exportHeaders(input, columns), "Version"]];
  const kindOf = exportedKind(input);
  for (const row of input.rows) {
    const { angle, unit } = kindOf(row);
    lines.push([String(row.Id), String(row.Parameter), unit, ...columns.map((c) => exportedText(String(row[c] ?? ""), angle)), String(row.Version)]);
  }
  return toCsv(lines);
}

// ---------------------------------------------------------------- import: reading a file

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** What reading a file gives: the sheet to import and, from an export's hidden sheet, what it was based on. */
export type ReadFile = { grid: Grid; meta: ExportMeta | null };

/**
 * Reads an uploaded file: an XLSX workbook (by its content, whatever its
 * name) or a CSV file (UTF-8, or Windows-1252 as Excel saves on Windows). Anything else, an old .xls, a workbook
 * without the table's sheet, is refused with the place it was found; a workbook that unpacks past the
 * limits (xlsx-limits.ts) with 413 naming the limit. A workbook's sheet comes with what it hides or merges, and its
 * formulas and error values, for the import to report where it reads them (import-plan.ts, readTable).
 */
export async function readTableFile(
  bytes: Uint8Array,
  fileName: string,
  table: { title: string; key: string },
  limits: XlsxLimits = xlsxLimits(),
): Promise<ReadFile> {
  const name = fileName || "the file";
  if (bytes.length === 0) throw badFile({ kind: "csv", sheet: name }, "the file is empty. Choose an Excel workbook (.xlsx) or a CSV file.");
  if (startsWith(bytes, OLE)) {
    throw badFile({ kind: "xlsx", sheet: name, file: true }, "this is an Excel 97-2003 workbook (.xls). Save it as an Excel Workbook (.xlsx) and import that.");
  }
  if (startsWith(bytes, ZIP) && isOpenDocument(bytes)) {
    throw badFile(
      { kind: "xlsx", sheet: name, file: true },
      "this is an OpenDocument spreadsheet (.ods). Save it as an Excel Workbook (.xlsx) (in LibreOffice: File, Save As, Excel 2007-365) and import that.",
    );
  }
  if (startsWith(bytes, ZIP)) return readXlsx(bytes, name, table, limits);
  const text = decodeCsv(bytes, name);
  if (text.includes("\u0000")) throw badFile({ kind: "csv", sheet: name }, "this is not an Excel workbook (.xlsx) nor a CSV file (it holds binary data).");
  return { grid: readCsvText(text, name), meta: null };
}

/**
 * An OpenDocument file (LibreOffice's .ods, or .odt) is a zip whose first entry is an uncompressed "mimetype" file
 * naming its type (OpenDocument 1.2, part 3, section 3.3).
 */
function isOpenDocument(bytes: Uint8Array): boolean {
  return new TextDecoder("latin1").decode(bytes.subarray(30, 120)).startsWith("mimetypeapplication/vnd.oasis.opendocument.");
}

// Bytes Windows-1252 leaves undefined: a file holding one of them is not Windows-1252 text.
const CP1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
// Windows-1252's 0x80-0x9F (elsewhere it is Latin-1), from Unicode's mapping file (bestfit1252): Node's own decoder
// may read these as Latin-1's control characters.
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/**
 * A CSV file's text: UTF-8 (with or without its byte-order mark), else Windows-1252, what Excel's "CSV (Comma
 * delimited)" writes on Windows in western locales. A file that is neither is refused, naming the first row whose
 * bytes are no Windows-1252 text.
 */
function decodeCsv(bytes: Uint8Array, name: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    let row = 1;
    for (const byte of bytes) {
      if (byte === 0x0a) row += 1;
      else if (CP1252_UNDEFINED.has(byte)) {
        throw badFile(
          { kind: "csv", sheet: name, row },
          "this is not an Excel workbook (.xlsx) nor a CSV file in UTF-8 or Windows-1252. In Excel, save it as .xlsx or as CSV UTF-8.",
        );
      }
    }
    return new TextDecoder("latin1").decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
  }
}

export function readCsvText(text: string, name: string): Grid {
  let records;
  const separator = detectSeparator(text.startsWith(BOM) ? text.slice(1) : text);
  try {
    records = parseCsv(text, separator);
  } catch (error) {
    if (error instanceof CsvError) throw badFile({ kind: "csv", sheet: name, row: error.row, column: error.column }, error.message);
    throw error;
  }
  const rows: GridRow[] = [];
  let cells = 0;
  for (const record of records) {
    if (record.fields.every((f) => f === "")) continue;
    cells += record.fields.length;
    if (cells > MAX_FILE_CELLS) throw badFile({ kind: "csv", sheet: name, row: record.row }, tooManyCells);
    rows.push({ row: record.row, cells: record.fields });
  }
  return { kind: "csv", sheet: name, rows, separator };
}

const tooManyCells = `the file holds more than ${MAX_FILE_CELLS.toLocaleString("en")} cells, more than a table can take in one import. Split it into smaller files.`;
const tooManyRows = `the workbook holds more than ${MAX_FILE_ROWS.toLocaleString("en")} rows, more than a table (${MAX_ROWS.toLocaleString("en")} rows) and the record of its export. Keep only the table's sheet, or split it into smaller files.`;

type SheetRead = {
  name: string;
  visible: boolean;
  rows: GridRow[];
  layout?: GridLayout;
};

/** Past this many in a sheet, a cell that cannot be imported is kept without its formula's text. */
const UNREADABLE_DETAILED = 1000;

/**
 * A cell's value as text, or why it cannot be imported. A date or a time is the text the cell shows under its number
 * format (date-format.ts), not the serial number Excel stores.
 */
function cellText(
  value: ExcelJS.CellValue,
  numFmt: string | undefined,
  date1904: boolean,
  detailed: boolean,
): { text: string } | { refused: Omit<UnreadableCell, "column"> } {
  if (value === null || value === undefined) return { text: "" };
  if (typeof value === "string") return { text: value };
  if (typeof value === "number") return { text: String(value) };
  if (typeof value === "boolean") return { text: value ? "TRUE" : "FALSE" };
  if (value instanceof Date) return { text: excelDateText(value, numFmt ?? "yyyy-mm-dd", date1904) };
  const object = value as unknown as Record<string, unknown>;
  // A shared formula's other cells carry an empty formula: the key, not its text, says it is one.
  if ("formula" in object || "sharedFormula" in object) {
    const formula = String(object.formula || object.sharedFormula || "");
    return { refused: { what: "formula", ...(detailed && formula ? { detail: formula.slice(0, 60) } : {}) } };
  }
  if ("error" in object) return { refused: { what: "error", detail: String(object.error).slice(0, 20) } };
  if (Array.isArray(object.richText)) return { text: (object.richText as { text: string }[]).map((part) => part.text).join("") };
  if ("text" in object) return cellText(object.text as ExcelJS.CellValue, numFmt, date1904, detailed);
  return { refused: { what: "other" } };
}

/** Why a cell cannot be imported, and what to do: "cell C2 holds a formula (=B2*2). Pontifex imports values only: ...". */
export function unreadableMessage(row: number, cell: UnreadableCell): string {
  const ref = `cell ${columnLetter(cell.column)}${row}`;
  if (cell.what === "formula") {
    return `${ref} holds a formula${cell.detail ? ` (=${cell.detail})` : ""}. Pontifex imports values only: copy the sheet and paste it as values (Paste Special > Values), then import again.`;
  }
  if (cell.what === "error") return `${ref} holds the error value ${cell.detail ?? ""}. Correct or clear that cell, then import again.`;
  return `${ref} holds a value Pontifex cannot read as text.`;
}

async function readXlsx(bytes: Uint8Array, fileName: string, table: { title: string; key: string }, limits: XlsxLimits): Promise<ReadFile> {
  const sheets: SheetRead[] = [];
  let cells = 0;
  let rows = 0;
  try {
    const reader = new WorkbookReader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits, {
      maxRows: MAX_FILE_ROWS,
      maxCells: MAX_FILE_CELLS,
      refuse: (what, sheet) => badFile({ kind: "xlsx", sheet }, what === "rows" ? tooManyRows : tooManyCells),
    });
    for await (const worksheet of reader) {
      const ws = worksheet as unknown as { name?: string; state?: string } & AsyncIterable<ExcelJS.Row>;
      const sheet: SheetRead = { name: ws.name ?? `Sheet ${sheets.length + 1}`, visible: (ws.state ?? "visible") === "visible", rows: [] };
      sheets.push(sheet);
      let unreadable = 0;
      const { date1904 } = reader;
      for await (const row of ws) {
        const texts: string[] = [];
        let refused: UnreadableCell[] | undefined;
        let any = false;
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          const read = cellText(cell.value, cell.numFmt, date1904, unreadable < UNREADABLE_DETAILED);
          if ("refused" in read) {
            unreadable++;
            (refused ??= []).push({ column, ...read.refused });
            return;
          }
          while (texts.length < column - 1) texts.push("");
          texts[column - 1] = read.text;
          if (read.text !== "") any = true;
        });
        if (!any && !refused) continue;
        cells += texts.length + (refused?.length ?? 0);
        if (cells > MAX_FILE_CELLS) throw badFile({ kind: "xlsx", sheet: sheet.name, row: row.number }, tooManyCells);
        if (++rows > MAX_FILE_ROWS) throw badFile({ kind: "xlsx", sheet: sheet.name, row: row.number }, tooManyRows);
        // Copied to its length: as grown, a one-cell row's array keeps room for 17 (150 bytes a row).
        sheet.rows.push(refused ? { row: row.number, cells: texts.slice(), unreadable: refused } : { row: row.number, cells: texts.slice() });
      }
      const layout = layoutOf(worksheet);
      if (layout && !layout.empty) sheet.layout = layout;
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw badFile(
      { kind: "xlsx", sheet: fileName, file: true },
      "this file is not an Excel workbook (.xlsx) that can be read (it may be damaged or password-protected). Open it in Excel and save it again as .xlsx.",
    );
  }
  // A zip without worksheets: a Word file, an archive.
  if (sheets.length === 0) throw badFile({ kind: "xlsx", sheet: fileName, file: true }, "this file is not an Excel workbook (.xlsx): it holds no sheets.");
  const meta = parseMeta(sheets.find((s) => s.name === META_SHEET));
  const sheet = chooseSheet(sheets, meta, table, fileName);
  return { grid: { kind: "xlsx", sheet: sheet.name, rows: sheet.rows, ...(sheet.layout ? { layout: sheet.layout } : {}) }, meta };
}

/**
 * The sheet to import: the one the export recorded; else the only visible
 * sheet; else the one named after the table. Several sheets and none of
 * them the table's is refused rather than guessed.
 */
function chooseSheet(sheets: SheetRead[], meta: ExportMeta | null, table: { title: string; key: string }, fileName: string): SheetRead {
  const candidates = sheets.filter((s) => s.name !== META_SHEET);
  const recorded = meta && candidates.find((s) => s.name === meta.sheet);
  if (recorded) return recorded;
  const visible = candidates.filter((s) => s.visible);
  if (visible.length === 1) return visible[0]!;
  const wanted = [sheetNameFor(table.title), table.title, table.key].map((n) => n.toLowerCase());
  const named = visible.find((s) => wanted.includes(s.name.toLowerCase()));
  if (named) return named;
  if (visible.length === 0) throw badFile({ kind: "xlsx", sheet: fileName, file: true }, "the workbook has no visible sheet to import.");
  throw badFile(
    { kind: "xlsx", sheet: fileName, file: true },
    `the workbook has ${visible.length} sheets (${visible.map((s) => `"${s.name}"`).join(", ")}) and none is named "${sheetNameFor(table.title)}". Name the sheet to import after the table, or keep only that sheet, and import again.`,
  );
}

/** The hidden sheet of an export, or null when there is none or it is not one this version wrote. */
export function parseMeta(sheet: { rows: GridRow[] } | undefined): ExportMeta | null {
  if (!sheet) return null;
  const pairs = new Map<string, string>();
  let i = 0;
  for (; i < sheet.rows.length; i++) {
    const [key = "", value = ""] = sheet.rows[i]!.cells;
    if (key === "Id" && value === "Version") break;
    pairs.set(key, value);
  }
  if (pairs.get("Pontifex export") !== String(META_VERSION) || pairs.get("Angle values") !== "degrees") return null;
  const projectId = Number(pairs.get("Project id"));
  const revision = Number(pairs.get("Revision"));
  if (!Number.isInteger(projectId) || !Number.isInteger(revision)) return null;
  const rows: ExportMeta["rows"] = [];
  for (const { cells } of sheet.rows.slice(i + 1)) {
    const id = Number(cells[0]);
    const version = Number(cells[1]);
    if (!Number.isInteger(id) || !Number.isInteger(version)) return null;
    rows.push({ id, version, parameter: cells[2] ?? "" });
  }
  return {
    projectId,
    projectName: pairs.get("Project") ?? "",
    dataset: pairs.get("Dataset") ?? "",
    table: pairs.get("Table") ?? "",
    sheet: pairs.get("Sheet") ?? "",
    exportedAt: pairs.get("Exported at") ?? "",
    revision,
    rows,
  };
}
