/**
 * What the result pages and downloads show of a stored result table: the unit
 * of every column, the cases a table holds, a table cut down to chosen cases.
 * Pure: used by the API, the pages and the assistant alike.
 */
import type { ResultKind, ResultTable } from "./results";

const LENGTH_COLUMNS = new Set(["Chainage", "Depth", "Offset"]);
const FORCE_COLUMNS = new Set(["FX", "FY", "FZ", "Vertical", "Longitudinal", "Transverse", "Axial", "Shear", "ShearY", "ShearZ"]);
const MOMENT_COLUMNS = new Set(["MX", "MY", "MZ", "Moment", "Torsion", "MomentY", "MomentZ"]);

/** The unit of a column of a result table (null: a label or a count). */
export function columnUnit(column: string, units: ResultTable["units"]): string | null {
  if (LENGTH_COLUMNS.has(column)) return units.length;
  if (FORCE_COLUMNS.has(column)) return units.force;
  if (MOMENT_COLUMNS.has(column)) return `${units.force}·${units.length}`;
  return null;
}

/**
 * Decimals as engineers round: forces to 0.1 kN, moments to 1 kN·m, lengths to the millimetre; in other units the
 * same resolution (N to 1, N·mm to 1, mm to 1).
 */
const FORCE_DECIMALS: Record<string, number> = { kN: 1, N: 0, MN: 4, tonf: 2, kgf: 0, kips: 2, lbf: 0 };
const LENGTH_DECIMALS: Record<string, number> = { m: 3, mm: 0, cm: 1, ft: 3, in: 2 };

/** How many decimals a column's values are shown with; null: shown as stored (labels, counts, ids). */
export function columnDecimals(column: string, units: ResultTable["units"]): number | null {
  if (LENGTH_COLUMNS.has(column)) return LENGTH_DECIMALS[units.length] ?? 3;
  if (FORCE_COLUMNS.has(column)) return FORCE_DECIMALS[units.force] ?? 1;
  if (MOMENT_COLUMNS.has(column)) return Math.max(0, (FORCE_DECIMALS[units.force] ?? 1) - 1 + (LENGTH_DECIMALS[units.length] ?? 3) - 3);
  return null;
}

/** A value as the pages show it: "12,345.6" (kN), "-21,803" (kN·m), "1,136.000" (m); the export keeps every digit. */
export function formatResultValue(value: string | number, decimals: number | null): string {
  if (typeof value !== "number" || decimals === null) return String(value);
  // A value that rounds to nothing is 0, not "-0.0".
  const rounded = Math.round(value * 10 ** decimals) / 10 ** decimals || 0;
  return rounded.toLocaleString("en-AU", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
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
