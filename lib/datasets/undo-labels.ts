/**
 * What the Undo button names (issue 30: "Undo: Edit" said neither row nor cell): the cell a change wrote when it
 * wrote one ("PierHeight, Item2"), else what was done and to how many cells ("Paste of 12 cells").
 */
import type { Row } from "./columns";

/** One row's part of a change: its Id and the values written (`Version` is the row's, not a cell). */
type Change = { id: number; data: Record<string, string | number> };

const cellsOf = (change: Change) => Object.keys(change.data).filter((key) => key !== "Version");
const plural = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

/** One cell as named on the button: "PierHeight, Item2"; a Parameter cell is a rename. */
function cellLabel(parameter: string, column: string): string {
  return column === "Parameter" ? `rename of ${parameter}` : `${parameter}, ${column}`;
}

/**
 * A change of cells made on the sheet (`what`: "Edit" for typing, "Paste", "Clear", "Fill down", "Fill right"):
 * "PierHeight, Item2" for one typed cell, "Clear PierHeight, Item2" for one cell otherwise, "Paste of 12 cells"
 * (with " in PierHeight" when they are all in one row).
 */
export function cellChangeLabel(rows: readonly Row[], changes: readonly Change[], what: string): string {
  const parameterOf = (id: number) => String(rows.find((row) => Number(row.Id) === id)?.Parameter ?? `row ${id}`);
  const cells = changes.flatMap((change) => cellsOf(change).map((column) => ({ id: change.id, column })));
  if (cells.length === 1) {
    const label = cellLabel(parameterOf(cells[0]!.id), cells[0]!.column);
    if (what === "Edit") return label.charAt(0).toUpperCase() + label.slice(1);
    return `${what} ${label}`;
  }
  const inOneRow = changes.length === 1 ? ` in ${parameterOf(changes[0]!.id)}` : "";
  return `${what} of ${plural(cells.length, "cell")}${inOneRow}`;
}

/** A save of the one-row edit mode, by the row's name before it: "PierHeight, Item2" for one cell, else "Edit PierHeight (3 cells)". */
export function rowSaveLabel(parameter: string, changed: readonly string[]): string {
  if (changed.length === 1) {
    const label = cellLabel(parameter, changed[0]!);
    return label.charAt(0).toUpperCase() + label.slice(1);
  }
  return `Edit ${parameter} (${plural(changed.length, "cell")})`;
}
