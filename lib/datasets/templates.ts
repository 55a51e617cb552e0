/**
 * The kind and unit of every template Parameter of every table (docs/tables.md, "Kinds and units"): the Revit
 * tables' Parameters as the reference add-in's families name them, and the Midas tables' from their own templates
 * (lib/midas/tables.ts). A Parameter no template lists takes its kind from its name (kinds.ts).
 */
import { isMidasDatasetKey, midasDatasets, type ParameterSpec, templateRows } from "@/lib/midas/tables";
import type { ParameterRow } from "./columns";
import { itemName } from "./item-columns";
import { isNamingParameter } from "./item-labels";
import { isRowKind, KIND_UNITS, kindFromName, type KindAndUnit, type RowKind, type RowKindInfo } from "./kinds";
import type { DatasetKey, RevitDatasetKey } from "./registry";

type Template = Record<string, RowKind | KindAndUnit>;

/**
 * The four Revit tables, each Parameter in the order of the demo's tables (lib/demo/seed-data.ts; GirderDepth and
 * DeckWidth of the box come from the footbridge's): lengths in m, angles in radians (shown in degrees), counts, and
 * text for names and types. A table started from its template has these rows, in this order.
 */
const revitTemplates: Record<RevitDatasetKey, Template> = {
  pier: {
    PierName: "text",
    Chainage: "length",
    PierType: "text",
    PierHeight: "length",
    ColumnCount: "count",
    ColumnDiameter: "length",
    ColumnSpacing: "length",
    HeadstockLength: "length",
    HeadstockWidth: "length",
    HeadstockDepth: "length",
    HeadstockCantilever: "length",
    SkewAngle: "angle",
    PlanRotationAngle: "angle",
    CrossfallAngle: "angle",
    TopOfHeadstockRL: "length",
    GroundRL: "length",
    BearingType: "text",
    BearingCount: "count",
    BearingSpacing: "length",
    BearingPlinthHeight: "length",
    PileCapLength: "length",
    PileCapWidth: "length",
    PileCapDepth: "length",
    PileCount: "count",
    PileDiameter: "length",
    PileLength: "length",
    ConcreteGrade: "text",
    CoverColumn: "length",
    CoverHeadstock: "length",
  },
  abt: {
    AbutmentName: "text",
    Chainage: "length",
    AbutmentType: "text",
    SkewAngle: "angle",
    BackwallHeight: "length",
    BackwallThickness: "length",
    HeadstockLength: "length",
    HeadstockWidth: "length",
    HeadstockDepth: "length",
    WingwallLength: "length",
    WingwallThickness: "length",
    WingwallAngle: "angle",
    ApproachSlabLength: "length",
    ApproachSlabThickness: "length",
    BearingType: "text",
    BearingCount: "count",
    BearingSpacing: "length",
    BearingPlinthHeight: "length",
    PileCount: "count",
    PileDiameter: "length",
    PileLength: "length",
    PileRakeAngle: "angle",
    FillHeight: "length",
    ExpansionJointType: "text",
    ExpansionJointGap: "length",
    ConcreteGrade: "text",
    CoverBackwall: "length",
  },
  box: {
    SpanName: "text",
    SpanLength: "length",
    DepthAtPier: "length",
    DepthAtMidspan: "length",
    GirderDepth: "length",
    DeckWidth: "length",
    TopFlangeWidth: "length",
    BottomFlangeWidth: "length",
    TopFlangeThickness: "length",
    BottomFlangeThicknessPier: "length",
    BottomFlangeThicknessMid: "length",
    WebThickness: "length",
    WebCount: "count",
    WebSlopeAngle: "angle",
    CantileverLength: "length",
    CantileverTipThickness: "length",
    CantileverRootThickness: "length",
    DiaphragmThickness: "length",
    SkewAngle: "angle",
    CrossfallAngle: "angle",
    HorizontalCurveRadius: "length",
    TendonCount: "count",
    TendonStrands: "count",
    TendonEccentricityMid: "length",
    SegmentLength: "length",
    ConcreteGrade: "text",
    CastingMethod: "text",
    BearingType: "text",
  },
  coresetup: {
    SegmentName: "text",
    StartChainage: "length",
    EndChainage: "length",
    AlignmentName: "text",
    ProfileName: "text",
    StartLevelRL: "length",
    EndLevelRL: "length",
    GradeAngle: "angle",
    CrossfallAngle: "angle",
    SuperelevationAngle: "angle",
    DeckWidth: "length",
    LaneCount: "count",
    LaneWidth: "length",
    ShoulderLeft: "length",
    ShoulderRight: "length",
    BarrierType: "text",
    BarrierHeight: "length",
    GirderType: "text",
    GirderCount: "count",
    GirderSpacing: "length",
    DeckSlabThickness: "length",
    WearingSurfaceThickness: "length",
    SkewAngle: "angle",
    DesignCode: "text",
    DesignLife: { kind: "number", unit: "years" },
    ExposureClassification: "text",
  },
};

const UNIT_KINDS: Record<string, RowKind> = {
  m: "length",
  "mm²": "area",
  "m²": "area",
  kN: "force",
  "kN/m": "line-load",
  "kN·m": "moment",
  MPa: "stress",
  "kN/m³": "unit-weight",
  "%": "percent",
};

/** A Midas template Parameter's kind: from what its value must be and its unit (a stiffness by its name). */
function midasKind(spec: ParameterSpec): KindAndUnit {
  const unit = spec.unit === "—" ? KIND_UNITS.number : spec.unit;
  switch (spec.value.kind) {
    case "integer":
      return { kind: "count", unit };
    case "number": {
      const kind = /Stiffness/.test(spec.parameter) && spec.unit === "kN/m" ? "stiffness" : (UNIT_KINDS[spec.unit] ?? (spec.unit === "—" ? "ratio" : "number"));
      return { kind, unit };
    }
    default:
      return { kind: "text", unit: KIND_UNITS.text };
  }
}

const normalise = (entry: RowKind | KindAndUnit): KindAndUnit => (typeof entry === "string" ? { kind: entry, unit: KIND_UNITS[entry] } : entry);

const templates: Record<DatasetKey, Map<string, KindAndUnit>> = Object.fromEntries([
  ...Object.entries(revitTemplates).map(([key, template]) => [key, new Map(Object.entries(template).map(([p, entry]) => [p, normalise(entry)]))]),
  ...Object.values(midasDatasets).map((info) => [info.key, new Map(info.template.map((spec) => [spec.parameter, midasKind(spec)]))]),
]) as Record<DatasetKey, Map<string, KindAndUnit>>;

/**
 * Rows a table's template does not list but whose meaning the table gives: in Load Combinations, one row per load
 * case holds its factor in each combination.
 */
const otherRows: Partial<Record<DatasetKey, KindAndUnit>> = { midasloadcomb: { kind: "ratio", unit: KIND_UNITS.ratio } };

/**
 * The kind and unit of a table's row: the kind its engineers set (`set`), else its template's, else the table's for
 * other rows, else by its name. A set kind keeps the template's unit when it is the template's kind.
 */
export function rowKind(dataset: DatasetKey, parameter: string, set?: string | null): RowKindInfo {
  const listed = templates[dataset].get(parameter) ?? otherRows[dataset];
  if (set && isRowKind(set)) return { kind: set, unit: listed?.kind === set ? listed.unit : KIND_UNITS[set], from: "set" };
  if (listed) return { ...listed, from: "template" };
  const kind = kindFromName(parameter);
  return { kind, unit: KIND_UNITS[kind], from: "name" };
}

/** A table's rows' kinds, from the kinds its engineers set (by row Id: a table snapshot's `kinds`). */
export function tableKinds(dataset: DatasetKey, set: ReadonlyMap<number, string>): (row: { Id?: unknown; Parameter?: unknown }) => RowKindInfo {
  return (row) => rowKind(dataset, String(row.Parameter ?? ""), set.get(Number(row.Id)));
}

/** A table's template Parameters with their kinds, in the template's order (docs, the add-in's families). */
export function templateKinds(dataset: DatasetKey): [parameter: string, kind: KindAndUnit][] {
  return [...templates[dataset]];
}

/**
 * The rows a table starts from ("Start from the pier template"): a Revit table's template Parameters in order, one
 * Item column, blank but for the first item's name (PierName: P1), which names the column and makes it show (a column
 * blank in every row is hidden); a Midas table's template as a new project has it (lib/midas/tables.ts).
 */
export function startingRows(dataset: DatasetKey): ParameterRow[] {
  if (isMidasDatasetKey(dataset)) return templateRows(dataset);
  const naming = templateKinds(dataset).find(([parameter, { kind }]) => kind === "text" && isNamingParameter(parameter))?.[0];
  return templateKinds(dataset).map(([parameter]) => ({ parameter, values: { Item1: parameter === naming ? itemName(dataset, 1) : "" } }));
}
