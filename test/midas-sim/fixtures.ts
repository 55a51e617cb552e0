import type { ParameterRow } from "@/lib/datasets/columns";
import type { MidasTables } from "@/lib/midas/tables";

/** Rows from { Parameter: [Item1, Item2, ...] }. */
export function rows(spec: Record<string, (string | number)[]>): ParameterRow[] {
  return Object.entries(spec).map(([parameter, list]) => ({ parameter, values: Object.fromEntries(list.map((v, i) => [`Item${i + 1}`, String(v)])) }));
}

/**
 * A small bridge for focused tests: two 30 m spans of six elements, one single-column
 * pier on one pile, dead, superimposed dead and prestress cases, one vehicle, an
 * ultimate combination and an envelope, one tendon group over both spans.
 */
export function smallTables(): MidasTables {
  return {
    midassetup: rows({
      SpanCount: [2],
      StartChainage: [100],
      DeckLevel: [20],
      LongitudinalGrade: [0],
      ConcreteGrades: ["C50, C40"],
      ConcreteUnitWeight: [25],
      TendonBreakingStrength: [1870],
      BearingHeight: [0.2],
      BearingVerticalStiffness: [1e7],
      BearingFixedStiffness: [1e6],
      BearingFreeStiffness: [1000],
      BearingTorsionStiffness: [1e6],
      StartBearing: ["Free"],
      // The focused tests check the table's own combinations; the generated ones are tested on the demo.
      GenerateCombinations: ["No"],
      ElementsPerPier: [2],
      SpanLength: [30, 30],
      ElementsPerSpan: [6, 6],
      GirderSection: ["BOX", "BOX"],
      GirderSectionAtSupport: ["", ""],
      SupportZoneLength: ["", ""],
      EndBearing: ["Fixed", "Free"],
      PierName: ["P1", ""],
      PierHeight: [8, ""],
      PierSection: ["COL", ""],
      ColumnCount: [1, ""],
      ColumnSpacing: ["", ""],
      HeadstockSection: ["HS", ""],
      HeadstockLength: [6, ""],
      PileGroup: ["PG1", ""],
    }),
    midasgeneralsections: rows({
      SectionName: ["COL", "HS", "PILE", "CAP"],
      Shape: ["Circle", "Rectangle", "Circle", "Rectangle"],
      Material: ["C40", "C40", "C40", "C40"],
      Diameter: [1.5, "", 1.2, ""],
      Width: ["", 2, "", 4],
      Depth: ["", 1.5, "", 1.5],
    }),
    midaspsc: rows({
      SectionName: ["BOX"],
      SectionType: ["Box"],
      Material: ["C50"],
      Depth: [2],
      TopWidth: [10],
      BottomWidth: [5],
      TopSlabThickness: [0.25],
      BottomSlabThickness: [0.2],
      WebThickness: [0.4],
      CantileverLength: [2.5],
      CantileverTipThickness: [0.2],
      CantileverRootThickness: [0.4],
    }),
    midaspiles: rows({
      PileGroupName: ["PG1"],
      PileSection: ["PILE"],
      PileCapSection: ["CAP"],
      PileRows: [1],
      PilesPerRow: [1],
      RowSpacing: [""],
      PileSpacing: [""],
      PileLength: [10],
      ElementsPerPile: [2],
      PileCapDepth: [1.5],
      PileCapLength: [4],
      PileCapWidth: [3],
      ToeFixity: ["Fixed"],
    }),
    midasload: rows({
      LoadCaseName: ["DL", "SDL", "PS"],
      LoadType: ["D", "DW", "PS"],
      Description: ["Self weight", "Surfacing", "Prestress"],
      SelfWeight: ["Yes", "No", "No"],
      UniformLoad: ["", 20, ""],
      LoadedSpans: ["", "", ""],
    }),
    midasloadsub: rows({ LoadCaseName: [], LoadType: [], Description: [], SelfWeight: [], PierLoad: [], PierLoadDirection: [], LoadedPiers: [] }),
    midasmoving: rows({
      VehicleName: ["TRUCK"],
      LoadCaseName: ["MV"],
      Description: ["Test truck"],
      AxleLoads: ["100, 100"],
      AxleSpacings: ["4"],
      LaneLoad: [5],
      DynamicLoadAllowance: [30],
      LaneCount: [2],
      LaneWidth: [3.2],
      FirstLaneOffset: [1.6],
      LaneFactors: ["1, 0.8"],
    }),
    midasloadcomb: rows({
      CombinationName: ["ULS", "SLS", "ENV"],
      LimitState: ["Ultimate", "Serviceability", "Ultimate"],
      CombinationMethod: ["Add", "Add", "Envelope"],
      Description: ["", "", ""],
      DL: [1.2, 1, ""],
      SDL: [2, 1, ""],
      MV: [1.8, "", ""],
      ULS: ["", "", 1],
      SLS: ["", "", 1],
    }),
    midaspt: rows({
      TendonGroupName: ["PT1"],
      LoadCaseName: ["PS"],
      FromSpan: [1],
      ToSpan: [2],
      TendonCount: [4],
      StrandsPerTendon: [12],
      StrandArea: [143],
      DuctDiameter: [0.09],
      JackingForce: [2400],
      DepthAtEnds: [0.8],
      DepthAtPiers: [0.3],
      DepthAtMidspan: [1.6],
      FrictionCoefficient: [0.2],
      WobbleBetaP: [0.008],
      AnchorageSlip: [0.006],
      Relaxation: [2.5],
    }),
  };
}

/** A copy of the tables with one value set (the row is added when missing). */
export function withValue(tables: MidasTables, dataset: keyof MidasTables, parameter: string, item: string, value: string): MidasTables {
  const copy = structuredClone(tables);
  const row = copy[dataset].find((r) => r.parameter === parameter);
  if (row) row.values[item] = value;
  else copy[dataset].push({ parameter, values: { [item]: value } });
  return copy;
}
