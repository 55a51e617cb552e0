/**
 * A change that renamed a row, told as a rename: "Renamed SkewAngle → SkewAngleAtBearing" in the row's history, the
 * table's activity and the push preview (issue 26), rather than as a Parameter cell among the values. The Revit add-in
 * matches rows by Parameter, so a rename is what an engineer looks for first.
 */
import type { CellChange } from "./diff";

export type Renamed = { from: string; to: string };

/**
 * The rename among a change's cells: the Parameter went from one name to another. A create (no name before) and a
 * deletion (none after) are not renames.
 */
export function renamedIn(cells: readonly CellChange[]): Renamed | null {
  const cell = cells.find((c) => c.column === "Parameter");
  return cell && cell.before !== "" && cell.after !== "" ? { from: cell.before, to: cell.after } : null;
}

/** A history entry (a version, an activity event) with its rename, if it made one. */
export function withRename<T extends { changes: CellChange[] }>(entry: T): T & { renamed: Renamed | null } {
  return { ...entry, renamed: renamedIn(entry.changes) };
}

/** The cells to list beside a rename: the rename itself is said once, not again as a Parameter cell. */
export function cellsBesideRename(cells: readonly CellChange[], renamed: Renamed | null): CellChange[] {
  return renamed ? cells.filter((c) => c.column !== "Parameter") : [...cells];
}

/** How the screens say it. */
export function renameText(renamed: Renamed): string {
  return `Renamed ${renamed.from} → ${renamed.to}`;
}
