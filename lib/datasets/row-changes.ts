/** One cell's new value, in a row its caller names its own way (an id; a table and a Parameter). */
export type CellWrite<R> = { row: R; column: string; value: string };

/**
 * Cells as one change per row, rows in the order they first come; a cell written twice keeps its last value.
 * `key` tells rows apart (by default the row itself, e.g. its id); each change keeps the row its first cell named.
 */
export function groupCellsByRow<R>(cells: Iterable<CellWrite<R>>, key: (row: R) => unknown = (row) => row): { row: R; values: Record<string, string> }[] {
  const changes = new Map<unknown, { row: R; values: Record<string, string> }>();
  for (const { row, column, value } of cells) {
    const k = key(row);
    let change = changes.get(k);
    if (!change) changes.set(k, (change = { row, values: {} }));
    change.values[column] = value;
  }
  return [...changes.values()];
}
