import { itemColumns, itemNumber, midasDatasets } from "../tables";
import { checkRef, fmt, type TableReader } from "./reader";
import type { GeneralSectionData } from "./sections";

export type Fixity = "Fixed" | "Free";
/** A support's bearing type as the tables spell it (BEARING_TYPES); "Fixed" and "Free" are Pot Fixed and Pot Guided. */
export type BearingType = "Pot Fixed" | "Pot Guided" | "Pot Free" | "Elastomeric";

/** What a support's bearings are: their type, their fixity along the bridge, their transverse offsets. */
export type SupportBearings = { type: BearingType; fixity: Fixity; offsets: number[]; diaphragm: number };

function bearingType(text: string): BearingType {
  if (text === "Fixed" || text === "") return text === "" ? "Pot Guided" : "Pot Fixed";
  if (text === "Free") return "Pot Guided";
  return text as BearingType;
}

/** Longitudinal fixity: only a Pot Fixed bearing holds the deck along the bridge. */
export function fixityOf(type: BearingType): Fixity {
  return type === "Pot Fixed" ? "Fixed" : "Free";
}

export type SpanData = {
  index: number;
  item: string;
  length: number;
  elements: number;
  section: string;
  sectionAtSupport: string;
  supportZone: number;
  endBearing: Fixity;
  /** The bearings at the support at the end of this span. */
  endBearings: SupportBearings;
};

export type PierData = {
  /** The pier at the end of span `index`. */
  index: number;
  item: string;
  name: string;
  height: number;
  section: string;
  columnCount: number;
  columnSpacing: number;
  headstockSection: string;
  headstockLength: number;
  pileGroup: string;
};

export type SetupData = {
  spanCount: number;
  startChainage: number;
  deckLevel: number;
  /** Rise per metre (LongitudinalGrade / 100). */
  grade: number;
  concreteGrades: { name: string; fc: number }[];
  concreteUnitWeight: number;
  tendonBreakingStrength: number;
  bearingHeight: number;
  bearingVerticalStiffness: number;
  bearingFixedStiffness: number;
  bearingFreeStiffness: number;
  bearingTorsionStiffness: number;
  startBearing: Fixity;
  startBearings: SupportBearings;
  /** Generate AS 5100.2 combinations from the load cases' kinds (blank: yes). */
  generateCombinations: boolean;
  elementsPerPier: number;
  spans: SpanData[];
  piers: PierData[];
};

const GRADE = /^C(\d+(\.\d+)?)$/i;
const setupSpecs = midasDatasets.midassetup.template;

/** Model Setup's global values (Item1), each read (its problems recorded) when first asked for, and its concrete grades. */
export type SetupGlobals = {
  value(parameter: string): unknown;
  grades: { name: string; fc: number }[];
  /** A section's Material as Model Setup spells the grade; "" (and a problem) when it is not one of the grades. */
  checkGrade(reader: TableReader, item: string, label: string): string;
};

/** Model Setup comes first: the grades are what every section's Material refers to. */
export function readSetupGlobals(reader: TableReader): SetupGlobals {
  const globals = new Map<string, unknown>();
  const g = (parameter: string): unknown => {
    if (!globals.has(parameter)) globals.set(parameter, reader.value(parameter, "Item1", "Model Setup"));
    return globals.get(parameter);
  };
  for (const spec of setupSpecs) reader.missingRow(spec);
  const gradeNames = (Array.isArray(g("ConcreteGrades")) ? (g("ConcreteGrades") as string[]) : []).map((s) => s.toUpperCase());
  const concreteGrades: { name: string; fc: number }[] = [];
  for (const gradeName of gradeNames) {
    const match = GRADE.exec(gradeName);
    const fc = match ? Number(match[1]) : NaN;
    if (!match || fc < 20 || fc > 120) {
      reader.problem(
        "ConcreteGrades",
        "Item1",
        `ConcreteGrades contains "${gradeName}"; write each grade as C followed by f'c in MPa between 20 and 120, for example C50.`,
      );
      continue;
    }
    if (concreteGrades.some((c) => c.name === gradeName)) continue;
    concreteGrades.push({ name: gradeName, fc });
  }
  const gradeList = concreteGrades.map((c) => c.name);
  const checkGrade = (r: TableReader, item: string, label: string): string => {
    const value = r.text("Material", item, label).toUpperCase();
    if (value === "") return "";
    if (!gradeList.includes(value)) {
      r.problem(
        "Material",
        item,
        `Material of ${label} is ${value}, which is not among ConcreteGrades in Model Setup (${gradeList.join(", ") || "none listed"}). Add it there or pick a listed grade.`,
      );
      return "";
    }
    return value;
  };
  return { value: g, grades: concreteGrades, checkGrade };
}

/** What the spans and piers name: sections and pile groups. */
export type SetupRefs = { generalSections: readonly GeneralSectionData[]; pscNames: readonly string[]; pileNames: readonly string[] };

/** The rest of Model Setup, its spans and piers, once the sections and pile groups they name are read. */
export function readSetup(reader: TableReader, globals: SetupGlobals, refs: SetupRefs): SetupData {
  const g = globals.value;
  const spanCount = typeof g("SpanCount") === "number" ? (g("SpanCount") as number) : NaN;
  const num = (p: string, blank = NaN) => (typeof g(p) === "number" ? (g(p) as number) : blank);
  const setup: SetupData = {
    spanCount,
    startChainage: num("StartChainage"),
    deckLevel: num("DeckLevel"),
    grade: num("LongitudinalGrade") / 100,
    concreteGrades: globals.grades,
    concreteUnitWeight: num("ConcreteUnitWeight"),
    tendonBreakingStrength: num("TendonBreakingStrength"),
    bearingHeight: num("BearingHeight"),
    bearingVerticalStiffness: num("BearingVerticalStiffness"),
    bearingFixedStiffness: num("BearingFixedStiffness"),
    bearingFreeStiffness: num("BearingFreeStiffness"),
    bearingTorsionStiffness: num("BearingTorsionStiffness"),
    startBearing: "Free",
    startBearings: { type: "Pot Guided", fixity: "Free", offsets: [], diaphragm: 0 },
    generateCombinations: true,
    elementsPerPier: NaN,
    spans: [],
    piers: [],
  };
  // Read in the template's order, so the problems of blank tables come in it too.
  const startType = bearingType(typeof g("StartBearing") === "string" ? (g("StartBearing") as string) : "");
  setup.startBearing = fixityOf(startType);
  setup.startBearings = {
    type: startType,
    fixity: setup.startBearing,
    offsets: Array.isArray(g("StartBearingOffsets")) ? (g("StartBearingOffsets") as number[]) : [],
    diaphragm: num("StartDiaphragmThickness", 0),
  };
  setup.generateCombinations = g("GenerateCombinations") !== "No";
  setup.elementsPerPier = num("ElementsPerPier");
  for (const spec of setupSpecs) {
    if (spec.scope !== "global") continue;
    for (const item of itemColumns(reader.rows).filter((i) => i !== "Item1")) {
      if (reader.raw(spec.parameter, item) !== "") {
        reader.problem(spec.parameter, item, `${spec.parameter} is a global value: only Item1 is read. Move the value to Item1 or clear ${item}.`);
      }
    }
  }
  checkOffsets(reader, "StartBearingOffsets", "Item1", "abutment A1", setup.startBearings.offsets);
  if (Number.isInteger(spanCount)) {
    checkItemsPastTheSpans(reader, spanCount);
    for (let k = 1; k <= spanCount; k++) setup.spans.push(readSpan(reader, k, refs.pscNames));
    setup.piers.push(...readPiers(reader, spanCount, refs));
    for (const pier of setup.piers) {
      const outside = setup.spans[pier.index - 1]!.endBearings.offsets.filter((o) => Math.abs(o) > pier.headstockLength / 2);
      if (outside.length > 0 && pier.headstockLength > 0)
        reader.problem(
          "BearingOffsets",
          pier.item,
          `BearingOffsets of ${pier.name || pier.item} put ${outside.map((o) => `${fmt(o)} m`).join(", ")} beyond its headstock (HeadstockLength ${fmt(pier.headstockLength)} m: at most ${fmt(pier.headstockLength / 2)} m either side).`,
        );
    }
    if (setup.startBearing !== "Fixed" && setup.spans.every((s) => s.endBearing !== "Fixed") && setup.spans.length === spanCount) {
      reader.problem(
        "EndBearing",
        null,
        "No support holds the deck along the bridge (no StartBearing or EndBearing is Pot Fixed). Make at least one support Pot Fixed.",
      );
    }
  }
  return setup;
}

/** Two bearings of one support at the same offset would be one link on top of another. */
function checkOffsets(reader: TableReader, parameter: string, item: string, label: string, offsets: readonly number[]): void {
  const seen = new Set<number>();
  for (const o of offsets) {
    if (seen.has(o)) reader.problem(parameter, item, `${parameter} of ${label} lists the offset ${fmt(o)} m twice; each bearing needs its own offset.`);
    seen.add(o);
  }
}

/** Span and pier values in Item columns of no span or pier. */
function checkItemsPastTheSpans(reader: TableReader, spanCount: number): void {
  for (const spec of setupSpecs) {
    if (spec.scope === "global") continue;
    for (const item of itemColumns(reader.rows)) {
      const k = itemNumber(item);
      const beyond = spec.scope === "span" ? k > spanCount : k >= spanCount;
      if (beyond && reader.raw(spec.parameter, item) !== "") {
        const why =
          spec.scope === "span"
            ? `SpanCount is ${spanCount}, so ${item} describes no span`
            : k === spanCount
              ? `${item} is the support after the last span, which is abutment A2, not a pier`
              : `SpanCount is ${spanCount}, so there is no pier after span ${k}`;
        reader.problem(spec.parameter, item, `${spec.parameter} has a value in ${item}, but ${why}. Clear it or change SpanCount.`);
      }
    }
  }
}

function readSpan(reader: TableReader, k: number, pscNames: readonly string[]): SpanData {
  const item = `Item${k}`;
  const label = `span ${k} (${item})`;
  const length = reader.num("SpanLength", item, label);
  const elements = reader.num("ElementsPerSpan", item, label);
  const span: SpanData = {
    index: k,
    item,
    length,
    elements,
    section: checkRef(reader, "GirderSection", item, label, reader.text("GirderSection", item, label), pscNames, "section", "PSC Sections"),
    sectionAtSupport: "",
    supportZone: reader.num("SupportZoneLength", item, label, 0),
    endBearing: "Free",
    endBearings: { type: "Pot Guided", fixity: "Free", offsets: [], diaphragm: 0 },
  };
  const type = bearingType(reader.text("EndBearing", item, label));
  span.endBearing = fixityOf(type);
  const offsets = reader.list<number>("BearingOffsets", item, label);
  checkOffsets(reader, "BearingOffsets", item, `the support at the end of span ${k} (${item})`, offsets);
  span.endBearings = { type, fixity: span.endBearing, offsets, diaphragm: reader.num("DiaphragmThickness", item, label, 0) };
  const atSupport = reader.text("GirderSectionAtSupport", item, label);
  span.sectionAtSupport =
    atSupport === "" ? span.section : checkRef(reader, "GirderSectionAtSupport", item, label, atSupport, pscNames, "section", "PSC Sections");
  if (length > 0 && elements > 0) {
    const size = length / elements;
    if (size < 0.25)
      reader.problem("ElementsPerSpan", item, `${elements} elements in span ${k} (${fmt(length)} m) are ${fmt(size)} m long; use fewer, at least 0.25 m each.`);
    if (size > 15)
      reader.problem("ElementsPerSpan", item, `${elements} elements in span ${k} (${fmt(length)} m) are ${fmt(size)} m long; use more, at most 15 m each.`);
  }
  if (length > 0 && span.supportZone >= length / 2) {
    reader.problem(
      "SupportZoneLength",
      item,
      `SupportZoneLength of ${label} is ${fmt(span.supportZone)} m, at least half the span (${fmt(length)} m); it must be shorter.`,
    );
  }
  return span;
}

/** The piers at the ends of spans 1 to SpanCount - 1. */
function readPiers(reader: TableReader, spanCount: number, refs: SetupRefs): PierData[] {
  const generalNames = refs.generalSections.map((s) => s.name);
  const piers: PierData[] = [];
  const pierNames = new Map<string, string>();
  for (let k = 1; k < spanCount; k++) {
    const item = `Item${k}`;
    const label = `the pier at the end of span ${k} (${item})`;
    const pier: PierData = {
      index: k,
      item,
      name: reader.text("PierName", item, label),
      height: reader.num("PierHeight", item, label),
      section: checkRef(reader, "PierSection", item, label, reader.text("PierSection", item, label), generalNames, "section", "General Sections"),
      columnCount: reader.num("ColumnCount", item, label),
      columnSpacing: reader.num("ColumnSpacing", item, label, 0),
      headstockSection: checkRef(
        reader,
        "HeadstockSection",
        item,
        label,
        reader.text("HeadstockSection", item, label),
        generalNames,
        "section",
        "General Sections",
      ),
      headstockLength: reader.num("HeadstockLength", item, label),
      pileGroup: checkRef(reader, "PileGroup", item, label, reader.text("PileGroup", item, label), refs.pileNames, "pile group", "Piles"),
    };
    if (pier.name !== "") {
      const before = pierNames.get(pier.name.toLowerCase());
      if (before) reader.problem("PierName", item, `PierName "${pier.name}" is used by ${before} and ${item}; pier names must be unique.`);
      pierNames.set(pier.name.toLowerCase(), item);
    }
    if (pier.columnCount > 1) {
      if (!(pier.columnSpacing > 0))
        reader.problem("ColumnSpacing", item, `${label} has ${pier.columnCount} columns; enter ColumnSpacing (m, greater than 0).`);
      else if ((pier.columnCount - 1) * pier.columnSpacing > pier.headstockLength) {
        reader.problem(
          "ColumnSpacing",
          item,
          `The ${pier.columnCount} columns of ${label} span ${fmt((pier.columnCount - 1) * pier.columnSpacing)} m, more than its HeadstockLength (${fmt(pier.headstockLength)} m).`,
        );
      }
    }
    const headstock = refs.generalSections.find((s) => s.name === pier.headstockSection);
    if (headstock && headstock.shape !== "Rectangle") {
      reader.problem(
        "HeadstockSection",
        item,
        `HeadstockSection of ${label} is "${headstock.name}", a ${headstock.shape}; a headstock needs a Rectangle (its Depth places the pier top).`,
      );
    }
    piers.push(pier);
  }
  return piers;
}
