/**
 * How a calculation shows its working: every intermediate value with its
 * symbol, unit and clause, and every check with its clause and outcome, so an
 * engineer can follow, check and sign the sheet.
 */

export type Step = {
  symbol: string;
  label: string;
  value: number | string;
  unit?: string;
  clause?: string;
  /** The expression, with the numbers put in. */
  formula?: string;
};

export type Check = {
  name: string;
  clause: string;
  pass: boolean;
  detail: string;
};

/** A number for the working: 4 significant figures, no exponent for everyday sizes. */
export function fmt(value: number, digits = 4): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return "0";
  const abs = Math.abs(value);
  if (abs >= 1e6 || abs < 1e-3) return value.toExponential(digits - 1);
  return Number(value.toPrecision(digits)).toString();
}

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Lengths on drawings go up to the next 10 mm. */
export const roundUp10 = (value: number) => Math.ceil(value / 10 - 1e-9) * 10;

export const deg = (radians: number) => (radians * 180) / Math.PI;
export const rad = (degrees: number) => (degrees * Math.PI) / 180;
export const cot = (radians: number) => 1 / Math.tan(radians);
