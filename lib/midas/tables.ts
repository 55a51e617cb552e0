/**
 * The nine Midas DB tables: parameter tables like the Revit ones (rows of a
 * Parameter and Item1, Item2, ... values), each with a template of the
 * Parameters the model build reads. Units are kN and m throughout, with the
 * exceptions named on the row (MPa for strengths, mm² for strand area, % for
 * grade, dynamic load allowance and relaxation). No Midas row is an angle, so
 * the app's angle rule (radians stored, degrees shown) never applies here.
 */

import type { ParameterRow } from "@/lib/datasets/columns";
import { standardVehicleValues } from "./vehicles";

import { type MidasDatasetKey, midasDatasetKeys, midasTableInfo, type MidasTableInfo } from "./table-info";

export { isMidasDatasetKey, type MidasDatasetKey, midasDatasetKeys, midasTableInfo } from "./table-info";

/** The rows of a project's nine Midas tables: the input of a model build. */
export type MidasTables = Record<MidasDatasetKey, ParameterRow[]>;

/** What a value must be. Checked by validate.ts, read by model.ts. */
export type ValueSpec =
  | { kind: "number"; min?: number; max?: number; minExclusive?: boolean; example?: string }
  | { kind: "integer"; min: number; max: number; even?: boolean }
  | { kind: "text"; maxLength: number }
  | { kind: "choice"; options: readonly string[] }
  /** The name of an item defined in another table (a section, a pile group, a load case). */
  | { kind: "ref"; dataset: MidasDatasetKey }
  /** One of the concrete grades listed in Model Setup's ConcreteGrades. */
  | { kind: "grade" }
  /** A comma-separated list: concrete grades, numbers, span numbers or pier names. */
  | { kind: "list"; of: "grade" | "number" | "span" | "pier"; min?: number; max?: number };

export type ParameterSpec = {
  parameter: string;
  unit: string;
  description: string;
  value: ValueSpec;
  /** midassetup only: global (Item1), per span (Item k for span k), or per pier (Item k for the pier at the end of span k). */
  scope?: "global" | "span" | "pier";
  /** A blank value is allowed (the description says what blank means). */
  optional?: boolean;
};

export type MidasDatasetInfo = MidasTableInfo & {
  template: readonly ParameterSpec[];
  notes?: string;
};

/** MIDAS static load types (/db/STLD TYPE), from the manual's table of 67 types. */
export const STATIC_LOAD_TYPES: Record<string, string> = {
  USER: "User Defined Load",
  D: "Dead Load",
  DC: "Dead Load of Component and Attachments",
  DW: "Dead Load of Wearing Surfaces and Utilities",
  DD: "Down Drag",
  EP: "Earth Pressure",
  EANN: "Active Earth Pressure – Native Ground / Non-cohesive",
  EANC: "Active Earth Pressure – Native Ground / Cohesive",
  EAMN: "Active Earth Pressure – Made Ground / Non-cohesive",
  EAMC: "Active Earth Pressure – Made Ground / Cohesive",
  EPNN: "Passive Earth Pressure – Native Ground / Non-cohesive",
  EPNC: "Passive Earth Pressure – Native Ground / Cohesive",
  EPMN: "Passive Earth Pressure – Made Ground / Non-cohesive",
  EPMC: "Passive Earth Pressure – Made Ground / Cohesive",
  EH: "Horizontal Earth Pressure",
  EV: "Vertical Earth Pressure",
  ES: "Earth Surcharge Load",
  EL: "Locked in Erection Stresses",
  LS: "Live Load Surcharge",
  LSC: "Trailer or Crawler Induced Surcharge",
  L: "Live Load",
  LC: "Trailer or Crawler Induced Live Load",
  LP: "Overload Live Load",
  IL: "Live Load Impact",
  ILP: "Overload Live Load Impact",
  CF: "Centrifugal Force",
  BRK: "Braking Load",
  BK: "Longitudinal Force from Live Load",
  CRL: "Crowd Load",
  PS: "Prestress",
  B: "Buoyancy",
  WP: "Ground Water Pressure",
  FP: "Fluid Pressure",
  SF: "Stream Flow Pressure",
  WPR: "Wave Pressure",
  W: "Wind Load on Structure",
  WL: "Wind Load on Live Load",
  STL: "Settlement",
  CR: "Creep",
  SH: "Shrinkage",
  T: "Temperature",
  TPG: "Temperature Gradient",
  CO: "Collision Load",
  CT: "Vehicular Collision Force",
  CV: "Vessel Collision Force",
  E: "Earthquake",
  FR: "Friction",
  IP: "Ice Pressure",
  CS: "Construction Stage Load",
  ER: "Erection Load",
  RS: "Rib Shortening",
  GE: "Grade Effect",
  LR: "Roof Live Load",
  S: "Snow Load",
  R: "Rain Load",
  LF: "Longitudinal Force",
  RF: "Raking Force",
  GD: "Movement of Foundation",
  SHV: "Soil Heaving",
  DRL: "Derailment Load",
  WA: "Across Wind Load",
  WT: "Torsional Wind Load",
  EVT: "Vertical Earthquake",
  EEP: "Earthquake Earth Pressure",
  EX: "Explosion Load",
  I: "Imperfection Load",
  EE: "Earthquake for Elastic",
};
const LOAD_TYPES = Object.keys(STATIC_LOAD_TYPES);

const m = (min: number, max: number, minExclusive = false): ValueSpec => ({ kind: "number", min, max, minExclusive });
const name: ValueSpec = { kind: "text", maxLength: 40 };
const yesNo = ["Yes", "No"] as const;
/**
 * A support's bearings (docs/midas.md, "Bearings"): "Pot Fixed" holds the deck along and across the bridge, "Pot
 * Guided" slides along it and holds it across, "Pot Free" slides both ways, "Elastomeric" shears both ways at
 * BearingFreeStiffness. "Fixed" and "Free" are the names older tables used: Pot Fixed and Pot Guided.
 */
export const BEARING_TYPES = ["Pot Fixed", "Pot Guided", "Pot Free", "Elastomeric", "Fixed", "Free"] as const;
const fixity = BEARING_TYPES;

const setup: ParameterSpec[] = [
  {
    scope: "global",
    parameter: "SpanCount",
    unit: "—",
    value: { kind: "integer", min: 1, max: 50 },
    description: "Number of spans. The per-span rows use Item1 to ItemN for spans 1 to N.",
  },
  { scope: "global", parameter: "StartChainage", unit: "m", value: m(-1e6, 1e6), description: "Chainage of abutment A1, the start of span 1." },
  {
    scope: "global",
    parameter: "DeckLevel",
    unit: "m",
    value: m(-1000, 10000),
    description: "RL of the girder reference line (top of deck on the bridge centreline) at abutment A1. Girder nodes lie on this line.",
  },
  {
    scope: "global",
    parameter: "LongitudinalGrade",
    unit: "%",
    value: m(-10, 10),
    description: "Grade of the girder reference line, rising in the direction of chainage positive.",
  },
  {
    scope: "global",
    parameter: "ConcreteGrades",
    unit: "MPa",
    value: { kind: "list", of: "grade", min: 1, max: 10 },
    description:
      'Concrete grades the sections use, as C followed by f\'c in MPa, comma-separated (for example "C55, C50, C40"). Each becomes one MIDAS material.',
  },
  {
    scope: "global",
    parameter: "ConcreteUnitWeight",
    unit: "kN/m³",
    value: m(15, 30),
    description: "Unit weight of reinforced and prestressed concrete, used for self weight (AS 5100.2: 25 kN/m³).",
  },
  {
    scope: "global",
    parameter: "TendonBreakingStrength",
    unit: "MPa",
    value: m(1000, 2500),
    description: "Minimum breaking strength f_pb of the prestressing strand (AS/NZS 4672: 1870 MPa for 15.2 mm strand).",
  },
  {
    scope: "global",
    parameter: "BearingHeight",
    unit: "m",
    value: m(0, 3),
    description: "Underside of girder to top of headstock or abutment seat (bearing plus plinth). Places the bearing seats below the girder.",
  },
  {
    scope: "global",
    parameter: "BearingVerticalStiffness",
    unit: "kN/m",
    value: m(0, 1e10, true),
    description: "Vertical stiffness of the bearings at one support, together (shared equally between its bearings).",
  },
  {
    scope: "global",
    parameter: "BearingFixedStiffness",
    unit: "kN/m",
    value: m(0, 1e10, true),
    description: "Stiffness of the bearings at one support, together, in a direction they hold (Pot Fixed along and across, Pot Guided across).",
  },
  {
    scope: "global",
    parameter: "BearingFreeStiffness",
    unit: "kN/m",
    value: m(0, 1e10, true),
    description:
      "Stiffness of the bearings at one support, together, in a direction they slide or shear (Pot Guided along the bridge, Pot Free both ways, Elastomeric both ways). Greater than 0 so the line model stays stable.",
  },
  {
    scope: "global",
    parameter: "BearingTorsionStiffness",
    unit: "kN·m/rad",
    value: m(0, 1e12, true),
    description: "Restraint of girder torsion by the pair of bearings at one support.",
  },
  {
    scope: "global",
    parameter: "StartBearing",
    unit: "—",
    value: { kind: "choice", options: fixity },
    description: "Bearing type at abutment A1: Pot Fixed, Pot Guided (slides along the bridge), Pot Free or Elastomeric.",
  },
  {
    scope: "global",
    parameter: "StartBearingOffsets",
    unit: "m",
    value: { kind: "list", of: "number", min: 1, max: 12 },
    optional: true,
    description:
      'Transverse offset of each bearing at abutment A1 from the girder line, positive to the left looking up chainage, comma-separated (for example "-2.0, 2.0"): one elastic link per bearing. Blank: one bearing on the girder line.',
  },
  {
    scope: "global",
    parameter: "StartDiaphragmThickness",
    unit: "m",
    value: m(0, 5),
    optional: true,
    description:
      "Thickness of the diaphragm over abutment A1: its weight (thickness × the box's cell area × ConcreteUnitWeight) loads the girder there in the self-weight cases. Blank: none.",
  },
  {
    scope: "global",
    parameter: "GenerateCombinations",
    unit: "—",
    value: { kind: "choice", options: yesNo },
    optional: true,
    description:
      'Yes: the model gets the AS 5100.2 combinations of the load cases present, by their kinds (docs/midas.md, "Combinations"); a combination of the same name in Load Combinations replaces the generated one. Blank: Yes.',
  },
  {
    scope: "global",
    parameter: "ElementsPerPier",
    unit: "—",
    value: { kind: "integer", min: 1, max: 20 },
    description: "Beam elements along each pier column.",
  },
  { scope: "span", parameter: "SpanLength", unit: "m", value: m(0, 300, true), description: "Length of span k between support centrelines." },
  {
    scope: "span",
    parameter: "ElementsPerSpan",
    unit: "—",
    value: { kind: "integer", min: 2, max: 100, even: true },
    description: "Girder elements in span k: an even number, so that a node falls at mid-span.",
  },
  {
    scope: "span",
    parameter: "GirderSection",
    unit: "—",
    value: { kind: "ref", dataset: "midaspsc" },
    description: "PSC section (SectionName in PSC Sections) of span k away from the piers.",
  },
  {
    scope: "span",
    parameter: "GirderSectionAtSupport",
    unit: "—",
    value: { kind: "ref", dataset: "midaspsc" },
    optional: true,
    description: "PSC section within SupportZoneLength of an interior pier. Blank: GirderSection throughout.",
  },
  {
    scope: "span",
    parameter: "SupportZoneLength",
    unit: "m",
    value: m(0, 150),
    optional: true,
    description: "Length from an interior pier over which GirderSectionAtSupport applies. Blank: 0.",
  },
  {
    scope: "span",
    parameter: "EndBearing",
    unit: "—",
    value: { kind: "choice", options: fixity },
    description:
      "Bearing type at the support at the end of span k (pier k, or A2 after the last span): Pot Fixed, Pot Guided (slides along the bridge), Pot Free or Elastomeric.",
  },
  {
    scope: "span",
    parameter: "BearingOffsets",
    unit: "m",
    value: { kind: "list", of: "number", min: 1, max: 12 },
    optional: true,
    description:
      "Transverse offset of each bearing at the support at the end of span k from the girder line, positive to the left, comma-separated: one elastic link per bearing, on the headstock at its offset. Blank: one bearing on the girder line.",
  },
  {
    scope: "span",
    parameter: "DiaphragmThickness",
    unit: "m",
    value: m(0, 5),
    optional: true,
    description: "Thickness of the diaphragm over the support at the end of span k; its weight loads the girder there in the self-weight cases. Blank: none.",
  },
  {
    scope: "pier",
    parameter: "PierName",
    unit: "—",
    value: name,
    description: "Name of the pier at the end of span k (Item N, after the last span, stays blank: that support is abutment A2).",
  },
  { scope: "pier", parameter: "PierHeight", unit: "m", value: m(0.5, 150), description: "Top of pile cap to underside of headstock." },
  {
    scope: "pier",
    parameter: "PierSection",
    unit: "—",
    value: { kind: "ref", dataset: "midasgeneralsections" },
    description: "Column section (SectionName in General Sections).",
  },
  { scope: "pier", parameter: "ColumnCount", unit: "—", value: { kind: "integer", min: 1, max: 6 }, description: "Columns side by side across the bridge." },
  {
    scope: "pier",
    parameter: "ColumnSpacing",
    unit: "m",
    value: m(0, 50),
    optional: true,
    description: "Centre-to-centre spacing of the columns across the bridge. Blank: 0 (one column).",
  },
  {
    scope: "pier",
    parameter: "HeadstockSection",
    unit: "—",
    value: { kind: "ref", dataset: "midasgeneralsections" },
    description: "Headstock section (a Rectangle whose Depth is the headstock depth).",
  },
  { scope: "pier", parameter: "HeadstockLength", unit: "m", value: m(0, 60, true), description: "Overall length of the headstock across the bridge." },
  {
    scope: "pier",
    parameter: "PileGroup",
    unit: "—",
    value: { kind: "ref", dataset: "midaspiles" },
    description: "Pile group under the pier (PileGroupName in Piles).",
  },
];

const generalSections: ParameterSpec[] = [
  { parameter: "SectionName", unit: "—", value: name, description: "Name of the section; other tables refer to it by this name." },
  {
    parameter: "Shape",
    unit: "—",
    value: { kind: "choice", options: ["Circle", "Rectangle"] },
    description: "Solid circle (MIDAS SR) or solid rectangle (MIDAS SB).",
  },
  { parameter: "Material", unit: "—", value: { kind: "grade" }, description: "Concrete grade, one of ConcreteGrades in Model Setup." },
  { parameter: "Diameter", unit: "m", value: m(0, 10, true), optional: true, description: "Diameter of a Circle." },
  {
    parameter: "Width",
    unit: "m",
    value: m(0, 50, true),
    optional: true,
    description: "Width B of a Rectangle (local y, horizontal): across the bridge for columns and piles, along the bridge for headstocks and pile-cap beams.",
  },
  {
    parameter: "Depth",
    unit: "m",
    value: m(0, 50, true),
    optional: true,
    description: "Depth H of a Rectangle (local z): vertical for headstocks and pile-cap beams, along the bridge for columns and piles.",
  },
  {
    parameter: "Usage",
    unit: "—",
    value: { kind: "text", maxLength: 80 },
    optional: true,
    description: "Free text for the engineer (pier column, headstock, pile, pile cap). Not sent.",
  },
];

const pscSections: ParameterSpec[] = [
  { parameter: "SectionName", unit: "—", value: name, description: "Name of the section; Model Setup refers to it by this name." },
  { parameter: "SectionType", unit: "—", value: { kind: "choice", options: ["Box"] }, description: "Box: a single-cell box girder (MIDAS PSC shape 1CEL)." },
  { parameter: "Material", unit: "—", value: { kind: "grade" }, description: "Concrete grade, one of ConcreteGrades in Model Setup." },
  { parameter: "Depth", unit: "m", value: m(0.3, 15), description: "Overall depth of the box." },
  { parameter: "TopWidth", unit: "m", value: m(1, 40), description: "Overall width of the top flange, cantilever tip to cantilever tip." },
  { parameter: "BottomWidth", unit: "m", value: m(0.5, 40), description: "Outside width of the bottom flange." },
  { parameter: "TopSlabThickness", unit: "m", value: m(0.1, 2), description: "Thickness of the top slab between the webs." },
  { parameter: "BottomSlabThickness", unit: "m", value: m(0.1, 3), description: "Thickness of the bottom slab." },
  { parameter: "WebThickness", unit: "m", value: m(0.15, 3), description: "Horizontal thickness of each web." },
  {
    parameter: "CantileverLength",
    unit: "m",
    value: m(0, 10),
    description: "Length of each top-flange cantilever, from the tip to the outside face of the web.",
  },
  { parameter: "CantileverTipThickness", unit: "m", value: m(0.1, 2), description: "Thickness of the cantilever at its tip." },
  { parameter: "CantileverRootThickness", unit: "m", value: m(0.1, 3), description: "Thickness of the cantilever where it meets the web." },
  {
    parameter: "TopBars",
    unit: "—",
    value: { kind: "text", maxLength: 20 },
    optional: true,
    description:
      'Longitudinal bars in the top slab over the whole width, as bars ("86N20"): the girder design check\'s top reinforcement. Not sent to MIDAS. Blank: none.',
  },
  {
    parameter: "BottomBars",
    unit: "—",
    value: { kind: "text", maxLength: 20 },
    optional: true,
    description: 'Longitudinal bars in the bottom slab, as bars ("42N16"): the girder design check\'s bottom reinforcement. Not sent to MIDAS. Blank: none.',
  },
  {
    parameter: "BarCover",
    unit: "mm",
    value: m(20, 150),
    optional: true,
    description: "Cover to the longitudinal bars, top and bottom: they sit at the cover plus half a bar from each face. Blank: 50 mm.",
  },
  {
    parameter: "Fitments",
    unit: "—",
    value: { kind: "text", maxLength: 20 },
    optional: true,
    description:
      'Shear reinforcement of both webs together, as legs and spacing ("4N16 @ 200": two legs of N16 in each web every 200 mm): the girder design check\'s Asv and s. Blank: none.',
  },
];

const piles: ParameterSpec[] = [
  { parameter: "PileGroupName", unit: "—", value: name, description: "Name of the pile group; Model Setup refers to it by this name." },
  {
    parameter: "PileSection",
    unit: "—",
    value: { kind: "ref", dataset: "midasgeneralsections" },
    description: "Section of one pile (SectionName in General Sections).",
  },
  {
    parameter: "PileCapSection",
    unit: "—",
    value: { kind: "ref", dataset: "midasgeneralsections" },
    description:
      "Section of the stiff beams that model the pile cap, from the pier base to each pile head. They carry no weight: the cap's weight is one load at its centre (PileCapLength × PileCapWidth × PileCapDepth).",
  },
  { parameter: "PileRows", unit: "—", value: { kind: "integer", min: 1, max: 4 }, description: "Rows of piles along the bridge." },
  { parameter: "PilesPerRow", unit: "—", value: { kind: "integer", min: 1, max: 6 }, description: "Piles in each row, across the bridge." },
  { parameter: "RowSpacing", unit: "m", value: m(0, 20), optional: true, description: "Spacing of the rows along the bridge. Blank: 0 (one row)." },
  {
    parameter: "PileSpacing",
    unit: "m",
    value: m(0, 20),
    optional: true,
    description: "Spacing of the piles in a row, across the bridge. Blank: 0 (one pile per row).",
  },
  { parameter: "PileLength", unit: "m", value: m(1, 100), description: "Length of each pile below the pile cap centroid." },
  { parameter: "ElementsPerPile", unit: "—", value: { kind: "integer", min: 1, max: 50 }, description: "Beam elements along each pile." },
  { parameter: "PileCapDepth", unit: "m", value: m(0.3, 10), description: "Depth of the pile cap; the cap centroid lies half of it below the top of the cap." },
  {
    parameter: "PileCapLength",
    unit: "m",
    value: m(0.5, 50),
    description: "Plan size of the pile cap across the bridge (along the headstock). With PileCapWidth and PileCapDepth it gives the cap's weight.",
  },
  { parameter: "PileCapWidth", unit: "m", value: m(0.5, 50), description: "Plan size of the pile cap along the bridge." },
  {
    parameter: "SoilLayerDepths",
    unit: "m",
    value: { kind: "list", of: "number", min: 1, max: 20 },
    optional: true,
    description:
      "Depth of the top of each soil layer below the underside of the pile cap, comma-separated, the first 0. With SoilKh, lateral springs at every pile node in the soil. Blank: no soil (the pile stands on its toe, e.g. down to an equivalent fixity depth given as PileLength).",
  },
  {
    parameter: "SoilKh",
    unit: "kN/m³",
    value: { kind: "list", of: "number", min: 1, max: 20 },
    optional: true,
    description:
      "Modulus of horizontal subgrade reaction kh of each layer, one per SoilLayerDepths entry: a node's spring is kh × pile diameter × the length of pile it stands for.",
  },
  {
    parameter: "ToeFixity",
    unit: "—",
    value: { kind: "choice", options: ["Fixed", "Pinned"] },
    description: "Support at each pile toe: Fixed (all six) or Pinned (translations only).",
  },
];

const caseName: ParameterSpec = {
  parameter: "LoadCaseName",
  unit: "—",
  value: { kind: "text", maxLength: 20 },
  description: "MIDAS load case name, unique across the load, substructure load and moving load tables.",
};
const loadType: ParameterSpec = {
  parameter: "LoadType",
  unit: "—",
  value: { kind: "choice", options: LOAD_TYPES },
  description:
    "MIDAS static load type code. It gives the case its kind in the generated combinations: D permanent; DC, DW superimposed dead; PS prestress; BRK, BK, CF traffic (braking, centrifugal); T, TPG temperature; W, WL wind; STL, GD settlement; any other code is left out of them.",
};
const description: ParameterSpec = {
  parameter: "Description",
  unit: "—",
  value: { kind: "text", maxLength: 80 },
  optional: true,
  description: "Description sent to MIDAS.",
};
const selfWeight: ParameterSpec = {
  parameter: "SelfWeight",
  unit: "—",
  value: { kind: "choice", options: yesNo },
  description: "Yes: this case carries the self weight of the whole model (girder, piers, piles), from ConcreteUnitWeight.",
};

const superLoads: ParameterSpec[] = [
  caseName,
  loadType,
  description,
  selfWeight,
  {
    parameter: "UniformLoad",
    unit: "kN/m",
    value: m(-1000, 1000),
    optional: true,
    description: "Uniform vertical load along the girder, downward positive (for example barriers and wearing surface). Blank: none.",
  },
  {
    parameter: "LoadedSpans",
    unit: "—",
    value: { kind: "list", of: "span" },
    optional: true,
    description: 'Span numbers that carry UniformLoad, LongitudinalLoad, TransverseLoad and the temperatures, for example "1, 3". Blank: all spans.',
  },
  {
    parameter: "LongitudinalLoad",
    unit: "kN/m",
    value: m(-1000, 1000),
    optional: true,
    description:
      "Uniform load along the girder in the direction of chainage (braking: the braking force of AS 5100.2 Cl 7.7 spread over the loaded spans). Blank: none.",
  },
  {
    parameter: "TransverseLoad",
    unit: "kN/m",
    value: m(-1000, 1000),
    optional: true,
    description:
      "Uniform load across the girder, positive to the left (centrifugal force, AS 5100.2 Cl 7.8; wind on the superstructure or on traffic). Blank: none.",
  },
  {
    parameter: "UniformTemperature",
    unit: "°C",
    value: m(-100, 100),
    optional: true,
    description: "Change of the girder's effective temperature (AS 5100.2 Cl 17.2), restrained by the fixed supports. Blank: none.",
  },
  {
    parameter: "TemperatureGradient",
    unit: "°C",
    value: m(-50, 50),
    optional: true,
    description:
      "Temperature differential at the top of the deck (AS 5100.2 Cl 17.3: the fifth-power curve over the top 1.2 m; negative for the reverse differential), sent as the linear gradient that gives the same curvature. Blank: none.",
  },
];

const subLoads: ParameterSpec[] = [
  caseName,
  loadType,
  description,
  selfWeight,
  {
    parameter: "PierLoad",
    unit: "kN/m",
    value: m(-1000, 1000),
    optional: true,
    description: "Uniform load along every column of the loaded piers, in PierLoadDirection. Blank: none.",
  },
  {
    parameter: "PierLoadDirection",
    unit: "—",
    value: { kind: "choice", options: ["Longitudinal", "Transverse", "Vertical"] },
    optional: true,
    description: "Longitudinal: +X along chainage. Transverse: +Y. Vertical: downward positive. Required with PierLoad.",
  },
  {
    parameter: "LoadedPiers",
    unit: "—",
    value: { kind: "list", of: "pier" },
    optional: true,
    description: 'PierName values that carry PierLoad and Settlement, for example "P1, P2". Blank: all piers.',
  },
  {
    parameter: "Settlement",
    unit: "m",
    value: m(-1, 1),
    optional: true,
    description: "Settlement of the loaded piers' foundations, downward positive, imposed at their pile toes (differential settlement). Blank: none.",
  },
];

const moving: ParameterSpec[] = [
  { parameter: "VehicleName", unit: "—", value: name, description: "Name of the vehicle (MIDAS vehicular load name)." },
  { ...caseName, description: "Name of the moving load case for this vehicle, unique across all load cases." },
  description,
  { parameter: "AxleLoads", unit: "kN", value: { kind: "list", of: "number", min: 1, max: 40 }, description: "Axle loads, front to back, comma-separated." },
  {
    parameter: "AxleSpacings",
    unit: "m",
    value: { kind: "list", of: "number", min: 0, max: 39 },
    optional: true,
    description: "Spacing from each axle to the next, comma-separated: one fewer than the axle loads. Blank for a single axle.",
  },
  {
    parameter: "VariableGap",
    unit: "—",
    value: { kind: "integer", min: 1, max: 39 },
    optional: true,
    description:
      "Which spacing of AxleSpacings varies, counted from the front (AS 5100.2 M1600 and S1600: the 6th, between the second and third axle groups); AxleSpacings holds its minimum. Blank: every spacing is fixed.",
  },
  {
    parameter: "VariableSpacings",
    unit: "m",
    value: { kind: "list", of: "number", min: 1, max: 20 },
    optional: true,
    description:
      "The lengths the variable spacing takes, comma-separated, each at least its minimum in AxleSpacings: the vehicle runs once at each and the moving load case is their envelope. Blank with VariableGap: the minimum only.",
  },
  {
    parameter: "LaneLoad",
    unit: "kN/m",
    value: m(0, 200),
    optional: true,
    description: "Uniformly distributed lane load that accompanies the axles. Blank: none.",
  },
  {
    parameter: "DynamicLoadAllowance",
    unit: "%",
    value: m(0, 100),
    description: "Dynamic load allowance on the axle loads (AS 5100.2: 30 % for M1600, 0 % for S1600).",
  },
  { parameter: "LaneCount", unit: "—", value: { kind: "integer", min: 1, max: 6 }, description: "Design lanes, each loaded with the vehicle." },
  { parameter: "LaneWidth", unit: "m", value: m(2, 6), description: "Width of a design lane (AS 5100.2: 3.2 m)." },
  {
    parameter: "FirstLaneOffset",
    unit: "m",
    value: m(-30, 30),
    description:
      "Eccentricity of the centre of lane 1 from the girder reference line, positive to the left looking up chainage; the other lanes follow to the right at LaneWidth.",
  },
  {
    parameter: "LaneFactors",
    unit: "—",
    value: { kind: "list", of: "number", min: 1, max: 6 },
    description: "Accompanying lane factors for lanes 1, 2, 3, ... (AS 5100.2 Table 7.3: 1.0, 0.8, 0.4).",
  },
];

const combination: ParameterSpec[] = [
  {
    parameter: "CombinationName",
    unit: "—",
    value: { kind: "text", maxLength: 20 },
    description: "Name of the combination, unique across combinations and load cases.",
  },
  {
    parameter: "LimitState",
    unit: "—",
    value: { kind: "choice", options: ["Ultimate", "Serviceability", "Other"] },
    description: "Limit state, written into the MIDAS description.",
  },
  {
    parameter: "CombinationMethod",
    unit: "—",
    value: { kind: "choice", options: ["Add", "Envelope"] },
    description: "Add: factored sum of the cases. Envelope: maximum and minimum of the cases.",
  },
  description,
];

const tendons: ParameterSpec[] = [
  { parameter: "TendonGroupName", unit: "—", value: name, description: "Name of the tendon group." },
  {
    parameter: "LoadCaseName",
    unit: "—",
    value: { kind: "ref", dataset: "midasload" },
    description: "Superstructure load case (normally LoadType PS) that carries the prestress.",
  },
  { parameter: "FromSpan", unit: "—", value: { kind: "integer", min: 1, max: 50 }, description: "First span the tendons run through." },
  { parameter: "ToSpan", unit: "—", value: { kind: "integer", min: 1, max: 50 }, description: "Last span the tendons run through; anchored at its end." },
  { parameter: "TendonCount", unit: "—", value: { kind: "integer", min: 1, max: 100 }, description: "Tendons in the group, all with the same profile." },
  { parameter: "StrandsPerTendon", unit: "—", value: { kind: "integer", min: 1, max: 55 }, description: "Strands in each tendon." },
  { parameter: "StrandArea", unit: "mm²", value: m(10, 400), description: "Area of one strand (143 mm² for 15.2 mm strand)." },
  { parameter: "DuctDiameter", unit: "m", value: m(0.02, 0.3), description: "Outside diameter of the duct." },
  { parameter: "JackingForce", unit: "kN", value: m(0, 50000, true), description: "Jacking force of one tendon, applied at both ends." },
  { parameter: "DepthAtEnds", unit: "m", value: m(0, 15), description: "Depth of the tendon centroid below the girder reference line at the end anchorages." },
  { parameter: "DepthAtPiers", unit: "m", value: m(0, 15), description: "Depth below the reference line at interior piers (high point)." },
  { parameter: "DepthAtMidspan", unit: "m", value: m(0, 15), description: "Depth below the reference line at mid-span (low point)." },
  { parameter: "FrictionCoefficient", unit: "/rad", value: m(0, 1), description: "Curvature friction coefficient μ." },
  {
    parameter: "WobbleBetaP",
    unit: "rad/m",
    value: m(0, 0.1),
    description:
      "Wobble as AS 5100.5 gives it: βp, the unintended angular deviation per metre of duct (its value depends on the duct's size; 0.008 for the demo's 110 mm ducts). MIDAS gets its wobble coefficient k = μβp.",
  },
  { parameter: "AnchorageSlip", unit: "m", value: m(0, 0.05), description: "Draw-in at each anchorage." },
  { parameter: "Relaxation", unit: "%", value: m(0, 10), description: "Basic relaxation of the strand (AS 5100.5)." },
  {
    parameter: "LongTermLoss",
    unit: "%",
    value: m(0, 40),
    optional: true,
    description:
      "Time-dependent loss (shrinkage, creep, relaxation) as a share of the force after friction: the girder design check's effective prestress. Not sent to MIDAS, whose static prestress case applies the jacking force less friction. Blank: 15 %.",
  },
];

export const midasDatasets: Record<MidasDatasetKey, MidasDatasetInfo> = {
  midassetup: {
    ...midasTableInfo.midassetup,
    template: setup,
    notes: "Pier rows describe the pier at the end of span k, so they are blank in the last span's Item (that support is abutment A2).",
  },
  midasgeneralsections: { ...midasTableInfo.midasgeneralsections, template: generalSections },
  midaspsc: { ...midasTableInfo.midaspsc, template: pscSections },
  midaspiles: { ...midasTableInfo.midaspiles, template: piles },
  midasload: { ...midasTableInfo.midasload, template: superLoads },
  midasloadsub: { ...midasTableInfo.midasloadsub, template: subLoads },
  midasmoving: { ...midasTableInfo.midasmoving, template: moving },
  midasloadcomb: {
    ...midasTableInfo.midasloadcomb,
    template: combination,
    notes:
      "After the four rows above, add one row per load case (or combination) named exactly like it; each item's value in that row is the case's factor in the combination, blank when the case is not in it.",
  },
  midaspt: { ...midasTableInfo.midaspt, template: tendons },
};

/** The blank template of a table: its Parameters, each with an empty Item1. */
export function templateRows(key: MidasDatasetKey): ParameterRow[] {
  // The moving loads start with AS 5100.2's M1600 and S1600 (vehicles.ts); the engineer adds the lanes.
  if (key === "midasmoving") {
    const standard = standardVehicleValues();
    const items = standard.VehicleName!.map((_, k) => `Item${k + 1}`);
    return midasDatasets[key].template.map((spec) => ({
      parameter: spec.parameter,
      values: Object.fromEntries(items.map((item, k) => [item, standard[spec.parameter]?.[k] ?? ""])),
    }));
  }
  return midasDatasets[key].template.map((spec) => ({ parameter: spec.parameter, values: { Item1: "" } }));
}

/** The templates of all nine tables, as a new project starts (blank but for the standard vehicles). */
export function emptyMidasTables(): MidasTables {
  return Object.fromEntries(midasDatasetKeys.map((key) => [key, templateRows(key)])) as MidasTables;
}

export function parameterSpec(key: MidasDatasetKey, parameter: string): ParameterSpec | undefined {
  return midasDatasets[key].template.find((spec) => spec.parameter === parameter);
}

const ITEM_PATTERN = /^Item([1-9]\d*)$/;

/** The Item columns used anywhere in a table, in numeric order. */
export function itemColumns(rows: readonly ParameterRow[]): string[] {
  const numbers = new Set<number>();
  for (const row of rows) {
    for (const key of Object.keys(row.values)) {
      const match = ITEM_PATTERN.exec(key);
      if (match) numbers.add(Number(match[1]));
    }
  }
  return [...numbers].sort((a, b) => a - b).map((n) => `Item${n}`);
}

export function itemNumber(item: string): number {
  const match = ITEM_PATTERN.exec(item);
  return match ? Number(match[1]) : NaN;
}
