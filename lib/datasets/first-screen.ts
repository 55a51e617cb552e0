import { displayValue } from "./angles";
import { deriveColumns, type Row } from "./columns";
import { columnHeader, itemNames } from "./item-labels";
import { unitLabel } from "./kinds";
import type { DatasetKey } from "./registry";
import { memo, type TableSnapshot } from "./snapshot";
import { tableKinds } from "./templates";

/**
 * The first screenful of a table, rendered by the server into the page: the
 * engineer sees their rows while the grid's script and the whole table are
 * still on their way. Values are as the grid shows them (angles in degrees).
 */
export type FirstScreen = {
  columns: string[];
  /** Each column's header as the grid shows it ("Item1 · P1" where a row names the items). */
  headers: string[];
  rows: { id: number; parameter: string; unit: string; values: string[] }[];
};

export const FIRST_SCREEN_ROWS = 24;
export const FIRST_SCREEN_COLUMNS = 12;

/** Built once per revision of the table. */
export function firstScreen(snapshot: TableSnapshot, dataset: DatasetKey): FirstScreen {
  return memo(snapshot, "first-screen", () => {
    const rows = snapshot.rows.map((text) => JSON.parse(text) as Row);
    // The grid's first columns, chosen as the grid chooses them.
    const columns = deriveColumns(rows, [], snapshot.columns).slice(0, FIRST_SCREEN_COLUMNS);
    const kindOf = tableKinds(dataset, snapshot.kinds);
    const names = itemNames(rows, dataset);
    return {
      columns,
      headers: columns.map((c) => columnHeader(c, names)),
      rows: rows.slice(0, FIRST_SCREEN_ROWS).map((row) => {
        const parameter = String(row.Parameter);
        const kind = kindOf(row);
        const angle = kind.kind === "angle";
        return { id: Number(row.Id), parameter, unit: unitLabel(kind), values: columns.map((c) => displayValue(String(row[c] ?? ""), angle)) };
      }),
    };
  });
}
