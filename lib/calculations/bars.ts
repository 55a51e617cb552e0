/**
 * Reinforcement written as engineers write it on drawings: "4N28", "12N16 @ 200", "N16". The area is the count times
 * the nominal area of the bar (AS/NZS 4671:2019 Table 7.2, D500N bars: the areas of the nominal diameters).
 */

/** Nominal cross-sectional areas, mm², by nominal diameter (AS/NZS 4671 Table 7.2). */
export const BAR_AREAS: Readonly<Record<number, number>> = { 10: 78, 12: 113, 16: 201, 20: 314, 24: 452, 28: 616, 32: 804, 36: 1020, 40: 1260 };

export type Bars = { count: number; diameter: number; spacing?: number; area: number };

const PATTERN = /^(\d+)?\s*N\s*(\d+)\s*(?:@\s*(\d+(?:\.\d+)?))?$/i;

/** "4N28" → 4 N28 bars, 2,464 mm²; "12N16 @ 200" → 12 N16 at 200 mm, 2,412 mm². Throws a RangeError an engineer reads. */
export function parseBars(text: string): Bars {
  const match = PATTERN.exec(text.trim());
  if (!match) throw new RangeError(`write bars as count, N and diameter, e.g. "4N28" or "12N16 @ 200"`);
  const count = match[1] === undefined ? 1 : Number(match[1]);
  const diameter = Number(match[2]);
  const per = BAR_AREAS[diameter];
  if (per === undefined) throw new RangeError(`N${diameter} is not a bar size: use N10, N12, N16, N20, N24, N28, N32, N36 or N40`);
  if (!(count >= 1 && count <= 1000)) throw new RangeError("the number of bars is 1 to 1000");
  const spacing = match[3] === undefined ? undefined : Number(match[3]);
  if (spacing !== undefined && !(spacing > 0)) throw new RangeError("the spacing is more than 0 mm");
  return { count, diameter, ...(spacing === undefined ? {} : { spacing }), area: count * per };
}

/** An area in mm², given as a number or as bars. */
export function barArea(value: string | number): number {
  return typeof value === "number" ? value : parseBars(value).area;
}
