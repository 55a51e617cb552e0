import { type Check, clamp, fmt, roundUp10, type Step } from "./working";

/**
 * Development and lap lengths of reinforcing bars to AS 3600:2018 Cl 13.1
 * and 13.2 (basic method). mm, MPa.
 */

export type LapInput = {
  db: number;
  fc: number;
  fsy: number;
  /** Cover dimension cd; when absent, from cover and clear spacing. */
  cd?: number;
  cover?: number;
  clearSpacing?: number;
  /** Horizontal bar with more than 300 mm of concrete cast below it (k1 = 1.3). */
  castBelow300: boolean;
  epoxy: boolean;
  lightweight: boolean;
  barType: "deformed" | "plain";
  /** As provided / As required at the lap. */
  asRatio: number;
  /** Share of the bars at the section that are lapped there, 0..1. */
  splicedShare: number;
  /** A narrow element (beam web, column) rather than a wide one (slab, wall). */
  narrow: boolean;
  /** Clear distance between the lapped bars, mm. */
  sb: number;
};

export type Length = { value: number; rounded: number };

export type LapResult = {
  cd: number;
  k1: number;
  k2: number;
  k3: number;
  k7: number;
  /** Basic development length in tension, Cl 13.1.2.2 (with its lower limit). */
  Lsytb: Length;
  /** Development length in tension with the epoxy, lightweight and plain-bar factors. */
  Lsyt: Length;
  /** Tension lap, Cl 13.2.2. */
  Lsytlap: Length;
  /** Basic development length in compression, Cl 13.1.5.1. */
  Lsycb: Length;
  /** Compression lap, Cl 13.2.4. */
  Lsyclap: Length;
  steps: Step[];
  checks: Check[];
};

const length = (value: number): Length => ({ value, rounded: roundUp10(value) });

/** cd from cover and clear spacing (Figure 13.1.2.2, straight bars): half the clear spacing or the cover, whichever is less. */
export function coverDimension(input: Pick<LapInput, "cd" | "cover" | "clearSpacing">): number {
  if (input.cd !== undefined) return input.cd;
  return Math.min((input.clearSpacing ?? Number.POSITIVE_INFINITY) / 2, input.cover ?? Number.POSITIVE_INFINITY);
}

export function lapLengths(input: LapInput): LapResult {
  const { db, fsy } = input;
  const cd = coverDimension(input);
  // Cl 13.1.2.2: f'c is taken as at most 65 MPa in the tension formula.
  const fcTension = Math.min(input.fc, 65);
  const k1 = input.castBelow300 ? 1.3 : 1.0;
  const k2 = (132 - db) / 100;
  const k3 = clamp(1.0 - (0.15 * (cd - db)) / db, 0.7, 1.0);
  const formula = (0.5 * k1 * k3 * fsy * db) / (k2 * Math.sqrt(fcTension));
  const floor = 0.058 * fsy * k1 * db;
  const Lsytb = Math.max(formula, floor);

  const coating = input.epoxy ? 1.5 : 1.0;
  const concrete = input.lightweight ? 1.3 : 1.0;
  const plain = input.barType === "plain";
  const factor = coating * concrete * (plain ? 1.5 : 1.0);
  const Lsyt = Math.max(Lsytb * factor, plain ? 300 : 0);

  // Cl 13.2.2: the lap uses Lsy.t without the 0.058 fsy k1 db limit, then that limit applies to the lap itself.
  const k7 = input.asRatio >= 2 && input.splicedShare <= 0.5 ? 1.0 : 1.25;
  const lapBase = Math.max(formula * factor, plain ? 300 : 0);
  const sb = input.sb <= 3 * db ? 0 : input.sb;
  const Lsytlap = Math.max(k7 * lapBase, floor, input.narrow ? lapBase + 1.5 * sb : 0);

  const Lsycb = Math.max((0.22 * fsy * db) / Math.sqrt(input.fc), 0.0435 * fsy * db, 200) * (plain ? 2 : 1);
  const Lsyclap = Math.max(Lsycb, 40 * db, 300);

  const steps: Step[] = [
    { symbol: "cd", label: "Cover dimension", value: fmt(cd), unit: "mm", clause: "13.1.2.2", formula: input.cd === undefined ? `min(${input.clearSpacing}/2, ${input.cover})` : undefined },
    { symbol: "k1", label: input.castBelow300 ? "Horizontal bar with more than 300 mm of concrete below" : "Other bars", value: k1, clause: "13.1.2.2" },
    { symbol: "k2", label: "Bar size factor", value: fmt(k2), clause: "13.1.2.2", formula: `(132 − ${db})/100` },
    { symbol: "k3", label: "Cover factor", value: fmt(k3), clause: "13.1.2.2", formula: `1.0 − 0.15 × (${fmt(cd)} − ${db})/${db}, within 0.7..1.0` },
    {
      symbol: "Lsy.tb",
      label: formula >= floor ? "Basic development length in tension" : "Basic development length in tension (lower limit governs)",
      value: fmt(Lsytb),
      unit: "mm",
      clause: "13.1.2.2",
      formula: `max(0.5 × ${k1} × ${fmt(k3)} × ${fsy} × ${db}/(${fmt(k2)} × √${fcTension}) = ${fmt(formula)}, 0.058 × ${fsy} × ${k1} × ${db} = ${fmt(floor)})`,
    },
    {
      symbol: "Lsy.t",
      label: "Development length in tension",
      value: fmt(Lsyt),
      unit: "mm",
      clause: plain ? "13.1.3" : "13.1.2.2",
      formula: `${fmt(Lsytb)}${input.epoxy ? " × 1.5 (epoxy-coated)" : ""}${input.lightweight ? " × 1.3 (lightweight concrete)" : ""}${plain ? " × 1.5 (plain bar), ≥ 300" : ""}`,
    },
    { symbol: "k7", label: k7 === 1 ? "As ≥ 2 As required and at most half the bars lapped" : "Lap factor", value: k7, clause: "13.2.2" },
    {
      symbol: "Lsy.t.lap",
      label: "Tension lap: k7 × Lsy.t before its lower limit, at least 0.058 fsy k1 db",
      value: fmt(Lsytlap),
      unit: "mm",
      clause: "13.2.2",
      formula: `max(${k7} × ${fmt(lapBase)}, ${fmt(floor)}${input.narrow ? `, ${fmt(lapBase)} + 1.5 × ${fmt(sb)}` : ""})`,
    },
    {
      symbol: "Lsy.cb",
      label: "Development length in compression",
      value: fmt(Lsycb),
      unit: "mm",
      clause: plain ? "13.1.6" : "13.1.5.1",
      formula: `max(0.22 × ${fsy} × ${db}/√${input.fc}, 0.0435 × ${fsy} × ${db}, 200)${plain ? " × 2 (plain bar)" : ""}`,
    },
    { symbol: "Lsy.c.lap", label: "Compression lap", value: fmt(Lsyclap), unit: "mm", clause: "13.2.4", formula: `max(${fmt(Lsycb)}, 40 × ${db}, 300)` },
  ];
  const checks: Check[] = [
    { name: "Bar size: lapping allowed", clause: "13.2.1", pass: db <= 40, detail: db <= 40 ? `${db} mm ≤ 40 mm` : `${db} mm bars may not be lapped (> 40 mm)` },
  ];
  return { cd, k1, k2, k3, k7, Lsytb: length(Lsytb), Lsyt: length(Lsyt), Lsytlap: length(Lsytlap), Lsycb: length(Lsycb), Lsyclap: length(Lsyclap), steps, checks };
}
