import { displayValue } from "./angles";

/**
 * A row's stored numbers when the row stops or starts being an angle row (a rename across the angle rule, a kind set
 * by its engineers): angle rows store radians and show degrees (SPEC section 3), so the same stored number reads
 * differently after. The engineer chooses: keep the numbers as they are (nothing converted), or convert them so
 * that each shows what it showed before.
 */
export type Reading = {
  column: string;
  /** What is stored now. */
  stored: string;
  /** What the screen shows now. */
  before: string;
  /** What the screen shows after, the numbers kept as they are. */
  kept: string;
  /** What converting stores instead, so that the screen shows `before` again. */
  converted: string;
};

/** Significant digits of a converted number: radians to degrees and back lose nothing an engineer reads. */
const DIGITS = 12;

function convert(stored: string, fromAngle: boolean): string {
  const n = Number(stored);
  return fromAngle ? String(Number(((n * 180) / Math.PI).toPrecision(DIGITS))) : String((n * Math.PI) / 180);
}

/** How each numeric value of a row reads across a change of its angle-ness (none when it does not change). */
export function readingsAcross(values: Record<string, string>, fromAngle: boolean, toAngle: boolean): Reading[] {
  if (fromAngle === toAngle) return [];
  const readings: Reading[] = [];
  for (const [column, stored] of Object.entries(values)) {
    if (stored.trim() === "" || !Number.isFinite(Number(stored))) continue;
    readings.push({ column, stored, before: displayValue(stored, fromAngle), kept: displayValue(stored, toAngle), converted: convert(stored, fromAngle) });
  }
  return readings;
}

/** The stored values converting writes: each value column to its converted number. */
export function convertedValues(readings: readonly Reading[]): Record<string, string> {
  return Object.fromEntries(readings.map((r) => [r.column, r.converted]));
}

/** One line per value for a question: `Item1 15.00 → 0.261799387799 (kept) or 15.00 (converted)`. */
export function describeReadings(readings: readonly Reading[], limit = 3): string {
  const shown = readings.slice(0, limit).map((r) => `${r.column} ${r.before} → ${r.kept}`);
  const more = readings.length > limit ? ` and ${readings.length - limit} more` : "";
  return `${shown.join(", ")}${more}`;
}
