import { parseMidasTables, type ParsedTables } from "./parse";
import type { Problem } from "./parse/reader";
import type { GeneralSectionData, PileGroupData, PscSectionData } from "./parse/sections";
import type { BearingType, PierData, SupportBearings } from "./parse/setup";
import { frictionShare, profileLevel, type TendonFriction, tendonFriction, tendonProfile, wobbleCoefficient } from "./friction";
import { boxArrays, boxCellArea, boxProperties, gradientCurvature } from "./sections";
import type { MidasTables } from "./tables";

/** One MIDAS table and the rows Pontifex wants it to hold, keyed by MIDAS id. */
export type MidasRequest = { table: MidasApiTable; assign: Record<string, Record<string, unknown>> };
/** The request set of the line model, in dependency-safe order (UNIT first). */
export type MidasModel = MidasRequest[];

/** The MIDAS tables the model writes, in the order they are sent. Deletes run in the reverse order. */
export const MIDAS_TABLE_ORDER = [
  "UNIT",
  "MATL",
  "SECT",
  "NODE",
  "ELEM",
  "CONS",
  "NSPR",
  "ELNK",
  "STLD",
  "BODF",
  "BMLD",
  "CNLD",
  "SDSP",
  "ETMP",
  "GTMP",
  "MVCD",
  "LLAN",
  "MVHL",
  "MVLD",
  "LCOM-GEN",
  "TDGR",
  "TDNT",
  "TDNA",
  "TDPL",
] as const;
/** A table of the MIDAS Civil NX API (`NODE`, `ELEM`...), never one of a project's Midas tables. */
export type MidasApiTable = (typeof MIDAS_TABLE_ORDER)[number];

/**
 * How Pontifex numbers what it writes. Girder nodes and elements come first and
 * never move when a pier or pile group changes; each support has its own block.
 */
export const MIDAS_IDS = {
  /** Girder nodes 1..G along chainage; girder elements 1..G-1 (element e runs from node e to e+1). */
  girderStart: 1,
  /** Support s (0 = abutment A1, 1..N-1 = piers, N = abutment A2) numbers its nodes and elements from supportBase(s) + 1. */
  supportBlock: 1000,
  supportOffset: 10000,
  /** Support s's links (ELNK) from linkBase(s) + 1: bearing b's elastic link 2b + 1, its rigid arm to the girder 2b + 2. */
  linkOffset: 100000,
  linkBlock: 100,
  /** General sections are SECT 1..99 in item order, PSC sections 101.. . */
  pscSectionOffset: 100,
  /** Superstructure load cases are STLD 1..99, substructure 101..199; a self-weight case's BODF has the same id. */
  subCaseOffset: 100,
} as const;

export function supportBase(s: number): number {
  return MIDAS_IDS.supportOffset + MIDAS_IDS.supportBlock * s;
}

export function linkBase(s: number): number {
  return MIDAS_IDS.linkOffset + MIDAS_IDS.linkBlock * s;
}

export type GirderElementIds = { id: number; span: number; nodeI: number; nodeJ: number; chainageI: number; chainageJ: number; section: string };
export type PileIds = { row: number; column: number; x: number; y: number; length: number; headNode: number; toeNode: number; elements: number[] };
/** One bearing: an elastic link from its seat (on the headstock, or the abutment's fixed seat) up to the girder's soffit. */
export type BearingIds = {
  /** Transverse offset from the girder line, m, positive to the left. */
  offset: number;
  link: number;
  /** The rigid arm (ELNK RIGID) from the girder node to the soffit node above the bearing. */
  arm: number;
  seatNode: number;
  soffitNode: number;
  /** Stiffness of this bearing along, across and vertically (kN/m): the support's shared between its bearings. */
  stiffness: { longitudinal: number; transverse: number; vertical: number };
};
export type SupportIds = {
  index: number;
  name: string;
  kind: "abutment" | "pier";
  chainage: number;
  fixity: "Fixed" | "Free";
  bearingType: BearingType;
  girderNode: number;
  /** The support's seat level node: the first bearing's seat of an abutment, the headstock centre of a pier. */
  seatNode: number;
  bearings: BearingIds[];
  /** Nodes with supports (CONS): the abutment seat, or the pile toes. */
  supportNodes: number[];
  columnElements: number[];
  headstockElements: number[];
  capElements: number[];
  pileGroup: string | null;
  piles: PileIds[];
};
export type MidasIdScheme = {
  girderNodes: { id: number; chainage: number; span: number }[];
  girderElements: GirderElementIds[];
  supports: SupportIds[];
};

/** Names of what the model defines, for result requests and combination lookups. */
export type MidasCaseCatalog = {
  static: string[];
  moving: string[];
  combinations: {
    name: string;
    method: "Add" | "Envelope";
    factors: { name: string; factor: number }[];
    /** Builds before the design check (issue 29) did not record it: none of theirs is taken as a design action. */
    limitState?: "Ultimate" | "Serviceability" | "Other";
  }[];
};

export type BuiltModel = {
  model: MidasModel;
  scheme: MidasIdScheme;
  cases: MidasCaseCatalog;
  /** Each tendon group's friction loss, jacked from both ends (friction.ts): for the engineer to check before applying. */
  tendons: TendonFriction[];
  /** The tables as the build read them (cases, bearings, soil, generated combinations): for the preview's summary. */
  parsed: ParsedTables;
};

/** The tables still have problems; nothing can be built from them. */
export class MidasTablesInvalidError extends Error {
  constructor(readonly problems: Problem[]) {
    super(
      `The Midas tables have ${problems.length} problem${problems.length === 1 ? "" : "s"}; fix them before building the model. First: ${problems[0]?.message ?? ""}`,
    );
  }
}

/** Elastic modulus of concrete for f'c (AS 5100.5 Table 3.1.2), MPa, interpolated. */
const EC_TABLE: [number, number][] = [
  [20, 24000],
  [25, 26700],
  [32, 30100],
  [40, 32800],
  [50, 34800],
  [65, 37400],
  [80, 39600],
  [100, 42200],
];
export function concreteModulus(fc: number): number {
  if (fc <= EC_TABLE[0]![0]) return EC_TABLE[0]![1];
  for (let i = 1; i < EC_TABLE.length; i++) {
    const [f1, e1] = EC_TABLE[i - 1]!;
    const [f2, e2] = EC_TABLE[i]!;
    if (fc <= f2) return Math.round(e1 + ((e2 - e1) * (fc - f1)) / (f2 - f1));
  }
  return EC_TABLE[EC_TABLE.length - 1]![1];
}

const GRAVITY = 9.80665;
/** Coefficient of thermal expansion of concrete, 1/°C (AS 5100.5 Cl 3.1.8: 10 × 10⁻⁶), as MATL THERMAL. */
const THERMAL = 1e-5;

/**
 * The check settings of a PSC box (SECT_BEFORE), sent in full as the official client sends them for every 1- and
 * 2-cell box (midas-civil-python, _section/_pscSS.py, _SS_PSC_12CELL.toJSON), with what an engineer sets for our
 * prismatic boxes (docs/midas.md, "PSC sections"): shear checked at MIDAS's automatic positions with the web
 * thickness it finds there (pairs and rows are the I and J ends), warping positions automatic, the torsion web
 * thickness automatic (USE_WEB_THICK false, WEB_THICK 0: the manual's "Web Thickness Check", default false), and no
 * haunch joints (JOINT: 8 flags, all false), since our boxes give their haunches as dimensions.
 */
/** MVLD_CODE of the Australian moving-load code (manual, /db/MVHL "VEH_AU"; 12 is Russia's). */
const AUSTRALIA_MVLD_CODE = 14;

/**
 * A vehicle of the moving-load table as Civil NX stores an Australian user-defined truck (manual, /db/MVHL,
 * "VEH_AU", User Defined - Truck/Lane): VEHICLE_LOAD_NUM 2 is the kind "user defined" (1 is a standard vehicle of the
 * code's database; not a counter: a 2 sent with a standard type name is stored as a user truck, measured by the
 * MIDAS-API-NX-SDK), USER_LOAD_TYPE "Truck/Lane", and the axles, lane load and dynamic load allowance inside VEH_AU.
 * The allowance goes as a fraction (the manual's VEH_AU example: 0.3 for M1600, AS 5100.2 Cl 7.7.2's α = 0.3); the
 * table holds it in %. The lane load goes as UNIFORM_LOAD with FATIGUE false (the manual lists UNIFORM_LOAD "when
 * FATIGUE"; if Civil NX dropped it, the read-back would name VEH_AU.UNIFORM_LOAD as a mismatch, never a silent loss).
 */
function australianVehicle(v: ParsedTables["vehicles"][number], variant: { name: string; spacings: number[] }): Record<string, unknown> {
  return {
    MVLD_CODE: AUSTRALIA_MVLD_CODE,
    VEHICLE_LOAD_NAME: variant.name,
    VEHICLE_LOAD_NUM: 2,
    USER_LOAD_TYPE: "Truck/Lane",
    VEH_AU: {
      DYN_LOAD_ALLOWANCE: round(v.dynamicLoadAllowance / 100),
      VAR_SPACING: false,
      FATIGUE: false,
      UNIFORM_LOAD: v.laneLoad,
      // Each axle with its distance to the next one, 0 on the last (the manual's examples: KSCE-LSD15 POINT_ITEMS
      // 48/3.6, 135/1.2, 135/7.2, 192/0; Russia LOAD_ITEMS ending 10/0).
      LOAD_ITEMS: v.axleLoads.map((load, a) => ({ POINT_LOAD: load, POINT_DIST: variant.spacings[a] ?? 0 })),
    },
  };
}

/**
 * The vehicles MIDAS gets for one row of the moving-load table: the vehicle itself, or, with a variable spacing, one
 * per length it takes, named "<name>-<length>" (AS 5100.2 M1600/S1600: the gap between the second and third axle
 * groups varies from 6.25 m; the case is the envelope over the lengths).
 */
function vehicleVariants(v: ParsedTables["vehicles"][number]): { name: string; spacings: number[] }[] {
  if (!v.variableGap) return [{ name: v.name, spacings: v.axleSpacings }];
  const { index, lengths } = v.variableGap;
  return lengths.map((length) => ({ name: `${v.name}-${length}`, spacings: v.axleSpacings.map((s, k) => (k === index ? length : s)) }));
}

const PSC_BOX_CHECKS = {
  JOINT: [false, false, false, false, false, false, false, false],
  SHEAR_CHK: true,
  USE_AUTO_SHEAR_CHK_POS: [
    [true, false, true],
    [false, false, false],
  ],
  SHEAR_CHK_POS: [
    [0, 0, 0],
    [0, 0, 0],
  ],
  USE_WEB_THICK_SHEAR: [
    [true, true, true],
    [false, false, false],
  ],
  USE_WEB_THICK: [false, false],
  WEB_THICK: [0, 0],
  WARPING_CHK_AUTO_I: true,
  WARPING_CHK_AUTO_J: true,
  WARPING_CHK_POS_I: [
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
  ],
  WARPING_CHK_POS_J: [
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
  ],
} as const;
const round = (n: number, digits = 6) => Number(n.toFixed(digits));

export function buildModel(tables: MidasTables): MidasModel {
  return buildModelWithScheme(tables).model;
}

export function buildModelWithScheme(tables: MidasTables): BuiltModel {
  const { parsed, problems } = parseMidasTables(tables);
  if (problems.length > 0) throw new MidasTablesInvalidError(problems);
  return new Builder(parsed).build();
}

type Assign = Record<string, Record<string, unknown>>;

/**
 * A support's bearings' stiffness (all of them together) along and across the bridge by their type: a pot bearing
 * holds where it is not guided to slide (BearingFixedStiffness), slides where it is (BearingFreeStiffness, small but
 * above 0 for a stable line model); an elastomeric bearing shears both ways (BearingFreeStiffness).
 */
function bearingStiffness(type: BearingType, setup: ParsedTables["setup"]): { longitudinal: number; transverse: number } {
  const held = setup.bearingFixedStiffness;
  const slides = setup.bearingFreeStiffness;
  switch (type) {
    case "Pot Fixed":
      return { longitudinal: held, transverse: held };
    case "Pot Guided":
      return { longitudinal: slides, transverse: held };
    case "Pot Free":
    case "Elastomeric":
      return { longitudinal: slides, transverse: slides };
  }
}

class Builder {
  private readonly out = new Map<MidasApiTable, Assign>(MIDAS_TABLE_ORDER.map((t) => [t, {}]));
  private readonly materialIds = new Map<string, number>();
  private readonly sectionIds = new Map<string, number>();
  private supportSerial = 0;
  private readonly frictions: TendonFriction[] = [];
  /** Weights the members do not carry (kN): each pile cap at its centre, each diaphragm at its girder node; loaded once in every self-weight case. */
  private readonly pointWeights: { node: number; weight: number; what: string }[] = [];
  private readonly masslessIds = new Map<string, number>();
  private readonly scheme: MidasIdScheme = { girderNodes: [], girderElements: [], supports: [] };
  private readonly caseIds = new Map<string, number>();

  constructor(private readonly p: ParsedTables) {}

  private put(table: MidasApiTable, id: number, row: Record<string, unknown>): void {
    this.out.get(table)![String(id)] = row;
  }

  /**
   * A support (CONS) at a node. Its item's ID is a serial over all supports (1, 2, ...), as the official client numbers
   * them (midas-civil-python, Boundary.Support: ID = len(sups) + 1) and the manual reads it ("Serial Number"); the
   * node is the row's key.
   */
  private restrain(node: number, constraint: string): void {
    this.supportSerial++;
    this.put("CONS", node, { ITEMS: [{ ID: this.supportSerial, GROUP_NAME: "", CONSTRAINT: constraint }] });
  }

  private pscByName(name: string): PscSectionData {
    return this.p.pscSections.find((s) => s.name === name)!;
  }

  private sectionDepth(name: string): number {
    const s = this.pscByName(name);
    return boxProperties(boxArrays(s)).depth;
  }

  build(): BuiltModel {
    this.units();
    this.materials();
    this.masslessMaterials();
    this.sections();
    this.girder();
    for (let s = 0; s <= this.p.setup.spanCount; s++) this.support(s);
    this.loadCases();
    this.movingLoads();
    this.combinations();
    this.tendons();
    const model: MidasModel = [];
    for (const table of MIDAS_TABLE_ORDER) {
      const assign = this.out.get(table)!;
      // MVCD is a single setting: leave the code alone when there are no vehicles.
      if (table === "MVCD" && Object.keys(assign).length === 0) continue;
      model.push({ table, assign });
    }
    const cases: MidasCaseCatalog = {
      static: [...this.p.superLoads, ...this.p.subLoads].map((c) => c.name).concat(this.p.secondary.map((s) => s.secondary)),
      moving: this.p.vehicles.map((v) => v.caseName),
      combinations: this.p.combinations.map((c) => ({ name: c.name, method: c.method, factors: c.factors, limitState: c.limitState })),
    };
    return { model, scheme: this.scheme, cases, tendons: this.frictions, parsed: this.p };
  }

  private units(): void {
    this.put("UNIT", 1, { FORCE: "KN", DIST: "M", HEAT: "KJ", TEMPER: "C" });
  }

  private materials(): void {
    const gamma = this.p.setup.concreteUnitWeight;
    let id = 0;
    for (const grade of this.p.setup.concreteGrades) {
      id++;
      this.materialIds.set(grade.name, id);
      this.put("MATL", id, {
        TYPE: "CONC",
        NAME: grade.name,
        DAMP_RAT: 0.05,
        PARAM: [{ P_TYPE: 2, ELAST: concreteModulus(grade.fc) * 1000, POISN: 0.2, THERMAL, DEN: gamma, MASS: round(gamma / GRAVITY) }],
      });
    }
    if (this.p.tendonGroups.length > 0) {
      id++;
      this.materialIds.set("STRAND", id);
      this.put("MATL", id, {
        TYPE: "STEEL",
        NAME: "STRAND",
        DAMP_RAT: 0.02,
        PARAM: [{ P_TYPE: 2, ELAST: 195e6, POISN: 0.3, THERMAL: 1.2e-5, DEN: 78.5, MASS: round(78.5 / GRAVITY) }],
      });
    }
  }

  /**
   * A copy of a concrete grade with no weight, for the pile cap's stiff beams: they overlap from the cap centre to each
   * column and pile (at the demo's P1 they weighed 3,057 kN against the real cap's 1,215 kN), so their self weight is
   * left out and the cap's own weight is one nodal load (pointWeights).
   */
  private masslessMaterials(): void {
    const grades = new Set(this.p.pileGroups.map((g) => this.p.generalSections.find((s) => s.name === g.capSection)?.material).filter((m) => m !== undefined));
    let id = Math.max(0, ...this.materialIds.values());
    for (const grade of grades) {
      const base = this.p.setup.concreteGrades.find((g) => g.name === grade);
      if (!base) continue;
      id++;
      this.masslessIds.set(grade, id);
      this.put("MATL", id, {
        TYPE: "CONC",
        NAME: `${grade} cap (no mass)`,
        DAMP_RAT: 0.05,
        PARAM: [{ P_TYPE: 2, ELAST: concreteModulus(base.fc) * 1000, POISN: 0.2, THERMAL, DEN: 0, MASS: 0 }],
      });
    }
  }

  private sections(): void {
    const before = { OFFSET_CENTER: 0, USER_OFFSET_REF: 0, HORZ_OFFSET_OPT: 0, USERDEF_OFFSET_YI: 0, VERT_OFFSET_OPT: 0, USERDEF_OFFSET_ZI: 0 };
    this.p.generalSections.forEach((s, i) => {
      const id = i + 1;
      this.sectionIds.set(`general:${s.name}`, id);
      this.put("SECT", id, {
        SECTTYPE: "DBUSER",
        SECT_NAME: s.name,
        SECT_BEFORE: {
          OFFSET_PT: "CC",
          ...before,
          USE_SHEAR_DEFORM: true,
          USE_WARPING_EFFECT: false,
          SHAPE: s.shape === "Circle" ? "SR" : "SB",
          DATATYPE: 2,
          SECT_I: { vSIZE: s.shape === "Circle" ? [s.diameter] : [s.depth, s.width] },
        },
      });
    });
    this.p.pscSections.forEach((s, i) => {
      const id = MIDAS_IDS.pscSectionOffset + i + 1;
      this.sectionIds.set(`psc:${s.name}`, id);
      this.put("SECT", id, {
        SECTTYPE: "PSC",
        SECT_NAME: s.name,
        SECT_BEFORE: {
          // The girder reference line is the top of the deck: nodes sit at the top centre of the box.
          OFFSET_PT: "CT",
          ...before,
          USE_SHEAR_DEFORM: true,
          USE_WARPING_EFFECT: false,
          SHAPE: "1CEL",
          SECT_I: boxArrays(s),
          ...PSC_BOX_CHECKS,
        },
      });
    });
  }

  private material(grade: string): number {
    return this.materialIds.get(grade)!;
  }

  private general(name: string) {
    const s = this.p.generalSections.find((g) => g.name === name)!;
    return { section: this.sectionIds.get(`general:${name}`)!, material: this.material(s.material), data: s };
  }

  private girderZ(x: number): number {
    return round(this.p.setup.deckLevel + this.p.setup.grade * x);
  }

  /** X of support s, measured from abutment A1. */
  private supportX(s: number): number {
    return this.p.setup.spans.slice(0, s).reduce((sum, span) => sum + span.length, 0);
  }

  private girderNodeAt(s: number): number {
    return MIDAS_IDS.girderStart + this.p.setup.spans.slice(0, s).reduce((sum, span) => sum + span.elements, 0);
  }

  private girder(): void {
    const { spans, startChainage, spanCount } = this.p.setup;
    let node: number = MIDAS_IDS.girderStart;
    let x0 = 0;
    this.node(node, 0, 0, this.girderZ(0));
    this.scheme.girderNodes.push({ id: node, chainage: round(startChainage), span: 1 });
    for (const span of spans) {
      const size = span.length / span.elements;
      for (let e = 0; e < span.elements; e++) {
        const xi = x0 + e * size;
        const xj = e === span.elements - 1 ? x0 + span.length : x0 + (e + 1) * size;
        const mid = (xi + xj) / 2 - x0;
        const nearPier = (span.index > 1 && mid < span.supportZone) || (span.index < spanCount && span.length - mid < span.supportZone);
        const sectionName = nearPier ? span.sectionAtSupport : span.section;
        const section = this.pscByName(sectionName);
        const nodeJ = node + 1;
        this.node(nodeJ, xj, 0, this.girderZ(xj));
        this.scheme.girderNodes.push({ id: nodeJ, chainage: round(startChainage + xj), span: span.index });
        this.put("ELEM", node, {
          TYPE: "BEAM",
          MATL: this.material(section.material),
          SECT: this.sectionIds.get(`psc:${sectionName}`)!,
          NODE: [node, nodeJ],
          ANGLE: 0,
        });
        this.scheme.girderElements.push({
          id: node,
          span: span.index,
          nodeI: node,
          nodeJ,
          chainageI: round(startChainage + xi),
          chainageJ: round(startChainage + xj),
          section: sectionName,
        });
        node = nodeJ;
      }
      x0 += span.length;
    }
  }

  private node(id: number, x: number, y: number, z: number): void {
    this.put("NODE", id, { X: round(x), Y: round(y), Z: round(z) });
  }

  /** Depth of the girder over support s (the deeper of the sections meeting there). */
  private girderDepthAt(s: number): number {
    const { spans, spanCount } = this.p.setup;
    const names: string[] = [];
    if (s > 0) names.push(s === spanCount ? spans[s - 1]!.section : spans[s - 1]!.sectionAtSupport);
    if (s < spanCount) names.push(s === 0 ? spans[0]!.section : spans[s]!.sectionAtSupport);
    return Math.max(...names.map((n) => this.sectionDepth(n)));
  }

  private support(s: number): void {
    const { setup } = this.p;
    const last = setup.spanCount;
    const base = supportBase(s);
    const x = this.supportX(s);
    const girderNode = this.girderNodeAt(s);
    const soffitZ = this.girderZ(x) - this.girderDepthAt(s);
    // The top of the headstock or abutment seat: the bearings (and plinths) stand on it.
    const seatZ = soffitZ - setup.bearingHeight;
    const bearings: SupportBearings = s === 0 ? setup.startBearings : setup.spans[s - 1]!.endBearings;
    const offsets = bearings.offsets.length > 0 ? bearings.offsets.map((o) => round(o)) : [0];
    const pier = s > 0 && s < last ? setup.piers[s - 1]! : null;
    const ids: SupportIds = {
      index: s,
      name: pier ? pier.name : s === 0 ? "A1" : "A2",
      kind: pier ? "pier" : "abutment",
      chainage: round(setup.startChainage + x),
      fixity: bearings.fixity,
      bearingType: bearings.type,
      girderNode,
      seatNode: base + 1,
      bearings: [],
      supportNodes: [],
      columnElements: [],
      headstockElements: [],
      capElements: [],
      pileGroup: null,
      piles: [],
    };
    let seats: { node: number; z: number }[];
    let nextNode: number;
    if (!pier) {
      // Each bearing of an abutment stands on its own fixed seat.
      seats = offsets.map((y, b) => {
        this.node(base + 1 + b, x, y, round(seatZ));
        this.restrain(base + 1 + b, "1111111");
        ids.supportNodes.push(base + 1 + b);
        return { node: base + 1 + b, z: round(seatZ) };
      });
      nextNode = base + 1 + offsets.length;
    } else {
      ({ seats, nextNode } = this.pier(pier, x, seatZ, base, ids, offsets));
    }
    const support = bearingStiffness(bearings.type, setup);
    const count = offsets.length;
    offsets.forEach((y, b) => {
      const soffit = nextNode++;
      this.node(soffit, x, y, round(soffitZ));
      const seat = seats[b]!;
      const length = soffitZ - seat.z;
      const stiffness = {
        longitudinal: round(support.longitudinal / count, 3),
        transverse: round(support.transverse / count, 3),
        vertical: round(setup.bearingVerticalStiffness / count, 3),
      };
      const link = linkBase(s) + 2 * b + 1;
      // Local x of the link points up from the seat to the soffit; local z is along the bridge (β = 0), local y across.
      // Its shear acts at the middle of the bearing, half the bearing height below the soffit (DR: the distance ratio
      // from the seat, docs/midas.md "Bearings"), not half way up a link that starts at the headstock's centroid.
      const dr = length > 0 ? round((length - setup.bearingHeight / 2) / length, 4) : 0.5;
      this.put("ELNK", link, {
        NODE: [seat.node, soffit],
        LINK: "GEN",
        ANGLE: 0,
        BNGR_NAME: "",
        // One bearing carries no torsion of the girder itself; two or more hold it by their vertical stiffness at their offsets.
        SDR: [stiffness.vertical, stiffness.transverse, stiffness.longitudinal, 0, 0, count === 1 ? setup.bearingTorsionStiffness : 0],
        R_S: [false, false, false, false, false, false],
        bSHEAR: true,
        DR: [dr, dr],
      });
      this.put("ELNK", link + 1, { NODE: [girderNode, soffit], LINK: "RIGID", ANGLE: 0, BNGR_NAME: "" });
      ids.bearings.push({ offset: y, link, arm: link + 1, seatNode: seat.node, soffitNode: soffit, stiffness });
    });
    this.scheme.supports.push(ids);
  }

  /** A pier's headstock, columns, pile cap and piles; its bearings' seats are headstock nodes at their offsets. */
  private pier(
    pier: PierData,
    x: number,
    seatZ: number,
    base: number,
    ids: SupportIds,
    offsets: readonly number[],
  ): { seats: { node: number; z: number }[]; nextNode: number } {
    const { setup } = this.p;
    let nextNode = base + 1;
    let nextElem = base + 1;
    const headstock = this.general(pier.headstockSection);
    const column = this.general(pier.section);
    const group = this.p.pileGroups.find((g) => g.name === pier.pileGroup)!;
    const capSection = this.general(group.capSection);
    const cap = { section: capSection.section, material: this.masslessIds.get(capSection.data.material) ?? capSection.material };
    const pile = this.general(group.pileSection);
    const hsDepth = headstock.data.depth;
    const hsZ = round(seatZ - hsDepth / 2);
    const capTop = seatZ - hsDepth - pier.height;
    const capZ = round(capTop - group.capDepth / 2);
    const elem = (section: { section: number; material: number }, i: number, j: number, list: number[]) => {
      const id = nextElem++;
      this.put("ELEM", id, { TYPE: "BEAM", MATL: section.material, SECT: section.section, NODE: [i, j], ANGLE: 0 });
      list.push(id);
    };
    const newNode = (nx: number, ny: number, nz: number) => {
      const id = nextNode++;
      this.node(id, nx, ny, nz);
      return id;
    };

    // Headstock across the bridge, centre node first: it is the bearing seat.
    const seat = newNode(x, 0, hsZ);
    const columnY = Array.from({ length: pier.columnCount }, (_, c) => round((c - (pier.columnCount - 1) / 2) * pier.columnSpacing));
    const headstockY = [...new Set([-pier.headstockLength / 2, ...columnY, ...offsets, 0, pier.headstockLength / 2].map((y) => round(y)))].sort(
      (a, b) => a - b,
    );
    const headstockNodes = new Map<number, number>([[0, seat]]);
    for (const y of headstockY) if (!headstockNodes.has(y)) headstockNodes.set(y, newNode(x, y, hsZ));
    for (let i = 1; i < headstockY.length; i++) {
      elem(headstock, headstockNodes.get(headstockY[i - 1]!)!, headstockNodes.get(headstockY[i]!)!, ids.headstockElements);
    }

    // Pile cap: stiff beams from the cap centre to each column base and pile head.
    const capCentre = newNode(x, 0, capZ);
    this.pointWeights.push({
      node: capCentre,
      weight: round(group.capLength * group.capWidth * group.capDepth * setup.concreteUnitWeight, 3),
      what: `pile cap of ${pier.name}`,
    });
    const capPoints = new Map<string, number>([["0,0", capCentre]]);
    const capPoint = (dx: number, dy: number) => {
      const key = `${round(dx)},${round(dy)}`;
      let id = capPoints.get(key);
      if (id === undefined) {
        id = newNode(x + dx, dy, capZ);
        capPoints.set(key, id);
        elem(cap, capCentre, id, ids.capElements);
      }
      return id;
    };

    // Columns, bottom to top.
    const columnLength = hsZ - capZ;
    for (const y of columnY) {
      let below = capPoint(0, y);
      for (let k = 1; k <= setup.elementsPerPier; k++) {
        const above = k === setup.elementsPerPier ? headstockNodes.get(y)! : newNode(x, y, round(capZ + (columnLength * k) / setup.elementsPerPier));
        elem(column, below, above, ids.columnElements);
        below = above;
      }
    }

    // Piles, head to toe.
    ids.pileGroup = group.name;
    const toe = group.toe === "Fixed" ? "1111111" : "1110000";
    for (let r = 0; r < group.rows; r++) {
      for (let c = 0; c < group.perRow; c++) {
        const dx = round((r - (group.rows - 1) / 2) * group.rowSpacing);
        const dy = round((c - (group.perRow - 1) / 2) * group.pileSpacing);
        const head = capPoint(dx, dy);
        const pileIds: PileIds = { row: r + 1, column: c + 1, x: round(x + dx), y: dy, length: group.length, headNode: head, toeNode: head, elements: [] };
        let above = head;
        for (let k = 1; k <= group.elements; k++) {
          const below = newNode(x + dx, dy, round(capZ - (group.length * k) / group.elements));
          elem(pile, above, below, pileIds.elements);
          above = below;
          this.soilSpring(group, pile.data, below, k);
        }
        pileIds.toeNode = above;
        this.restrain(above, toe);
        ids.supportNodes.push(above);
        ids.piles.push(pileIds);
      }
    }
    ids.seatNode = seat;
    return { seats: offsets.map((y) => ({ node: headstockNodes.get(round(y))!, z: hsZ })), nextNode };
  }

  /**
   * The soil's lateral spring at the k-th node below a pile's head (Winkler: kh × diameter × the length of pile the
   * node stands for, inside the soil only; docs/midas.md, "Soil"). The head sits at the cap centroid, the soil starts
   * at the cap's underside, half the cap's depth lower. None where the group has no soil table.
   */
  private soilSpring(group: PileGroupData, section: GeneralSectionData, node: number, k: number): void {
    if (group.soil.length === 0) return;
    const size = group.length / group.elements;
    const depth = (j: number) => j * size - group.capDepth / 2;
    const bottom = depth(group.elements);
    const top = Math.max(0, depth(k) - size / 2);
    const end = Math.min(bottom, depth(k) + size / 2);
    if (!(depth(k) > 0) || !(end > top)) return;
    const kh = [...group.soil].reverse().find((layer) => layer.top <= depth(k))!.kh;
    const width = section.shape === "Circle" ? section.diameter : section.width;
    const stiffness = round(kh * width * (end - top), 3);
    this.put("NSPR", node, {
      ITEMS: [
        { ID: 1, TYPE: "LINEAR", GROUP_NAME: "", SDR: [stiffness, stiffness, 0, 0, 0, 0], F_S: [false, false, false, false, false, false], DAMPING: false },
      ],
    });
  }

  /** The PSC section of a support's girder: the deeper of those meeting there (girderDepthAt). */
  private sectionAt(s: number): PscSectionData {
    const { spans, spanCount } = this.p.setup;
    const names: string[] = [];
    if (s > 0) names.push(s === spanCount ? spans[s - 1]!.section : spans[s - 1]!.sectionAtSupport);
    if (s < spanCount) names.push(s === 0 ? spans[0]!.section : spans[s]!.sectionAtSupport);
    return names.map((n) => this.pscByName(n)).sort((a, b) => b.depth - a.depth)[0]!;
  }

  /**
   * Each diaphragm's weight: a solid block filling the box's cell over the support, its thickness along the bridge
   * (thickness × cell area × unit weight); the webs and slabs it meets are the girder's own.
   */
  private diaphragms(): void {
    const { setup } = this.p;
    for (const support of this.scheme.supports) {
      const thickness = support.index === 0 ? setup.startBearings.diaphragm : setup.spans[support.index - 1]!.endBearings.diaphragm;
      if (!(thickness > 0)) continue;
      const area = boxCellArea(boxArrays(this.sectionAt(support.index)));
      this.pointWeights.push({ node: support.girderNode, weight: round(thickness * area * setup.concreteUnitWeight, 3), what: `diaphragm at ${support.name}` });
    }
  }

  private loadCases(): void {
    const { superLoads, subLoads } = this.p;
    const add = (id: number, c: { name: string; type: string; description: string; selfWeight: boolean }) => {
      this.caseIds.set(c.name, id);
      this.put("STLD", id, { NAME: c.name, TYPE: c.type, DESC: c.description });
      if (c.selfWeight) this.put("BODF", id, { LCNAME: c.name, GROUP_NAME: "", FV: [0, 0, -1] });
    };
    superLoads.forEach((c, i) => add(i + 1, c));
    subLoads.forEach((c, i) => add(MIDAS_IDS.subCaseOffset + i + 1, c));
    // The secondary effect of each prestress case follows the superstructure cases (secondaryEffects).
    this.p.secondary.forEach((sec, i) =>
      add(superLoads.length + i + 1, {
        name: sec.secondary,
        type: "PS",
        description: `Secondary effect of ${sec.prestress} (total less P·e), for ultimate combinations`,
        selfWeight: false,
      }),
    );
    // Each pile cap's and diaphragm's weight, once, in every case that carries self weight.
    this.diaphragms();
    const selfWeight = [...superLoads, ...subLoads].filter((c) => c.selfWeight);
    const nodal = new Map<number, Record<string, unknown>[]>();
    for (const { node, weight } of this.pointWeights) {
      for (const c of selfWeight) {
        const items = nodal.get(node) ?? [];
        items.push({ ID: items.length + 1, LCNAME: c.name, GROUP_NAME: "", FX: 0, FY: 0, FZ: -weight, MX: 0, MY: 0, MZ: 0 });
        nodal.set(node, items);
      }
    }
    for (const [node, items] of [...nodal].sort((a, b) => a[0] - b[0])) this.put("CNLD", node, { ITEMS: items });

    const perElement = (table: MidasApiTable) => {
      const rows = new Map<number, Record<string, unknown>[]>();
      return {
        add: (elem: number, item: Record<string, unknown>) => {
          const items = rows.get(elem) ?? [];
          items.push({ ID: items.length + 1, ...item });
          rows.set(elem, items);
        },
        write: () => {
          for (const [elem, items] of [...rows].sort((a, b) => a[0] - b[0])) this.put(table, elem, { ITEMS: items });
        },
      };
    };
    const beamLoads = perElement("BMLD");
    const temperatures = perElement("ETMP");
    const gradients = perElement("GTMP");
    const uniform = (lcname: string, direction: string, value: number) => ({
      LCNAME: lcname,
      GROUP_NAME: "",
      CMD: "BEAM",
      TYPE: "UNILOAD",
      DIRECTION: direction,
      USE_PROJECTION: false,
      USE_ECCEN: false,
      D: [0, 1, 0, 0],
      P: [value, value, 0, 0],
    });
    // MIDAS's gradient (GTMP, beam): TZ = T(+z face) − T(−z face) over HZ, a curvature α·TZ/HZ (local z up on the girder).
    const gradient = (lcname: string, curvature: number, depth: number) => ({
      LCNAME: lcname,
      GROUP_NAME: "",
      TYPE: 1,
      TZ: round((curvature * depth) / THERMAL, 4),
      USE_HZ: false,
      HZ: round(depth, 4),
      TY: 0,
      USE_HY: true,
    });
    const curvatures = new Map<string, number>();
    for (const c of superLoads) {
      for (const e of this.scheme.girderElements) {
        if (c.loadedSpans !== "all" && !c.loadedSpans.includes(e.span)) continue;
        if (c.uniformLoad !== 0) beamLoads.add(e.id, uniform(c.name, "GZ", -c.uniformLoad));
        if (c.longitudinalLoad !== 0) beamLoads.add(e.id, uniform(c.name, "GX", c.longitudinalLoad));
        if (c.transverseLoad !== 0) beamLoads.add(e.id, uniform(c.name, "GY", c.transverseLoad));
        if (c.uniformTemperature !== 0) temperatures.add(e.id, { LCNAME: c.name, GROUP_NAME: "", TEMP: c.uniformTemperature });
        if (c.temperatureGradient !== 0) {
          const section = this.pscByName(e.section);
          const key = `${section.name}\u0000${c.temperatureGradient}`;
          if (!curvatures.has(key)) curvatures.set(key, gradientCurvature(boxArrays(section), c.temperatureGradient, THERMAL));
          gradients.add(e.id, gradient(c.name, curvatures.get(key)!, section.depth));
        }
      }
    }
    for (const c of subLoads) {
      if (c.pierLoad === 0) continue;
      const [direction, value] = c.direction === "Longitudinal" ? ["GX", c.pierLoad] : c.direction === "Transverse" ? ["GY", c.pierLoad] : ["GZ", -c.pierLoad];
      for (const support of this.scheme.supports) {
        if (support.kind !== "pier" || (c.loadedPiers !== "all" && !c.loadedPiers.includes(support.name))) continue;
        for (const e of support.columnElements) beamLoads.add(e, uniform(c.name, direction, value));
      }
    }
    // Settlement: the loaded piers' pile toes move down (SDSP, in the nodes' own axes: Dz up).
    const settlements = new Map<number, Record<string, unknown>[]>();
    for (const c of subLoads) {
      if (c.settlement === 0) continue;
      for (const support of this.scheme.supports) {
        if (support.kind !== "pier" || (c.loadedPiers !== "all" && !c.loadedPiers.includes(support.name))) continue;
        for (const node of support.supportNodes) {
          const items = settlements.get(node) ?? [];
          const values = [0, 0, -c.settlement, 0, 0, 0].map((d, k) => ({ OPT_FLAG: k === 2, DISPLACEMENT: round(d) }));
          items.push({ ID: items.length + 1, LCNAME: c.name, GROUP_NAME: "", VALUES: values });
          settlements.set(node, items);
        }
      }
    }
    for (const [node, items] of [...settlements].sort((a, b) => a[0] - b[0])) this.put("SDSP", node, { ITEMS: items });
    this.secondaryEffects(temperatures, gradients, gradient);
    beamLoads.write();
    temperatures.write();
    gradients.write();
  }

  /**
   * The secondary effect of prestress as a load case (issue 28, point 3; docs/midas.md, "Prestress at ultimate"). A
   * tendon's force P at eccentricity e below the centroid bends a free girder to the curvature P·e/EI and shortens it by
   * P/EA; where supports and piers restrain that, the restraint forces are the secondary (hyperstatic) effect, and they
   * are all of it: the primary P·e stays inside the section. So the case imposes that curvature and shortening on each
   * girder element, as a linear temperature gradient (GTMP) and a uniform temperature change (ETMP), and the analysis
   * of the indeterminate structure returns the secondary effect alone. P is the jacking force less friction
   * (friction.ts), as the prestress case applies it; e follows the tendon's drape (profileLevel) at the element's middle.
   */
  private secondaryEffects(
    temperatures: { add(elem: number, item: Record<string, unknown>): void },
    gradients: { add(elem: number, item: Record<string, unknown>): void },
    gradient: (lcname: string, curvature: number, depth: number) => Record<string, unknown>,
  ): void {
    const { setup, tendonGroups } = this.p;
    const spanStart = (index: number) => setup.spans.slice(0, index - 1).reduce((sum, span) => sum + span.length, 0);
    const drapes = tendonGroups.map((t) => {
      const points = tendonProfile(this.p.setup.spans, t).map(({ PT: [px, pz] }) => ({ x: px!, z: pz! }));
      return { t, points, share: frictionShare(points, t), start: spanStart(t.fromSpan) };
    });
    for (const sec of this.p.secondary) {
      for (const e of this.scheme.girderElements) {
        const section = this.pscByName(e.section);
        const props = boxProperties(boxArrays(section));
        const modulus = concreteModulus(this.p.setup.concreteGrades.find((g) => g.name === section.material)!.fc) * 1000;
        const xMid = (e.chainageI + e.chainageJ) / 2 - setup.startChainage;
        let force = 0;
        let moment = 0;
        for (const { t, points, share, start } of drapes) {
          if (t.caseName !== sec.prestress || e.span < t.fromSpan || e.span > t.toSpan) continue;
          const x = xMid - start;
          const p = t.tendonCount * t.jackingForce * share(x);
          force += p;
          moment += p * (-profileLevel(points, x) - props.centroidDepth);
        }
        if (force === 0) continue;
        temperatures.add(e.id, { LCNAME: sec.secondary, GROUP_NAME: "", TEMP: round(-force / (modulus * props.area * THERMAL), 4) });
        gradients.add(e.id, gradient(sec.secondary, moment / (modulus * props.iyy), section.depth));
      }
    }
  }

  private movingLoads(): void {
    const { vehicles, setup } = this.p;
    if (vehicles.length === 0) return;
    this.put("MVCD", 1, { CODE: "AUSTRALIA" });
    const firstOfSpan = new Set(setup.spans.map((_, k) => this.girderNodeAt(k)));
    let vehicleId = 0;
    vehicles.forEach((v, i) => {
      const id = i + 1;
      const laneNames: string[] = [];
      for (let l = 1; l <= v.laneCount; l++) {
        const laneName = `${v.name}-L${l}`;
        laneNames.push(laneName);
        const ecc = round(v.firstLaneOffset - (l - 1) * v.laneWidth);
        this.put("LLAN", i * 10 + l, {
          COMMON: {
            LL_NAME: laneName,
            LOAD_DIST: "LANE",
            GROUP_NAME: "",
            SKEW_START: 0,
            SKEW_END: 0,
            MOVING: "BOTH",
            WHEEL_SPACE: 2,
            WIDTH: v.laneWidth,
            OPT_AUTO_LANE: false,
            ALLOW_WIDTH: v.laneWidth,
          },
          LANE_ITEMS: this.scheme.girderElements.map((e) => ({ ELEM: e.id, ECC: ecc, SPAN_START: firstOfSpan.has(e.nodeI) })),
        });
      }
      const variants = vehicleVariants(v);
      for (const variant of variants) this.put("MVHL", ++vehicleId, australianVehicle(v, variant));
      const factors = Array.from({ length: 6 }, (_, k) => v.laneFactors[Math.min(k, v.laneFactors.length - 1)] ?? 1);
      this.put("MVLD", id, {
        LCNAME: v.caseName,
        DESC: v.description || `${v.name}, ${v.laneCount} lane${v.laneCount === 1 ? "" : "s"}`,
        TYPE: 0,
        DEFAULT: {
          // Australia's own fields (manual, /db/MVLD "DEFAULT (Australia)"): the general load model, not fatigue. The
          // lane factors are ours (SCALE_FACTORS), so the design-combination factor type only labels the case.
          LOAD_MODEL: 0,
          LOAD_COMB_TYPE: 0,
          FATIGUE: false,
          LANE_FACTOR_TYPE: 1,
          SCALE_FACTORS: factors,
          // One sub-load per variant of a variable spacing, taken independently: the case is their envelope.
          COMB_OPTION: variants.length > 1 ? "INDEPENDENT" : "COMBINED",
          SUB_LOAD_DATAS: variants.map((variant) => ({
            VEHICLE_TYPE: "VL",
            VEHICLE_NAME: variant.name,
            SCALE_FACTOR: 1,
            MIN_LOADED_LANE: 1,
            MAX_LOADED_LANE: v.laneCount,
            LANE_NAMES: laneNames,
          })),
        },
      });
    });
  }

  private combinations(): void {
    const staticNames = new Set([...this.p.superLoads, ...this.p.subLoads].map((c) => c.name).concat(this.p.secondary.map((s) => s.secondary)));
    const movingNames = new Set(this.p.vehicles.map((v) => v.caseName));
    this.p.combinations.forEach((c, i) => {
      this.put("LCOM-GEN", i + 1, {
        NAME: c.name,
        ACTIVE: "ACTIVE",
        iTYPE: c.method === "Envelope" ? 1 : 0,
        DESC: c.description ? `${c.limitState}: ${c.description}` : c.limitState,
        vCOMB: c.factors.map((f) => ({ ANAL: staticNames.has(f.name) ? "ST" : movingNames.has(f.name) ? "MV" : "CB", LCNAME: f.name, FACTOR: f.factor })),
      });
    });
  }

  private tendons(): void {
    const { setup } = this.p;
    this.p.tendonGroups.forEach((t, i) => {
      const id = i + 1;
      const elements = this.scheme.girderElements.filter((e) => e.span >= t.fromSpan && e.span <= t.toSpan);
      this.put("TDGR", id, { NAME: t.name });
      this.put("TDNT", id, {
        NAME: t.name,
        TYPE: "INTERNAL",
        LT: "POST",
        MATL: this.material("STRAND"),
        AREA: round((t.strands * t.strandArea) / 1e6, 9),
        D_AREA: t.ductDiameter,
        ASB: t.anchorageSlip,
        ASE: t.anchorageSlip,
        bBONDED: true,
        RM: 11,
        FT: t.relaxation,
        US: setup.tendonBreakingStrength * 1000,
        YS: round(0.85 * setup.tendonBreakingStrength * 1000),
        // MIDAS's loss is e^-(μα + kL) (FF = μ per radian, WF = k per metre); AS 5100.5's is e^-μ(α + βp·L), so k = μβp.
        FF: t.friction,
        WF: wobbleCoefficient(t),
      });
      const profile = tendonProfile(this.p.setup.spans, t);
      const x = profile[profile.length - 1]!.PT[0]!;
      this.frictions.push(
        tendonFriction(
          t.name,
          profile.map(({ PT: [px, pz] }) => ({ x: px!, z: pz! })),
          t,
        ),
      );
      this.put("TDNA", id, {
        NAME: t.name,
        TDN_PROP: id,
        TDN_GRUP: id,
        ELEM: elements.map((e) => e.id),
        INPUT: "2D",
        CURVE: "SPLINE",
        BELENG: 0,
        ELENG: 0,
        bTP: true,
        CNT: t.tendonCount,
        LENG_OPT: "AUTO2",
        SHAPE: "ELEMENT",
        INS_PT: "END-I",
        INS_ELEM: elements[0]!.id,
        AXIS_IJ: "I-J",
        XAR_ANGLE: 0,
        bPJ: true,
        OFF_YZ: [0, 0],
        PROFY: [
          { PT: [0, 0], bFIX: false, R: 0 },
          { PT: [round(x), 0], bFIX: false, R: 0 },
        ],
        PROFZ: profile,
      });
      this.put("TDPL", id, {
        ITEMS: [
          {
            ID: 1,
            LCNAME: t.caseName,
            GROUP_NAME: "",
            TENDON_NAME: t.name,
            TYPE: "FORCE",
            ORDER: "BOTH",
            BEGIN: t.jackingForce,
            END: t.jackingForce,
            GROUTING: 0,
          },
        ],
      });
    });
  }
}

/**
 * Every id one row of the model points at, checked against the rows the model
 * itself defines: elements' nodes, sections and materials, links' and supports'
 * nodes, loads' elements and cases, tendons' elements, properties and groups.
 * An empty list means nothing dangles (MIDAS would accept a dangling one silently).
 */
export function unresolvedReferences(model: MidasModel): string[] {
  const rows = (table: MidasApiTable) => model.find((r) => r.table === table)?.assign ?? {};
  const ids = (table: MidasApiTable) => new Set(Object.keys(rows(table)).map(Number));
  const nodes = ids("NODE");
  const elems = ids("ELEM");
  const sects = ids("SECT");
  const matls = ids("MATL");
  const caseNames = new Set([...Object.values(rows("STLD")).map((r) => r.NAME), ...Object.values(rows("MVLD")).map((r) => r.LCNAME)]);
  const combNames = new Set(Object.values(rows("LCOM-GEN")).map((r) => r.NAME));
  const out: string[] = [];
  for (const [id, e] of Object.entries(rows("ELEM"))) {
    for (const n of e.NODE as number[]) if (!nodes.has(n)) out.push(`ELEM ${id} → NODE ${n}`);
    if (!sects.has(e.SECT as number)) out.push(`ELEM ${id} → SECT ${String(e.SECT)}`);
    if (!matls.has(e.MATL as number)) out.push(`ELEM ${id} → MATL ${String(e.MATL)}`);
  }
  for (const [id, l] of Object.entries(rows("ELNK"))) for (const n of l.NODE as number[]) if (!nodes.has(n)) out.push(`ELNK ${id} → NODE ${n}`);
  for (const id of Object.keys(rows("CONS"))) if (!nodes.has(Number(id))) out.push(`CONS ${id} → NODE ${id}`);
  for (const id of Object.keys(rows("NSPR"))) if (!nodes.has(Number(id))) out.push(`NSPR ${id} → NODE ${id}`);
  for (const [id, b] of Object.entries(rows("BODF"))) if (!caseNames.has(b.LCNAME)) out.push(`BODF ${id} → case ${String(b.LCNAME)}`);
  for (const [id, c] of Object.entries(rows("CNLD"))) {
    if (!nodes.has(Number(id))) out.push(`CNLD ${id} → NODE ${id}`);
    for (const item of c.ITEMS as { LCNAME: string }[]) if (!caseNames.has(item.LCNAME)) out.push(`CNLD ${id} → case ${item.LCNAME}`);
  }
  for (const table of ["ETMP", "GTMP"] as const)
    for (const [id, t] of Object.entries(rows(table))) {
      if (!elems.has(Number(id))) out.push(`${table} ${id} → ELEM ${id}`);
      for (const item of t.ITEMS as { LCNAME: string }[]) if (!caseNames.has(item.LCNAME)) out.push(`${table} ${id} → case ${item.LCNAME}`);
    }
  for (const [id, d] of Object.entries(rows("SDSP"))) {
    if (!nodes.has(Number(id))) out.push(`SDSP ${id} → NODE ${id}`);
    for (const item of d.ITEMS as { LCNAME: string }[]) if (!caseNames.has(item.LCNAME)) out.push(`SDSP ${id} → case ${item.LCNAME}`);
  }
  for (const [id, b] of Object.entries(rows("BMLD"))) {
    if (!elems.has(Number(id))) out.push(`BMLD ${id} → ELEM ${id}`);
    for (const item of b.ITEMS as { LCNAME: string }[]) if (!caseNames.has(item.LCNAME)) out.push(`BMLD ${id} → case ${item.LCNAME}`);
  }
  const laneNames = new Set(Object.values(rows("LLAN")).map((r) => (r.COMMON as { LL_NAME: string }).LL_NAME));
  for (const [id, l] of Object.entries(rows("LLAN")))
    for (const item of l.LANE_ITEMS as { ELEM: number }[]) if (!elems.has(item.ELEM)) out.push(`LLAN ${id} → ELEM ${item.ELEM}`);
  const vehicleNames = new Set(Object.values(rows("MVHL")).map((r) => r.VEHICLE_LOAD_NAME));
  for (const [id, mv] of Object.entries(rows("MVLD"))) {
    for (const sub of (mv.DEFAULT as { SUB_LOAD_DATAS: { VEHICLE_NAME: string; LANE_NAMES: string[] }[] }).SUB_LOAD_DATAS) {
      if (!vehicleNames.has(sub.VEHICLE_NAME)) out.push(`MVLD ${id} → vehicle ${sub.VEHICLE_NAME}`);
      for (const lane of sub.LANE_NAMES) if (!laneNames.has(lane)) out.push(`MVLD ${id} → lane ${lane}`);
    }
  }
  for (const [id, c] of Object.entries(rows("LCOM-GEN"))) {
    for (const f of c.vCOMB as { ANAL: string; LCNAME: string }[]) {
      if (!(f.ANAL === "CB" ? combNames : caseNames).has(f.LCNAME)) out.push(`LCOM-GEN ${id} → ${f.ANAL} ${f.LCNAME}`);
    }
  }
  const tdnt = ids("TDNT");
  const tdgr = ids("TDGR");
  for (const [id, t] of Object.entries(rows("TDNT"))) if (!matls.has(t.MATL as number)) out.push(`TDNT ${id} → MATL ${String(t.MATL)}`);
  const tendonNames = new Set(Object.values(rows("TDNA")).map((r) => r.NAME));
  for (const [id, t] of Object.entries(rows("TDNA"))) {
    if (!tdnt.has(t.TDN_PROP as number)) out.push(`TDNA ${id} → TDNT ${String(t.TDN_PROP)}`);
    if (!tdgr.has(t.TDN_GRUP as number)) out.push(`TDNA ${id} → TDGR ${String(t.TDN_GRUP)}`);
    for (const e of t.ELEM as number[]) if (!elems.has(e)) out.push(`TDNA ${id} → ELEM ${e}`);
  }
  const tdna = ids("TDNA");
  for (const [id, t] of Object.entries(rows("TDPL"))) {
    if (!tdna.has(Number(id))) out.push(`TDPL ${id} → TDNA ${id}`);
    for (const item of t.ITEMS as { LCNAME: string; TENDON_NAME: string }[]) {
      if (!caseNames.has(item.LCNAME)) out.push(`TDPL ${id} → case ${item.LCNAME}`);
      if (!tendonNames.has(item.TENDON_NAME)) out.push(`TDPL ${id} → tendon ${item.TENDON_NAME}`);
    }
  }
  return out;
}
