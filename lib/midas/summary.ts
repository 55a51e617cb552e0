/**
 * What an engineer checks before Create Midas sends anything (issue 28, "How the engineer sees it"): the total load of
 * each static case with how it comes about, the vehicles, the soil springs per pile group, the bearings per support,
 * the combinations with their factors; and a sketch of the model in plan and elevation, as coordinates. Both are
 * computed from the built model (model.ts buildModelWithScheme: the MIDAS tables it would send, its id scheme and the
 * tables as it read them), so a total here is what a solver's reactions sum to and a level in the sketch is a node's.
 * No React, no HTTP.
 */
import { kindOf, type LoadKind } from "./combinations";
import type { BuiltModel, MidasApiTable } from "./model";
import { boxProperties, circleProperties, type PscArrays, rectangleProperties } from "./sections";

type Row = Record<string, unknown>;

export { MIDAS_TABLE_NAMES } from "./table-names";

export type CaseSummary = {
  name: string;
  /** MIDAS's load type (STLD TYPE). */
  type: string;
  kind: LoadKind;
  description: string;
  /** Totals of the case's applied loads, kN: vertical (downward positive), along the bridge (+ with chainage), across (+ to the left). */
  vertical: number;
  longitudinal: number;
  transverse: number;
  /** How the totals come about, one line each: "SDL: 40 kN/m × 522 m = 20,880 kN". */
  how: string[];
  /** What the case imposes instead of loads (temperature, settlement, prestress): its reactions sum to zero. */
  imposed: string[];
  /** The MIDAS tables that carry the case (MIDAS_TABLE_NAMES has their names). */
  tables: string[];
};

export type VehicleSummary = {
  name: string;
  caseName: string;
  description: string;
  axles: { load: number; spacing: number | null }[];
  axleCount: number;
  /** Sum of the axle loads, kN. */
  total: number;
  /** The variable gap: after which axle (1-based) and the lengths it takes, m. */
  variableGap: { afterAxle: number; lengths: number[] } | null;
  /** Accompanying lane load, kN/m. */
  laneLoad: number;
  /** Dynamic load allowance, %. */
  dynamicLoadAllowance: number;
  lanes: { lane: number; eccentricity: number; factor: number }[];
  laneWidth: number;
};

export type PileGroupSummary = {
  name: string;
  piers: string[];
  pilesPerPier: number;
  pileSection: string;
  pileWidth: number;
  pileLength: number;
  /** Soil layers below the cap's underside: from, to (m) and kh (kN/m³). */
  layers: { top: number; bottom: number; kh: number }[];
  /** Each pile's nodes below its head with their depth below the cap's underside and lateral spring (kN/m, both ways across the pile). */
  nodes: { depth: number; stiffness: number }[];
  /** Nodes with springs, per pile and in all the group's piles. */
  springsPerPile: number;
  springNodes: number;
  toe: "Fixed" | "Pinned";
};

export type BearingSummary = {
  support: string;
  kind: "abutment" | "pier";
  chainage: number;
  type: string;
  /** Along the bridge: Fixed holds the deck, Free lets it slide. */
  fixity: "Fixed" | "Free";
  /** Across the bridge: held (pot bearings) or shearing (free pot, elastomeric). */
  transverse: "held" | "free";
  bearings: { offset: number; longitudinal: number; transverse: number; vertical: number }[];
  /** Diaphragm weight at the support, kN (0: none). */
  diaphragm: number;
};

export type CombinationSummary = {
  name: string;
  limitState: string;
  method: "Add" | "Envelope";
  description: string;
  /** Made from the cases' kinds (combinations.ts); false: the engineer's, from the Load Combinations table. */
  generated: boolean;
  factors: { name: string; factor: number; kind: LoadKind | "moving" | "combination" }[];
};

export type ModelSummary = {
  cases: CaseSummary[];
  vehicles: VehicleSummary[];
  pileGroups: PileGroupSummary[];
  supports: BearingSummary[];
  combinations: CombinationSummary[];
};

/** One support of the sketch; levels (m) are the nodes' Z, chainages along the girder. */
export type SketchSupport = {
  name: string;
  kind: "abutment" | "pier";
  chainage: number;
  /** Top of the deck (the girder node), the girder's soffit and the top of the seat or headstock. */
  deckZ: number;
  soffitZ: number;
  seatZ: number;
  fixity: "Fixed" | "Free";
  bearingType: string;
  bearings: { y: number; fixity: "fixed" | "guided" | "free" }[];
  pier: {
    /** Top and bottom levels, length across and width along the bridge, m. */
    headstock: { top: number; bottom: number; length: number; width: number };
    columns: { y: number; width: number }[];
    cap: { top: number; bottom: number; along: number; across: number };
    piles: { x: number; y: number; toeZ: number; springs: number }[];
    pileWidth: number;
    toe: "Fixed" | "Pinned";
  } | null;
};

export type ModelSketch = {
  startChainage: number;
  endChainage: number;
  /** Width of the deck (the girder section's top), m. */
  deckWidth: number;
  spans: { index: number; from: number; to: number; length: number }[];
  supports: SketchSupport[];
  /** Lowest and highest Z drawn, m. */
  levels: { min: number; max: number };
};

const round = (n: number, digits = 3) => Number(n.toFixed(digits)) + 0;
/** A figure as an engineer reads it: thousands grouped, up to `digits` decimals. */
export const fmt = (n: number, digits = 1) => round(n, digits).toLocaleString("en-US", { maximumFractionDigits: digits });

type Node = { x: number; y: number; z: number };

class ModelReader {
  readonly nodes = new Map<number, Node>();
  readonly elements = new Map<number, { nodes: [number, number]; sect: number; matl: number; length: number }>();
  private readonly areas = new Map<number, number>();
  private readonly densities = new Map<number, number>();

  constructor(private readonly built: BuiltModel) {
    for (const [id, n] of Object.entries(this.rows("NODE"))) this.nodes.set(Number(id), { x: num(n.X), y: num(n.Y), z: num(n.Z) });
    for (const [id, s] of Object.entries(this.rows("SECT"))) this.areas.set(Number(id), sectionArea(s));
    for (const [id, m] of Object.entries(this.rows("MATL"))) {
      const param = (Array.isArray(m.PARAM) ? m.PARAM[0] : null) as Row | null;
      this.densities.set(Number(id), num(param?.DEN));
    }
    for (const [id, e] of Object.entries(this.rows("ELEM"))) {
      const [i, j] = e.NODE as [number, number];
      const a = this.nodes.get(i)!;
      const b = this.nodes.get(j)!;
      this.elements.set(Number(id), { nodes: [i, j], sect: num(e.SECT), matl: num(e.MATL), length: Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z) });
    }
  }

  rows(table: MidasApiTable): Record<string, Row> {
    return (this.built.model.find((r) => r.table === table)?.assign ?? {}) as Record<string, Row>;
  }

  /** An element's weight, kN: length × area × the material's unit weight (MATL DEN). */
  weight(id: number): number {
    const e = this.elements.get(id);
    if (!e) return 0;
    return e.length * (this.areas.get(e.sect) ?? 0) * (this.densities.get(e.matl) ?? 0);
  }

  length(id: number): number {
    return this.elements.get(id)?.length ?? 0;
  }
}

function num(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

/** A SECT row's area, m², as MIDAS computes it: PSC 1CEL from its dimension arrays, DBUSER SR a circle, SB a rectangle. */
function sectionArea(s: Row): number {
  const before = (s.SECT_BEFORE ?? {}) as Row;
  const sectI = (before.SECT_I ?? {}) as Row;
  if (s.SECTTYPE === "PSC" && before.SHAPE === "1CEL") return boxProperties(sectI as unknown as PscArrays).area;
  const size = Array.isArray(sectI.vSIZE) ? (sectI.vSIZE as number[]) : [];
  if (before.SHAPE === "SR") return circleProperties(num(size[0])).area;
  if (before.SHAPE === "SB") return rectangleProperties(num(size[1]), num(size[0])).area;
  return 0;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The summary an engineer checks before applying: see the file's comment. */
export function modelSummary(built: BuiltModel): ModelSummary {
  const reader = new ModelReader(built);
  return {
    cases: caseSummaries(built, reader),
    vehicles: vehicleSummaries(built),
    pileGroups: pileGroupSummaries(built, reader),
    supports: bearingSummaries(built, reader),
    combinations: combinationSummaries(built),
  };
}

type Part = { what: string; vertical: number; longitudinal: number; transverse: number };

function caseSummaries(built: BuiltModel, reader: ModelReader): CaseSummary[] {
  const { parsed, scheme } = built;
  const stld = Object.values(reader.rows("STLD"));
  const typeOf = new Map(stld.map((r) => [String(r.NAME), String(r.TYPE)]));
  const descriptionOf = new Map(stld.map((r) => [String(r.NAME), String(r.DESC ?? "")]));

  // Which member each element is, for the self weight's parts.
  const memberOf = new Map<number, string>();
  for (const e of scheme.girderElements) memberOf.set(e.id, "girder");
  const capCentres = new Set<number>();
  for (const s of scheme.supports) {
    for (const e of s.columnElements) memberOf.set(e, "columns");
    for (const e of s.headstockElements) memberOf.set(e, "headstocks");
    for (const e of s.capElements) memberOf.set(e, "pile caps' stiff beams");
    for (const p of s.piles) for (const e of p.elements) memberOf.set(e, "piles");
    const first = s.capElements[0] !== undefined ? reader.elements.get(s.capElements[0]) : undefined;
    if (first) capCentres.add(first.nodes[0]);
  }
  const girderNodes = new Set(scheme.supports.map((s) => s.girderNode));

  const names = built.cases.static;
  const out = new Map<string, { parts: Part[]; imposed: string[]; tables: Set<MidasApiTable> }>(
    names.map((n) => [n, { parts: [], imposed: [], tables: new Set<MidasApiTable>(["STLD"]) }]),
  );
  const entry = (name: unknown) => out.get(String(name));

  // Self weight (BODF): every element's weight times the case's factors.
  for (const b of Object.values(reader.rows("BODF"))) {
    const c = entry(b.LCNAME);
    if (!c) continue;
    c.tables.add("BODF");
    const fv = (Array.isArray(b.FV) ? b.FV : [0, 0, -1]) as number[];
    const byMember = new Map<string, number>();
    for (const id of reader.elements.keys()) {
      const member = memberOf.get(id) ?? "other members";
      byMember.set(member, (byMember.get(member) ?? 0) + reader.weight(id));
    }
    for (const [member, w] of byMember) {
      if (w === 0) continue;
      c.parts.push({ what: `self weight of the ${member}`, vertical: -num(fv[2]) * w, longitudinal: num(fv[0]) * w, transverse: num(fv[1]) * w });
    }
  }
  // Nodal loads (CNLD): the pile caps' and diaphragms' weights, and any other.
  const nodal = new Map<string, Map<string, Part>>();
  for (const [id, row] of Object.entries(reader.rows("CNLD"))) {
    const node = Number(id);
    const what = capCentres.has(node) ? "pile caps" : girderNodes.has(node) ? "diaphragms" : "nodal loads";
    for (const item of (row.ITEMS as Row[]) ?? []) {
      const name = String(item.LCNAME);
      if (!out.has(name)) continue;
      out.get(name)!.tables.add("CNLD");
      const parts = nodal.get(name) ?? new Map<string, Part>();
      const p = parts.get(what) ?? { what, vertical: 0, longitudinal: 0, transverse: 0 };
      p.vertical -= num(item.FZ);
      p.longitudinal += num(item.FX);
      p.transverse += num(item.FY);
      parts.set(what, p);
      nodal.set(name, parts);
    }
  }
  for (const [name, parts] of nodal) out.get(name)!.parts.push(...parts.values());
  // Beam loads (BMLD): a uniform load over each loaded element's length (the girder's on its grade, as MIDAS loads it).
  const beam = new Map<string, { direction: string; value: number; length: number; elements: number; total: number }[]>();
  for (const [id, row] of Object.entries(reader.rows("BMLD"))) {
    const length = reader.length(Number(id));
    for (const item of (row.ITEMS as Row[]) ?? []) {
      const name = String(item.LCNAME);
      if (!out.has(name)) continue;
      out.get(name)!.tables.add("BMLD");
      const p = (item.P as number[]) ?? [0, 0];
      const d = (item.D as number[]) ?? [0, 1];
      const total = item.TYPE === "CONLOAD" ? num(p[0]) : ((num(p[0]) + num(p[1] ?? p[0])) / 2) * (num(d[1] ?? 1) - num(d[0])) * length;
      const value = item.TYPE === "CONLOAD" ? NaN : num(p[0]);
      const list = beam.get(name) ?? [];
      const same = list.find((b) => b.direction === item.DIRECTION && (b.value === value || (Number.isNaN(b.value) && Number.isNaN(value))));
      if (same) {
        same.length += length;
        same.elements++;
        same.total += total;
      } else list.push({ direction: String(item.DIRECTION), value, length, elements: 1, total });
      beam.set(name, list);
    }
  }

  const spanLength = (spans: number[] | "all") =>
    parsed.setup.spans.filter((s) => spans === "all" || spans.includes(s.index)).reduce((sum, s) => sum + s.length, 0);
  const spanText = (spans: number[] | "all") => (spans === "all" ? "all spans" : spans.length === 1 ? `span ${spans[0]}` : `spans ${spans.join(", ")}`);
  const pierText = (piers: string[] | "all") => (piers === "all" ? "every pier" : piers.join(", "));

  for (const [name, list] of beam) {
    const c = out.get(name)!;
    const superCase = parsed.superLoads.find((s) => s.name === name);
    const subCase = parsed.subLoads.find((s) => s.name === name);
    for (const b of list) {
      const axis = b.direction.endsWith("Z") ? "vertical" : b.direction.endsWith("X") ? "longitudinal" : "transverse";
      const sign = axis === "vertical" ? -1 : 1;
      const what = superCase
        ? `${fmt(Math.abs(b.value), 3)} kN/m × ${fmt(spanLength(superCase.loadedSpans), 2)} m (${spanText(superCase.loadedSpans)}) ${axis === "vertical" ? "down" : axis === "longitudinal" ? "along the bridge" : "across"}`
        : subCase
          ? `${fmt(Math.abs(b.value), 3)} kN/m on the columns of ${pierText(subCase.loadedPiers)} (${fmt(b.length, 2)} m of column) ${axis === "vertical" ? "down" : axis === "longitudinal" ? "along the bridge" : "across"}`
          : `${plural(b.elements, "beam load")} ${b.direction}`;
      c.parts.push({
        what,
        vertical: axis === "vertical" ? sign * b.total : 0,
        longitudinal: axis === "longitudinal" ? b.total : 0,
        transverse: axis === "transverse" ? b.total : 0,
      });
    }
  }

  // What the cases impose instead of loads.
  for (const c of parsed.superLoads) {
    const e = out.get(c.name)!;
    if (c.uniformTemperature !== 0) {
      e.tables.add("ETMP");
      e.imposed.push(`Uniform temperature ${c.uniformTemperature > 0 ? "+" : ""}${fmt(c.uniformTemperature)} °C on the girder of ${spanText(c.loadedSpans)}`);
    }
    if (c.temperatureGradient !== 0) {
      e.tables.add("GTMP");
      e.imposed.push(`Temperature differential of ${fmt(c.temperatureGradient)} °C at the top of the deck (AS 5100.2 Cl 17.3), ${spanText(c.loadedSpans)}`);
    }
  }
  for (const c of parsed.subLoads) {
    if (c.settlement === 0) continue;
    const e = out.get(c.name)!;
    e.tables.add("SDSP");
    e.imposed.push(`Settlement of ${fmt(c.settlement * 1000)} mm at the pile toes of ${pierText(c.loadedPiers)}`);
  }
  for (const s of parsed.secondary) {
    const e = out.get(s.secondary);
    if (e) {
      e.tables.add("ETMP").add("GTMP");
      e.imposed.push(`The secondary effect of ${s.prestress}: its tendons' P·e and P imposed as curvature and shortening of the girder`);
    }
    const ps = out.get(s.prestress);
    if (ps) {
      const groups = parsed.tendonGroups.filter((t) => t.caseName === s.prestress);
      ps.imposed.push(`Tendons ${groups.map((t) => t.name).join(", ")} (TDNA, TDPL): self-equilibrating with the girder`);
    }
  }

  return names.map((name) => {
    const e = out.get(name)!;
    const total = (k: "vertical" | "longitudinal" | "transverse") => round(e.parts.reduce((sum, p) => sum + p[k], 0));
    const vertical = total("vertical");
    const longitudinal = total("longitudinal");
    const transverse = total("transverse");
    const how: string[] = [];
    const superCase = parsed.superLoads.find((s) => s.name === name);
    const vParts = e.parts.filter((p) => Math.abs(p.vertical) > 1e-9);
    if (vParts.length > 0) {
      const selfWeight = vParts.filter((p) => p.what.startsWith("self weight"));
      const others = vParts.filter((p) => !p.what.startsWith("self weight"));
      const terms = [
        ...(selfWeight.length > 0 ? [`self weight of the members ${fmt(selfWeight.reduce((s, p) => s + p.vertical, 0))} kN`] : []),
        ...others.map((p) => `${p.what} ${fmt(p.vertical)} kN`),
      ];
      how.push(`${name}: ${terms.join(" + ")} = ${fmt(vertical)} kN`);
      if (selfWeight.length > 1) how.push(`Members: ${selfWeight.map((p) => `${p.what.replace("self weight of the ", "")} ${fmt(p.vertical)} kN`).join(", ")}`);
      // The engineer's check of a uniform load: value × loaded length on plan; MIDAS loads the element lengths on the grade.
      if (superCase && superCase.uniformLoad !== 0 && others.length === 1 && selfWeight.length === 0) {
        const plan = superCase.uniformLoad * spanLength(superCase.loadedSpans);
        how[how.length - 1] =
          `${name}: ${fmt(superCase.uniformLoad, 3)} kN/m × ${fmt(spanLength(superCase.loadedSpans), 2)} m = ${fmt(plan)} kN` +
          (Math.abs(plan - vertical) >= 0.05
            ? ` on plan; ${fmt(vertical)} kN along the girder's ${fmt(parsed.setup.grade * 100, 2)} % grade, as MIDAS applies it`
            : "");
      }
    }
    for (const [axis, value] of [
      ["longitudinal", longitudinal],
      ["transverse", transverse],
    ] as const) {
      const parts = e.parts.filter((p) => Math.abs(p[axis]) > 1e-9);
      if (parts.length === 0) continue;
      how.push(
        parts.length === 1
          ? `${name}: ${parts[0]!.what} = ${fmt(value)} kN`
          : `${name}: ${parts.map((p) => `${p.what} ${fmt(p[axis])} kN`).join(" + ")} = ${fmt(value)} kN ${axis === "longitudinal" ? "along the bridge" : "across"}`,
      );
    }
    const secondary = parsed.secondary.find((s) => s.secondary === name);
    return {
      name,
      type: typeOf.get(name) ?? "",
      kind: kindOf(typeOf.get(name) ?? ""),
      description: descriptionOf.get(name) ?? (secondary ? `Secondary effect of ${secondary.prestress}` : ""),
      vertical,
      longitudinal,
      transverse,
      how,
      imposed: e.imposed,
      tables: [...e.tables],
    };
  });
}

function vehicleSummaries(built: BuiltModel): VehicleSummary[] {
  return built.parsed.vehicles.map((v) => ({
    name: v.name,
    caseName: v.caseName,
    description: v.description,
    axles: v.axleLoads.map((load, a) => ({ load, spacing: a < v.axleLoads.length - 1 ? (v.axleSpacings[a] ?? null) : null })),
    axleCount: v.axleLoads.length,
    total: round(v.axleLoads.reduce((sum, l) => sum + l, 0)),
    variableGap: v.variableGap ? { afterAxle: v.variableGap.index + 1, lengths: v.variableGap.lengths } : null,
    laneLoad: v.laneLoad,
    dynamicLoadAllowance: v.dynamicLoadAllowance,
    lanes: Array.from({ length: v.laneCount }, (_, k) => ({
      lane: k + 1,
      eccentricity: round(v.firstLaneOffset - k * v.laneWidth),
      factor: v.laneFactors[Math.min(k, v.laneFactors.length - 1)] ?? 1,
    })),
    laneWidth: v.laneWidth,
  }));
}

function pileGroupSummaries(built: BuiltModel, reader: ModelReader): PileGroupSummary[] {
  const { parsed, scheme } = built;
  const springs = reader.rows("NSPR");
  return parsed.pileGroups.map((g) => {
    const supports = scheme.supports.filter((s) => s.pileGroup === g.name);
    const section = parsed.generalSections.find((s) => s.name === g.pileSection);
    const width = section ? (section.shape === "Circle" ? section.diameter : section.width) : 0;
    const bottomOfSoil = g.length - g.capDepth / 2;
    const layers = g.soil.map((l, k) => ({ top: l.top, bottom: round(Math.max(l.top, g.soil[k + 1]?.top ?? bottomOfSoil)), kh: l.kh }));
    // The nodes of one pile (all piles of the group are alike), head excluded: depth below the cap's underside.
    const pile = supports[0]?.piles[0];
    const capUnderside = pile ? reader.nodes.get(pile.headNode)!.z - g.capDepth / 2 : 0;
    const nodes: PileGroupSummary["nodes"] = [];
    if (pile) {
      for (const e of pile.elements) {
        const node = reader.elements.get(e)!.nodes[1];
        const spring = springs[String(node)];
        const sdr = (((spring?.ITEMS as Row[] | undefined)?.[0]?.SDR as number[] | undefined) ?? [0])[0];
        nodes.push({ depth: round(capUnderside - reader.nodes.get(node)!.z), stiffness: num(sdr) });
      }
    }
    const springsPerPile = nodes.filter((n) => n.stiffness > 0).length;
    const springNodes = supports.reduce(
      (sum, s) => sum + s.piles.reduce((n, p) => n + p.elements.filter((e) => springs[String(reader.elements.get(e)!.nodes[1])]).length, 0),
      0,
    );
    return {
      name: g.name,
      piers: supports.map((s) => s.name),
      pilesPerPier: g.rows * g.perRow,
      pileSection: g.pileSection,
      pileWidth: width,
      pileLength: g.length,
      layers,
      nodes,
      springsPerPile,
      springNodes,
      toe: g.toe,
    };
  });
}

function bearingSummaries(built: BuiltModel, reader: ModelReader): BearingSummary[] {
  const cnld = reader.rows("CNLD");
  const firstSelfWeight = built.parsed.superLoads.find((c) => c.selfWeight)?.name ?? built.parsed.subLoads.find((c) => c.selfWeight)?.name;
  return built.scheme.supports.map((s) => {
    const items = (cnld[String(s.girderNode)]?.ITEMS as Row[] | undefined) ?? [];
    const diaphragm = -num(items.find((i) => i.LCNAME === firstSelfWeight)?.FZ);
    return {
      support: s.name,
      kind: s.kind,
      chainage: s.chainage,
      type: s.bearingType,
      fixity: s.fixity,
      // Pot bearings hold the deck across (a guided one slides only along); a free pot and an elastomeric bearing do not.
      transverse: s.bearingType === "Pot Fixed" || s.bearingType === "Pot Guided" ? "held" : "free",
      bearings: s.bearings.map((b) => ({
        offset: b.offset,
        longitudinal: b.stiffness.longitudinal,
        transverse: b.stiffness.transverse,
        vertical: b.stiffness.vertical,
      })),
      diaphragm: round(diaphragm),
    };
  });
}

function combinationSummaries(built: BuiltModel): CombinationSummary[] {
  const { parsed } = built;
  const kinds = new Map<string, CombinationSummary["factors"][number]["kind"]>();
  for (const c of [...parsed.superLoads, ...parsed.subLoads]) kinds.set(c.name, kindOf(c.type));
  for (const s of parsed.secondary) kinds.set(s.secondary, "prestress");
  for (const v of parsed.vehicles) kinds.set(v.caseName, "moving");
  return parsed.combinations.map((c) => ({
    name: c.name,
    limitState: c.limitState,
    method: c.method,
    description: c.description,
    generated: c.generated === true,
    factors: c.factors.map((f) => ({ name: f.name, factor: f.factor, kind: kinds.get(f.name) ?? "combination" })),
  }));
}

/** The model in plan and elevation, as coordinates (m): what components/midas/model-sketch.tsx draws. */
export function modelSketch(built: BuiltModel): ModelSketch {
  const { parsed, scheme } = built;
  const reader = new ModelReader(built);
  const z = (node: number) => round(reader.nodes.get(node)?.z ?? 0);
  const x0 = parsed.setup.startChainage;
  const chainageOf = (node: number) => round(x0 + (reader.nodes.get(node)?.x ?? 0));
  let min = Infinity;
  let max = -Infinity;
  const level = (v: number) => {
    min = Math.min(min, v);
    max = Math.max(max, v);
    return v;
  };
  for (const n of scheme.girderNodes) level(z(n.id));
  const nspr = reader.rows("NSPR");
  const supports: SketchSupport[] = scheme.supports.map((s) => {
    const pier = s.kind === "pier" ? parsed.setup.piers.find((p) => p.name === s.name) : undefined;
    const soffitZ = s.bearings[0] ? z(s.bearings[0].soffitNode) : z(s.girderNode);
    let seatZ = level(s.bearings[0] ? z(s.bearings[0].seatNode) : soffitZ);
    const bearingFixity = (): SketchSupport["bearings"][number]["fixity"] =>
      s.bearingType === "Pot Fixed" ? "fixed" : s.bearingType === "Pot Guided" ? "guided" : "free";
    let pierPart: SketchSupport["pier"] = null;
    if (pier) {
      const headstock = parsed.generalSections.find((g) => g.name === pier.headstockSection);
      const column = parsed.generalSections.find((g) => g.name === pier.section);
      const group = parsed.pileGroups.find((g) => g.name === s.pileGroup);
      const pileSection = group ? parsed.generalSections.find((g) => g.name === group.pileSection) : undefined;
      const centreZ = z(s.seatNode);
      const hsDepth = headstock?.depth ?? 0;
      seatZ = level(round(centreZ + hsDepth / 2));
      const capElement = s.capElements[0] !== undefined ? reader.elements.get(s.capElements[0]) : undefined;
      const capZ = capElement ? z(capElement.nodes[0]) : centreZ;
      const capDepth = group?.capDepth ?? 0;
      pierPart = {
        headstock: {
          top: seatZ,
          bottom: round(centreZ - hsDepth / 2),
          length: pier.headstockLength,
          width: headstock ? (headstock.shape === "Circle" ? headstock.diameter : headstock.width) : 0,
        },
        columns: Array.from({ length: pier.columnCount }, (_, c) => ({
          y: round((c - (pier.columnCount - 1) / 2) * pier.columnSpacing),
          width: column ? (column.shape === "Circle" ? column.diameter : column.width) : 0,
        })),
        cap: { top: round(capZ + capDepth / 2), bottom: round(capZ - capDepth / 2), along: group?.capWidth ?? 0, across: group?.capLength ?? 0 },
        piles: s.piles.map((p) => ({
          x: round(x0 + p.x),
          y: p.y,
          toeZ: level(z(p.toeNode)),
          springs: p.elements.filter((e) => nspr[String(reader.elements.get(e)!.nodes[1])]).length,
        })),
        pileWidth: pileSection ? (pileSection.shape === "Circle" ? pileSection.diameter : pileSection.width) : 0,
        toe: group?.toe ?? "Fixed",
      };
    }
    return {
      name: s.name,
      kind: s.kind,
      chainage: chainageOf(s.girderNode),
      deckZ: z(s.girderNode),
      soffitZ,
      seatZ,
      fixity: s.fixity,
      bearingType: s.bearingType,
      bearings: s.bearings.map((b) => ({ y: b.offset, fixity: bearingFixity() })),
      pier: pierPart,
    };
  });
  let from = x0;
  const spans = parsed.setup.spans.map((span) => {
    const to = round(from + span.length);
    const out = { index: span.index, from: round(from), to, length: span.length };
    from = to;
    return out;
  });
  const first = parsed.pscSections.find((p) => p.name === parsed.setup.spans[0]?.section);
  const end = scheme.girderNodes[scheme.girderNodes.length - 1];
  return {
    startChainage: round(x0),
    endChainage: end ? end.chainage : round(x0),
    deckWidth: first ? first.topWidth : 0,
    spans,
    supports,
    levels: { min: round(Number.isFinite(min) ? min : 0), max: round(Number.isFinite(max) ? max : 0) },
  };
}

/** Both, for the preview and the model check. */
export function modelCheck(built: BuiltModel): { summary: ModelSummary; sketch: ModelSketch } {
  return { summary: modelSummary(built), sketch: modelSketch(built) };
}
