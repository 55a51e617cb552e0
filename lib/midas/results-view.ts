/**
 * What the result pages and downloads show of a stored result table: the unit
 * of every column, the cases a table holds, a table cut down to chosen cases.
 * Pure: used by the API, the pages and the assistant alike.
 */
import type { ResultKind, ResultTable } from "./results";

const LENGTH_COLUMNS = new Set(["Chainage", "Depth"]);
const FORCE_COLUMNS = new Set(["FX", "FY", "FZ", "Vertical", "Longitudinal", "Transverse", "Axial", "Shear", "ShearY", "ShearZ"]);
const MOMENT_COLUMNS = new Set(["MX", "MY", "MZ", "Moment", "Torsion", "MomentY", "MomentZ"]);

/** The unit of a column of a result table (null: a label or a count). */
export function columnUnit(column: string, units: ResultTable["units"]): string | null {
  if (LENGTH_COLUMNS.has(column)) return units.length;
  if (FORCE_COLUMNS.has(column)) return units.force;
  if (MOMENT_COLUMNS.has(column)) return `${units.force}·${units.length}`;
  return null;
}

/** A column's heading with its unit: "Moment (kN·m)". */
export function columnHeading(column: string, units: ResultTable["units"]): string {
  const unit = columnUnit(column, units);
  return unit ? `${column} (${unit})` : column;
}

/** The case or combination a row's Load label belongs to: "ULS1(max)" → "ULS1". */
export function caseOf(load: string): string {
  return load.replace(/\((max|min)\)$/, "");
}

/** The cases and combinations a table holds, in the order they first appear. */
export function tableCases(table: ResultTable): string[] {
  const load = table.columns.indexOf("Load");
  if (load < 0) return [];
  return [...new Set(table.rows.map((r) => caseOf(String(r[load]))))];
}

/** The rows of the chosen cases (all rows when none are chosen). */
export function filterCases<T extends ResultTable>(table: T, cases: readonly string[] | undefined): T {
  if (!cases || cases.length === 0) return table;
  const load = table.columns.indexOf("Load");
  if (load < 0) return table;
  const chosen = new Set(cases);
  return { ...table, rows: table.rows.filter((r) => chosen.has(caseOf(String(r[load])))) };
}

/** The value columns charts offer per kind, the first being the default. */
export const CHART_COLUMNS: Record<ResultKind, string[]> = {
  reaction: ["FZ", "FX", "FY", "MX", "MY", "MZ"],
  bearing: ["Vertical", "Longitudinal", "Transverse"],
  girder: ["Moment", "Shear", "Axial", "Torsion"],
  pile: ["Axial", "ShearY", "ShearZ", "MomentY", "MomentZ", "Torsion"],
};

export const RESULT_TITLES: Record<ResultKind, string> = {
  reaction: "Reactions",
  bearing: "Bearing forces",
  girder: "Girder forces",
  pile: "Pile forces",
};

/** A girder point as a calc sheet names it: "Girder, span 3, chainage 1,136.0 m". */
export function elementLabel(span: number, chainage: number): string {
  return `Girder, span ${span}, chainage ${chainage.toLocaleString("en-AU", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} m`;
}
