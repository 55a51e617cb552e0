import { type Check, clamp, fmt, type Step } from "./working";

/**
 * Bending strength of a reinforced concrete section to AS 3600:2018 Cl 8.1
 * (or the AS 3600:2009 stress block), by strain compatibility: the neutral
 * axis is found where the concrete stress block and every steel layer are in
 * equilibrium, so compression steel that has not yielded, and T-sections
 * whose block reaches into the web, come out right. mm, MPa, kN, kNm.
 */

export type Shape = { shape: "rectangle"; b: number; D: number } | { shape: "T"; bw: number; D: number; bef: number; hf: number };
export type SteelLayer = { area: number; depth: number };

export type BendingInput = Shape & {
  fc: number;
  fsy: number;
  Es: number;
  steel: SteelLayer[];
  ductilityClass: "N" | "L";
  edition: "AS3600:2018" | "AS3600:2009";
  /** Design moment, kNm (optional). */
  Mstar?: number;
};

export type LayerResult = SteelLayer & { strain: number; stress: number; force: number; yielded: boolean; zone: "tension" | "compression" };

export type BendingResult = {
  alpha2: number;
  gamma: number;
  /** Depth of the neutral axis, mm. */
  dn: number;
  /** Depth of the stress block, γ dn, mm. */
  blockDepth: number;
  ku: number;
  kuo: number;
  /** Centroid of the tension steel, mm. */
  d: number;
  /** Depth of the outermost tension layer, mm. */
  do: number;
  phi: number;
  /** kNm */
  Muo: number;
  phiMuo: number;
  MuoMin: number;
  /** Strain in the outermost tension layer at ultimate (tension positive); 0 with no tension steel. */
  steelStrain: number;
  /** Compression steel the ductility rule asks for when kuo > 0.36, mm² (0 otherwise). */
  AscRequired: number;
  AscProvided: number;
  concreteForce: number;
  layers: LayerResult[];
  steps: Step[];
  checks: Check[];
};

export const EPSILON_CU = 0.003;
/** Uniform strain εsu of Class L reinforcement (Table 3.2.1): 1.5 %. */
export const EPSILON_SU_CLASS_L = 0.015;

/** α2 and γ of the rectangular stress block (Cl 8.1.3). */
export function stressBlock(fc: number, edition: BendingInput["edition"]): { alpha2: number; gamma: number } {
  if (edition === "AS3600:2009") return { alpha2: clamp(1.0 - 0.003 * fc, 0.67, 0.85), gamma: clamp(1.05 - 0.007 * fc, 0.67, 0.85) };
  return { alpha2: Math.max(0.85 - 0.0015 * fc, 0.67), gamma: Math.max(0.97 - 0.0025 * fc, 0.67) };
}

/** φ for bending without axial force (Table 2.2.2). */
export function bendingPhi(kuo: number, ductilityClass: "N" | "L", edition: BendingInput["edition"]): number {
  if (edition === "AS3600:2009") return ductilityClass === "N" ? 0.8 : 0.64;
  return ductilityClass === "N" ? clamp(1.24 - (13 * kuo) / 12, 0.65, 0.85) : 0.65;
}

/** Area, and depth of its centroid from the top, of the section within `depth` of the top. */
function areaAbove(shape: Shape, depth: number): { area: number; centroid: number } {
  const a = clamp(depth, 0, shape.D);
  if (shape.shape === "rectangle") return { area: shape.b * a, centroid: a / 2 };
  const inFlange = Math.min(a, shape.hf);
  const inWeb = Math.max(0, a - shape.hf);
  const area = shape.bef * inFlange + shape.bw * inWeb;
  if (area === 0) return { area: 0, centroid: 0 };
  const centroid = (shape.bef * inFlange * (inFlange / 2) + shape.bw * inWeb * (shape.hf + inWeb / 2)) / area;
  return { area, centroid };
}

/** Section modulus of the gross uncracked section about the extreme tension (bottom) fibre. */
function sectionModulusBottom(shape: Shape): number {
  if (shape.shape === "rectangle") return (shape.b * shape.D ** 2) / 6;
  const { bef, hf, bw, D } = shape;
  const Af = bef * hf;
  const Aw = bw * (D - hf);
  const ybar = (Af * (hf / 2) + Aw * (hf + (D - hf) / 2)) / (Af + Aw);
  const I = (bef * hf ** 3) / 12 + Af * (ybar - hf / 2) ** 2 + (bw * (D - hf) ** 3) / 12 + Aw * (hf + (D - hf) / 2 - ybar) ** 2;
  return I / (D - ybar);
}

function layerAt(layer: SteelLayer, dn: number, fsy: number, Es: number): LayerResult {
  // Compression positive: layers above the neutral axis shorten.
  const strain = (EPSILON_CU * (dn - layer.depth)) / dn;
  const stress = clamp(Es * strain, -fsy, fsy);
  return {
    ...layer,
    strain,
    stress,
    force: (stress * layer.area) / 1000,
    yielded: Math.abs(Es * strain) >= fsy,
    zone: strain >= 0 ? "compression" : "tension",
  };
}

/** Net axial force on the section (kN, compression positive) with the neutral axis at depth dn. */
export function netForceAt(input: BendingInput, dn: number): number {
  const { alpha2, gamma } = stressBlock(input.fc, input.edition);
  const concrete = (alpha2 * input.fc * areaAbove(input, gamma * dn).area) / 1000;
  return concrete + input.steel.reduce((sum, layer) => sum + layerAt(layer, dn, input.fsy, input.Es).force, 0);
}

export function bendingStrength(input: BendingInput): BendingResult {
  const { fc, fsy, Es, steel, edition, ductilityClass } = input;
  const { alpha2, gamma } = stressBlock(fc, edition);
  const netForce = (dn: number) => netForceAt(input, dn);

  // Net compression grows with dn: bisect to 0.001 mm (the issue asks for 0.01 mm).
  let lo = 1e-6;
  let hi = input.D;
  while (netForce(hi) < 0 && hi < 100 * input.D) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-3; i++) {
    const mid = (lo + hi) / 2;
    if (netForce(mid) < 0) lo = mid;
    else hi = mid;
  }
  const dn = (lo + hi) / 2;
  const block = areaAbove(input, gamma * dn);
  const concreteForce = (alpha2 * fc * block.area) / 1000;
  const layers = steel.map((layer) => layerAt(layer, dn, fsy, Es));
  // Moment of all forces about the top fibre: with no net force, it is the resisting couple.
  const Muo = -(concreteForce * block.centroid + layers.reduce((sum, l) => sum + l.force * l.depth, 0)) / 1000;

  const tension = layers.filter((l) => l.zone === "tension");
  const tensionArea = tension.reduce((s, l) => s + l.area, 0);
  const d = tensionArea > 0 ? tension.reduce((s, l) => s + l.area * l.depth, 0) / tensionArea : input.D;
  const dOuter = tension.length ? Math.max(...tension.map((l) => l.depth)) : input.D;
  // Tension is negative in the layers; the outermost tension layer strains most.
  const steelStrain = tension.length ? (EPSILON_CU * (dOuter - dn)) / dn : 0;
  const ku = dn / d;
  const kuo = dn / dOuter;
  const phi = bendingPhi(kuo, ductilityClass, edition);
  const phiMuo = phi * Muo;

  const fctf = 0.6 * Math.sqrt(fc);
  const Z = sectionModulusBottom(input);
  const MuoMin = (1.2 * Z * fctf) / 1e6;

  const compressionZone = areaAbove(input, dn).area;
  const AscRequired = kuo > 0.36 ? 0.01 * compressionZone : 0;
  const AscProvided = layers.filter((l) => l.zone === "compression").reduce((s, l) => s + l.area, 0);

  const steps: Step[] = [
    {
      symbol: "α2",
      label: "Stress block intensity",
      value: fmt(alpha2),
      clause: "8.1.3",
      formula: edition === "AS3600:2009" ? `1.0 − 0.003 × ${fc}, within 0.67..0.85` : `0.85 − 0.0015 × ${fc} ≥ 0.67`,
    },
    {
      symbol: "γ",
      label: "Stress block depth ratio",
      value: fmt(gamma),
      clause: "8.1.3",
      formula: edition === "AS3600:2009" ? `1.05 − 0.007 × ${fc}, within 0.67..0.85` : `0.97 − 0.0025 × ${fc} ≥ 0.67`,
    },
    { symbol: "εcu", label: "Concrete strain at the extreme compression fibre", value: EPSILON_CU, clause: "8.1.3" },
    { symbol: "dn", label: "Depth of the neutral axis (strain compatibility, equilibrium ΣF = 0)", value: fmt(dn, 5), unit: "mm", clause: "8.1.2" },
    { symbol: "γ dn", label: "Depth of the stress block", value: fmt(gamma * dn), unit: "mm" },
    { symbol: "C", label: "Concrete compression force", value: fmt(concreteForce), unit: "kN", formula: `${fmt(alpha2)} × ${fc} × ${fmt(block.area)} mm²` },
    ...layers.map((l, i): Step => ({
      symbol: `F${i + 1}`,
      label: `Steel layer ${i + 1} (${l.area} mm² at ${l.depth} mm): ε = ${fmt(l.strain)}, σ = ${fmt(l.stress)} MPa${l.yielded ? ", yielded" : ""}`,
      value: fmt(l.force),
      unit: "kN",
      formula: `${l.zone}`,
    })),
    { symbol: "d", label: "Centroid of the tension steel", value: fmt(d), unit: "mm" },
    { symbol: "do", label: "Depth of the outermost tension layer", value: fmt(dOuter), unit: "mm" },
    { symbol: "ku", label: "dn / d", value: fmt(ku) },
    { symbol: "kuo", label: "dn / do", value: fmt(kuo), clause: "8.1.5" },
    ...(ductilityClass === "L" && tension.length
      ? [
          {
            symbol: "εs",
            label: "Strain in the outermost tension layer at ultimate; Class L steel's uniform strain εsu is 0.015",
            value: fmt(steelStrain),
            clause: "Table 3.2.1",
            formula: `0.003 × (${fmt(dOuter)} − ${fmt(dn, 5)})/${fmt(dn, 5)}`,
          },
        ]
      : []),
    { symbol: "Muo", label: "Ultimate strength in bending", value: fmt(Muo), unit: "kNm", clause: "8.1.2" },
    {
      symbol: "φ",
      label: `Capacity reduction factor, Class ${ductilityClass} reinforcement`,
      value: fmt(phi),
      clause: "Table 2.2.2",
      formula: edition === "AS3600:2018" && ductilityClass === "N" ? `1.24 − 13 × ${fmt(kuo)}/12, within 0.65..0.85` : undefined,
    },
    { symbol: "φMuo", label: "Design strength in bending", value: fmt(phiMuo), unit: "kNm" },
    { symbol: "f'ct.f", label: "Characteristic flexural tensile strength", value: fmt(fctf), unit: "MPa", clause: "3.1.1.3", formula: `0.6 √${fc}` },
    { symbol: "Z", label: "Section modulus of the uncracked section, tension fibre", value: fmt(Z), unit: "mm³" },
    { symbol: "(Muo)min", label: "Minimum strength", value: fmt(MuoMin), unit: "kNm", clause: "8.1.6.1", formula: `1.2 × ${fmt(Z)} × ${fmt(fctf)}` },
  ];

  const checks: Check[] = [
    kuo <= 0.36
      ? { name: "Ductility: kuo ≤ 0.36", clause: "8.1.5", pass: true, detail: `kuo = ${fmt(kuo)} ≤ 0.36` }
      : {
          name: "Ductility: kuo ≤ 0.36, else compression steel",
          clause: "8.1.5",
          pass: AscProvided >= AscRequired,
          detail: `kuo = ${fmt(kuo)} > 0.36: compression steel of at least 0.01 × ${fmt(compressionZone)} = ${fmt(AscRequired)} mm², laterally restrained (Cl 10.7.4), is needed; ${fmt(AscProvided)} mm² is in compression`,
        },
    {
      name: "Minimum strength: Muo ≥ (Muo)min",
      clause: "8.1.6.1",
      pass: Muo >= MuoMin,
      detail: `Muo = ${fmt(Muo)} kNm ${Muo >= MuoMin ? "≥" : "<"} (Muo)min = ${fmt(MuoMin)} kNm`,
    },
  ];
  if (ductilityClass === "L" && tension.length) {
    const within = steelStrain <= EPSILON_SU_CLASS_L;
    checks.push({
      name: "Class L steel strain: εs ≤ 0.015",
      clause: "3.2.1",
      pass: within,
      detail: within
        ? `εs = ${fmt(steelStrain)} ≤ εsu = 0.015 when the concrete reaches 0.003`
        : `εs = ${fmt(steelStrain)} > εsu = 0.015: the Class L bars would pass their uniform elongation before the concrete crushes (kuo = ${fmt(kuo)} < 1/6); add steel or use Class N`,
    });
  }
  if (input.Mstar !== undefined) {
    // A hogging M* (negative) is checked on the section as entered: its compression face at the top.
    const M = Math.abs(input.Mstar);
    checks.push({
      name: "Strength: M* ≤ φMuo",
      clause: "8.1.1",
      pass: M <= phiMuo,
      detail: `${input.Mstar < 0 ? "|M*|" : "M*"} = ${fmt(M)} kNm ${M <= phiMuo ? "≤" : ">"} φMuo = ${fmt(phiMuo)} kNm (utilisation ${fmt(M / phiMuo, 3)})${input.Mstar < 0 ? "; hogging: the section is as entered, compression face at the top" : ""}`,
    });
  }

  return {
    alpha2,
    gamma,
    dn,
    blockDepth: gamma * dn,
    ku,
    kuo,
    d,
    do: dOuter,
    phi,
    Muo,
    phiMuo,
    MuoMin,
    steelStrain,
    AscRequired,
    AscProvided,
    concreteForce,
    layers,
    steps,
    checks,
  };
}
