/**
 * The girder design check (issue 29; docs/calculations.md, "The girder design check"): for an ultimate combination,
 * at every element end of the girder, M* with its sign and V* from the stored results, the section there as an
 * equivalent I, the tendons there with their effective prestress, the bars of its PSC section, and the design
 * strengths φMuo and φVu of the calculators themselves (bending.ts, shear.ts), so that a link opens the calculator on
 * exactly the numbers of the point. Pure: the route layer loads the tables and the results.
 */
import { parseBars } from "@/lib/calculations/bars";
import { type BendingInput, bendingStrength } from "@/lib/calculations/bending";
import { calculatorLink } from "@/lib/calculations/links";
import { type ShearInput, shearStrength } from "@/lib/calculations/shear";
import { DomainError } from "@/lib/errors";
import { frictionShare, profileLevel, profilePoints, tendonProfile } from "./friction";
import type { GirderElementIds, MidasIdScheme } from "./model";
import type { ParsedTables } from "./parse";
import type { PscSectionData } from "./parse/sections";
import type { ResultTable } from "./results";
import type { KeyPoint } from "./results-series";
import { caseOf, elementLabel } from "./results-view";

export type DesignStandard = "AS5100.5:2017" | "AS3600:2018";
export const DESIGN_STANDARDS: Record<DesignStandard, string> = {
  "AS5100.5:2017": "AS 5100.5:2017 (bridges)",
  "AS3600:2018": "AS 3600:2018 (Amdt 2)",
};

/** Modulus of strand (AS 3600:2018 Cl 3.3.2, AS 5100.5:2017 Cl 3.3.2: 195 000 MPa ± 10 %). */
const EP = 195_000;
/** Reinforcing bars: D500N (AS/NZS 4671), Es 200 000 MPa. */
const FSY = 500;
const ES = 200_000;
const FSYF = 500;

export type GirderCheckPoint = {
  /** "P3", "Span 3 mid" where a support or mid-span is, else "Span 3, elem 12 J". */
  point: string;
  chainage: number;
  element: number;
  part: "I" | "J";
  span: number;
  /** kNm, sagging positive; the one of the pair (max, min) that uses more of its strength. */
  Mstar: number;
  /** kN, the larger magnitude. */
  Vstar: number;
  /** The face in tension under M*. */
  face: "top" | "bottom";
  section: string;
  phiMuo: number;
  phiVu: number;
  utilisationM: number;
  utilisationV: number;
  /** The calculators opened on this point's inputs: the same numbers, worked out line by line. */
  links: { bending: string; shear: string };
};

export type GirderCheck = {
  combination: string;
  standard: DesignStandard;
  points: GirderCheckPoint[];
  governing: { M: GirderCheckPoint; V: GirderCheckPoint };
  /** The ultimate combinations the results hold (the choice of the page). */
  combinations: string[];
  /** What the check assumes, as the sheet states it. */
  assumptions: string[];
};

const r = (v: number, digits: number) => Number(v.toFixed(digits));

/**
 * The box as the equivalent I the calculators take (mm): the top flange over the whole width with the thickness that
 * keeps its area (slab between the webs and the tapered cantilevers), both webs together at their horizontal
 * thickness, the bottom slab. The flanges' areas and the depth are the box's; their centroids move by a few mm.
 */
export function equivalentI(s: PscSectionData): { shape: "I"; D: number; bfTop: number; tfTop: number; bw: number; bfBottom: number; tfBottom: number } {
  const between = s.topWidth - 2 * s.cantilever;
  const topArea = between * s.topSlab + s.cantilever * (s.cantileverTip + s.cantileverRoot);
  return {
    shape: "I",
    D: r(s.depth * 1000, 1),
    bfTop: r(s.topWidth * 1000, 1),
    tfTop: r((topArea / s.topWidth) * 1000, 1),
    bw: r(2 * s.web * 1000, 1),
    bfBottom: r(s.bottomWidth * 1000, 1),
    tfBottom: r(s.bottomSlab * 1000, 1),
  };
}

type Tendon = { area: number; depth: number; fpb: number; fpe: number; ductDiameter: number };

/** The tendons at a chainage: each group through the element's span, at its drape's depth, with jacking × friction × (1 − loss). */
function tendonsAt(parsed: ParsedTables, e: GirderElementIds, chainage: number): Tendon[] {
  const { setup } = parsed;
  const spanStart = (index: number) => setup.spans.slice(0, index - 1).reduce((sum, span) => sum + span.length, 0);
  const out: Tendon[] = [];
  for (const t of parsed.tendonGroups) {
    if (e.span < t.fromSpan || e.span > t.toSpan) continue;
    const points = profilePoints(tendonProfile(setup.spans, t));
    const x = chainage - setup.startChainage - spanStart(t.fromSpan);
    const strandArea = t.strands * t.strandArea;
    const force = t.jackingForce * frictionShare(points, t)(x) * (1 - t.longTermLoss / 100);
    out.push({
      area: r(t.tendonCount * strandArea, 1),
      depth: r(-profileLevel(points, x) * 1000, 1),
      fpb: setup.tendonBreakingStrength,
      fpe: r((force * 1000) / strandArea, 1),
      ductDiameter: t.ductDiameter * 1000,
    });
  }
  return out;
}

/** The section's bars as layers (bar text and depth, mm): top and bottom at the cover plus half a bar. */
function barLayers(
  s: PscSectionData,
  D: number,
): { top?: { text: string; area: number; depth: number }; bottom?: { text: string; area: number; depth: number } } {
  const layer = (text: string, fromTop: boolean) => {
    if (!text) return undefined;
    const bars = parseBars(text);
    const depth = r(s.barCover + bars.diameter / 2, 1);
    return { text: text.replace(/\s+/g, ""), area: bars.area, depth: fromTop ? depth : r(D - depth, 1) };
  };
  return { top: layer(s.topBars, true), bottom: layer(s.bottomBars, false) };
}

/**
 * The web width for shear with grouted ducts: AS 3600:2018 Cl 8.2.1.5 (and AS 5100.5:2017's same rule) takes
 * bv = bw − 0.5 Σdd where a duct is wider than bw/8; one duct across each web at the level that governs.
 */
function shearWidth(bw: number, webs: number, duct: number): number {
  const web = bw / webs;
  return duct > web / 8 ? r(bw - 0.5 * webs * duct, 1) : bw;
}

type Extremes = { Mmax: number; Mmin: number; V: number; N: number };

/** Per element end, the extremes of the combination's rows (its max and min series, or its one series). */
function extremesOf(results: ResultTable, combination: string): Map<string, Extremes> {
  const at = (c: string) => results.columns.indexOf(c);
  const [elem, part, load, moment, shear, axial] = ["Elem", "Part", "Load", "Moment", "Shear", "Axial"].map(at) as number[];
  const out = new Map<string, Extremes>();
  for (const row of results.rows) {
    if (caseOf(String(row[load!])) !== combination) continue;
    const key = `${Number(row[elem!])}/${String(row[part!])}`;
    const M = Number(row[moment!]);
    const V = Math.abs(Number(row[shear!]));
    const N = Number(row[axial!]);
    const e = out.get(key);
    if (!e) out.set(key, { Mmax: M, Mmin: M, V, N });
    else {
      e.Mmax = Math.max(e.Mmax, M);
      e.Mmin = Math.min(e.Mmin, M);
      e.V = Math.max(e.V, V);
      e.N = Math.max(e.N, N);
    }
  }
  return out;
}

/** The ultimate combinations of the model, and why any other name is not a design action. */
export function checkDesignAction(parsed: ParsedTables, name: string): void {
  const combination = parsed.combinations.find((c) => c.name === name);
  const ultimate = parsed.combinations.filter((c) => c.limitState === "Ultimate").map((c) => c.name);
  const list = ultimate.length > 0 ? ultimate.join(", ") : "none: add one in Load Combinations or set GenerateCombinations to Yes";
  if (!combination) {
    const isCase =
      [...parsed.superLoads, ...parsed.subLoads].some((c) => c.name === name) ||
      parsed.vehicles.some((v) => v.caseName === name) ||
      parsed.secondary.some((s) => s.secondary === name);
    throw new DomainError(
      "invalid",
      isCase
        ? `"${name}" is a load case, not a design action: a strength check takes an ultimate combination (${list}).`
        : `"${name}" is not a combination of this model. Its ultimate combinations are ${list}.`,
    );
  }
  if (combination.limitState !== "Ultimate") {
    throw new DomainError(
      "invalid",
      `"${name}" is a${combination.limitState === "Serviceability" ? " serviceability" : "n other (not ultimate)"} combination, not a design action: a strength check takes an ultimate combination (${list}).`,
    );
  }
}

/** The default combination: the ultimate envelope, else the first ultimate combination. */
export function defaultCombination(parsed: ParsedTables): string | null {
  const ultimate = parsed.combinations.filter((c) => c.limitState === "Ultimate");
  return (ultimate.find((c) => c.name === "ULS-ENV") ?? ultimate.find((c) => c.method === "Envelope") ?? ultimate[0])?.name ?? null;
}

export function assumptionsOf(parsed: ParsedTables): string[] {
  const losses = [...new Set(parsed.tendonGroups.map((t) => t.longTermLoss))].map((l) => `${l} %`).join(", ");
  return [
    "M* and V* at each element end are the extremes of the combination there (not concurrent); V* is checked with the larger |M*| and the most tensile N* of the point, which widen εx.",
    "The box is taken as an equivalent I: the top flange over the whole width at the thickness that keeps its area, both webs together, the bottom slab.",
    `Effective prestress: the jacking force less friction along the drape (as the model applies it) less ${losses || "the stated"} time-dependent loss (PT table LongTermLoss); anchorage draw-in is not taken off.`,
    "Bars: TopBars and BottomBars of the PSC section at the cover plus half a bar; D500N, fsy 500 MPa. Tendons: Ep 195,000 MPa.",
    "Shear: general method; the tendons on the flexural tension side give Apt and σp.o (taken as the effective prestress, which is conservative); Pv taken as 0; bv less half the duct in each web where the duct is wider than a web's eighth (Cl 8.2.1.5).",
    "Bending without axial force: the secondary prestress is in M*, the primary acts through the tendons.",
  ];
}

/**
 * The check of one combination. `results` is the stored girder table (Elem, Part, Chainage, Load, Axial, Shear,
 * Moment); it must hold the combination.
 */
export function girderCheck(input: {
  parsed: ParsedTables;
  scheme: MidasIdScheme;
  results: ResultTable;
  keyPoints: readonly KeyPoint[];
  combination: string;
  standard: DesignStandard;
  project: string;
}): GirderCheck {
  const { parsed, scheme, results, keyPoints, combination, standard, project } = input;
  checkDesignAction(parsed, combination);
  const extremes = extremesOf(results, combination);
  if (extremes.size === 0) {
    throw new DomainError(
      "conflict",
      `The stored results hold no values of "${combination}": run the analysis again (Midas Control > Create Midas, then Run analysis).`,
    );
  }
  const names = new Map(keyPoints.map((p) => [`${p.elem}/${p.part}`, p.label]));
  const sections = new Map(parsed.pscSections.map((s) => [s.name, s]));
  const fcOf = (s: PscSectionData) => parsed.setup.concreteGrades.find((g) => g.name === s.material)!.fc;
  const header = (span: number, chainage: number) => ({ project, element: elementLabel(span, chainage), combination });

  const points: GirderCheckPoint[] = [];
  for (const e of scheme.girderElements) {
    for (const part of ["I", "J"] as const) {
      const action = extremes.get(`${e.id}/${part}`);
      if (!action) continue;
      const chainage = part === "I" ? e.chainageI : e.chainageJ;
      const section = sections.get(e.section)!;
      const shape = equivalentI(section);
      const fc = fcOf(section);
      const tendons = tendonsAt(parsed, e, chainage);
      const bars = barLayers(section, shape.D);
      const steel = [bars.top, bars.bottom].filter((b) => b !== undefined);
      const source = `${project} · ${combination} · ${names.get(`${e.id}/${part}`) ?? `span ${e.span}`} (elem ${e.id} ${part}, chainage ${r(chainage, 3)} m)`;

      const bendingFor = (Mstar: number): BendingInput => ({
        ...shape,
        fc,
        fsy: FSY,
        Es: ES,
        steel: steel.map((b) => ({ area: b.area, depth: b.depth })),
        tendons: tendons.map(({ area, depth, fpb, fpe }) => ({ area, depth, fpb, fpe })),
        Ep: EP,
        ductilityClass: "N",
        edition: standard,
        Mstar,
      });
      // Both senses where the combination bends both ways; the one that uses more of its strength governs.
      const senses = [action.Mmax > 0 ? action.Mmax : null, action.Mmin < 0 ? action.Mmin : null].filter((m): m is number => m !== null);
      if (senses.length === 0) senses.push(0);
      const bending = senses
        .map((M) => {
          const Mstar = r(M, 1);
          const result = bendingStrength(bendingFor(Mstar));
          return { Mstar, phiMuo: result.phiMuo, utilisation: Math.abs(Mstar) / result.phiMuo };
        })
        .reduce((a, b) => (b.utilisation > a.utilisation ? b : a));
      const face: "top" | "bottom" = bending.Mstar < 0 ? "top" : "bottom";

      // Shear: the tension side of the governing moment holds Ast and Apt; d is their centroid from the compression face.
      const fromCompression = (depth: number) => (face === "bottom" ? depth : shape.D - depth);
      const tensionBars = face === "bottom" ? bars.bottom : bars.top;
      const tensionTendons = tendons.filter((t) => fromCompression(t.depth) > shape.D / 2);
      const Ast = tensionBars?.area ?? 0;
      const Apt = r(
        tensionTendons.reduce((s, t) => s + t.area, 0),
        1,
      );
      const fpo = Apt > 0 ? r(tensionTendons.reduce((s, t) => s + t.area * t.fpe, 0) / Apt, 1) : 0;
      const lever = Ast * (tensionBars ? fromCompression(tensionBars.depth) : 0) + tensionTendons.reduce((s, t) => s + t.area * fromCompression(t.depth), 0);
      const d = Ast + Apt > 0 ? r(lever / (Ast + Apt), 1) : r(0.9 * shape.D, 1);
      const duct = Math.max(0, ...tendons.map((t) => t.ductDiameter));
      const fitments = section.fitments ? parseBars(section.fitments) : null;
      const shearInput: ShearInput = {
        bv: shearWidth(shape.bw, 2, duct),
        D: shape.D,
        d,
        fc,
        Ast: Math.max(Ast, 1),
        Mstar: r(Math.max(Math.abs(action.Mmax), Math.abs(action.Mmin)), 1),
        Vstar: r(action.V, 1),
        Nstar: r(action.N, 1),
        Asv: fitments?.area ?? 0,
        s: fitments?.spacing ?? 200,
        fsyf: FSYF,
        alphaV: 90,
        dg: 20,
        method: "general",
        amendment: 2,
        Es: ES,
        negativeStrain: "zero",
        ...(Apt > 0 ? { Apt, fpo, Ep: EP } : {}),
        Pv: 0,
        edition: standard,
      };
      const shear = shearStrength(shearInput);

      const bendingInput = bendingFor(bending.Mstar);
      points.push({
        point: names.get(`${e.id}/${part}`) ?? `Span ${e.span}, elem ${e.id} ${part}`,
        chainage,
        element: e.id,
        part,
        span: e.span,
        Mstar: bending.Mstar,
        Vstar: shearInput.Vstar,
        face,
        section: e.section,
        phiMuo: r(bending.phiMuo, 1),
        phiVu: r(shear.phiVu, 1),
        utilisationM: r(bending.utilisation, 4),
        utilisationV: r(Math.abs(shearInput.Vstar) / shear.phiVu, 4),
        links: {
          bending: calculatorLink(
            "bending",
            {
              ...shape,
              fc,
              fsy: FSY,
              Es: ES,
              steel: steel.map((b) => `${b.text}@${b.depth}`).join(";"),
              tendons: bendingInput.tendons!.map((t) => `${t.area}@${t.depth}@${t.fpb}@${t.fpe}`).join(";"),
              Ep: EP,
              ductilityClass: "N",
              edition: standard,
              Mstar: bending.Mstar,
              source,
            },
            header(e.span, chainage),
          ),
          shear: calculatorLink(
            "shear",
            {
              bv: shearInput.bv,
              D: shearInput.D,
              d: shearInput.d,
              fc,
              Ast: shearInput.Ast,
              Mstar: shearInput.Mstar,
              Vstar: shearInput.Vstar,
              // The page takes N* compression positive (links.ts); the check's N* is tension positive.
              Nstar: shearInput.Nstar === 0 ? 0 : -shearInput.Nstar,
              Asv: shearInput.Asv,
              s: shearInput.s,
              fsyf: FSYF,
              alphaV: 90,
              dg: 20,
              method: "general",
              amendment: 2,
              Es: ES,
              Apt: Apt > 0 ? Apt : undefined,
              fpo: Apt > 0 ? fpo : undefined,
              Ep: Apt > 0 ? EP : undefined,
              Pv: 0,
              edition: standard,
              source,
            },
            header(e.span, chainage),
          ),
        },
      });
    }
  }
  points.sort((a, b) => a.chainage - b.chainage || a.element - b.element || a.part.localeCompare(b.part));
  const most = (key: "utilisationM" | "utilisationV") => points.reduce((a, b) => (b[key] > a[key] ? b : a));
  return {
    combination,
    standard,
    points,
    governing: { M: most("utilisationM"), V: most("utilisationV") },
    combinations: parsed.combinations.filter((c) => c.limitState === "Ultimate").map((c) => c.name),
    assumptions: assumptionsOf(parsed),
  };
}
