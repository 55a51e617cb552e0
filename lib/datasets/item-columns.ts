/**
 * A table's next item (the grid's "Add item column", issue 30): the Item column after the last one holding a value,
 * named in the row that names the table's items (PierName: P12). The name is what makes the column show: a column
 * blank in every row is hidden (SPEC section 3).
 */
import { deriveColumns, type Row } from "./columns";
import { namingRow } from "./item-labels";
import type { DatasetKey } from "./registry";

const ITEM = /^Item([1-9]\d*)$/;
const NUMBERED = /^(.*?)(\d+)$/;

/** How the Revit tables name their items, as the demo does: P1, A1, S1, SEG01. */
const ITEM_NAMES: Partial<Record<DatasetKey, { prefix: string; digits: number }>> = {
  pier: { prefix: "P", digits: 1 },
  abt: { prefix: "A", digits: 1 },
  box: { prefix: "S", digits: 1 },
  coresetup: { prefix: "SEG", digits: 2 },
};

/** The name of a table's item `n` when nothing before it says otherwise: P3, SEG03; "Item 3" in the other tables. */
export function itemName(dataset: DatasetKey, n: number): string {
  const style = ITEM_NAMES[dataset];
  return style ? `${style.prefix}${String(n).padStart(style.digits, "0")}` : `Item ${n}`;
}

/** The number of an Item column (`Item12` → 12), or undefined for another column. */
export function itemNumber(column: string): number | undefined {
  const match = ITEM.exec(column);
  return match ? Number(match[1]) : undefined;
}

/**
 * The name of item `n` after those the naming row holds: the last named item's name counted on when its number is its
 * column's (P11 in Item11 → P12, SEG09 → SEG10), else the table's own style (itemName).
 */
export function nextItemName(dataset: DatasetKey, naming: Row, n: number): string {
  let last: { k: number; name: string } | undefined;
  for (const [column, value] of Object.entries(naming)) {
    const k = itemNumber(column);
    const name = String(value ?? "").trim();
    if (k !== undefined && k < n && name !== "" && (!last || k > last.k)) last = { k, name };
  }
  const match = last ? NUMBERED.exec(last.name) : null;
  if (last && match && Number(match[2]) === last.k) return `${match[1]}${String(n).padStart(match[2]!.length, "0")}`;
  return itemName(dataset, n);
}

export type NextItem = { column: string; name: string; naming: Row };

// Shown as a disabled button's reason, its label too: worded without "name", which page.getByLabel("Name") would take.
export const NO_NAMING_ROW =
  "A new Item column is labelled in the row that labels this table's items (P1, P2, ... in a pier table), and this table has no such row: the column would stay blank, and a column blank in every row is hidden. Add that row first, or add columns with Copy to N Number Cells while editing a row.";

/**
 * The item "Add item column" adds to a table, or why it cannot (no row names the items). `columns`: the table's
 * columns when known (the screen has them), else every row's keys are read.
 */
export function nextItem(rows: readonly Row[], dataset: DatasetKey, columns?: Iterable<string>): NextItem | { refusal: string } {
  const naming = namingRow(rows, dataset);
  if (!naming) return { refusal: NO_NAMING_ROW };
  // The columns holding a value somewhere: a column blank in every row is hidden, so it is taken again.
  const held = deriveColumns(rows, [], columns ?? new Set(rows.flatMap((row) => Object.keys(row))));
  const last = Math.max(0, ...held.map((column) => itemNumber(column) ?? 0));
  const column = `Item${last + 1}`;
  return { column, name: nextItemName(dataset, naming, last + 1), naming };
}
