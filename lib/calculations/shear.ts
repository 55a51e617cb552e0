import { type Check, clamp, cot, fmt, rad, type Step } from "./working";

/**
 * Shear strength of a reinforced concrete beam to AS 3600:2018 Cl 8.2 (with
 * Amendment 2, or the original 2018 text): general or simplified method,
 * vertical or inclined fitments. mm, MPa, kN, kNm; N* positive in tension.
 */

export type ShearInput = {
  bv: number;
  D: number;
  d: number;
  fc: number;
  /** Longitudinal steel on the flexural tension side, mm². */
  Ast: number;
  Mstar: number;
  Vstar: number;
  Nstar: number;
  /** Area of the fitment legs at one section, mm² (0: no fitments). */
  Asv: number;
  /** Fitment spacing, mm. */
  s: number;
  fsyf: number;
  /** Angle between the fitments and the longitudinal bars, degrees. */
  alphaV: number;
  /** Maximum aggregate size, mm. */
  dg: number;
  method: "general" | "simplified";
  /** 2: AS 3600:2018 with Amendment 2 (2021); 0: as first published. */
  amendment: 0 | 2;
  Es: number;
};

export type ShearResult = {
  dv: number;
  AsvMin: number;
  /** Longitudinal strain at mid-depth (general method), null for the simplified method. */
  ex: number | null;
  kv: number;
  thetaV: number;
  Vuc: number;
  Vus: number;
  VuMax: number;
  phi: number;
  phiVu: number;
  fitmentsRequired: boolean;
  /** Largest fitment spacing along the beam, mm. */
  maxSpacing: number;
  /** Largest spacing of fitment legs across the web, mm. */
  maxTransverseSpacing: number;
  steps: Step[];
  checks: Check[];
};

/** 0.70 where fitments are less than the minimum (and for web crushing); 0.75 with at least minimum Class N fitments (Table 2.2.2). */
const PHI_WITH_FITMENTS = 0.75;
const PHI_CONCRETE = 0.7;

type ConcreteContribution = { kv: number; thetaV: number; ex: number | null; steps: Step[] };

/** kv and θv of Cl 8.2.4.2 (general) or 8.2.4.3 (simplified), for fitments at or above the minimum or not. */
function concreteContribution(input: ShearInput, dv: number, minimumFitments: boolean): ConcreteContribution {
  if (input.method === "simplified") {
    if (minimumFitments) return { kv: 0.15, thetaV: 36, ex: null, steps: [{ symbol: "kv", label: "With at least minimum fitments", value: 0.15, clause: "8.2.4.3" }] };
    const cap = input.amendment === 2 ? 0.15 : 0.1;
    const raw = 200 / (1000 + 1.3 * dv);
    return {
      kv: Math.min(raw, cap),
      thetaV: 36,
      ex: null,
      steps: [{ symbol: "kv", label: "Without minimum fitments", value: fmt(Math.min(raw, cap)), clause: "8.2.4.3", formula: `200/(1000 + 1.3 × ${fmt(dv)}) = ${fmt(raw)} ≤ ${cap}` }],
    };
  }
  const { Mstar, Vstar, Nstar, Es, Ast, fc, dg } = input;
  // M* is taken as at least V* dv (both as magnitudes); N* in tension widens the strain.
  const M = Math.max(Math.abs(Mstar) * 1e6, Math.abs(Vstar) * 1e3 * dv);
  const raw = (M / dv + Math.abs(Vstar) * 1e3 + 0.5 * Nstar * 1e3) / (2 * Es * Ast);
  // Negative (compression): taken as 0, the simpler of the two options of the clause.
  const ex = clamp(raw, 0, 3e-3);
  const base = 0.4 / (1 + 1500 * ex);
  const kdg = fc > 65 ? 2.0 : Math.max(32 / (16 + dg), 0.8);
  const size = minimumFitments ? 1 : 1300 / (1000 + kdg * dv);
  const kv = base * size;
  const thetaV = 29 + 7000 * ex;
  const steps: Step[] = [
    {
      symbol: "εx",
      label: "Longitudinal strain at mid-depth",
      value: fmt(ex),
      clause: "8.2.4.2.2",
      formula: `(${fmt(M / 1e6)}×10⁶/${fmt(dv)} + ${fmt(Math.abs(Vstar))}×10³ + 0.5 × ${fmt(Nstar)}×10³)/(2 × ${Es} × ${fmt(Ast)}), within 0..3×10⁻³`,
    },
    ...(minimumFitments
      ? []
      : [{ symbol: "kdg", label: "Aggregate size factor", value: fmt(kdg), clause: "8.2.4.2.1", formula: fc > 65 ? "2.0 (f'c > 65 MPa)" : `32/(16 + ${dg}) ≥ 0.8` }]),
    {
      symbol: "kv",
      label: minimumFitments ? "With at least minimum fitments" : "Without minimum fitments (size effect)",
      value: fmt(kv),
      clause: "8.2.4.2.1",
      formula: minimumFitments ? `0.4/(1 + 1500 × ${fmt(ex)})` : `0.4/(1 + 1500 × ${fmt(ex)}) × 1300/(1000 + ${fmt(kdg)} × ${fmt(dv)})`,
    },
    { symbol: "θv", label: "Angle of the compression strut", value: fmt(thetaV), unit: "°", clause: "8.2.4.2.1", formula: `29 + 7000 × ${fmt(ex)}` },
  ];
  return { kv, thetaV, ex, steps };
}

export function shearStrength(input: ShearInput): ShearResult {
  const { bv, D, d, fc, Asv, s, fsyf, alphaV, Vstar, amendment } = input;
  const dv = Math.max(0.72 * D, 0.9 * d);
  const rootFc = Math.min(Math.sqrt(fc), 8);
  const AsvMin = s > 0 ? (0.08 * Math.sqrt(fc) * bv * s) / fsyf : 0;
  const minimumFitments = Asv > 0 && Asv >= AsvMin;

  const concrete = concreteContribution(input, dv, minimumFitments);
  const theta = rad(concrete.thetaV);
  const alpha = rad(alphaV);
  const Vuc = (concrete.kv * bv * dv * rootFc) / 1000;
  const Vus = Asv > 0 && s > 0 ? ((Asv * fsyf * dv) / s) * (Math.sin(alpha) * cot(theta) + Math.cos(alpha)) / 1000 : 0;
  const cotAlpha = alphaV >= 90 ? 0 : cot(alpha);
  const crushing = amendment === 2 ? 0.9 : 1.0;
  const VuMax = (0.55 * crushing * fc * bv * dv * (cot(theta) + cotAlpha)) / (1 + cot(theta) ** 2) / 1000;
  const phi = minimumFitments ? PHI_WITH_FITMENTS : PHI_CONCRETE;
  const phiVu = Math.min(phi * (Vuc + Vus), PHI_CONCRETE * VuMax);

  // Whether fitments are needed is judged on the concrete alone (no fitments).
  const bare = concreteContribution(input, dv, false);
  const VucBare = (bare.kv * bv * dv * rootFc) / 1000;
  const ks = clamp((1000 - D) / 700, 0.5, 1.0);
  const threshold = amendment === 2 ? ks * PHI_CONCRETE * VucBare : PHI_CONCRETE * VucBare;
  const fitmentsRequired = Math.abs(Vstar) > threshold || D >= 750;

  // Spacing: min(0.5D, 300), or under Amendment 2 min(0.75D, 500) where V* ≤ φVu.min.
  const withMin = concreteContribution(input, dv, true);
  const VusMin = s > 0 ? ((AsvMin * fsyf * dv) / s) * (Math.sin(alpha) * cot(rad(withMin.thetaV)) + Math.cos(alpha)) / 1000 : 0;
  const phiVuMin = PHI_WITH_FITMENTS * ((withMin.kv * bv * dv * rootFc) / 1000 + VusMin);
  const relaxed = amendment === 2 && Math.abs(Vstar) <= phiVuMin;
  const maxSpacing = relaxed ? Math.min(0.75 * D, 500) : Math.min(0.5 * D, 300);
  const maxTransverseSpacing = Math.min(D, 600);

  const steps: Step[] = [
    { symbol: "dv", label: "Effective shear depth", value: fmt(dv), unit: "mm", clause: "8.2.1.9", formula: `max(0.72 × ${D}, 0.9 × ${d})` },
    { symbol: "√f'c", label: "Square root of f'c, at most 8 MPa", value: fmt(rootFc), unit: "MPa", clause: "8.2.4.1" },
    { symbol: "Asv.min", label: "Minimum fitment area", value: fmt(AsvMin), unit: "mm²", clause: "8.2.1.7", formula: `0.08 × √${fc} × ${bv} × ${s}/${fsyf}` },
    { symbol: "Asv", label: minimumFitments ? "Fitments provided: at least the minimum" : "Fitments provided: less than the minimum", value: fmt(Asv), unit: "mm²" },
    ...concrete.steps,
    { symbol: "Vuc", label: "Concrete contribution", value: fmt(Vuc), unit: "kN", clause: "8.2.4.1", formula: `${fmt(concrete.kv)} × ${bv} × ${fmt(dv)} × ${fmt(rootFc)}` },
    {
      symbol: "Vus",
      label: "Fitment contribution",
      value: fmt(Vus),
      unit: "kN",
      clause: "8.2.5.2",
      formula: Asv > 0 ? `(${fmt(Asv)} × ${fsyf} × ${fmt(dv)}/${s}) × (sin ${alphaV}° cot ${fmt(concrete.thetaV)}° + cos ${alphaV}°)` : "no fitments",
    },
    {
      symbol: "Vu.max",
      label: "Web crushing limit",
      value: fmt(VuMax),
      unit: "kN",
      clause: "8.2.3.3",
      formula: `0.55 × ${amendment === 2 ? "0.9 × " : ""}${fc} × ${bv} × ${fmt(dv)} × (cot θv + cot αv)/(1 + cot²θv)`,
    },
    { symbol: "φ", label: minimumFitments ? "Capacity reduction factor (at least minimum Class N fitments)" : "Capacity reduction factor", value: phi, clause: "Table 2.2.2" },
    { symbol: "φVu", label: "Design shear strength", value: fmt(phiVu), unit: "kN", clause: "8.2.3.1", formula: `min(${phi} × (${fmt(Vuc)} + ${fmt(Vus)}), 0.7 × ${fmt(VuMax)})` },
    {
      symbol: amendment === 2 ? "ks φVuc" : "φVuc",
      label: "Shear above which fitments are required (concrete alone)",
      value: fmt(threshold),
      unit: "kN",
      clause: "8.2.1.6",
      formula: amendment === 2 ? `ks = (1000 − ${D})/700 = ${fmt(ks)}, × 0.7 × ${fmt(VucBare)}` : `0.7 × ${fmt(VucBare)}`,
    },
    { symbol: "s.max", label: relaxed ? "Largest fitment spacing (V* ≤ φVu.min)" : "Largest fitment spacing", value: fmt(maxSpacing), unit: "mm", clause: "8.3.2.2" },
    { symbol: "s.t.max", label: "Largest spacing of fitment legs across the web", value: fmt(maxTransverseSpacing), unit: "mm", clause: "8.3.2.2" },
  ];

  const checks: Check[] = [
    { name: "Strength: V* ≤ φVu", clause: "8.2.3.1", pass: Math.abs(Vstar) <= phiVu, detail: `V* = ${fmt(Math.abs(Vstar))} kN ${Math.abs(Vstar) <= phiVu ? "≤" : ">"} φVu = ${fmt(phiVu)} kN` },
    {
      name: "Web crushing: V* ≤ φVu.max",
      clause: "8.2.3.3",
      pass: Math.abs(Vstar) <= PHI_CONCRETE * VuMax,
      detail: `V* = ${fmt(Math.abs(Vstar))} kN, 0.7 × Vu.max = ${fmt(PHI_CONCRETE * VuMax)} kN`,
    },
    {
      name: fitmentsRequired ? "Fitments required: at least Asv.min" : "Fitments not required by strength",
      clause: "8.2.1.6",
      pass: !fitmentsRequired || minimumFitments,
      detail: fitmentsRequired
        ? `${D >= 750 ? `D = ${D} ≥ 750 mm` : `V* = ${fmt(Math.abs(Vstar))} kN > ${fmt(threshold)} kN`}: Asv = ${fmt(Asv)} mm² ${minimumFitments ? "≥" : "<"} Asv.min = ${fmt(AsvMin)} mm²`
        : `V* = ${fmt(Math.abs(Vstar))} kN ≤ ${fmt(threshold)} kN and D < 750 mm`,
    },
  ];
  if (Asv > 0) {
    checks.push({ name: "Fitment spacing", clause: "8.3.2.2", pass: s <= maxSpacing, detail: `s = ${s} mm ${s <= maxSpacing ? "≤" : ">"} ${fmt(maxSpacing)} mm` });
  }

  return {
    dv,
    AsvMin,
    ex: concrete.ex,
    kv: concrete.kv,
    thetaV: concrete.thetaV,
    Vuc,
    Vus,
    VuMax,
    phi,
    phiVu,
    fitmentsRequired,
    maxSpacing,
    maxTransverseSpacing,
    steps,
    checks,
  };
}
