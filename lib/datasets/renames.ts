import { isAngle, isAngleRow } from "./angles";
import { parameterRow, type Row } from "./columns";
import { carriedKind } from "./kinds";
import { type Reading, readingsAcross } from "./reinterpret";
import { PARAMETER_COLUMN } from "./sheet";

/** A cell edit of the grid: a row (by id), a column, the text typed. */
type Edit = { rowId: number; column: string; text: string };

/**
 * A row renamed by a cell edit (typed, pasted or filled into the Parameter column). The Revit add-in matches rows by
 * Parameter, so a rename is asked before it is saved; one that crosses the angle rule also shows how its stored
 * numbers read after it, kept as they are or converted (reinterpret.ts). A row whose kind its engineers set keeps it
 * whatever its name, so its renames never cross.
 */
export type Rename = { rowId: number; from: string; to: string; crossesAngle: boolean; fromAngle: boolean; values: Reading[] };

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
    const fromAngle = isAngle(row);
    const toAngle = carriedKind(row)?.from === "set" ? fromAngle : isAngleRow(to);
    const values = readingsAcross(parameterRow(row).values, fromAngle, toAngle);
    renames.push({ rowId: edit.rowId, from, to, crossesAngle: fromAngle !== toAngle, fromAngle, values });
  }
  return renames;
}

/** What the question says of one rename. */
export function renameQuestion(rename: Rename): { title: string; description: string } {
  const revit = `The Revit add-in matches rows by Parameter: pushes will no longer update ${rename.from}.`;
  if (!rename.crossesAngle) return { title: `Rename ${rename.from} to ${rename.to}?`, description: revit };
  const meaning = rename.fromAngle
    ? `${rename.from} is an angle row (radians stored, degrees shown); ${rename.to} is not, so its numbers would be shown as they are stored.`
    : `${rename.to} is an angle row (radians stored, degrees shown); ${rename.from} is not, so its numbers would be read as radians.`;
  return { title: `Rename ${rename.from} to ${rename.to}?`, description: `${revit} ${meaning}` };
}

/** What the question says of several renames at once. */
export function renamesQuestion(renames: readonly Rename[]): { title: string; description: string } {
  const crossing = renames.filter((r) => r.crossesAngle).map((r) => r.from);
  return {
    title: `Rename ${renames.length} Parameters?`,
    description: `The Revit add-in matches rows by Parameter: pushes will no longer update ${renames.map((r) => r.from).join(", ")}.${
      crossing.length > 0 ? ` ${crossing.join(", ")} cross${crossing.length === 1 ? "es" : ""} the angle rule: their numbers would read differently.` : ""
    }`,
  };
}
