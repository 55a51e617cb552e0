import { displayValue, isAngle, storedValue } from "./angles";
import { COLUMN_NAME_PATTERN, compareColumns, type Row } from "./columns";
import { splitRecords } from "./csv";
import { type CellWrite, groupCellsByRow } from "./row-changes";

/**
 * The spreadsheet rules of a table screen, as pure functions: the selected
 * cell and range, keyboard moves, copying a range as tab-separated text that
 * Excel accepts, pasting a block copied from Excel, fill down and right,
 * clearing, and turning the resulting cell edits into one batch save.
 *
 * Positions are indexes into what the screen shows: `row` into the visible
 * (filtered, sorted) rows, `col` into the shown columns, where column 0 is
 * Parameter and 1.. are the value columns.
 */

export type Cell = { row: number; col: number };
export type Selection = { anchor: Cell; focus: Cell };
export type Bounds = { rows: number; cols: number };
export type Rect = { top: number; left: number; bottom: number; right: number };

export const PARAMETER_COLUMN = "Parameter";

export function rect(selection: Selection): Rect {
  return {
    top: Math.min(selection.anchor.row, selection.focus.row),
    bottom: Math.max(selection.anchor.row, selection.focus.row),
    left: Math.min(selection.anchor.col, selection.focus.col),
    right: Math.max(selection.anchor.col, selection.focus.col),
  };
}

export function contains(r: Rect, cell: Cell): boolean {
  return cell.row >= r.top && cell.row <= r.bottom && cell.col >= r.left && cell.col <= r.right;
}

const clamp = (cell: Cell, bounds: Bounds): Cell => ({
  row: Math.max(0, Math.min(bounds.rows - 1, cell.row)),
  col: Math.max(0, Math.min(bounds.cols - 1, cell.col)),
});

export type MoveKey = "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | "Tab" | "Enter" | "Home" | "End";

/**
 * Where a key takes the selection. Arrows move one cell (with Shift they
 * extend the range instead); Tab moves right and wraps to the next row
 * (Shift+Tab left); Enter moves down (Shift+Enter up); Home and End go to
 * the first and last column of the row.
 */
export function moveSelection(selection: Selection, key: MoveKey, shift: boolean, bounds: Bounds): Selection {
  if (bounds.rows === 0 || bounds.cols === 0) return selection;
  const from = shift && key.startsWith("Arrow") ? selection.focus : selection.anchor;
  let next: Cell;
  switch (key) {
    case "ArrowUp":
      next = { row: from.row - 1, col: from.col };
      break;
    case "ArrowDown":
      next = { row: from.row + 1, col: from.col };
      break;
    case "ArrowLeft":
      next = { row: from.row, col: from.col - 1 };
      break;
    case "ArrowRight":
      next = { row: from.row, col: from.col + 1 };
      break;
    case "Enter":
      next = { row: from.row + (shift ? -1 : 1), col: from.col };
      break;
    case "Tab": {
      const step = shift ? -1 : 1;
      let { row, col } = from;
      col += step;
      if (col >= bounds.cols) {
        col = 0;
        row += 1;
      } else if (col < 0) {
        col = bounds.cols - 1;
        row -= 1;
      }
      next = { row, col };
      break;
    }
    case "Home":
      next = { row: from.row, col: 0 };
      break;
    case "End":
      next = { row: from.row, col: bounds.cols - 1 };
      break;
  }
  const cell = clamp(next, bounds);
  return shift && key.startsWith("Arrow") ? { anchor: selection.anchor, focus: cell } : { anchor: cell, focus: cell };
}

/** The text a cell shows (angles in degrees), as copied. */
function shownText(row: Row, column: string): string {
  const value = row[column];
  const text = value === undefined || value === null ? "" : String(value);
  return column === PARAMETER_COLUMN ? text : displayValue(text, isAngle(row));
}

/** One cell as Excel writes it into tab-separated text: quoted when it holds a tab, a line break or a quote. */
function tsvField(text: string): string {
  return /[\t\r\n"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A range as tab-separated text, as the screen shows the values (angles in
 * degrees): each row a line ending in CRLF, exactly as Excel itself copies
 * (so a single empty cell is still one cell).
 */
export function rangeToTsv(rows: readonly Row[], columns: readonly string[], r: Rect): string {
  const lines: string[] = [];
  for (let i = r.top; i <= r.bottom; i++) {
    const row = rows[i];
    if (!row) continue;
    const cells: string[] = [];
    for (let c = r.left; c <= r.right; c++) cells.push(tsvField(shownText(row, columns[c] ?? "")));
    lines.push(`${cells.join("\t")}\r\n`);
  }
  return lines.join("");
}

/**
 * Tab-separated text (what Excel and Sheets put on the clipboard) as a
 * block of cells: rows on lines, cells on tabs, quoted fields may hold tabs,
 * line breaks and doubled quotes; one trailing line break is not a row.
 */
export function parseTsv(text: string): string[][] {
  return splitRecords(text, "\t").records;
}

/** One cell changed on screen, by row id and column, with the text as the user would have typed it. */
export type CellEdit = { rowId: number; column: string; text: string };

export type PasteResult = { ok: true; edits: CellEdit[]; newColumns: string[] } | { ok: false; error: string };

/** The Item column after the highest one: Item13 after Item12. */
function nextItemColumns(columns: readonly string[], count: number): string[] {
  const highest = columns.reduce((max, c) => Math.max(max, /^Item(\d+)$/.exec(c) ? Number(/^Item(\d+)$/.exec(c)![1]) : 0), 0);
  return Array.from({ length: count }, (_, i) => `Item${highest + i + 1}`);
}

/**
 * A block copied from Excel, pasted with its top-left at `at`: the cell
 * edits it makes, and the Item columns it needs beyond the last shown one
 * (created on save). Pasting past the last row is refused, as is a block
 * over the Parameter column with an empty name.
 */
export function pasteBlock(rows: readonly Row[], columns: readonly string[], at: Cell, block: string[][]): PasteResult {
  const height = block.length;
  const width = Math.max(0, ...block.map((line) => line.length));
  if (height === 0 || width === 0) return { ok: false, error: "The clipboard holds no cells to paste." };
  if (at.row + height > rows.length) {
    const missing = at.row + height - rows.length;
    return {
      ok: false,
      error: `The pasted block has ${height} row${height === 1 ? "" : "s"}, ${missing} more than the table has below the selected cell. Create the rows first, or select a cell higher up.`,
    };
  }
  const lacking = Math.max(0, at.col + width - columns.length);
  const newColumns = nextItemColumns(columns, lacking);
  const all = [...columns, ...newColumns];
  const edits: CellEdit[] = [];
  for (let r = 0; r < height; r++) {
    const row = rows[at.row + r]!;
    for (let c = 0; c < width; c++) {
      const column = all[at.col + c]!;
      const text = block[r]![c] ?? "";
      if (column === PARAMETER_COLUMN && text.trim() === "")
        return { ok: false, error: `Row ${at.row + r + 1} of the block would leave a Parameter name empty.` };
      edits.push({ rowId: Number(row.Id), column, text });
    }
  }
  return { ok: true, edits, newColumns };
}

/** Fill down: every row of the range takes the values of its first row. */
export function fillDown(rows: readonly Row[], columns: readonly string[], r: Rect): CellEdit[] {
  const source = rows[r.top];
  if (!source) return [];
  const edits: CellEdit[] = [];
  for (let i = r.top + 1; i <= r.bottom; i++) {
    const row = rows[i]!;
    for (let c = r.left; c <= r.right; c++) {
      const column = columns[c]!;
      if (column === PARAMETER_COLUMN) continue; // names stay unique
      edits.push({ rowId: Number(row.Id), column, text: shownText(source, column) });
    }
  }
  return edits;
}

/** Fill right: every column of the range takes the values of its first column. */
export function fillRight(rows: readonly Row[], columns: readonly string[], r: Rect): CellEdit[] {
  const edits: CellEdit[] = [];
  const first = columns[r.left]!;
  for (let i = r.top; i <= r.bottom; i++) {
    const row = rows[i]!;
    for (let c = Math.max(r.left + 1, 1); c <= r.right; c++) edits.push({ rowId: Number(row.Id), column: columns[c]!, text: shownText(row, first) });
  }
  return edits;
}

/** Delete: the range's values become empty (a Parameter name is never cleared). */
export function clearRange(rows: readonly Row[], columns: readonly string[], r: Rect): CellEdit[] {
  const edits: CellEdit[] = [];
  for (let i = r.top; i <= r.bottom; i++) {
    for (let c = Math.max(r.left, 1); c <= r.right; c++) edits.push({ rowId: Number(rows[i]!.Id), column: columns[c]!, text: "" });
  }
  return edits;
}

export type RowChange = { id: number; data: Record<string, string | number> };

/**
 * Cell edits as one batch save: per row its `data` with the Version it was
 * read at (so a concurrent save is a conflict), values converted back to
 * what is stored (degrees to radians on angle rows), only cells that really
 * change. A renamed row keeps its kind (angle or not) for this save.
 */
export function editsToChanges(rows: readonly Row[], edits: readonly CellEdit[]): RowChange[] {
  const byId = new Map(rows.map((row) => [Number(row.Id), row]));
  const cells: CellWrite<Row>[] = [];
  for (const edit of edits) {
    const row = byId.get(edit.rowId);
    if (!row) continue;
    if (edit.column !== PARAMETER_COLUMN && !COLUMN_NAME_PATTERN.test(edit.column)) continue;
    const angle = isAngle(row);
    const stored = edit.column === PARAMETER_COLUMN ? edit.text.trim() : storedValue(edit.text, angle);
    const current = row[edit.column];
    const currentText = current === undefined || current === null ? "" : String(current);
    // Untouched in effect: an angle shown rounded and pasted back unchanged keeps its stored radians.
    if (stored === currentText || (edit.column !== PARAMETER_COLUMN && edit.text === shownText(row, edit.column))) continue;
    cells.push({ row, column: edit.column, value: stored });
  }
  return groupCellsByRow(cells).map(({ row, values }) => ({ id: Number(row.Id), data: { Version: Number(row.Version), ...values } }));
}

/** The columns a set of edits writes that the table does not show yet, in display order. */
export function newColumnsOf(edits: readonly CellEdit[], columns: readonly string[]): string[] {
  const known = new Set(columns);
  return [...new Set(edits.map((e) => e.column).filter((c) => !known.has(c)))].sort(compareColumns);
}
