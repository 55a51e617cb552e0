import { describe, expect, it } from "vitest";
import { demoMidasTables } from "@/lib/demo/seed-midas-data";
import { withValue } from "@/test/midas-sim/fixtures";
import { buildModelWithScheme } from "./model";
import { boxArrays, boxProperties, circleProperties, rectangleProperties } from "./sections";
import { modelSketch, modelSummary } from "./summary";

const built = buildModelWithScheme(demoMidasTables());
const summary = modelSummary(built);
const sketch = modelSketch(built);
const caseNamed = (name: string) => summary.cases.find((c) => c.name === name)!;
const rowsOf = (table: string) => (built.model.find((r) => r.table === table)?.assign ?? {}) as Record<string, Record<string, unknown>>;

describe("the summary of the demo's model", () => {
  it("totals SDL as 40 kN/m over the 522 m girder: 20,880 kN on plan, on the elements' lengths along the 1.2 % grade as MIDAS loads them", () => {
    const sdl = caseNamed("SDL");
    expect(sdl).toMatchObject({ kind: "superimposed", type: "DW", longitudinal: 0, transverse: 0 });
    expect(sdl.vertical).toBeCloseTo(40 * 522 * Math.hypot(1, 0.012), 2);
    expect(sdl.how[0]).toBe("SDL: 40 kN/m × 522 m = 20,880 kN on plan; 20,881.5 kN along the girder's 1.2 % grade, as MIDAS applies it");
  });

  it("totals the dead load by hand: every member's length × area × 25 kN/m³, the pile caps once (9 × 3.6 × 1.5 m each) and the diaphragms", () => {
    const dl = caseNamed("DL");
    const sections = new Map(
      built.parsed.generalSections.map((s) => [s.name, s.shape === "Circle" ? circleProperties(s.diameter).area : rectangleProperties(s.width, s.depth).area]),
    );
    for (const s of built.parsed.pscSections) sections.set(s.name, boxProperties(boxArrays(s)).area);
    // Girder: each element's length on the grade × its section's area.
    const girder = built.scheme.girderElements.reduce((sum, e) => sum + (e.chainageJ - e.chainageI) * Math.hypot(1, 0.012) * sections.get(e.section)! * 25, 0);
    const nodes = rowsOf("NODE");
    const length = (id: number) => {
      const [i, j] = rowsOf("ELEM")[String(id)]!.NODE as number[];
      const [a, b] = [nodes[String(i)]!, nodes[String(j)]!];
      return Math.hypot(Number(b.X) - Number(a.X), Number(b.Y) - Number(a.Y), Number(b.Z) - Number(a.Z));
    };
    let substructure = 0;
    for (const s of built.scheme.supports) {
      if (s.kind !== "pier") continue;
      const pier = built.parsed.setup.piers.find((p) => p.name === s.name)!;
      const group = built.parsed.pileGroups.find((g) => g.name === pier.pileGroup)!;
      substructure += s.columnElements.reduce((sum, e) => sum + length(e) * sections.get(pier.section)! * 25, 0);
      substructure += s.headstockElements.reduce((sum, e) => sum + length(e) * sections.get(pier.headstockSection)! * 25, 0);
      substructure += s.piles.reduce((sum, p) => sum + p.elements.reduce((n, e) => n + length(e) * sections.get(group.pileSection)! * 25, 0), 0);
    }
    const caps = 11 * 9 * 3.6 * 1.5 * 25;
    expect(caps).toBeCloseTo(13365, 6);
    const diaphragms = summary.supports.reduce((sum, s) => sum + s.diaphragm, 0);
    expect(diaphragms).toBeCloseTo(3939.23, 1);
    expect(dl.vertical).toBeCloseTo(girder + substructure + caps + diaphragms, 1);
    expect(dl.how[0]).toMatch(/^DL: self weight of the members [\d,.]+ kN \+ diaphragms 3,939.2 kN \+ pile caps 13,365 kN = [\d,.]+ kN$/);
    expect(dl.tables).toEqual(["STLD", "BODF", "CNLD"]);
  });

  it("gives every case its kind, the horizontal totals of braking, centrifugal force and wind, and what temperature, settlement and prestress impose", () => {
    expect(summary.cases.map((c) => [c.name, c.kind])).toEqual([
      ["DL", "permanent"],
      ["SDL", "superimposed"],
      ["PS", "prestress"],
      ["BRK", "braking"],
      ["CF", "centrifugal"],
      ["TEMP-RISE", "temperature"],
      ["TEMP-FALL", "temperature"],
      ["TEMP-GRAD", "temperature"],
      ["WIND", "wind"],
      ["WIND-TRAFFIC", "wind"],
      ["PIER-WIND", "wind"],
      ["SETTLE-P6", "settlement"],
      ["PS-SEC", "prestress"],
    ]);
    const grade = Math.hypot(1, 0.012);
    expect(caseNamed("BRK").longitudinal).toBeCloseTo(1.379 * 522 * grade, 2);
    expect(caseNamed("CF").transverse).toBeCloseTo(3.7 * 171 * grade, 2);
    expect(caseNamed("CF").how).toEqual(["CF: 3.7 kN/m × 171 m (spans 1, 2, 3, 4) across = 632.7 kN"]);
    expect(caseNamed("WIND").transverse).toBeCloseTo(4.9 * 522 * grade, 2);
    expect(caseNamed("TEMP-RISE")).toMatchObject({ vertical: 0, imposed: ["Uniform temperature +20 °C on the girder of all spans"], tables: ["STLD", "ETMP"] });
    expect(caseNamed("SETTLE-P6").imposed).toEqual(["Settlement of 20 mm at the pile toes of P6"]);
    expect(caseNamed("PS-SEC")).toMatchObject({ vertical: 0, tables: ["STLD", "ETMP", "GTMP"] });
    // Pier wind: 2.5 kN/m on every column of the 11 piers, each column as long as the model has it.
    const columns = built.scheme.supports.reduce((n, s) => n + s.columnElements.length, 0);
    expect(columns).toBe(11 * 2 * 2);
    expect(caseNamed("PIER-WIND").longitudinal).toBeGreaterThan(0);
  });

  it("lists the vehicles: M1600 1,440 kN on 12 axles 1.25 m apart within its groups, S1600 960 kN, their lane loads, allowance, lanes and the variable gap", () => {
    const [m1600, s1600] = summary.vehicles;
    expect(m1600).toMatchObject({ name: "M1600", total: 1440, axleCount: 12, laneLoad: 6, dynamicLoadAllowance: 30, laneWidth: 3.2 });
    expect(m1600!.axles.map((a) => a.spacing)).toEqual([1.25, 1.25, 3.75, 1.25, 1.25, 6.25, 1.25, 1.25, 5, 1.25, 1.25, null]);
    expect(m1600!.axles.every((a) => a.load === 120)).toBe(true);
    expect(m1600!.variableGap).toEqual({ afterAxle: 6, lengths: [6.25, 8, 10, 12.5, 15, 20, 25, 30, 35, 40, 45] });
    expect(m1600!.lanes).toEqual([
      { lane: 1, eccentricity: 3.2, factor: 1 },
      { lane: 2, eccentricity: 0, factor: 0.8 },
      { lane: 3, eccentricity: -3.2, factor: 0.4 },
    ]);
    expect(s1600).toMatchObject({ name: "S1600", total: 960, axleCount: 12, laneLoad: 24, dynamicLoadAllowance: 0 });
  });

  it("gives every pile group's springs: one on every pile node below the cap, as NSPR holds them, and the toe", () => {
    const nspr = rowsOf("NSPR");
    expect(summary.pileGroups.map((g) => [g.name, g.piers.length, g.pilesPerPier, g.springsPerPile, g.springNodes, g.toe])).toEqual([
      ["PG4-18", 6, 4, 4, 6 * 4 * 4, "Pinned"],
      ["PG6-22", 5, 6, 4, 5 * 6 * 4, "Pinned"],
    ]);
    expect(summary.pileGroups.reduce((n, g) => n + g.springNodes, 0)).toBe(Object.keys(nspr).length);
    const [pg4] = summary.pileGroups;
    expect(pg4!.layers).toEqual([
      { top: 0, bottom: 3, kh: 1900 },
      { top: 3, bottom: 10, kh: 27200 },
      { top: 10, bottom: 18, kh: 152900 },
    ]);
    // 18.75 m in 4 elements from the cap's centroid, 0.75 m above its underside: nodes 3.94, 8.63, 13.31, 18 m down.
    expect(pg4!.nodes.map((n) => n.depth)).toEqual([3.938, 8.625, 13.313, 18]);
    // The first node stands for 1.594 to 6.281 m: kh × D × length, in the layer of its own depth (3 to 10 m).
    expect(pg4!.nodes[0]!.stiffness).toBeCloseTo(27200 * 1.05 * 4.6875, 3);
    expect(pg4!.nodes.every((n) => n.stiffness > 0)).toBe(true);
  });

  it("gives each support's bearings: two each at ±2.4 m, their type, fixity along the bridge and stiffness per bearing", () => {
    expect(summary.supports).toHaveLength(13);
    for (const s of summary.supports) {
      expect(s.bearings.map((b) => b.offset)).toEqual([-2.4, 2.4]);
      expect(s.fixity).toBe(s.type === "Pot Fixed" ? "Fixed" : "Free");
      for (const b of s.bearings) {
        expect(b.vertical).toBe(built.parsed.setup.bearingVerticalStiffness / 2);
        expect(b.longitudinal).toBe((s.type === "Pot Fixed" ? built.parsed.setup.bearingFixedStiffness : built.parsed.setup.bearingFreeStiffness) / 2);
      }
    }
    expect(summary.supports.some((s) => s.fixity === "Fixed")).toBe(true);
    expect(summary.supports[0]).toMatchObject({ support: "A1", kind: "abutment", chainage: 1032.5, diaphragm: 308.063 });
  });

  it("marks the generated combinations, and an engineer's own as not generated", () => {
    expect(summary.combinations.length).toBe(built.parsed.combinations.length);
    expect(summary.combinations.every((c) => c.generated)).toBe(true);
    const min = summary.combinations.find((c) => c.name === "ULS-M1600-MIN")!;
    expect(min.factors.slice(0, 3)).toEqual([
      { name: "DL", factor: 0.85, kind: "permanent" },
      { name: "SDL", factor: 0.7, kind: "superimposed" },
      { name: "PS-SEC", factor: 1, kind: "prestress" },
    ]);
    expect(min.factors.find((f) => f.name === "M1600")).toEqual({ name: "M1600", factor: 1.8, kind: "moving" });
    expect(summary.combinations.find((c) => c.name === "ULS-ENV")!.factors[0]!.kind).toBe("combination");

    let tables = demoMidasTables();
    for (const [parameter, value] of [
      ["CombinationName", "MY-CHECK"],
      ["LimitState", "Serviceability"],
      ["CombinationMethod", "Add"],
      ["DL", "1"],
    ] as const)
      tables = withValue(tables, "midasloadcomb", parameter, "Item1", value);
    const own = modelSummary(buildModelWithScheme(tables)).combinations.at(-1)!;
    expect(own).toMatchObject({ name: "MY-CHECK", generated: false, factors: [{ name: "DL", factor: 1, kind: "permanent" }] });
  });
});

describe("the sketch of the demo's model", () => {
  it("draws the girder from chainage 1,032.5 to 1,554.5 in 12 spans, with the 13 supports at their chainages", () => {
    expect(sketch).toMatchObject({ startChainage: 1032.5, endChainage: 1554.5, deckWidth: 12.8 });
    expect(sketch.spans.map((s) => s.length)).toEqual([36, ...Array(10).fill(45), 36]);
    expect(sketch.supports.map((s) => s.name)).toEqual(["A1", ...Array.from({ length: 11 }, (_, k) => `P${k + 1}`), "A2"]);
    expect(sketch.supports.map((s) => s.chainage)).toEqual([1032.5, ...sketch.spans.map((s) => s.to)]);
  });

  it("puts each pier's parts at the nodes' levels: deck, soffit, headstock, cap, pile toes, from top to bottom", () => {
    const nodes = rowsOf("NODE");
    for (const s of sketch.supports) {
      const support = built.scheme.supports.find((b) => b.name === s.name)!;
      expect(s.deckZ).toBe(nodes[String(support.girderNode)]!.Z);
      expect(s.bearings).toHaveLength(2);
      if (!s.pier) continue;
      const { headstock, cap, piles } = s.pier;
      expect(s.deckZ).toBeGreaterThan(s.soffitZ);
      expect(s.soffitZ - s.seatZ).toBeCloseTo(built.parsed.setup.bearingHeight, 6);
      expect(headstock.top).toBe(s.seatZ);
      expect(headstock.top - headstock.bottom).toBeCloseTo(1.6, 6);
      expect(headstock.bottom).toBeGreaterThan(cap.top);
      expect(cap.top - cap.bottom).toBeCloseTo(1.5, 6);
      for (const p of piles) {
        expect(p.toeZ).toBe(nodes[String(support.piles.find((q) => q.x + 1032.5 === p.x && q.y === p.y)!.toeNode)]!.Z);
        expect(p.springs).toBe(4);
      }
    }
    const p1 = sketch.supports[1]!.pier!;
    expect(p1.cap).toMatchObject({ along: 3.6, across: 9 });
    expect(p1.piles).toHaveLength(4);
    expect(sketch.levels.min).toBe(Math.min(...sketch.supports.flatMap((s) => s.pier?.piles.map((p) => p.toeZ) ?? [])));
  });

  it("moves a pier in the sketch when its table changes: a taller P3 stands on a lower cap", () => {
    const taller = modelSketch(buildModelWithScheme(withValue(demoMidasTables(), "midassetup", "PierHeight", "Item3", "15")));
    const before = sketch.supports[3]!.pier!;
    const after = taller.supports[3]!.pier!;
    expect(after.cap.top).toBeLessThan(before.cap.top);
    expect(after.headstock.bottom - after.cap.top).toBeCloseTo(15, 3);
  });
});
