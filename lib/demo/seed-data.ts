import type { RevitDatasetKey } from "@/lib/datasets/registry";

/**
 * Demo parameter tables: the 11 piers of a 12-span box girder viaduct (36 + 10 x 45
 * + 36 m; the box table), the abutments of six bridges (the first pair the
 * viaduct's) and the core model setup of a Super T alternative. Values are plausible,
 * deterministic, in metres unless named otherwise, angles in radians.
 */

export type SeedRow = { parameter: string; values: Record<string, string> };

const ITEMS = 12;
/** The box girder viaduct's piers: one fewer than its 12 spans. */
const PIERS = 11;
const deg = (d: number) => ((d * Math.PI) / 180).toPrecision(12);
const fixed = (n: number, digits = 3) => n.toFixed(digits);

/** Deterministic noise in [-1, 1] for item i of parameter p. */
function wobble(i: number, p: number): number {
  const x = Math.sin((i + 1) * 12.9898 + (p + 1) * 78.233) * 43758.5453;
  return (x - Math.floor(x)) * 2 - 1;
}

function itemsRow(parameter: string, value: (i: number) => string, count: number): SeedRow {
  const values: Record<string, string> = {};
  for (let i = 0; i < count; i++) values[`Item${i + 1}`] = value(i);
  return { parameter, values };
}

const row = (parameter: string, value: (i: number) => string) => itemsRow(parameter, value, ITEMS);

/**
 * The piers of the box girder viaduct (box table): P1-P11 at the ends of spans 1-11, chainage 1032.5 + the spans
 * (36 m, then 45 m). Levels as the Midas tables build them (lib/demo/seed-midas-data.ts): the top of deck rises from
 * 28.600 at chainage 1032.5 at 1.2 %, the headstock's top lies the box's depth over the piers (2.6 m) and the
 * bearing's height (0.25 m: a 0.15 m pot bearing on a 0.1 m plinth) below it, and the pile cap's top is at the
 * ground, so "Fill from Revit" finds the heights the Midas tables have.
 */
function pier(): SeedRow[] {
  const ground = (i: number) => 14 + 3.5 * Math.sin(i / 2.2) + wobble(i, 1) * 0.4;
  const x = (i: number) => 36 + 45 * i;
  const topOfHeadstock = (i: number) => 28.6 + 0.012 * x(i) - 2.6 - 0.25;
  const headstockDepth = 1.6;
  const height = (i: number) => Number(fixed(topOfHeadstock(i))) - headstockDepth - Number(fixed(ground(i)));
  const tall = (i: number) => height(i) > 11;
  const row = (parameter: string, value: (i: number) => string) => itemsRow(parameter, value, PIERS);
  return [
    row("PierName", (i) => `P${i + 1}`),
    row("Chainage", (i) => fixed(1032.5 + x(i))),
    row("PierType", (i) => (tall(i) ? "Twin Column Tall" : "Twin Column")),
    row("PierHeight", (i) => fixed(height(i))),
    row("ColumnCount", () => "2"),
    row("ColumnDiameter", (i) => (tall(i) ? "1.500" : "1.200")),
    row("ColumnSpacing", () => "6.500"),
    row("HeadstockLength", () => "12.400"),
    row("HeadstockWidth", () => "2.000"),
    row("HeadstockDepth", () => fixed(headstockDepth)),
    row("HeadstockCantilever", () => "1.800"),
    row("SkewAngle", (i) => deg(i < 6 ? 15 : 15 + (i - 5) * 2.5)),
    row("PlanRotationAngle", (i) => deg(0.35 * i)),
    row("CrossfallAngle", () => deg(1.718)),
    row("TopOfHeadstockRL", (i) => fixed(topOfHeadstock(i))),
    row("GroundRL", (i) => fixed(ground(i))),
    // Fixed pot bearings at P6 and P7 hold the deck along the bridge; the others slide along it. Two under the webs.
    row("BearingType", (i) => (i === 5 || i === 6 ? "Pot Fixed" : "Pot Guided")),
    row("BearingCount", () => "2"),
    row("BearingSpacing", () => "4.800"),
    row("BearingPlinthHeight", () => "0.100"),
    row("PileCapLength", () => "9.000"),
    row("PileCapWidth", () => "3.600"),
    row("PileCapDepth", () => "1.500"),
    row("PileCount", (i) => (tall(i) ? "6" : "4")),
    row("PileDiameter", () => "1.050"),
    // Below the cap's underside: 18 m under the shorter piers, 22 m under the tall ones.
    row("PileLength", (i) => (tall(i) ? "22.0" : "18.0")),
    row("ConcreteGrade", () => "50 MPa"),
    row("CoverColumn", () => "0.065"),
    row("CoverHeadstock", () => "0.050"),
  ];
}

function abutment(): SeedRow[] {
  // Items: A1 and A2 of six bridges on the route.
  const bridge = (i: number) => Math.floor(i / 2) + 1;
  return [
    row("AbutmentName", (i) => `B${bridge(i)}-A${(i % 2) + 1}`),
    // The first bridge is the box girder viaduct: A1 at 1032.5, A2 522 m on (its 12 spans).
    row("Chainage", (i) => fixed(bridge(i) === 1 ? 1032.5 + (i % 2) * 522 : 980 + bridge(i) * 620 + (i % 2) * 416)),
    row("AbutmentType", (i) => (i % 4 === 0 ? "Spill Through" : "Reinforced Soil Wall")),
    row("SkewAngle", (i) => deg(10 + bridge(i) * 2.5)),
    row("BackwallHeight", (i) => fixed(1.9 + (i % 3) * 0.05)),
    row("BackwallThickness", () => "0.400"),
    row("HeadstockLength", (i) => fixed(13.2 + (bridge(i) % 3) * 0.6)),
    row("HeadstockWidth", () => "1.800"),
    row("HeadstockDepth", () => "1.200"),
    row("WingwallLength", (i) => fixed(4.5 + Math.abs(wobble(i, 4)) * 1.5)),
    row("WingwallThickness", () => "0.350"),
    row("WingwallAngle", (i) => deg(i % 4 === 0 ? 45 : 90)),
    row("ApproachSlabLength", () => "6.000"),
    row("ApproachSlabThickness", () => "0.300"),
    row("BearingType", (i) => (bridge(i) === 1 ? "Pot Guided" : "Elastomeric Laminated")),
    row("BearingCount", (i) => (bridge(i) === 1 ? "2" : String(6 + (bridge(i) % 2) * 2))),
    // Between adjacent bearings: the box's two under its webs, 4.8 m apart; the Super T bridges' under each girder.
    row("BearingSpacing", (i) => (bridge(i) === 1 ? "4.800" : "1.850")),
    row("BearingPlinthHeight", () => "0.150"),
    row("PileCount", (i) => String(5 + (bridge(i) % 2))),
    row("PileDiameter", () => "0.900"),
    row("PileLength", (i) => fixed(12 + Math.abs(wobble(i, 5)) * 5, 1)),
    row("PileRakeAngle", (i) => deg(i % 2 === 0 ? 0 : 8)),
    row("FillHeight", (i) => fixed(4 + Math.abs(wobble(i, 6)) * 4)),
    row("ExpansionJointType", (i) => (bridge(i) % 2 ? "Finger Joint" : "Strip Seal")),
    row("ExpansionJointGap", () => "0.080"),
    row("ConcreteGrade", () => "40 MPa"),
    row("CoverBackwall", () => "0.050"),
  ];
}

function box(): SeedRow[] {
  // Items: the spans of a box girder alternative.
  const span = (i: number) => (i === 0 || i === ITEMS - 1 ? 36 : 45);
  return [
    row("SpanName", (i) => `S${i + 1}`),
    row("SpanLength", (i) => fixed(span(i))),
    row("DepthAtPier", () => "2.600"),
    row("DepthAtMidspan", () => "2.000"),
    row("TopFlangeWidth", () => "12.800"),
    row("BottomFlangeWidth", () => "6.200"),
    row("TopFlangeThickness", () => "0.250"),
    row("BottomFlangeThicknessPier", () => "0.450"),
    row("BottomFlangeThicknessMid", () => "0.200"),
    row("WebThickness", () => "0.450"),
    row("WebCount", () => "2"),
    row("WebSlopeAngle", () => deg(14)),
    row("CantileverLength", () => "3.300"),
    row("CantileverTipThickness", () => "0.200"),
    row("CantileverRootThickness", () => "0.450"),
    row("DiaphragmThickness", (i) => (i === 0 ? "1.500" : "1.200")),
    row("SkewAngle", (i) => deg(i < 3 ? 12 : 0)),
    row("CrossfallAngle", () => deg(1.718)),
    row("HorizontalCurveRadius", (i) => (i < 4 ? "850.000" : "0.000")),
    row("TendonCount", (i) => String(span(i) > 40 ? 8 : 6)),
    row("TendonStrands", () => "19"),
    row("TendonEccentricityMid", () => "0.850"),
    row("SegmentLength", () => "3.000"),
    row("ConcreteGrade", () => "55 MPa"),
    row("CastingMethod", (i) => (i % 2 ? "Balanced Cantilever" : "Span by Span")),
    // The bearings at the end of each span (as Model Setup's EndBearing): fixed at P6 and P7, guided elsewhere.
    row("BearingType", (i) => (i === 5 || i === 6 ? "Pot Fixed" : "Pot Guided")),
  ];
}

function coresetup(): SeedRow[] {
  // Items: the model's deck segments between control stations.
  return [
    row("SegmentName", (i) => `SEG${String(i + 1).padStart(2, "0")}`),
    row("StartChainage", (i) => fixed(1000 + 36 * i)),
    row("EndChainage", (i) => fixed(1036 + 36 * i)),
    row("AlignmentName", () => "MC01"),
    row("ProfileName", () => "MC01-VP"),
    row("StartLevelRL", (i) => fixed(28.6 + 0.432 * i)),
    row("EndLevelRL", (i) => fixed(29.032 + 0.432 * i)),
    row("GradeAngle", () => deg(0.6876)),
    row("CrossfallAngle", (i) => deg(i < 6 ? 3 : 2.5)),
    row("SuperelevationAngle", (i) => deg(i < 4 ? 3 : 0)),
    row("DeckWidth", () => "12.800"),
    row("LaneCount", () => "3"),
    row("LaneWidth", () => "3.500"),
    row("ShoulderLeft", () => "1.000"),
    row("ShoulderRight", () => "1.300"),
    row("BarrierType", () => "F-Type 1100"),
    row("BarrierHeight", () => "1.100"),
    row("GirderType", () => "Super T T4"),
    row("GirderCount", () => "7"),
    row("GirderSpacing", () => "1.850"),
    row("DeckSlabThickness", () => "0.200"),
    row("WearingSurfaceThickness", () => "0.070"),
    row("SkewAngle", (i) => deg(i < 6 ? 15 : 20)),
    row("DesignCode", () => "AS 5100:2017"),
    row("DesignLife", () => "100"),
    row("ExposureClassification", (i) => (i < 3 ? "B2" : "B1")),
  ];
}

export const demoTables: Record<RevitDatasetKey, () => SeedRow[]> = { pier, abt: abutment, box, coresetup };

/**
 * The second demo project, "Demo Footbridge": a two-span footbridge (one
 * pier, two abutments) owned by the second demo account, shared with the
 * demo account as a viewer, so a newcomer sees roles at work.
 */
export const footbridgeTables: Record<RevitDatasetKey, () => SeedRow[]> = {
  pier: () => [
    { parameter: "PierName", values: { Item1: "P1" } },
    { parameter: "Chainage", values: { Item1: "24.000" } },
    { parameter: "PierType", values: { Item1: "Single Column" } },
    { parameter: "PierHeight", values: { Item1: "5.400" } },
    { parameter: "ColumnDiameter", values: { Item1: "0.900" } },
    { parameter: "SkewAngle", values: { Item1: deg(0) } },
  ],
  abt: () => [
    { parameter: "AbutmentName", values: { Item1: "A1", Item2: "A2" } },
    { parameter: "Chainage", values: { Item1: "0.000", Item2: "48.000" } },
    { parameter: "AbutmentType", values: { Item1: "Spill-through", Item2: "Spill-through" } },
    { parameter: "BearingType", values: { Item1: "Elastomeric", Item2: "Elastomeric" } },
    { parameter: "SkewAngle", values: { Item1: deg(0), Item2: deg(0) } },
  ],
  box: () => [
    { parameter: "SpanName", values: { Item1: "S1", Item2: "S2" } },
    { parameter: "SpanLength", values: { Item1: "24.000", Item2: "24.000" } },
    { parameter: "GirderDepth", values: { Item1: "1.100", Item2: "1.100" } },
    { parameter: "DeckWidth", values: { Item1: "3.600", Item2: "3.600" } },
    { parameter: "ConcreteGrade", values: { Item1: "50 MPa", Item2: "50 MPa" } },
  ],
  coresetup: () => [
    { parameter: "AlignmentName", values: { Item1: "FB01" } },
    { parameter: "DeckWidth", values: { Item1: "3.600" } },
    { parameter: "DesignCode", values: { Item1: "AS 5100:2017" } },
    { parameter: "CrossfallAngle", values: { Item1: deg(2) } },
  ],
};

export const DEMO_EMAIL = "demo@pontifex.dev";
export const DEMO_PASSWORD = "pontifex-demo";
export const DEMO_PROJECT = "Demo Viaduct";
/** Where MIDAS Civil NX saves the demo project's model (an example path on the engineer's workstation). */
export const DEMO_MODEL_PATH = "C:\\Bridges\\Demo Viaduct.mcb";
/** The second demo account: owner of "Demo Footbridge". */
export const LEAD_EMAIL = "lead@pontifex.dev";
export const LEAD_PASSWORD = "pontifex-lead";
export const FOOTBRIDGE_PROJECT = "Demo Footbridge";
