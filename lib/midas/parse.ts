import type { ParameterRow } from "@/lib/datasets/columns";
import { itemColumns, itemNumber, type MidasDatasetKey, midasDatasets, type MidasTables, type ParameterSpec, parameterSpec } from "./tables";

/** One thing wrong in the Midas tables, addressed to its table, row and item. */
export type Problem = { dataset: MidasDatasetKey; parameter: string; item: string | null; message: string };

export type Fixity = "Fixed" | "Free";

export type SpanData = {
  index: number;
  item: string;
  length: number;
  elements: number;
  section: string;
  sectionAtSupport: string;
  supportZone: number;
  endBearing: Fixity;
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
  elementsPerPier: number;
  spans: SpanData[];
  piers: PierData[];
};

export type GeneralSectionData = {
  item: string;
  name: string;
  shape: "Circle" | "Rectangle";
  material: string;
  diameter: number;
  width: number;
  depth: number;
};

export type PscSectionData = {
  item: string;
  name: string;
  material: string;
  depth: number;
  topWidth: number;
  bottomWidth: number;
  topSlab: number;
  bottomSlab: number;
  web: number;
  cantilever: number;
  cantileverTip: number;
  cantileverRoot: number;
};

export type PileGroupData = {
  item: string;
  name: string;
  pileSection: string;
  capSection: string;
  rows: number;
  perRow: number;
  rowSpacing: number;
  pileSpacing: number;
  length: number;
  elements: number;
  capDepth: number;
  toe: "Fixed" | "Pinned";
};

type CaseBase = { item: string; name: string; type: string; description: string; selfWeight: boolean };
export type SuperLoadCase = CaseBase & { uniformLoad: number; loadedSpans: number[] | "all" };
export type SubLoadCase = CaseBase & { pierLoad: number; direction: "Longitudinal" | "Transverse" | "Vertical"; loadedPiers: string[] | "all" };

export type VehicleData = {
  item: string;
  name: string;
  caseName: string;
  description: string;
  axleLoads: number[];
  axleSpacings: number[];
  laneLoad: number;
  dynamicLoadAllowance: number;
  laneCount: number;
  laneWidth: number;
  firstLaneOffset: number;
  laneFactors: number[];
};

export type CombinationData = {
  item: string;
  name: string;
  limitState: "Ultimate" | "Serviceability" | "Other";
  method: "Add" | "Envelope";
  description: string;
  factors: { name: string; factor: number }[];
};

export type TendonGroupData = {
  item: string;
  name: string;
  caseName: string;
  fromSpan: number;
  toSpan: number;
  tendonCount: number;
  strands: number;
  strandArea: number;
  ductDiameter: number;
  jackingForce: number;
  depthAtEnds: number;
  depthAtPiers: number;
  depthAtMidspan: number;
  friction: number;
  wobble: number;
  anchorageSlip: number;
  relaxation: number;
};

export type ParsedTables = {
  setup: SetupData;
  generalSections: GeneralSectionData[];
  pscSections: PscSectionData[];
  pileGroups: PileGroupData[];
  superLoads: SuperLoadCase[];
  subLoads: SubLoadCase[];
  vehicles: VehicleData[];
  combinations: CombinationData[];
  tendonGroups: TendonGroupData[];
};

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const GRADE = /^C(\d+(\.\d+)?)$/i;
/** Names travel into MIDAS requests and "NAME(ST)" result addresses. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.+\-/&#]*$/;

export function parseNumber(text: string): number | null {
  const t = text.trim();
  return NUMBER.test(t) ? Number(t) : null;
}

export function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(10)));
}

function splitList(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

const HEADER_ROWS = new Set(midasDatasets.midasloadcomb.template.map((spec) => spec.parameter));

/** Reads one table, recording what is wrong; every reader returns a usable value (NaN, "" or []) when the input is not. */
class TableReader {
  readonly title: string;
  private readonly byParameter = new Map<string, ParameterRow>();

  constructor(
    readonly key: MidasDatasetKey,
    readonly rows: readonly ParameterRow[],
    private readonly problems: Problem[],
  ) {
    this.title = midasDatasets[key].title;
    for (const row of rows) {
      if (this.byParameter.has(row.parameter)) {
        this.problem(row.parameter, null, `${this.title} has two rows named "${row.parameter}"; only the first is read. Delete or rename the other.`);
        continue;
      }
      this.byParameter.set(row.parameter, row);
    }
    const template = midasDatasets[key].template;
    for (const row of rows) {
      if (parameterSpec(key, row.parameter) || (key === "midasloadcomb" && !HEADER_ROWS.has(row.parameter))) continue;
      const close = template.find((spec) => spec.parameter.toLowerCase() === row.parameter.toLowerCase());
      this.problem(
        row.parameter,
        null,
        close
          ? `${this.title} has a row "${row.parameter}"; the template spells it "${close.parameter}". Rename the row.`
          : `${this.title} has a row "${row.parameter}" that the model build does not read. Rename it to one of the template's Parameters or delete it.`,
      );
    }
  }

  problem(parameter: string, item: string | null, message: string): void {
    this.problems.push({ dataset: this.key, parameter, item, message });
  }

  has(parameter: string): boolean {
    return this.byParameter.has(parameter);
  }

  raw(parameter: string, item: string): string {
    return (this.byParameter.get(parameter)?.values[item] ?? "").trim();
  }

  /** Item columns that hold anything in a template row. */
  usedItems(): string[] {
    return itemColumns(this.rows).filter((item) => this.rows.some((row) => (row.values[item] ?? "").trim() !== ""));
  }

  missingRow(spec: ParameterSpec): boolean {
    if (this.has(spec.parameter)) return false;
    if (!spec.optional) this.problem(spec.parameter, null, `${this.title} has no row "${spec.parameter}" (${spec.description}) Add it from the template.`);
    return true;
  }

  /** The value of a row for an item, parsed by its spec; `label` names the item in messages. */
  value(parameter: string, item: string, label: string): unknown {
    const spec = parameterSpec(this.key, parameter);
    if (!spec) throw new Error(`no spec for ${this.key}.${parameter}`);
    const text = this.raw(parameter, item);
    const where = `${parameter} of ${label}`;
    const unit = spec.unit === "—" ? "" : ` ${spec.unit}`;
    const v = spec.value;
    if (text === "") {
      if (!spec.optional && this.has(parameter)) this.problem(parameter, item, `${where} is blank. ${spec.description}`);
      return undefined;
    }
    switch (v.kind) {
      case "number": {
        const n = parseNumber(text);
        if (n === null) {
          this.problem(parameter, item, `${where} is "${text}", which is not a number. Enter a value in${unit || " plain numbers"}, without the unit.`);
          return NaN;
        }
        const low = v.min ?? -Infinity;
        const high = v.max ?? Infinity;
        if ((v.minExclusive ? n <= low : n < low) || n > high) {
          const range = v.minExclusive && low === 0 ? `greater than 0 and at most ${fmt(high)}${unit}` : `between ${fmt(low)} and ${fmt(high)}${unit}`;
          this.problem(parameter, item, `${where} is ${fmt(n)}${unit}; it must be ${range}.`);
        }
        return n;
      }
      case "integer": {
        const n = parseNumber(text);
        if (n === null || !Number.isInteger(n) || n < v.min || n > v.max || (v.even && n % 2 !== 0)) {
          this.problem(parameter, item, `${where} is "${text}"; enter a whole${v.even ? ", even" : ""} number between ${v.min} and ${v.max}.`);
          return NaN;
        }
        return n;
      }
      case "text":
        if (text.length > v.maxLength) this.problem(parameter, item, `${where} is ${text.length} characters long; MIDAS takes at most ${v.maxLength}.`);
        return text;
      case "choice": {
        const match = v.options.find((o) => o.toLowerCase() === text.toLowerCase());
        if (!match) {
          const options = v.options.length > 12 ? `one of the MIDAS codes (${v.options.slice(0, 8).join(", ")}, ...)` : `one of ${v.options.join(", ")}`;
          this.problem(parameter, item, `${where} is "${text}"; use ${options}.`);
          return "";
        }
        return match;
      }
      case "ref":
      case "grade":
        return text;
      case "list": {
        const parts = splitList(text);
        if (v.of === "grade" || v.of === "pier") return parts;
        const numbers: number[] = [];
        for (const part of parts) {
          const n = parseNumber(part);
          if (n === null || (v.of === "span" && (!Number.isInteger(n) || n < 1))) {
            this.problem(
              parameter,
              item,
              `${where} contains "${part}", which is not ${v.of === "span" ? "a span number" : "a number"}. Separate values with commas.`,
            );
            return [];
          }
          numbers.push(n);
        }
        if ((v.min !== undefined && numbers.length < v.min) || (v.max !== undefined && numbers.length > v.max)) {
          this.problem(parameter, item, `${where} has ${numbers.length} values; it takes ${v.min ?? 0} to ${v.max} values.`);
        }
        return numbers;
      }
    }
  }

  num(parameter: string, item: string, label: string, blank = NaN): number {
    const v = this.value(parameter, item, label);
    return typeof v === "number" ? v : blank;
  }

  text(parameter: string, item: string, label: string): string {
    const v = this.value(parameter, item, label);
    return typeof v === "string" ? v : "";
  }

  list<T extends string | number>(parameter: string, item: string, label: string): T[] {
    const v = this.value(parameter, item, label);
    return Array.isArray(v) ? (v as T[]) : [];
  }
}

/** Items of a table with one named thing per Item column. */
function namedItems(reader: TableReader): { item: string; name: string; label: string }[] {
  const info = midasDatasets[reader.key];
  const nameParameter = info.nameParameter!;
  if (reader.usedItems().length > 0 && !reader.has(nameParameter)) {
    reader.problem(nameParameter, null, `${reader.title} has no row "${nameParameter}", which names each item. Add it from the template.`);
    return [];
  }
  const out: { item: string; name: string; label: string }[] = [];
  const seen = new Map<string, string>();
  for (const item of reader.usedItems()) {
    const itemName = reader.raw(nameParameter, item);
    if (itemName === "") {
      reader.problem(nameParameter, item, `${item} has values but no ${nameParameter}; name it or clear the column.`);
      continue;
    }
    if (!SAFE_NAME.test(itemName)) {
      reader.problem(
        nameParameter,
        item,
        `${nameParameter} "${itemName}" contains characters MIDAS names cannot carry here; use letters, digits, spaces and _ . + - / & # only (no brackets or commas).`,
      );
    }
    const before = seen.get(itemName.toLowerCase());
    if (before) {
      reader.problem(nameParameter, item, `${nameParameter} "${itemName}" is used by ${before} and ${item}; names must be unique.`);
      continue;
    }
    seen.set(itemName.toLowerCase(), item);
    out.push({ item, name: itemName, label: `${item} ("${itemName}")` });
  }
  for (const spec of info.template) reader.missingRow(spec);
  return out;
}

function checkRef(
  reader: TableReader,
  parameter: string,
  item: string,
  label: string,
  value: string,
  names: readonly string[],
  what: string,
  target: string,
): string {
  if (value === "") return "";
  const match = names.find((n) => n === value) ?? names.find((n) => n.toLowerCase() === value.toLowerCase());
  if (!match) {
    const known = names.length ? `it has ${names.slice(0, 8).join(", ")}${names.length > 8 ? ", ..." : ""}` : "it is empty";
    reader.problem(parameter, item, `${parameter} of ${label} is "${value}", but ${target} has no ${what} of that name (${known}).`);
    return "";
  }
  return match;
}

export function parseMidasTables(tables: MidasTables): { parsed: ParsedTables; problems: Problem[] } {
  const problems: Problem[] = [];
  const reader = (key: MidasDatasetKey) => new TableReader(key, tables[key] ?? [], problems);

  // Model Setup globals first: the grades are what every section's Material refers to.
  const setupReader = reader("midassetup");
  const globals = new Map<string, unknown>();
  const g = (parameter: string): unknown => {
    if (!globals.has(parameter)) globals.set(parameter, setupReader.value(parameter, "Item1", "Model Setup"));
    return globals.get(parameter);
  };
  const setupSpecs = midasDatasets.midassetup.template;
  for (const spec of setupSpecs) setupReader.missingRow(spec);
  const gradeNames = (Array.isArray(g("ConcreteGrades")) ? (g("ConcreteGrades") as string[]) : []).map((s) => s.toUpperCase());
  const concreteGrades: { name: string; fc: number }[] = [];
  for (const gradeName of gradeNames) {
    const match = GRADE.exec(gradeName);
    const fc = match ? Number(match[1]) : NaN;
    if (!match || fc < 20 || fc > 120) {
      setupReader.problem(
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

  // General sections
  const gsReader = reader("midasgeneralsections");
  const generalSections: GeneralSectionData[] = namedItems(gsReader).map(({ item, name, label }) => {
    const shape = gsReader.text("Shape", item, label) as GeneralSectionData["shape"];
    const s: GeneralSectionData = {
      item,
      name,
      shape,
      material: checkGrade(gsReader, item, label),
      diameter: gsReader.num("Diameter", item, label),
      width: gsReader.num("Width", item, label),
      depth: gsReader.num("Depth", item, label),
    };
    if (shape === "Circle" && Number.isNaN(s.diameter) && gsReader.raw("Diameter", item) === "")
      gsReader.problem("Diameter", item, `${label} is a Circle; enter its Diameter in m.`);
    if (shape === "Rectangle") {
      for (const p of ["Width", "Depth"] as const) {
        if (gsReader.raw(p, item) === "") gsReader.problem(p, item, `${label} is a Rectangle; enter its ${p} in m.`);
      }
    }
    return s;
  });
  const generalNames = generalSections.map((s) => s.name);

  // PSC sections
  const pscReader = reader("midaspsc");
  const pscSections: PscSectionData[] = namedItems(pscReader).map(({ item, name, label }) => {
    pscReader.text("SectionType", item, label);
    const n = (p: string) => pscReader.num(p, item, label);
    const s: PscSectionData = {
      item,
      name,
      material: checkGrade(pscReader, item, label),
      depth: n("Depth"),
      topWidth: n("TopWidth"),
      bottomWidth: n("BottomWidth"),
      topSlab: n("TopSlabThickness"),
      bottomSlab: n("BottomSlabThickness"),
      web: n("WebThickness"),
      cantilever: n("CantileverLength"),
      cantileverTip: n("CantileverTipThickness"),
      cantileverRoot: n("CantileverRootThickness"),
    };
    checkBoxGeometry(s, (parameter, message) => pscReader.problem(parameter, item, `${label}: ${message}`));
    return s;
  });
  const pscNames = pscSections.map((s) => s.name);

  // Pile groups
  const pileReader = reader("midaspiles");
  const pileGroups: PileGroupData[] = namedItems(pileReader).map(({ item, name, label }) => {
    const n = (p: string, blank = NaN) => pileReader.num(p, item, label, blank);
    const p: PileGroupData = {
      item,
      name,
      pileSection: checkRef(pileReader, "PileSection", item, label, pileReader.text("PileSection", item, label), generalNames, "section", "General Sections"),
      capSection: checkRef(
        pileReader,
        "PileCapSection",
        item,
        label,
        pileReader.text("PileCapSection", item, label),
        generalNames,
        "section",
        "General Sections",
      ),
      rows: n("PileRows"),
      perRow: n("PilesPerRow"),
      rowSpacing: n("RowSpacing", 0),
      pileSpacing: n("PileSpacing", 0),
      length: n("PileLength"),
      elements: n("ElementsPerPile"),
      capDepth: n("PileCapDepth"),
      toe: (pileReader.text("ToeFixity", item, label) || "Fixed") as PileGroupData["toe"],
    };
    if (p.rows > 1 && !(p.rowSpacing > 0))
      pileReader.problem("RowSpacing", item, `${label} has ${p.rows} rows of piles; enter RowSpacing (m, greater than 0).`);
    if (p.perRow > 1 && !(p.pileSpacing > 0))
      pileReader.problem("PileSpacing", item, `${label} has ${p.perRow} piles per row; enter PileSpacing (m, greater than 0).`);
    if (p.rows * p.perRow > 16) pileReader.problem("PilesPerRow", item, `${label} has ${p.rows * p.perRow} piles; the line model takes at most 16 per group.`);
    return p;
  });
  const pileNames = pileGroups.map((p) => p.name);

  // Spans and piers (the rest of Model Setup) need the section and pile group names.
  const spanCount = typeof g("SpanCount") === "number" ? (g("SpanCount") as number) : NaN;
  const num = (p: string, blank = NaN) => (typeof g(p) === "number" ? (g(p) as number) : blank);
  const setup: SetupData = {
    spanCount,
    startChainage: num("StartChainage"),
    deckLevel: num("DeckLevel"),
    grade: num("LongitudinalGrade") / 100,
    concreteGrades,
    concreteUnitWeight: num("ConcreteUnitWeight"),
    tendonBreakingStrength: num("TendonBreakingStrength"),
    bearingHeight: num("BearingHeight"),
    bearingVerticalStiffness: num("BearingVerticalStiffness"),
    bearingFixedStiffness: num("BearingFixedStiffness"),
    bearingFreeStiffness: num("BearingFreeStiffness"),
    bearingTorsionStiffness: num("BearingTorsionStiffness"),
    startBearing: (typeof g("StartBearing") === "string" && g("StartBearing") !== "" ? g("StartBearing") : "Free") as Fixity,
    elementsPerPier: num("ElementsPerPier"),
    spans: [],
    piers: [],
  };
  for (const spec of setupSpecs) {
    if (spec.scope !== "global") continue;
    for (const item of itemColumns(setupReader.rows).filter((i) => i !== "Item1")) {
      if (setupReader.raw(spec.parameter, item) !== "") {
        setupReader.problem(spec.parameter, item, `${spec.parameter} is a global value: only Item1 is read. Move the value to Item1 or clear ${item}.`);
      }
    }
  }
  if (Number.isInteger(spanCount)) {
    for (const spec of setupSpecs) {
      if (spec.scope === "global") continue;
      for (const item of itemColumns(setupReader.rows)) {
        const k = itemNumber(item);
        const beyond = spec.scope === "span" ? k > spanCount : k >= spanCount;
        if (beyond && setupReader.raw(spec.parameter, item) !== "") {
          const why =
            spec.scope === "span"
              ? `SpanCount is ${spanCount}, so ${item} describes no span`
              : k === spanCount
                ? `${item} is the support after the last span, which is abutment A2, not a pier`
                : `SpanCount is ${spanCount}, so there is no pier after span ${k}`;
          setupReader.problem(spec.parameter, item, `${spec.parameter} has a value in ${item}, but ${why}. Clear it or change SpanCount.`);
        }
      }
    }
    for (let k = 1; k <= spanCount; k++) {
      const item = `Item${k}`;
      const label = `span ${k} (${item})`;
      const length = setupReader.num("SpanLength", item, label);
      const elements = setupReader.num("ElementsPerSpan", item, label);
      const span: SpanData = {
        index: k,
        item,
        length,
        elements,
        section: checkRef(setupReader, "GirderSection", item, label, setupReader.text("GirderSection", item, label), pscNames, "section", "PSC Sections"),
        sectionAtSupport: "",
        supportZone: setupReader.num("SupportZoneLength", item, label, 0),
        endBearing: (setupReader.text("EndBearing", item, label) || "Free") as Fixity,
      };
      const atSupport = setupReader.text("GirderSectionAtSupport", item, label);
      span.sectionAtSupport =
        atSupport === "" ? span.section : checkRef(setupReader, "GirderSectionAtSupport", item, label, atSupport, pscNames, "section", "PSC Sections");
      if (length > 0 && elements > 0) {
        const size = length / elements;
        if (size < 0.25)
          setupReader.problem(
            "ElementsPerSpan",
            item,
            `${elements} elements in span ${k} (${fmt(length)} m) are ${fmt(size)} m long; use fewer, at least 0.25 m each.`,
          );
        if (size > 15)
          setupReader.problem(
            "ElementsPerSpan",
            item,
            `${elements} elements in span ${k} (${fmt(length)} m) are ${fmt(size)} m long; use more, at most 15 m each.`,
          );
      }
      if (length > 0 && span.supportZone >= length / 2) {
        setupReader.problem(
          "SupportZoneLength",
          item,
          `SupportZoneLength of ${label} is ${fmt(span.supportZone)} m, at least half the span (${fmt(length)} m); it must be shorter.`,
        );
      }
      setup.spans.push(span);
    }
    const pierNames = new Map<string, string>();
    for (let k = 1; k < spanCount; k++) {
      const item = `Item${k}`;
      const label = `the pier at the end of span ${k} (${item})`;
      const pier: PierData = {
        index: k,
        item,
        name: setupReader.text("PierName", item, label),
        height: setupReader.num("PierHeight", item, label),
        section: checkRef(setupReader, "PierSection", item, label, setupReader.text("PierSection", item, label), generalNames, "section", "General Sections"),
        columnCount: setupReader.num("ColumnCount", item, label),
        columnSpacing: setupReader.num("ColumnSpacing", item, label, 0),
        headstockSection: checkRef(
          setupReader,
          "HeadstockSection",
          item,
          label,
          setupReader.text("HeadstockSection", item, label),
          generalNames,
          "section",
          "General Sections",
        ),
        headstockLength: setupReader.num("HeadstockLength", item, label),
        pileGroup: checkRef(setupReader, "PileGroup", item, label, setupReader.text("PileGroup", item, label), pileNames, "pile group", "Piles"),
      };
      if (pier.name !== "") {
        const before = pierNames.get(pier.name.toLowerCase());
        if (before) setupReader.problem("PierName", item, `PierName "${pier.name}" is used by ${before} and ${item}; pier names must be unique.`);
        pierNames.set(pier.name.toLowerCase(), item);
      }
      if (pier.columnCount > 1) {
        if (!(pier.columnSpacing > 0))
          setupReader.problem("ColumnSpacing", item, `${label} has ${pier.columnCount} columns; enter ColumnSpacing (m, greater than 0).`);
        else if ((pier.columnCount - 1) * pier.columnSpacing > pier.headstockLength) {
          setupReader.problem(
            "ColumnSpacing",
            item,
            `The ${pier.columnCount} columns of ${label} span ${fmt((pier.columnCount - 1) * pier.columnSpacing)} m, more than its HeadstockLength (${fmt(pier.headstockLength)} m).`,
          );
        }
      }
      const headstock = generalSections.find((s) => s.name === pier.headstockSection);
      if (headstock && headstock.shape !== "Rectangle") {
        setupReader.problem(
          "HeadstockSection",
          item,
          `HeadstockSection of ${label} is "${headstock.name}", a ${headstock.shape}; a headstock needs a Rectangle (its Depth places the pier top).`,
        );
      }
      setup.piers.push(pier);
    }
    if (setup.startBearing !== "Fixed" && setup.spans.every((s) => s.endBearing !== "Fixed") && setup.spans.length === spanCount) {
      setupReader.problem(
        "EndBearing",
        null,
        "No support is Fixed longitudinally (StartBearing and every EndBearing are Free). Make at least one support Fixed.",
      );
    }
  }

  // Load cases: names are shared by static and moving cases and combinations in MIDAS.
  const caseNames = new Map<string, string>();
  const claim = (r: TableReader, parameter: string, item: string, value: string) => {
    const key = value.toLowerCase();
    const before = caseNames.get(key);
    if (before)
      r.problem(
        parameter,
        item,
        `Load case name "${value}" is already used by ${before}; MIDAS needs unique names across load cases, moving loads and combinations.`,
      );
    else caseNames.set(key, `${r.title} ${item}`);
  };

  const superReader = reader("midasload");
  const superLoads: SuperLoadCase[] = namedItems(superReader).map(({ item, name, label }) => {
    claim(superReader, "LoadCaseName", item, name);
    const spans = superReader.list<number>("LoadedSpans", item, label);
    for (const s of spans) {
      if (Number.isInteger(spanCount) && s > spanCount)
        superReader.problem("LoadedSpans", item, `LoadedSpans of ${label} names span ${s}, but Model Setup has ${spanCount} spans.`);
    }
    return {
      item,
      name,
      type: superReader.text("LoadType", item, label),
      description: superReader.text("Description", item, label),
      selfWeight: superReader.text("SelfWeight", item, label) === "Yes",
      uniformLoad: superReader.num("UniformLoad", item, label, 0),
      loadedSpans: spans.length ? spans : "all",
    };
  });

  const subReader = reader("midasloadsub");
  const pierNameList = setup.piers.map((p) => p.name).filter((n) => n !== "");
  const subLoads: SubLoadCase[] = namedItems(subReader).map(({ item, name, label }) => {
    claim(subReader, "LoadCaseName", item, name);
    const pierLoad = subReader.num("PierLoad", item, label, 0);
    const direction = subReader.text("PierLoadDirection", item, label) as SubLoadCase["direction"];
    if (pierLoad !== 0 && !direction && subReader.raw("PierLoadDirection", item) === "") {
      subReader.problem("PierLoadDirection", item, `${label} has a PierLoad; say its direction (Longitudinal, Transverse or Vertical).`);
    }
    const piers = subReader.list<string>("LoadedPiers", item, label);
    const loadedPiers = piers.map((p) => checkRef(subReader, "LoadedPiers", item, label, p, pierNameList, "pier", "Model Setup (PierName)"));
    return {
      item,
      name,
      type: subReader.text("LoadType", item, label),
      description: subReader.text("Description", item, label),
      selfWeight: subReader.text("SelfWeight", item, label) === "Yes",
      pierLoad,
      direction: direction || "Vertical",
      loadedPiers: piers.length ? loadedPiers : "all",
    };
  });

  const movingReader = reader("midasmoving");
  const vehicles: VehicleData[] = namedItems(movingReader).map(({ item, name, label }) => {
    const caseName = movingReader.text("LoadCaseName", item, label);
    if (caseName !== "") {
      if (!SAFE_NAME.test(caseName)) movingReader.problem("LoadCaseName", item, `LoadCaseName "${caseName}" of ${label} may not contain brackets or commas.`);
      claim(movingReader, "LoadCaseName", item, caseName);
    }
    const axleLoads = movingReader.list<number>("AxleLoads", item, label);
    const axleSpacings = movingReader.list<number>("AxleSpacings", item, label);
    const laneCount = movingReader.num("LaneCount", item, label);
    const laneFactors = movingReader.list<number>("LaneFactors", item, label);
    if (axleLoads.some((a) => !(a > 0) || a > 2000))
      movingReader.problem("AxleLoads", item, `AxleLoads of ${label} must each be greater than 0 and at most 2000 kN.`);
    if (axleLoads.length > 0 && axleSpacings.length !== axleLoads.length - 1) {
      movingReader.problem(
        "AxleSpacings",
        item,
        `${label} has ${axleLoads.length} axle loads and ${axleSpacings.length} spacings; give ${axleLoads.length - 1} spacing${axleLoads.length === 2 ? "" : "s"} (from each axle to the next).`,
      );
    }
    if (axleSpacings.some((s) => !(s > 0) || s > 50))
      movingReader.problem("AxleSpacings", item, `AxleSpacings of ${label} must each be greater than 0 and at most 50 m.`);
    if (laneFactors.some((f) => !(f >= 0) || f > 1.5)) movingReader.problem("LaneFactors", item, `LaneFactors of ${label} must each be between 0 and 1.5.`);
    if (laneCount > 0 && laneFactors.length > 0 && laneFactors.length < laneCount) {
      movingReader.problem(
        "LaneFactors",
        item,
        `${label} loads ${laneCount} lanes but lists ${laneFactors.length} lane factor${laneFactors.length === 1 ? "" : "s"}; give one factor per lane.`,
      );
    }
    return {
      item,
      name,
      caseName,
      description: movingReader.text("Description", item, label),
      axleLoads,
      axleSpacings,
      laneLoad: movingReader.num("LaneLoad", item, label, 0),
      dynamicLoadAllowance: movingReader.num("DynamicLoadAllowance", item, label),
      laneCount,
      laneWidth: movingReader.num("LaneWidth", item, label),
      firstLaneOffset: movingReader.num("FirstLaneOffset", item, label),
      laneFactors,
    };
  });

  // Combinations: header rows, then one factor row per load case or combination.
  const combReader = reader("midasloadcomb");
  const combItems = namedItems(combReader);
  const combNames = combItems.map((c) => c.name);
  for (const c of combItems) claim(combReader, "CombinationName", c.item, c.name);
  const staticNames = [...superLoads, ...subLoads].map((c) => c.name);
  const movingNames = vehicles.map((v) => v.caseName).filter((n) => n !== "");
  const factorRows = combReader.rows.filter((row) => !HEADER_ROWS.has(row.parameter));
  const combinations: CombinationData[] = combItems.map(({ item, name, label }) => {
    const factors: { name: string; factor: number }[] = [];
    for (const row of factorRows) {
      const text = (row.values[item] ?? "").trim();
      if (text === "") continue;
      const factor = parseNumber(text);
      if (factor === null || Math.abs(factor) > 10) {
        combReader.problem(
          row.parameter,
          item,
          `The factor of ${row.parameter} in ${label} is "${text}"; enter a number between -10 and 10, or leave it blank.`,
        );
        continue;
      }
      const known = [...staticNames, ...movingNames, ...combNames];
      const target = known.find((n) => n === row.parameter);
      if (!target) {
        combReader.problem(
          row.parameter,
          item,
          `Row "${row.parameter}" gives ${label} a factor, but no load case, moving load or combination is named "${row.parameter}". Rename the row to a defined case.`,
        );
        continue;
      }
      if (target === name) {
        combReader.problem(row.parameter, item, `${label} includes itself; remove the factor from row "${row.parameter}".`);
        continue;
      }
      factors.push({ name: target, factor });
    }
    if (factors.length === 0) combReader.problem("CombinationName", item, `${label} has no factors; give at least one load case a factor in its rows.`);
    return {
      item,
      name,
      limitState: (combReader.text("LimitState", item, label) || "Other") as CombinationData["limitState"],
      method: (combReader.text("CombinationMethod", item, label) || "Add") as CombinationData["method"],
      description: combReader.text("Description", item, label),
      factors,
    };
  });
  for (const cycle of combinationCycles(combinations)) {
    const first = combinations.find((c) => c.name === cycle[0])!;
    combReader.problem("CombinationName", first.item, `Combinations ${cycle.join(" → ")} include each other in a loop; MIDAS cannot evaluate them.`);
  }

  // Tendons
  const ptReader = reader("midaspt");
  const superNames = superLoads.map((c) => c.name);
  const pscByName = new Map(pscSections.map((s) => [s.name, s]));
  const tendonGroups: TendonGroupData[] = namedItems(ptReader).map(({ item, name, label }) => {
    const n = (p: string) => ptReader.num(p, item, label);
    const t: TendonGroupData = {
      item,
      name,
      caseName: checkRef(ptReader, "LoadCaseName", item, label, ptReader.text("LoadCaseName", item, label), superNames, "load case", "Superstructure Loads"),
      fromSpan: n("FromSpan"),
      toSpan: n("ToSpan"),
      tendonCount: n("TendonCount"),
      strands: n("StrandsPerTendon"),
      strandArea: n("StrandArea"),
      ductDiameter: n("DuctDiameter"),
      jackingForce: n("JackingForce"),
      depthAtEnds: n("DepthAtEnds"),
      depthAtPiers: n("DepthAtPiers"),
      depthAtMidspan: n("DepthAtMidspan"),
      friction: n("FrictionCoefficient"),
      wobble: n("WobbleCoefficient"),
      anchorageSlip: n("AnchorageSlip"),
      relaxation: n("Relaxation"),
    };
    if (t.fromSpan > t.toSpan)
      ptReader.problem("ToSpan", item, `${label} runs from span ${t.fromSpan} to span ${t.toSpan}; ToSpan must not be before FromSpan.`);
    if (Number.isInteger(spanCount) && t.toSpan > spanCount)
      ptReader.problem("ToSpan", item, `ToSpan of ${label} is ${t.toSpan}, but Model Setup has ${spanCount} spans.`);
    const breaking = (setup.tendonBreakingStrength * t.strands * t.strandArea) / 1000;
    if (t.jackingForce > breaking) {
      ptReader.problem(
        "JackingForce",
        item,
        `JackingForce of ${label} is ${fmt(t.jackingForce)} kN, more than the breaking load of one tendon (${fmt(Math.round(breaking))} kN = f_pb × strands × strand area).`,
      );
    }
    const spans = setup.spans.filter((s) => s.index >= t.fromSpan && s.index <= t.toSpan);
    const shallowest = Math.min(...spans.flatMap((s) => [pscByName.get(s.section)?.depth ?? Infinity, pscByName.get(s.sectionAtSupport)?.depth ?? Infinity]));
    for (const p of ["DepthAtEnds", "DepthAtPiers", "DepthAtMidspan"] as const) {
      const depth = ptReader.num(p, item, label);
      if (Number.isFinite(shallowest) && depth >= shallowest) {
        ptReader.problem(p, item, `${p} of ${label} is ${fmt(depth)} m, at or below the soffit of the girder it runs in (${fmt(shallowest)} m deep).`);
      }
    }
    return t;
  });

  return { parsed: { setup, generalSections, pscSections, pileGroups, superLoads, subLoads, vehicles, combinations, tendonGroups }, problems };
}

function checkBoxGeometry(s: PscSectionData, problem: (parameter: string, message: string) => void): void {
  if ([s.depth, s.topWidth, s.bottomWidth, s.topSlab, s.bottomSlab, s.web, s.cantilever, s.cantileverTip, s.cantileverRoot].some((v) => !Number.isFinite(v)))
    return;
  const webTop = s.topWidth / 2 - s.cantilever;
  if (webTop <= 0)
    problem("CantileverLength", `two cantilevers of ${fmt(s.cantilever)} m leave no top flange between the webs of a ${fmt(s.topWidth)} m wide top.`);
  if (s.depth <= s.topSlab + s.bottomSlab + 0.1)
    problem("Depth", `a depth of ${fmt(s.depth)} m leaves no void between a ${fmt(s.topSlab)} m top and ${fmt(s.bottomSlab)} m bottom slab.`);
  if (s.cantileverRoot < s.cantileverTip) problem("CantileverRootThickness", "the cantilever is thinner at the root than at the tip.");
  if (s.cantileverRoot >= s.depth - s.bottomSlab) problem("CantileverRootThickness", "the cantilever root is deeper than the webs.");
  if (webTop - s.web <= 0 || s.bottomWidth / 2 - s.web <= 0) problem("WebThickness", `webs ${fmt(s.web)} m thick leave no void inside the box.`);
}

/** Loops in combinations that include combinations (A includes B includes A). */
function combinationCycles(combinations: CombinationData[]): string[][] {
  const byName = new Map(combinations.map((c) => [c.name, c]));
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "open") {
      cycles.push([...path.slice(path.indexOf(name)), name]);
      return;
    }
    state.set(name, "open");
    for (const f of byName.get(name)?.factors ?? []) if (byName.has(f.name)) visit(f.name, [...path, name]);
    state.set(name, "done");
  };
  for (const c of combinations) visit(c.name, []);
  return cycles;
}
