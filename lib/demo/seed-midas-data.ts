import type { ParameterRow } from "@/lib/datasets/columns";
import { midasDatasets, type MidasTables } from "@/lib/midas/tables";
import { standardVehicleValues } from "@/lib/midas/vehicles";
import { demoTables, type SeedRow } from "./seed-data";

/**
 * The Midas tables of the demo project's box girder alternative: the 12 spans of
 * the box table (36 m, 10 x 45 m, 36 m), piers P1-P11 with the heights, columns,
 * bearings and pile groups "Fill from Revit" finds in the pier table (a test holds
 * it: lib/midas/fill.test.ts), a PSC box per
 * girder depth (2.6 m over the piers, 2.0 m elsewhere), two pot bearings per
 * support, AS 5100.2 loads (combinations generated from their kinds), and three
 * continuous tendon groups.
 */

const values = (list: (string | number)[]): Record<string, string> => Object.fromEntries(list.map((v, i) => [`Item${i + 1}`, String(v)]));
const row = (parameter: string, list: (string | number)[]): ParameterRow => ({ parameter, values: values(list) });

function seedValue(rows: SeedRow[], parameter: string, item: number): string {
  const found = rows.find((r) => r.parameter === parameter);
  if (!found) throw new Error(`demo seed has no ${parameter}`);
  return found.values[`Item${item}`] ?? "";
}

export function demoMidasTables(): MidasTables {
  const box = demoTables.box();
  const pier = demoTables.pier();
  const spanCount = 12;
  const spans = Array.from({ length: spanCount }, (_, k) => Number(seedValue(box, "SpanLength", k + 1)));
  const piers = Array.from({ length: spanCount - 1 }, (_, k) => ({
    name: seedValue(pier, "PierName", k + 1),
    height: Number(seedValue(pier, "PierHeight", k + 1)),
    columnDiameter: Number(seedValue(pier, "ColumnDiameter", k + 1)),
    columnCount: Number(seedValue(pier, "ColumnCount", k + 1)),
    columnSpacing: Number(seedValue(pier, "ColumnSpacing", k + 1)),
    headstockLength: Number(seedValue(pier, "HeadstockLength", k + 1)),
    pileCount: Number(seedValue(pier, "PileCount", k + 1)),
    pileLength: Number(seedValue(pier, "PileLength", k + 1)),
  }));
  // A pile group per pile count and length, named as Fill from Revit names it: PG<count>-<Revit PileLength>.
  const pileGroup = (p: { pileCount: number; pileLength: number }) => `PG${p.pileCount}-${p.pileLength}`;
  const groups = [...new Map(piers.map((p) => [pileGroup(p), p])).values()].sort((a, b) => a.pileCount - b.pileCount);
  const perSpan = (f: (k: number) => string | number) => spans.map((_, k) => f(k));
  // Pier rows describe the pier at the end of each span; the last span ends at abutment A2.
  const perPier = (f: (p: (typeof piers)[number]) => string | number) => [...piers.map(f), ""];
  const column = (d: number) => `COL-${Math.round(d * 1000)}`;

  const midassetup: ParameterRow[] = [
    row("SpanCount", [spanCount]),
    row("StartChainage", ["1032.500"]),
    row("DeckLevel", ["28.600"]),
    row("LongitudinalGrade", ["1.2"]),
    row("ConcreteGrades", ["C55, C50, C40"]),
    row("ConcreteUnitWeight", ["25"]),
    row("TendonBreakingStrength", ["1870"]),
    row("BearingHeight", ["0.250"]),
    row("BearingVerticalStiffness", ["20000000"]),
    row("BearingFixedStiffness", ["1000000"]),
    row("BearingFreeStiffness", ["2000"]),
    row("BearingTorsionStiffness", ["10000000"]),
    row("StartBearing", ["Pot Guided"]),
    // Two pot bearings under the box's webs at every support, 4.8 m apart.
    row("StartBearingOffsets", ["-2.400, 2.400"]),
    row("StartDiaphragmThickness", ["1.500"]),
    row("GenerateCombinations", ["Yes"]),
    row("ElementsPerPier", ["2"]),
    row(
      "SpanLength",
      perSpan((k) => spans[k]!.toFixed(3)),
    ),
    row(
      "ElementsPerSpan",
      perSpan((k) => (spans[k]! > 40 ? 10 : 8)),
    ),
    row(
      "GirderSection",
      perSpan(() => "BOX-2000"),
    ),
    row(
      "GirderSectionAtSupport",
      perSpan(() => "BOX-2600"),
    ),
    row(
      "SupportZoneLength",
      perSpan(() => "9.000"),
    ),
    // The fixed pot bearings of P6 and P7 hold the deck along the bridge; the others are guided and slide along it.
    row(
      "EndBearing",
      perSpan((k) => (k === 5 || k === 6 ? "Pot Fixed" : "Pot Guided")),
    ),
    row(
      "BearingOffsets",
      perSpan(() => "-2.400, 2.400"),
    ),
    // The box table's diaphragms: 1.5 m at the abutments, 1.2 m over the piers.
    row(
      "DiaphragmThickness",
      perSpan((k) => (k === spanCount - 1 ? "1.500" : "1.200")),
    ),
    row(
      "PierName",
      perPier((p) => p.name),
    ),
    row(
      "PierHeight",
      perPier((p) => p.height.toFixed(3)),
    ),
    row(
      "PierSection",
      perPier((p) => column(p.columnDiameter)),
    ),
    row(
      "ColumnCount",
      perPier((p) => p.columnCount),
    ),
    row(
      "ColumnSpacing",
      perPier((p) => p.columnSpacing.toFixed(3)),
    ),
    row(
      "HeadstockSection",
      perPier(() => "HEADSTOCK"),
    ),
    row(
      "HeadstockLength",
      perPier((p) => p.headstockLength.toFixed(3)),
    ),
    row("PileGroup", perPier(pileGroup)),
  ];

  const midasgeneralsections: ParameterRow[] = [
    row("SectionName", ["COL-1200", "COL-1500", "HEADSTOCK", "PILE-1050", "PILECAP"]),
    row("Shape", ["Circle", "Circle", "Rectangle", "Circle", "Rectangle"]),
    row("Material", ["C50", "C50", "C50", "C40", "C40"]),
    row("Diameter", ["1.200", "1.500", "", "1.050", ""]),
    row("Width", ["", "", "2.000", "", "3.600"]),
    row("Depth", ["", "", "1.600", "", "1.500"]),
    row("Usage", ["Pier column", "Tall pier column", "Headstock", "Bored pile", "Pile cap beams"]),
  ];

  const midaspsc: ParameterRow[] = [
    row("SectionName", ["BOX-2600", "BOX-2000"]),
    row("SectionType", ["Box", "Box"]),
    row("Material", ["C55", "C55"]),
    row("Depth", ["2.600", "2.000"]),
    row("TopWidth", ["12.800", "12.800"]),
    row("BottomWidth", ["6.200", "6.200"]),
    row("TopSlabThickness", ["0.250", "0.250"]),
    row("BottomSlabThickness", ["0.450", "0.200"]),
    row("WebThickness", ["0.450", "0.450"]),
    row("CantileverLength", ["3.300", "3.300"]),
    row("CantileverTipThickness", ["0.200", "0.200"]),
    row("CantileverRootThickness", ["0.450", "0.450"]),
    // Deck bars at 150 over the 12.8 m top (N24 over the piers), N24 at 150 in the bottom slab; fitments of both webs: two
    // legs of N24 in each at 100 in the spans, four of N20 in the support zones (the girder design check passes them).
    row("TopBars", ["86N24", "86N20"]),
    row("BottomBars", ["42N24", "42N24"]),
    row("BarCover", ["50", "50"]),
    row("Fitments", ["8N20 @ 100", "4N24 @ 100"]),
  ];

  // PG4-18 and PG6-22: 4 piles as 2 x 2, 6 as 2 x 3 (two rows along the bridge), as Fill from Revit lays them out;
  // PileLength from the cap's centroid, the pier table's length below the cap's underside plus half the cap's depth.
  if (groups.length !== 2) throw new Error("the demo pier table has two pile arrangements");
  const midaspiles: ParameterRow[] = [
    row("PileGroupName", groups.map(pileGroup)),
    row("PileSection", ["PILE-1050", "PILE-1050"]),
    row("PileCapSection", ["PILECAP", "PILECAP"]),
    row("PileRows", [2, 2]),
    row("PilesPerRow", [2, 3]),
    row("RowSpacing", ["2.550", "2.550"]),
    row("PileSpacing", ["6.300", "3.150"]),
    row(
      "PileLength",
      groups.map((g) => (g.pileLength + 1.5 / 2).toFixed(3)),
    ),
    row("ElementsPerPile", [4, 4]),
    row("PileCapDepth", ["1.500", "1.500"]),
    // The caps of the Revit pier table (9.0 m across by 3.6 m along the bridge).
    row("PileCapLength", ["9.000", "9.000"]),
    row("PileCapWidth", ["3.600", "3.600"]),
    // Soil (docs/midas.md, "Soil"): loose, medium dense and dense submerged sand below the caps, kh = nh·z/D at each
    // layer's middle from Terzaghi's nh (1.3, 4.4, 10.7 MN/m³) for the 1.05 m piles; the soil holds the piles sideways,
    // so their toes are pinned (end bearing, with the shaft friction lumped there).
    row("SoilLayerDepths", ["0, 3, 10", "0, 3, 10"]),
    row("SoilKh", ["1900, 27200, 152900", "1900, 27200, 152900"]),
    row("ToeFixity", ["Pinned", "Pinned"]),
  ];

  // AS 5100.2 actions of the demo (docs/midas.md, "The demo's loads", works each figure out).
  const midasload: ParameterRow[] = [
    row("LoadCaseName", ["DL", "SDL", "PS", "BRK", "CF", "TEMP-RISE", "TEMP-FALL", "TEMP-GRAD", "WIND", "WIND-TRAFFIC"]),
    row("LoadType", ["D", "DW", "PS", "BRK", "CF", "T", "T", "TPG", "W", "WL"]),
    row("Description", [
      "Self weight of girder, diaphragms, piers, caps and piles",
      "Two barriers, services and 70 mm wearing surface",
      "Post-tensioning",
      "Braking: 720 kN (AS 5100.2 Cl 7.7) along the 522 m deck",
      "Centrifugal force on the 850 m curve of spans 1-4 (Cl 7.8)",
      "Uniform temperature rise (Cl 17.2)",
      "Uniform temperature fall (Cl 17.2)",
      "Positive temperature differential (Cl 17.3)",
      "Ultimate wind on the superstructure (Cl 16)",
      "Wind on traffic (Cl 16)",
    ]),
    row("SelfWeight", ["Yes", "No", "No", "No", "No", "No", "No", "No", "No", "No"]),
    row("UniformLoad", ["", "40", "", "", "", "", "", "", "", ""]),
    row("LoadedSpans", ["", "", "", "", "1, 2, 3, 4", "", "", "", "", ""]),
    row("LongitudinalLoad", ["", "", "", "1.379", "", "", "", "", "", ""]),
    row("TransverseLoad", ["", "", "", "", "3.7", "", "", "", "4.9", "2.1"]),
    row("UniformTemperature", ["", "", "", "", "", "20", "-25", "", "", ""]),
    row("TemperatureGradient", ["", "", "", "", "", "", "", "32", "", ""]),
  ];

  const midasloadsub: ParameterRow[] = [
    row("LoadCaseName", ["PIER-WIND", "SETTLE-P6"]),
    row("LoadType", ["W", "STL"]),
    row("Description", ["Wind on the pier columns along the bridge", "20 mm differential settlement of P6"]),
    row("SelfWeight", ["No", "No"]),
    row("PierLoad", ["2.5", ""]),
    row("PierLoadDirection", ["Longitudinal", ""]),
    row("LoadedPiers", ["", "P6"]),
    row("Settlement", ["", "0.020"]),
  ];

  // AS 5100.2:2017's M1600 and S1600 (lib/midas/vehicles.ts), three 3.2 m lanes from 3.2 m left of the girder line.
  const vehicles: Record<string, (string | number)[]> = { ...standardVehicleValues(), LaneCount: [3, 3], FirstLaneOffset: ["3.200", "3.200"] };
  const midasmoving: ParameterRow[] = midasDatasets.midasmoving.template.map((spec) => row(spec.parameter, vehicles[spec.parameter]!));

  // The combinations are generated from the cases' kinds (GenerateCombinations); the table is left for the engineer's own.
  const midasloadcomb: ParameterRow[] = midasDatasets.midasloadcomb.template.map((spec) => row(spec.parameter, [""]));

  const midaspt: ParameterRow[] = [
    row("TendonGroupName", ["PT-A", "PT-B", "PT-C"]),
    row("LoadCaseName", ["PS", "PS", "PS"]),
    row("FromSpan", [1, 5, 9]),
    row("ToSpan", [4, 8, 12]),
    row("TendonCount", [8, 8, 8]),
    row("StrandsPerTendon", [19, 19, 19]),
    row("StrandArea", ["143", "143", "143"]),
    row("DuctDiameter", ["0.110", "0.110", "0.110"]),
    row("JackingForce", ["3800", "3800", "3800"]),
    row("DepthAtEnds", ["0.900", "0.900", "0.900"]),
    row("DepthAtPiers", ["0.350", "0.350", "0.350"]),
    row("DepthAtMidspan", ["1.650", "1.650", "1.650"]),
    row("FrictionCoefficient", ["0.20", "0.20", "0.20"]),
    row("WobbleBetaP", ["0.008", "0.008", "0.008"]),
    row("AnchorageSlip", ["0.006", "0.006", "0.006"]),
    row("Relaxation", ["2.5", "2.5", "2.5"]),
    row("LongTermLoss", ["15", "15", "15"]),
  ];

  return { midassetup, midasgeneralsections, midaspsc, midaspiles, midasload, midasloadsub, midasmoving, midasloadcomb, midaspt };
}
