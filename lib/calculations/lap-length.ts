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
  /** Also work out the refined development length with k4 and k5 (Cl 13.1.2.3); the tension lap then uses it. */
  refined?: boolean;
  /** Figure 13.1.2.3: 0.1, 0.05 or 0 by where the bar sits in the transverse reinforcement. */
  K?: 0 | 0.05 | 0.1;
  /** Transverse reinforcement along the development length, mm². */
  sumAtr?: number;
  /** Transverse compressive pressure at the ultimate limit state across the plane of splitting, MPa. */
  rhoP?: number;
  /** Transverse reinforcement around a compression lap (Cl 13.2.4). */
  confinement?: "none" | "fitments" | "helix";
  /** Area of one fitment or helix bar, mm². */
  Atr?: number;
  /** Spacing (pitch) of the fitments or helix, mm. */
  fitmentSpacing?: number;
  /** At least three fitments or turns over the lap length. */
  threeFitments?: boolean;
  /** Number of bars the helix encloses. */
  helixBars?: number;
  /**
   * The engineer confirms the bar is enclosed by transverse reinforcement
   * that meets Cl 13.1.5.2 along its development length: the refined
   * compression development length Lsy.c = k6 Lsy.cb with k6 = 0.75.
   */
  compressionRefined?: boolean;
};

export type Length = { value: number; rounded: number };

export type LapResult = {
  cd: number;
  k1: number;
  k2: number;
  k3: number;
  k7: number;
  /** Refined method only (1 otherwise): k4 transverse reinforcement, k5 transverse pressure (Cl 13.1.2.3). */
  k4: number;
  k5: number;
  /** 0.8 where Cl 13.2.4 allows the compression lap to be reduced, else 1. */
  compressionLapFactor: number;
  /** Basic development length in tension, Cl 13.1.2.2 (with its lower limit). */
  Lsytb: Length;
  /** Development length in tension with the epoxy, lightweight and plain-bar factors. */
  Lsyt: Length;
  /** Refined development length in tension, Cl 13.1.2.3, with the same factors; null unless asked for. */
  LsytRefined: Length | null;
  /** Tension lap, Cl 13.2.2. */
  Lsytlap: Length;
  /** Basic development length in compression, Cl 13.1.5.1. */
  Lsycb: Length;
  /** Development length in compression, Cl 13.1.5: refined (k6 = 0.75, Cl 13.1.5.2) when confirmed, else the basic one. */
  Lsyc: Length;
  /** 0.75 where the refined compression development length applies, else 1. */
  k6: number;
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

/** The 0.8 of Cl 13.2.4 for a compression lap inside fitments or a helix, with the test that allows it. */
function compressionLapReduction(input: LapInput): { factor: number; step: Step | null } {
  const kind = input.confinement ?? "none";
  if (kind === "none" || input.Atr === undefined || input.fitmentSpacing === undefined) return { factor: 1, step: null };
  const Ab = (Math.PI * input.db ** 2) / 4;
  const perLength = input.Atr / input.fitmentSpacing;
  const bars = input.helixBars ?? 1;
  const needed = kind === "helix" ? (bars * Ab) / 6000 : Ab / 1000;
  const three = input.threeFitments ?? false;
  const allowed = three && perLength >= needed;
  const what = kind === "helix" ? "helix" : "fitments";
  return {
    factor: allowed ? 0.8 : 1,
    step: {
      symbol: "Atr/s",
      label: allowed
        ? `Compression lap inside ${what}: at least three over the lap and Atr/s large enough, so 0.8`
        : three
          ? `Compression lap inside ${what}: Atr/s too small for the 0.8 reduction`
          : `Compression lap inside ${what}: fewer than three over the lap, no reduction`,
      value: fmt(perLength),
      unit: "mm²/mm",
      clause: "13.2.4",
      formula:
        kind === "helix"
          ? `${fmt(input.Atr)}/${fmt(input.fitmentSpacing)} ${perLength >= needed ? "≥" : "<"} n Ab/6000 = ${bars} × ${fmt(Ab)}/6000 = ${fmt(needed)}`
          : `${fmt(input.Atr)}/${fmt(input.fitmentSpacing)} ${perLength >= needed ? "≥" : "<"} Ab/1000 = ${fmt(Ab)}/1000 = ${fmt(needed)}`,
    },
  };
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
  const factorText = `${input.epoxy ? " × 1.5 (epoxy-coated)" : ""}${input.lightweight ? " × 1.3 (lightweight concrete)" : ""}${plain ? " × 1.5 (plain bar), ≥ 300" : ""}`;

  // Cl 13.1.2.3: k4 for transverse reinforcement, k5 for transverse pressure, with k3 k4 k5 ≥ 0.7.
  const refined = input.refined ?? false;
  const As = (Math.PI * db ** 2) / 4;
  // ΣAtr.min: 0.25 As in beams and columns (narrow elements), 0 in slabs and walls.
  const AtrMin = input.narrow ? 0.25 * As : 0;
  const K = input.K ?? 0;
  const lambda = ((input.sumAtr ?? 0) - AtrMin) / As;
  const k4 = refined ? clamp(1 - K * lambda, 0.7, 1.0) : 1;
  const k5 = refined ? clamp(1 - 0.04 * (input.rhoP ?? 0), 0.7, 1.0) : 1;
  const k345 = Math.max(k3 * k4 * k5, 0.7);
  const refinedFormula = (0.5 * k1 * k345 * fsy * db) / (k2 * Math.sqrt(fcTension));
  const LsytRefined = Math.max(Math.max(refinedFormula, floor) * factor, plain ? 300 : 0);

  // Cl 13.2.2: both of the lap's terms, k7 Lsy.t and (narrow elements) Lsy.t + 1.5 sb, take Lsy.t without Eq 13.1.2.2's
  // 0.058 fsy k1 db limit; that limit then applies to the lap itself (docs/calculations.md, "Lap Length": the clause as
  // summarised from its text and the Structural Toolkit workbook agree; k7 is not applied after the limit).
  const k7 = input.asRatio >= 2 && input.splicedShare <= 0.5 ? 1.0 : 1.25;
  const lapBase = Math.max((refined ? refinedFormula : formula) * factor, plain ? 300 : 0);
  const sb = input.sb <= 3 * db ? 0 : input.sb;
  const Lsytlap = Math.max(k7 * lapBase, floor, input.narrow ? lapBase + 1.5 * sb : 0);

  const Lsycb = Math.max((0.22 * fsy * db) / Math.sqrt(input.fc), 0.0435 * fsy * db, 200) * (plain ? 2 : 1);
  // Plain bars (Cl 13.1.6) take twice the basic length, with no refinement.
  const k6 = input.compressionRefined && !plain ? 0.75 : 1;
  const Lsyc = k6 * Lsycb;
  const reduction = compressionLapReduction(input);
  const Lsyclap = reduction.factor * Math.max(Lsycb, 40 * db, 300);

  const steps: Step[] = [
    {
      symbol: "cd",
      label: "Cover dimension",
      value: fmt(cd),
      unit: "mm",
      clause: "13.1.2.2",
      formula: input.cd === undefined ? `min(${input.clearSpacing}/2, ${input.cover})` : undefined,
    },
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
      label: refined ? "Development length in tension, basic method" : "Development length in tension",
      value: fmt(Lsyt),
      unit: "mm",
      clause: plain ? "13.1.3" : "13.1.2.2",
      formula: `${fmt(Lsytb)}${factorText}`,
    },
    ...(refined
      ? [
          {
            symbol: "λ",
            label: `(ΣAtr − ΣAtr.min)/As, ΣAtr.min = ${input.narrow ? "0.25 As (beam or column)" : "0 (slab or wall)"}`,
            value: fmt(lambda),
            clause: "13.1.2.3",
            formula: `(${fmt(input.sumAtr ?? 0)} − ${fmt(AtrMin)})/${fmt(As)}`,
          },
          {
            symbol: "k4",
            label: "Transverse reinforcement factor",
            value: fmt(k4),
            clause: "13.1.2.3",
            formula: `1.0 − ${K} × ${fmt(lambda)}, within 0.7..1.0`,
          },
          {
            symbol: "k5",
            label: "Transverse pressure factor",
            value: fmt(k5),
            clause: "13.1.2.3",
            formula: `1.0 − 0.04 × ${fmt(input.rhoP ?? 0)}, within 0.7..1.0`,
          },
          {
            symbol: "Lsy.t",
            label: "Refined development length in tension (the tension lap uses it)",
            value: fmt(LsytRefined),
            unit: "mm",
            clause: "13.1.2.3",
            formula: `max(0.5 × ${k1} × (k3 k4 k5 = ${fmt(k3)} × ${fmt(k4)} × ${fmt(k5)} ≥ 0.7 → ${fmt(k345)}) × ${fsy} × ${db}/(${fmt(k2)} × √${fcTension}) = ${fmt(refinedFormula)}, ${fmt(floor)})${factorText}`,
          },
        ]
      : []),
    { symbol: "k7", label: k7 === 1 ? "As ≥ 2 As required and at most half the bars lapped" : "Lap factor", value: k7, clause: "13.2.2" },
    {
      symbol: "Lsy.t.lap",
      label: "Tension lap: k7 × Lsy.t (and, in a narrow element, Lsy.t + 1.5 sb) with Lsy.t before its lower limit, at least 0.058 fsy k1 db",
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
    ...(input.compressionRefined
      ? [
          {
            symbol: "Lsy.c",
            label: plain
              ? "Refined compression development does not apply to plain bars: Lsy.c = Lsy.cb"
              : "Refined development length in compression (bar enclosed by transverse reinforcement meeting Cl 13.1.5.2): k6 = 0.75",
            value: fmt(Lsyc),
            unit: "mm",
            clause: "13.1.5.2",
            formula: `${k6} × ${fmt(Lsycb)}`,
          },
        ]
      : []),
    ...(reduction.step ? [reduction.step] : []),
    {
      symbol: "Lsy.c.lap",
      label: "Compression lap",
      value: fmt(Lsyclap),
      unit: "mm",
      clause: "13.2.4",
      formula: `${reduction.factor === 1 ? "" : "0.8 × "}max(${fmt(Lsycb)}, 40 × ${db}, 300)`,
    },
  ];
  const checks: Check[] = [
    {
      name: "Bar size: lapping allowed",
      clause: "13.2.1",
      pass: db <= 40,
      detail: db <= 40 ? `${db} mm ≤ 40 mm` : `${db} mm bars may not be lapped (> 40 mm)`,
    },
  ];
  return {
    cd,
    k1,
    k2,
    k3,
    k7,
    k4,
    k5,
    compressionLapFactor: reduction.factor,
    Lsytb: length(Lsytb),
    Lsyt: length(Lsyt),
    LsytRefined: refined ? length(LsytRefined) : null,
    Lsytlap: length(Lsytlap),
    Lsycb: length(Lsycb),
    Lsyc: length(Lsyc),
    k6,
    Lsyclap: length(Lsyclap),
    steps,
    checks,
  };
}
