import type { CellChange } from "@/db/queries/rows-history";
import { FIXED_FIELDS, type Row } from "./columns";
import { type Renamed, renamedIn } from "./rename-entries";

// One cell that differs between two versions of a row: the shape the history's SQL answers with too.
export type { CellChange };
/** A row that differs: its cells (the Parameter first when it changed), and the rename when its Parameter changed. */
export type ChangedRow = { id: number; parameter: string; cells: CellChange[]; renamed: Renamed | null };
export type TableDiff = { added: Row[]; changed: ChangedRow[]; removed: Row[] };

const fixed = new Set<string>(FIXED_FIELDS);
const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/**
 * The cells that differ between two versions of one row: the Parameter and
 * every value column either has (a column a row lacks counts as empty, so
 * "" and missing are the same).
 */
export function rowChanges(before: Row, after: Row): CellChange[] {
  const cells: CellChange[] = [];
  if (text(before.Parameter) !== text(after.Parameter)) cells.push({ column: "Parameter", before: text(before.Parameter), after: text(after.Parameter) });
  const columns = new Set([...Object.keys(before), ...Object.keys(after)].filter((c) => !fixed.has(c)));
  for (const column of [...columns].sort()) {
    if (text(before[column]) !== text(after[column])) cells.push({ column, before: text(before[column]), after: text(after[column]) });
  }
  return cells;
}

/**
 * What changed from one table to another, rows matched by `key`: Parameter
 * (an import: the file knows names, not ids) or Id (a push preview: a row
 * renamed since is a change, told as a rename, not a removal and an addition).
 */
export function diffTables(before: readonly Row[], after: readonly Row[], key: "Parameter" | "Id"): TableDiff {
  const id = (row: Row) => text(row[key]);
  const old = new Map(before.map((row) => [id(row), row]));
  const seen = new Set<string>();
  const diff: TableDiff = { added: [], changed: [], removed: [] };
  for (const row of after) {
    const previous = old.get(id(row));
    seen.add(id(row));
    if (!previous) diff.added.push(row);
    else {
      const cells = rowChanges(previous, row);
      if (cells.length > 0) diff.changed.push({ id: Number(previous.Id ?? row.Id), parameter: text(row.Parameter), cells, renamed: renamedIn(cells) });
    }
  }
  for (const row of before) if (!seen.has(id(row))) diff.removed.push(row);
  return diff;
}
