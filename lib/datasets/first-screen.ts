import { displayValue, isAngleRow } from "./angles";
import { deriveColumns, type Row } from "./columns";
import { memo, type TableSnapshot } from "./snapshot";

/**
 * The first screenful of a table, rendered by the server into the page: the
 * engineer sees their rows while the grid's script and the whole table are
 * still on their way. Values are as the grid shows them (angles in degrees).
 */
export type FirstScreen = { columns: string[]; rows: { id: number; parameter: string; angle: boolean; values: string[] }[] };

export const FIRST_SCREEN_ROWS = 24;
export const FIRST_SCREEN_COLUMNS = 12;

/** Built once per revision of the table. */
export function firstScreen(snapshot: TableSnapshot): FirstScreen {
  return memo(snapshot, "first-screen", () => {
    const rows = snapshot.rows.map((text) => JSON.parse(text) as Row);
    // The grid's first columns, chosen as the grid chooses them.
    const columns = deriveColumns(rows, [], snapshot.columns).slice(0, FIRST_SCREEN_COLUMNS);
    return {
      columns,
      rows: rows.slice(0, FIRST_SCREEN_ROWS).map((row) => {
        const parameter = String(row.Parameter);
        const angle = isAngleRow(parameter);
        return { id: Number(row.Id), parameter, angle, values: columns.map((c) => displayValue(String(row[c] ?? ""), angle)) };
      }),
    };
  });
}
