/**
 * Numbers as spreadsheets in other locales write them (docs/tables.md, "What import reads"): a decimal comma
 * ("11,591" in a German CSV), a point or a space between thousands ("1.234,5", "1 234,5"), a comma between thousands
 * ("1,234.5"). A file is read in one format, found from all of its numeric cells at once; a cell that could be read
 * two ways in that file ("1,064": 1.064 or 1064) is never guessed: the import is refused, naming the cells.
 */

import { isPlainNumber } from "./kinds";

/** A value of a numeric row in the file, and where it is. */
export type NumberCell = { row: number; column: number; text: string };
export type DecimalMark = "point" | "comma";
/** How a file writes its numbers: its decimal mark, and the cells read differently from how they are written. */
export type NumberFormat = { decimal: DecimalMark; read: { cell: NumberCell; as: string }[] };
/** A file whose numbers cannot be read without a guess: the cells that could be read two ways, or that disagree. */
export type NumberFormatProblem = { reason: "ambiguous" | "mixed"; cells: NumberCell[] };

// Only ever a decimal comma: a comma not followed by exactly three digits, or after "0" or four digits or more
// (thousands groups start with one to three digits).
const COMMA_DECIMAL = /^[+-]?(\d+,(\d{1,2}|\d{4,})|0,\d+|\d{4,},\d+)$/;
// A decimal comma in a file known to write them.
const ANY_COMMA_DECIMAL = /^[+-]?\d+,\d+$/;
// Grouped thousands with a point or a space, a decimal comma after (1.234,5 or 1 234,5 or 1.234.567).
const POINT_GROUPS_COMMA = /^[+-]?\d{1,3}([. \u00a0\u202f]\d{3})+(,\d+)?$/;
// Only ever a decimal point: not exactly three digits after it.
const POINT_DECIMAL = /^[+-]?(\d*\.(\d{1,2}|\d{4,}))$/;
// Grouped thousands with a comma, a decimal point after (1,234.5 or 1,234,567).
const COMMA_GROUPS_POINT = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
// Either: "1,064" (1.064 or 1064), "1.064" (1.064 or 1064).
const AMBIGUOUS_COMMA = /^[+-]?\d{1,3},\d{3}$/;

/** The evidence one cell gives of its file's decimal mark: "comma", "point", or none. */
function evidence(text: string): DecimalMark | null {
  if (COMMA_DECIMAL.test(text)) return "comma";
  if (
    /^[+-]?\d{1,3}([. \u00a0\u202f]\d{3})+,\d+$/.test(text) ||
    /^[+-]?\d{1,3}(\.\d{3}){2,}$/.test(text) ||
    /^[+-]?\d{1,3}([ \u00a0\u202f]\d{3})+$/.test(text)
  ) {
    return "comma";
  }
  if (POINT_DECIMAL.test(text) || /^[+-]?\d{1,3}(,\d{3})+\.\d+$/.test(text) || /^[+-]?\d{1,3}(,\d{3}){2,}$/.test(text)) return "point";
  return null;
}

/** A cell's text as a plain number in a file of this decimal mark, or null when it is not a number there. */
function readAs(text: string, decimal: DecimalMark): string | null {
  if (decimal === "comma") {
    if (ANY_COMMA_DECIMAL.test(text)) return text.replace(",", ".");
    if (POINT_GROUPS_COMMA.test(text)) return text.replace(/[. \u00a0\u202f]/g, "").replace(",", ".");
    if (/^[+-]?\d+$/.test(text)) return text;
    return null;
  }
  if (isPlainNumber(text)) return text;
  if (COMMA_GROUPS_POINT.test(text)) return text.replace(/,/g, "");
  return null;
}

/**
 * How a file writes its numbers, from every value of its numeric rows (and a CSV file's separator: a semicolon file
 * is a decimal-comma locale's). Values that are not numbers in either format are left for the row's kind to refuse.
 */
export function numberFormatOf(cells: readonly NumberCell[], separator?: string): NumberFormat | NumberFormatProblem {
  const comma: NumberCell[] = [];
  const point: NumberCell[] = [];
  for (const cell of cells) {
    const mark = evidence(cell.text.trim());
    if (mark === "comma") comma.push(cell);
    else if (mark === "point") point.push(cell);
  }
  if (comma.length > 0 && point.length > 0) return { reason: "mixed", cells: [comma[0]!, point[0]!] };
  const decimal: DecimalMark | null = comma.length > 0 ? "comma" : point.length > 0 ? "point" : separator === ";" ? "comma" : null;
  if (decimal === null) {
    // No cell tells the format: "1,064" and "1.064" would be guesses; plain numbers need no format.
    const ambiguous = cells.filter((c) => AMBIGUOUS_COMMA.test(c.text.trim()));
    if (ambiguous.length > 0) return { reason: "ambiguous", cells: ambiguous };
    return { decimal: "point", read: [] };
  }
  const read: NumberFormat["read"] = [];
  for (const cell of cells) {
    const text = cell.text.trim();
    const as = readAs(text, decimal);
    if (as !== null && as !== text) read.push({ cell, as });
  }
  return { decimal, read };
}

export function isNumberFormatProblem(value: NumberFormat | NumberFormatProblem): value is NumberFormatProblem {
  return "reason" in value;
}
