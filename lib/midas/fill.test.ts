import { describe, expect, it } from "vitest";
import type { ParameterRow } from "@/lib/datasets/columns";
import { demoTables } from "@/lib/demo/seed-data";
import { demoMidasTables } from "@/lib/demo/seed-midas-data";
import { bearingOffsets, bearingTypeFromRevit, type FillChange, FILL_CHAINAGE_TOLERANCE, fillFromRevit, fillWrites } from "./fill";
import { emptyMidasTables, type MidasTables } from "./tables";

const demoRevit = () => ({ box: demoTables.box(), pier: demoTables.pier(), abt: demoTables.abt() });
const values = (list: (string | number)[]) => Object.fromEntries(list.map((v, i) => [`Item${i + 1}`, String(v)]));
const row = (parameter: string, list: (string | number)[]): ParameterRow => ({ parameter, values: values(list) });
const get = (rows: ParameterRow[], parameter: string) => rows.find((r) => r.parameter === parameter)?.values ?? {};

/**
 * A small bridge for hand numbers: spans 30, 40 and 30 m from chainage 100 (piers at 130 and 170, A2 at 200), top of
 * deck 50.000 at A1 rising 2 %, girder G1 (1.8 m deep) with G2 (2.2 m) over the piers from span 2 on, bearings
 * 0.300 m high, the first pier's headstock HS 1.200 m deep (the second has none).
 */
function smallMidas(): MidasTables {
  const tables = emptyMidasTables();
  tables.midassetup = [
    row("StartChainage", ["100.000"]),
    row("DeckLevel", ["50.000"]),
    row("LongitudinalGrade", ["2"]),
    row("BearingHeight", ["0.300"]),
    row("GirderSection", ["G1", "G1", "G1"]),
    row("GirderSectionAtSupport", ["", "G2", "G2"]),
    row("HeadstockSection", ["HS", "", ""]),
  ];
  tables.midaspsc = [row("SectionName", ["G1", "G2"]), row("Depth", ["1.800", "2.200"])];
  tables.midasgeneralsections = [row("SectionName", ["HS"]), row("Shape", ["Rectangle"]), row("Depth", ["1.200"])];
  tables.midaspiles = [];
  return tables;
}
const smallBox = () => [row("SpanLength", ["30.000", "40.000", "30.000"])];

describe("fillFromRevit", () => {
  it("matches the demo's piers and abutments by chainage and changes nothing in the demo's Midas tables", () => {
    const { changes, unmatched, supports, tolerance, notes } = fillFromRevit(demoRevit(), demoMidasTables());
    expect(tolerance).toBe(FILL_CHAINAGE_TOLERANCE);
    expect(FILL_CHAINAGE_TOLERANCE).toBe(0.5);
    expect(changes).toEqual([]);
    // A1, P1-P11 and A2, each at the Revit item of its name, at the same chainage: 1032.5 + 36, then 45 m each.
    expect(supports.map((s) => [s.support, s.chainage, s.revit?.name, s.revit?.distance])).toEqual([
      ["A1", 1032.5, "B1-A1", 0],
      ...Array.from({ length: 11 }, (_, k) => [`P${k + 1}`, 1068.5 + 45 * k, `P${k + 1}`, 0]),
      ["A2", 1554.5, "B1-A2", 0],
    ]);
    for (const s of supports.filter((x) => x.kind === "pier")) expect(s.height!.midas, s.support).toBe(s.height!.revit);
    // Only the abutments of the table's other bridges match nothing here, each listed with the nearest support.
    expect(unmatched.map((u) => u.kind)).toEqual(Array(10).fill("revit-abutment"));
    expect(unmatched[0]).toEqual({
      kind: "revit-abutment",
      name: "B2-A1",
      item: "Item3",
      chainage: 2220,
      nearest: { name: "A2", chainage: 1554.5, distance: 665.5 },
    });
    expect(notes).toEqual([expect.stringMatching(/^Skew is not carried \(the line model has no skew\): A1 12\.5°, P1 15\.0°, .*P11 27\.5°, A2 12\.5°/)]);
  });

  it("fills empty Midas tables from the demo's Revit tables: spans, StartChainage from the abutments, piers, column and pile sections, pile groups, bearings", () => {
    const { tables, changes, notes } = fillFromRevit(demoRevit(), emptyMidasTables());
    const setup = (parameter: string) => get(tables.midassetup, parameter);
    expect(setup("SpanCount").Item1).toBe("12");
    expect(setup("SpanLength").Item1).toBe("36.000");
    expect(setup("SpanLength").Item2).toBe("45.000");
    expect(setup("StartChainage").Item1).toBe("1032.500");
    expect(notes[0]).toBe("StartChainage taken from Revit abutment B1-A1 (1032.500 m), the first with another abutment 522.000 m further on.");
    expect(setup("PierName").Item11).toBe("P11");
    expect(setup("PierName").Item12 ?? "").toBe("");
    // No levels, girder or headstock sections in the model yet: Revit's heights as measured, and the note says why.
    expect(setup("PierHeight").Item1).toBe(get(demoTables.pier(), "PierHeight").Item1);
    expect(changes.find((c) => c.parameter === "PierHeight")!.note).toMatch(/copied as measured: the model lacks DeckLevel, BearingHeight/);
    expect(setup("PierHeight").Item12 ?? "").toBe("");
    const columns = new Set(Object.values(setup("PierSection")).filter((v) => v !== ""));
    expect([...columns].sort()).toEqual(["COL-1200", "COL-1500"]);
    const names = get(tables.midasgeneralsections, "SectionName");
    expect(names).toEqual({ Item1: "COL-1200", Item2: "PILE-1050", Item3: "COL-1500" });
    expect(get(tables.midasgeneralsections, "Diameter").Item2).toBe("1.050");
    // Bearings: fixed at P6 and P7, guided elsewhere and at both abutments; two, 4.8 m apart.
    expect(Object.values(setup("EndBearing"))).toEqual([...Array(5).fill("Pot Guided"), "Pot Fixed", "Pot Fixed", ...Array(5).fill("Pot Guided")]);
    expect(setup("StartBearing").Item1).toBe("Pot Guided");
    expect(setup("StartBearingOffsets").Item1).toBe("-2.400, 2.400");
    expect(new Set(Object.values(setup("BearingOffsets")))).toEqual(new Set(["-2.400, 2.400"]));
    // Pile groups: 4 piles (P1-P6) as 2 x 2, 6 (P7-P11) as 2 x 3, PileLength from the cap's centroid.
    expect(Object.values(setup("PileGroup"))).toEqual([...Array(6).fill("PG4-18"), ...Array(5).fill("PG6-22")]);
    const piles = (parameter: string) => Object.values(get(tables.midaspiles, parameter));
    expect(piles("PileGroupName")).toEqual(["PG4-18", "PG6-22"]);
    expect(piles("PileSection")).toEqual(["PILE-1050", "PILE-1050"]);
    expect(piles("PileRows")).toEqual(["2", "2"]);
    expect(piles("PilesPerRow")).toEqual(["2", "3"]);
    expect(piles("PileLength")).toEqual(["18.750", "22.750"]);
    // No group to take the spacings from: the piles spread over the 9.0 x 3.6 m cap, their edges 0.15 m inside it.
    expect(piles("RowSpacing")).toEqual(["2.250", "2.250"]);
    expect(piles("PileSpacing")).toEqual(["7.650", "3.825"]);
    expect(notes).toContain("Pile group PG4-18 is new: set its PileCapSection, ElementsPerPile, SoilLayerDepths, SoilKh, ToeFixity in Piles.");
    expect(changes).toContainEqual({ dataset: "midassetup", parameter: "SpanLength", item: "Item1", from: "", to: "36.000" });
  });

  it("changes nothing when the values are already there", () => {
    const first = fillFromRevit(demoRevit(), emptyMidasTables());
    expect(fillFromRevit(demoRevit(), first.tables).changes).toEqual([]);
    const demo = fillFromRevit(demoRevit(), demoMidasTables());
    expect(fillFromRevit(demoRevit(), demo.tables).changes).toEqual([]);
  });

  it("fills a pier within the tolerance of a model pier, and lists the Revit pier further off and the model pier it missed", () => {
    const pier = [row("PierName", ["PA", "PB", "PC"]), row("Chainage", ["130.500", "170.600", "250.000"]), row("ColumnCount", [2, 3, 1])];
    const { tables, unmatched, supports } = fillFromRevit({ box: smallBox(), pier }, smallMidas());
    // PA is 0.5 m from the pier at 130: filled (the tolerance is inclusive). PB is 0.6 m from the one at 170: not.
    expect(get(tables.midassetup, "PierName")).toMatchObject({ Item1: "PA" });
    expect(get(tables.midassetup, "ColumnCount")).toEqual({ Item1: "2" });
    expect(supports.filter((s) => s.kind === "pier").map((s) => [s.support, s.chainage, s.revit?.name ?? null, s.revit?.distance ?? null])).toEqual([
      ["PA", 130, "PA", 0.5],
      ["P2", 170, null, null],
    ]);
    expect(unmatched).toEqual([
      { kind: "revit-pier", name: "PB", item: "Item2", chainage: 170.6, nearest: { name: "P2", chainage: 170, distance: 0.6 } },
      { kind: "revit-pier", name: "PC", item: "Item3", chainage: 250, nearest: { name: "P2", chainage: 170, distance: 80 } },
      { kind: "model-pier", name: "P2", item: "Item2", chainage: 170, nearest: { name: "PB", chainage: 170.6, distance: 0.6 } },
      // No abutment table: A1 and A2 are listed too.
      { kind: "model-abutment", name: "A1", item: "Item1", chainage: 100, nearest: null },
      { kind: "model-abutment", name: "A2", item: "Item3", chainage: 200, nearest: null },
    ]);
  });

  it("pairs one Revit pier with one model pier, the nearer first: a second Revit pier within the tolerance is listed", () => {
    const pier = [row("PierName", ["PX", "PY"]), row("Chainage", ["130.300", "129.900"])];
    const { supports, unmatched } = fillFromRevit({ box: smallBox(), pier }, smallMidas());
    expect(supports.find((s) => s.kind === "pier" && s.item === "Item1")!.revit).toEqual({ item: "Item2", name: "PY", chainage: 129.9, distance: 0.1 });
    expect(unmatched[0]).toEqual({ kind: "revit-pier", name: "PX", item: "Item1", chainage: 130.3, nearest: { name: "PY", chainage: 130, distance: 0.3 } });
  });

  it("keeps the column base where Revit puts it: the model's girder depth, bearing height and headstock set the column length", () => {
    // Pier 1 at x = 30 m: girder 50 + 0.02 x 30 = 50.600; depth 2.200 (G2 of span 2, deeper than span 1's G1);
    // seat 50.600 - 2.200 - 0.300 = 48.100. Revit: top of headstock 48.500, headstock 1.500 deep, column 10.000:
    // top of pile cap 48.500 - 1.500 - 10.000 = 37.000. MIDAS: 48.100 - 1.200 - 37.000 = 9.900.
    const pier = [
      row("PierName", ["P1", "P2"]),
      row("Chainage", ["130.000", "170.000"]),
      row("PierHeight", ["10.000", "12.000"]),
      row("TopOfHeadstockRL", ["48.500", "49.000"]),
      row("HeadstockDepth", ["1.500", "1.500"]),
    ];
    const { tables, changes, supports } = fillFromRevit({ box: smallBox(), pier }, smallMidas());
    expect(get(tables.midassetup, "PierHeight").Item1).toBe("9.900");
    expect(supports[1]!.height).toEqual({
      revit: 10,
      midas: 9.9,
      pileCapTopRL: 37,
      note:
        "Revit 10.000 m, MIDAS 9.900 m (the model's seat is 0.400 m below Revit's TopOfHeadstockRL 48.500; its headstock is 0.300 m shallower than Revit's (1.200 against 1.500 m)): " +
        "column base kept at Revit's top of pile cap RL 37.000 (48.500 − 1.500 − 10.000); model seat RL 48.100 = girder 50.600 − depth 2.200 − bearing 0.300, less headstock 1.200.",
    });
    expect(changes.find((c) => c.parameter === "PierHeight" && c.item === "Item1")).toMatchObject({
      from: "",
      to: "9.900",
      note: expect.stringMatching(/^P1 \(Revit Item1\): Revit 10\.000 m, MIDAS 9\.900 m/),
    });
    // Pier 2 has no HeadstockSection in the model: Revit's height as measured, and why.
    expect(get(tables.midassetup, "PierHeight").Item2).toBe("12.000");
    expect(supports[2]!.height!.note).toBe(
      "Revit's PierHeight copied as measured: the model lacks the Depth of HeadstockSection (blank) in General Sections to place its headstock.",
    );
  });

  it("maps bearing types, counts and spacings to Model Setup, and reports a type it does not know", () => {
    const pier = [
      row("PierName", ["P1", "P2"]),
      row("Chainage", ["130.000", "170.000"]),
      row("BearingType", ["Pot Fixed", "Spherical Fixed"]),
      row("BearingCount", ["3", "2"]),
      row("BearingSpacing", ["2.000", ""]),
    ];
    const abt = [
      row("AbutmentName", ["A1", "A2"]),
      row("Chainage", ["100.000", "200.200"]),
      row("BearingType", ["Elastomeric Laminated", "Pot Free"]),
      row("BearingCount", ["2", "1"]),
      row("BearingSpacing", ["5.000", ""]),
      row("SkewAngle", [String((10 * Math.PI) / 180), "0"]),
    ];
    const { tables, notes, supports } = fillFromRevit({ box: smallBox(), pier, abt }, smallMidas());
    const setup = (parameter: string) => get(tables.midassetup, parameter);
    expect(setup("EndBearing")).toEqual({ Item1: "Pot Fixed", Item3: "Pot Free" });
    expect(setup("BearingOffsets")).toEqual({ Item1: "-2.000, 0.000, 2.000", Item3: "0.000" });
    expect(setup("StartBearing")).toEqual({ Item1: "Elastomeric" });
    expect(setup("StartBearingOffsets")).toEqual({ Item1: "-2.500, 2.500" });
    expect(notes).toEqual([
      'P2 (Revit Item2): Revit BearingType "Spherical Fixed" is not one the model knows (Pot Fixed, Pot Guided, Pot Free, Elastomeric): EndBearing Item2 left as it is.',
      "P2 (Revit Item2): 2 bearings in Revit but no BearingSpacing: BearingOffsets Item2 left as it is.",
      "Skew is not carried (the line model has no skew): A1 10.0° in the Revit tables.",
    ]);
    expect(supports.map((s) => s.skewDegrees)).toEqual([10, null, null, 0]);
    expect(bearingTypeFromRevit(" pot  GUIDED ")).toBe("Pot Guided");
    expect(bearingTypeFromRevit("Fixed")).toBeNull();
    expect(bearingOffsets(2, 4.8)).toBe("-2.400, 2.400");
    expect(bearingOffsets(4, 1.5)).toBe("-2.250, -0.750, 0.750, 2.250");
  });

  it("makes one pile group per pile arrangement, with a PILE-<mm> section, and takes a new group's spacings and soil from a group of its layout", () => {
    const pier = [
      row("PierName", ["P1", "P2"]),
      row("Chainage", ["130.000", "170.000"]),
      row("PileCount", ["4", "4"]),
      row("PileDiameter", ["1.200", "1.200"]),
      row("PileLength", ["15.5", "15.5"]),
      row("PileCapLength", ["8.000", "8.000"]),
      row("PileCapWidth", ["5.000", "5.000"]),
      row("PileCapDepth", ["2.000", "2.000"]),
      row("ConcreteGrade", ["40 MPa", "40 MPa"]),
    ];
    const midas = smallMidas();
    midas.midaspiles = [
      row("PileGroupName", ["OLD"]),
      row("PileRows", ["2"]),
      row("PilesPerRow", ["2"]),
      row("RowSpacing", ["3.600"]),
      row("PileSpacing", ["4.800"]),
      row("PileCapSection", ["CAP"]),
      row("ElementsPerPile", ["6"]),
      row("SoilLayerDepths", ["0, 4"]),
      row("SoilKh", ["5000, 40000"]),
      row("ToeFixity", ["Fixed"]),
    ];
    const { tables, notes } = fillFromRevit({ box: smallBox(), pier }, midas);
    expect(get(tables.midassetup, "PileGroup")).toEqual({ Item1: "PG4-15.5", Item2: "PG4-15.5" });
    expect(tables.midaspiles.map((r) => [r.parameter, r.values.Item2])).toEqual([
      ["PileGroupName", "PG4-15.5"],
      ["PileRows", "2"],
      ["PilesPerRow", "2"],
      ["RowSpacing", "3.600"],
      ["PileSpacing", "4.800"],
      ["PileCapSection", "CAP"],
      ["ElementsPerPile", "6"],
      ["SoilLayerDepths", "0, 4"],
      ["SoilKh", "5000, 40000"],
      ["ToeFixity", "Fixed"],
      ["PileSection", "PILE-1200"],
      ["PileLength", "16.500"],
      ["PileCapLength", "8.000"],
      ["PileCapWidth", "5.000"],
      ["PileCapDepth", "2.000"],
    ]);
    const sections = (parameter: string) => get(tables.midasgeneralsections, parameter).Item2;
    expect([sections("SectionName"), sections("Shape"), sections("Diameter"), sections("Material")]).toEqual(["PILE-1200", "Circle", "1.200", "C40"]);
    expect(notes).toEqual([]);
  });

  it("reports a pile count it has no layout for instead of guessing one", () => {
    const pier = [row("PierName", ["P1"]), row("Chainage", ["130.000"]), row("PileCount", ["5"]), row("PileDiameter", ["1.0"]), row("PileLength", ["12"])];
    for (const [parameter, v] of [
      ["PileCapLength", "6"],
      ["PileCapWidth", "6"],
      ["PileCapDepth", "1.5"],
    ])
      pier.push(row(parameter!, [v!]));
    const { tables, notes } = fillFromRevit({ box: smallBox(), pier }, smallMidas());
    expect(get(tables.midassetup, "PileGroup")).toEqual({});
    expect(notes).toEqual(["P1 (Revit Item1): 5 piles is not a layout the fill knows (1, 2, 3, 4, 6, 8, 9, 12 piles): its pile group is left as it is."]);
  });

  it("without a StartChainage or two abutments the bridge's length apart, fills only the spans and says why", () => {
    const midas = smallMidas();
    midas.midassetup = midas.midassetup.filter((r) => r.parameter !== "StartChainage");
    const pier = [row("PierName", ["P1"]), row("Chainage", ["130.000"]), row("ColumnCount", [2])];
    const abt = [row("AbutmentName", ["A1", "A2"]), row("Chainage", ["100.000", "180.000"])];
    const { tables, notes, supports, unmatched } = fillFromRevit({ box: smallBox(), pier, abt }, midas);
    expect(get(tables.midassetup, "SpanCount")).toEqual({ Item1: "3" });
    expect(get(tables.midassetup, "ColumnCount")).toEqual({});
    expect([supports, unmatched]).toEqual([[], []]);
    expect(notes).toEqual([
      "Model Setup has no StartChainage, and no two Revit abutments lie the bridge's length (100.000 m) apart: set StartChainage to match piers by chainage. Only the spans are filled.",
    ]);
  });

  it("says there is nothing to fill without spans in the box table", () => {
    expect(fillFromRevit({ box: [], pier: demoTables.pier() }, emptyMidasTables())).toMatchObject({
      changes: [],
      notes: ["The Revit box table has no SpanLength values: there is nothing to fill."],
    });
  });
});

describe("fillWrites", () => {
  it("writes each row once in one change of both tables: existing rows edited at the Version the preview read, missing ones created", () => {
    const changes: FillChange[] = [
      { dataset: "midassetup", parameter: "SpanLength", item: "Item1", from: "30", to: "36.000" },
      { dataset: "midasgeneralsections", parameter: "SectionName", item: "Item4", from: "", to: "COL-1200" },
      { dataset: "midassetup", parameter: "SpanLength", item: "Item2", from: "", to: "45.000" },
      { dataset: "midassetup", parameter: "PierName", item: "Item1", from: "", to: "P1" },
    ];
    const setup = [{ Id: 7, Parameter: "SpanLength", Version: 3, Item1: "30" }];
    expect(fillWrites(changes, { midassetup: setup, midasgeneralsections: [] })).toEqual([
      {
        dataset: "midassetup",
        edit: [{ id: 7, data: { Item1: "36.000", Item2: "45.000", Version: 3 } }],
        create: [{ data: { Parameter: "PierName", Item1: "P1" } }],
      },
      { dataset: "midasgeneralsections", create: [{ data: { Parameter: "SectionName", Item4: "COL-1200" } }] },
    ]);
  });
});
