import { checkRef, type NamedItem, namedItems, SAFE_NAME, type TableReader } from "./reader";
import type { PierData } from "./setup";

type CaseBase = { item: string; name: string; type: string; description: string; selfWeight: boolean };
export type SuperLoadCase = CaseBase & {
  uniformLoad: number;
  /** kN/m along chainage (braking). */
  longitudinalLoad: number;
  /** kN/m across, positive to the left (centrifugal, wind). */
  transverseLoad: number;
  /** °C, the girder's effective temperature change. */
  uniformTemperature: number;
  /** °C at the top of the deck, AS 5100.2's fifth-power differential. */
  temperatureGradient: number;
  loadedSpans: number[] | "all";
};
export type SubLoadCase = CaseBase & {
  pierLoad: number;
  direction: "Longitudinal" | "Transverse" | "Vertical";
  /** m, downward positive, at the loaded piers' pile toes. */
  settlement: number;
  loadedPiers: string[] | "all";
};

export type VehicleData = {
  item: string;
  name: string;
  caseName: string;
  description: string;
  axleLoads: number[];
  axleSpacings: number[];
  /** The variable spacing: which gap (0-based index into axleSpacings) and the lengths it takes; null when all are fixed. */
  variableGap: { index: number; lengths: number[] } | null;
  laneLoad: number;
  dynamicLoadAllowance: number;
  laneCount: number;
  laneWidth: number;
  firstLaneOffset: number;
  laneFactors: number[];
};

/** Load case names: MIDAS shares one set of names between static load cases, moving loads and combinations. */
export class CaseNames {
  private readonly names = new Map<string, string>();

  /** Takes the name for this item, or records that another item has it already. */
  claim(r: TableReader, parameter: string, item: string, value: string): void {
    const key = value.toLowerCase();
    const before = this.names.get(key);
    if (before)
      r.problem(
        parameter,
        item,
        `Load case name "${value}" is already used by ${before}; MIDAS needs unique names across load cases, moving loads and combinations.`,
      );
    else this.names.set(key, `${r.title} ${item}`);
  }
}

/** What a static load case of either table has. */
function caseBase(reader: TableReader, { item, name, label }: NamedItem): CaseBase {
  return {
    item,
    name,
    type: reader.text("LoadType", item, label),
    description: reader.text("Description", item, label),
    selfWeight: reader.text("SelfWeight", item, label) === "Yes",
  };
}

/** Superstructure Loads: static load cases on the girder. */
export function readSuperLoads(reader: TableReader, caseNames: CaseNames, spanCount: number): SuperLoadCase[] {
  return namedItems(reader).map(({ item, name, label }) => {
    caseNames.claim(reader, "LoadCaseName", item, name);
    const spans = reader.list<number>("LoadedSpans", item, label);
    for (const s of spans) {
      if (Number.isInteger(spanCount) && s > spanCount)
        reader.problem("LoadedSpans", item, `LoadedSpans of ${label} names span ${s}, but Model Setup has ${spanCount} spans.`);
    }
    return {
      ...caseBase(reader, { item, name, label }),
      uniformLoad: reader.num("UniformLoad", item, label, 0),
      longitudinalLoad: reader.num("LongitudinalLoad", item, label, 0),
      transverseLoad: reader.num("TransverseLoad", item, label, 0),
      uniformTemperature: reader.num("UniformTemperature", item, label, 0),
      temperatureGradient: reader.num("TemperatureGradient", item, label, 0),
      loadedSpans: spans.length ? spans : "all",
    };
  });
}

/** Substructure Loads: static load cases on the piers. */
export function readSubLoads(reader: TableReader, caseNames: CaseNames, setupPiers: readonly PierData[]): SubLoadCase[] {
  const pierNameList = setupPiers.map((p) => p.name).filter((n) => n !== "");
  return namedItems(reader).map(({ item, name, label }) => {
    caseNames.claim(reader, "LoadCaseName", item, name);
    const pierLoad = reader.num("PierLoad", item, label, 0);
    const direction = reader.text("PierLoadDirection", item, label) as SubLoadCase["direction"];
    if (pierLoad !== 0 && !direction && reader.raw("PierLoadDirection", item) === "") {
      reader.problem("PierLoadDirection", item, `${label} has a PierLoad; say its direction (Longitudinal, Transverse or Vertical).`);
    }
    const piers = reader.list<string>("LoadedPiers", item, label);
    const loadedPiers = piers.map((p) => checkRef(reader, "LoadedPiers", item, label, p, pierNameList, "pier", "Model Setup (PierName)"));
    return {
      ...caseBase(reader, { item, name, label }),
      pierLoad,
      direction: direction || "Vertical",
      settlement: reader.num("Settlement", item, label, 0),
      loadedPiers: piers.length ? loadedPiers : "all",
    };
  });
}

/** Moving Loads: one vehicle, its lanes and its moving load case per item. */
export function readVehicles(reader: TableReader, caseNames: CaseNames): VehicleData[] {
  return namedItems(reader).map(({ item, name, label }) => {
    const caseName = reader.text("LoadCaseName", item, label);
    if (caseName !== "") {
      if (!SAFE_NAME.test(caseName)) reader.problem("LoadCaseName", item, `LoadCaseName "${caseName}" of ${label} may not contain brackets or commas.`);
      caseNames.claim(reader, "LoadCaseName", item, caseName);
    }
    const axleLoads = reader.list<number>("AxleLoads", item, label);
    const axleSpacings = reader.list<number>("AxleSpacings", item, label);
    const laneCount = reader.num("LaneCount", item, label);
    const laneFactors = reader.list<number>("LaneFactors", item, label);
    if (axleLoads.some((a) => !(a > 0) || a > 2000))
      reader.problem("AxleLoads", item, `AxleLoads of ${label} must each be greater than 0 and at most 2000 kN.`);
    if (axleLoads.length > 0 && axleSpacings.length !== axleLoads.length - 1) {
      reader.problem(
        "AxleSpacings",
        item,
        `${label} has ${axleLoads.length} axle loads and ${axleSpacings.length} spacings; give ${axleLoads.length - 1} spacing${axleLoads.length === 2 ? "" : "s"} (from each axle to the next).`,
      );
    }
    if (axleSpacings.some((s) => !(s > 0) || s > 50))
      reader.problem("AxleSpacings", item, `AxleSpacings of ${label} must each be greater than 0 and at most 50 m.`);
    if (laneFactors.some((f) => !(f >= 0) || f > 1.5)) reader.problem("LaneFactors", item, `LaneFactors of ${label} must each be between 0 and 1.5.`);
    if (laneCount > 0 && laneFactors.length > 0 && laneFactors.length < laneCount) {
      reader.problem(
        "LaneFactors",
        item,
        `${label} loads ${laneCount} lanes but lists ${laneFactors.length} lane factor${laneFactors.length === 1 ? "" : "s"}; give one factor per lane.`,
      );
    }
    const gap = reader.num("VariableGap", item, label);
    const lengths = reader.list<number>("VariableSpacings", item, label);
    let variableGap: VehicleData["variableGap"] = null;
    if (Number.isInteger(gap)) {
      const minimum = axleSpacings[gap - 1];
      if (minimum === undefined) {
        reader.problem(
          "VariableGap",
          item,
          `VariableGap of ${label} is ${gap}, but it has ${axleSpacings.length} spacing${axleSpacings.length === 1 ? "" : "s"}.`,
        );
      } else {
        const short = lengths.filter((l) => l < minimum);
        if (short.length > 0)
          reader.problem(
            "VariableSpacings",
            item,
            `VariableSpacings of ${label} must each be at least ${minimum} m (spacing ${gap} of AxleSpacings, its minimum); ${short.join(", ")} ${short.length === 1 ? "is" : "are"} shorter.`,
          );
        variableGap = { index: gap - 1, lengths: lengths.length > 0 ? [...new Set(lengths)] : [minimum] };
      }
    } else if (lengths.length > 0) {
      reader.problem("VariableGap", item, `${label} lists VariableSpacings; say which spacing varies in VariableGap.`);
    }
    return {
      item,
      name,
      caseName,
      description: reader.text("Description", item, label),
      axleLoads,
      axleSpacings,
      variableGap,
      laneLoad: reader.num("LaneLoad", item, label, 0),
      dynamicLoadAllowance: reader.num("DynamicLoadAllowance", item, label),
      laneCount,
      laneWidth: reader.num("LaneWidth", item, label),
      firstLaneOffset: reader.num("FirstLaneOffset", item, label),
      laneFactors,
    };
  });
}
