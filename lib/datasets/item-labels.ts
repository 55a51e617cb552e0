/**
 * What each Item column stands for, where a row of the table names the items (PierName: P1, P2, ...; SpanName;
 * AbutmentName), shown beside the column's name: "Item1 · P1", on screen and in exports (issue 26). The column's
 * name stays the data: the API, fetch-all and the rows keep "Item1"; an import reads "Item1 · P1" as Item1.
 */
import { isMidasDatasetKey, midasTableInfo } from "@/lib/midas/table-info";
import { COLUMN_NAME_PATTERN, FIXED_FIELDS, type Row } from "./columns";
import { kindFromName, parameterWords } from "./kinds";
import type { DatasetKey } from "./registry";

/** Between a column's name and what it stands for. */
export const ITEM_LABEL_SEPARATOR = " · ";
/** A longer name is cut (a header cell is 128 px wide; a workbook's header should stay one line). */
const MAX_LABEL_LENGTH = 40;

const fixed = new Set<string>(FIXED_FIELDS);
// Cheap test before splitting the name into words: only a name ending in "name" (then perhaps digits or marks) can.
const ENDS_IN_NAME = /name[^\p{L}]*$/iu;

/** Whether a Parameter names the items: its last word is "Name" (PierName, Span_Name, SEGMENT NAME) and it holds text. */
export function isNamingParameter(parameter: string): boolean {
  return ENDS_IN_NAME.test(parameter) && parameterWords(parameter).at(-1) === "name" && kindFromName(parameter) === "text";
}

/**
 * Whether a table's Item columns can be named by one of its rows. Model Setup's cannot: its Item k holds global
 * values (Item1), span k's and the pier's at the end of span k at once, so its PierName names only some of them.
 */
function itemsNamed(dataset: DatasetKey | undefined): boolean {
  return dataset === undefined || !isMidasDatasetKey(dataset) || midasTableInfo[dataset].nameParameter !== undefined;
}

/**
 * The row naming a table's items: of the rows whose Parameter names items, the first made (lowest Id), which is the
 * template's (PierName, AbutmentName, SpanName, SegmentName, SectionName, ...) in every table made from one. One pass
 * over the rows: callers keep the answer while the rows stay the same.
 */
export function namingRow(rows: readonly Row[], dataset?: DatasetKey): Row | undefined {
  if (!itemsNamed(dataset)) return undefined;
  let found: Row | undefined;
  for (const row of rows) {
    if ((found === undefined || Number(row.Id) < Number(found.Id)) && isNamingParameter(String(row.Parameter ?? ""))) found = row;
  }
  return found;
}

/** One cell of the naming row as a label: on one line, trimmed, cut past 40 characters. */
function labelOf(value: unknown): string {
  const text = String(value ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > MAX_LABEL_LENGTH ? `${text.slice(0, MAX_LABEL_LENGTH - 1)}…` : text;
}

/** What each value column stands for (Item1 → "P1"), from the table's naming row; columns it leaves blank are absent. */
export function itemNames(rows: readonly Row[], dataset?: DatasetKey): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  const row = namingRow(rows, dataset);
  if (!row) return names;
  for (const [column, value] of Object.entries(row)) {
    if (fixed.has(column)) continue;
    const label = labelOf(value);
    if (label !== "") names.set(column, label);
  }
  return names;
}

/** A column's header as the screen and the exports show it: "Item1 · P1", or just "Item1" when nothing names it. */
export function columnHeader(column: string, names: ReadonlyMap<string, string>): string {
  const name = names.get(column);
  return name ? `${column}${ITEM_LABEL_SEPARATOR}${name}` : column;
}

// A column name (no spaces, no "·": COLUMN_NAME_PATTERN), then "·" with any spacing a spreadsheet left, then anything.
const LABELLED = /^([A-Za-z][A-Za-z0-9_]{0,63})\s*·/;

/**
 * The column a file's header names: "Item1 · P1" (as exported) is Item1, whatever follows the "·" (the items may have
 * been renamed since); any other header is itself. A column's name never holds "·", so this never misreads one.
 */
export function columnFromHeader(header: string): string {
  const match = LABELLED.exec(header.trim());
  return match && COLUMN_NAME_PATTERN.test(match[1]!) ? match[1]! : header;
}
