/**
 * Which value columns a table shows (SPEC section 3): the keys of the first
 * row, ordered by the number inside the key name, without the fixed fields,
 * and without columns that are empty in every row.
 */

/**
 * A row as the API shows it: the fixed fields, then its value columns. Nothing
 * checks that the fixed fields are there (a draft or a pasted row lacks some);
 * a row read from the database is a FlatRow, whose fixed fields are typed.
 */
export type Row = Record<string, string | number>;

/** Fields every row has; they are never value columns. */
export const FIXED_FIELDS = ["Id", "Parameter", "CreatedAt", "UpdatedAt", "Version"] as const;
const fixed = new Set<string>(FIXED_FIELDS);

/** A row reduced to its Parameter and its value cells as text: what the model build and Fill from Revit read. */
export type ParameterRow = { parameter: string; values: Record<string, string> };

export function parameterRow(row: Row): ParameterRow {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(row)) if (!fixed.has(key)) values[key] = String(value);
  return { parameter: String(row.Parameter), values };
}

/** Column names a dataset accepts: a letter, then letters, digits or underscores, 64 at most. */
export const COLUMN_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The number inside a key name (`Item12` → 12); names without one count as 0 and come first. */
export function columnNumber(name: string): number {
  const match = /\d+/.exec(name);
  return match ? Number(match[0]) : 0;
}

export function compareColumns(a: string, b: string): number {
  return columnNumber(a) - columnNumber(b) || (a < b ? -1 : a > b ? 1 : 0);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

/**
 * The value columns of a table in display order: the table's columns (by
 * default the keys of the first row, which in the spec's fetch-all carries
 * them all) that hold a value in some row; `extra` names columns an edit is
 * adding.
 */
export function deriveColumns(rows: readonly Row[], extra: Iterable<string> = [], known?: Iterable<string>): string[] {
  const candidates = new Set<string>();
  for (const key of known ?? Object.keys(rows[0] ?? {})) if (!fixed.has(key)) candidates.add(key);
  const shown = [...candidates].filter((key) => rows.some((row) => !isBlank(row[key])));
  for (const key of extra) if (!fixed.has(key) && !shown.includes(key)) shown.push(key);
  return shown.sort(compareColumns);
}

export type ColumnPreset = "first3" | "first10" | "all";

export const columnPresets: { value: ColumnPreset; label: string; count?: number }[] = [
  { value: "first3", label: "First Column", count: 3 },
  { value: "first10", label: "First 10 Columns", count: 10 },
  { value: "all", label: "All Columns" },
];

/** The value columns a preset shows (Id, Parameter and Actions always stay). */
export function presetColumns(columns: readonly string[], preset: ColumnPreset): string[] {
  const count = columnPresets.find((p) => p.value === preset)?.count;
  return count === undefined ? [...columns] : columns.slice(0, count);
}

/** The Item columns `Item1..ItemN`. */
export function itemColumnsUpTo(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `Item${i + 1}`);
}
