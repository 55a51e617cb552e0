import { displayValue, isAngleRow } from "./angles";
import { parameterRow, type Row } from "./columns";
import { PARAMETER_COLUMN } from "./sheet";

/** A cell edit of the grid: a row (by id), a column, the text typed. */
type Edit = { rowId: number; column: string; text: string };

/**
 * A row renamed by a cell edit (typed, pasted or filled into the Parameter column). The Revit add-in matches rows by
 * Parameter, so a rename is asked before it is saved; one that crosses the angle rule also says how its stored
 * numbers will read after it (they are kept as they are).
 */
export type Rename = { rowId: number; from: string; to: string; crossesAngle: boolean; values: { column: string; before: string; after: string }[] };

/** The renames among a set of cell edits: a Parameter changed to another non-empty name. */
export function renamesIn(rows: readonly Row[], edits: readonly Edit[]): Rename[] {
  const byId = new Map(rows.map((row) => [Number(row.Id), row]));
  const renames: Rename[] = [];
  for (const edit of edits) {
    if (edit.column !== PARAMETER_COLUMN) continue;
    const row = byId.get(edit.rowId);
    const from = String(row?.Parameter ?? "");
    const to = edit.text.trim();
    if (!row || to === "" || to === from) continue;
    const crossesAngle = isAngleRow(from) !== isAngleRow(to);
    const values = crossesAngle
      ? Object.entries(parameterRow(row).values)
          .filter(([, stored]) => stored !== "")
          .map(([column, stored]) => ({ column, before: displayValue(stored, isAngleRow(from)), after: displayValue(stored, isAngleRow(to)) }))
      : [];
    renames.push({ rowId: edit.rowId, from, to, crossesAngle, values });
  }
  return renames;
}

/** What the question says of one rename. */
export function renameQuestion(rename: Rename): { title: string; description: string } {
  const revit = `The Revit add-in matches rows by Parameter: pushes will no longer update ${rename.from}.`;
  if (!rename.crossesAngle) return { title: `Rename ${rename.from} to ${rename.to}?`, description: revit };
  const shown = rename.values
    .slice(0, 3)
    .map((v) => `${v.column} ${v.before} → ${v.after}`)
    .join(", ");
  const more = rename.values.length > 3 ? ` and ${rename.values.length - 3} more` : "";
  const meaning = isAngleRow(rename.from)
    ? `${rename.from} is an angle row (radians stored, degrees shown); ${rename.to} is not, so its numbers will be shown as they are stored`
    : `${rename.to} is an angle row (radians stored, degrees shown); ${rename.from} is not, so its numbers will be read as radians`;
  return {
    title: `Rename ${rename.from} to ${rename.to}?`,
    description: `${revit} ${meaning}${shown ? ` (${shown}${more})` : ""}. The numbers are kept as they are.`,
  };
}
