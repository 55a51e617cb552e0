import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallTables } from "@/test/midas-sim/fixtures";
import { type MidasSimulator, startMidasSimulator } from "@/test/midas-sim";
import { applyModel } from "./apply";
import { MidasClient, MidasError } from "./client";
import { type BuiltModel, buildModelWithScheme } from "./model";
import { boxArrays, boxProperties } from "./sections";
import {
  column,
  envelope,
  fetchResults,
  girderKeyPoints,
  isEnvelopeValued,
  loadCaseAddresses,
  MidasResultRequestError,
  parseResultTable,
  resultArgument,
  type ResultTable,
} from "./results";

const built: BuiltModel = buildModelWithScheme(smallTables());

describe("parseResultTable", () => {
  const answer = {
    "Reaction(Global)": {
      FORCE: "kN",
      DIST: "m",
      HEAD: ["Index", "Node", "Load", "FX", "FY", "FZ", "MX", "MY", "MZ", "Mb"],
      DATA: [
        ["1", "1", "DL", "3.082169679668", "0.536339553582", "160.905188552207", "-0.531870057302", "3.112177384191", "0.000000000000", "0.000000000000"],
        ["2", "1", "2024", "-1.5e+01", "0", "1", "0", "0", "0", "-"],
      ],
    },
  };

  it("turns the strings of HEAD and DATA into columns and rows with numbers as numbers, keeping the units", () => {
    const t = parseResultTable(answer, "Reaction(Global)");
    expect(t.units).toEqual({ force: "kN", length: "m" });
    expect(t.columns).toEqual(["Node", "Load", "FX", "FY", "FZ", "MX", "MY", "MZ", "Mb"]);
    expect(t.rows[0]).toEqual([1, "DL", 3.082169679668, 0.536339553582, 160.905188552207, -0.531870057302, 3.112177384191, 0, 0]);
    // A load named like a number stays a label; a dash stays text.
    expect(t.rows[1]).toEqual([1, "2024", -15, 0, 1, 0, 0, 0, "-"]);
  });

  it('reads {"message": ""} (no requested series exists) as an empty table, and any other message as MIDAS\'s error', () => {
    expect(parseResultTable({ message: "" }, "X").rows).toEqual([]);
    expect(() => parseResultTable({ message: "[T] Cannot generate table data as there is no analysis result." }, "X")).toThrow(
      new MidasError("midas-error", "MIDAS could not produce the table: [T] Cannot generate table data as there is no analysis result."),
    );
    expect(() => parseResultTable({ Other: {} }, "X")).toThrow(/without the table "X"/);
  });
});

describe("addressing load cases", () => {
  it("asks for static cases as (ST), moving loads as max and min, and combinations by whether they hold an envelope", () => {
    expect(isEnvelopeValued("ULS", built.cases)).toBe(true);
    expect(isEnvelopeValued("SLS", built.cases)).toBe(false);
    expect(isEnvelopeValued("ENV", built.cases)).toBe(true);
    expect(loadCaseAddresses(built.cases)).toEqual({
      request: ["DL(ST)", "SDL(ST)", "PS(ST)", "PS-SEC(ST)", "MV(MV:max)", "MV(MV:min)", "ULS(CB:max)", "ULS(CB:min)", "SLS(CB)", "ENV(CB:max)", "ENV(CB:min)"],
      labels: ["DL", "SDL", "PS", "PS-SEC", "MV(max)", "MV(min)", "ULS(max)", "ULS(min)", "SLS", "ENV(max)", "ENV(min)"],
    });
    expect(loadCaseAddresses(built.cases, ["SLS", "DL"]).request).toEqual(["SLS(CB)", "DL(ST)"]);
    expect(() => loadCaseAddresses(built.cases, ["WIND"])).toThrow(MidasResultRequestError);
  });

  it("builds the /post/TABLE argument of each kind from the id scheme", () => {
    expect(resultArgument("reaction", built.scheme, ["DL(ST)"])).toMatchObject({
      TABLE_NAME: "Pontifex-reaction",
      TABLE_TYPE: "REACTIONG",
      UNIT: { FORCE: "kN", DIST: "m" },
      NODE_ELEMS: { KEYS: [10001, built.scheme.supports[1]!.piles[0]!.toeNode, 12001] },
      LOAD_CASE_NAMES: ["DL(ST)"],
    });
    // One elastic link per bearing: the small bridge has one bearing per support, links 1 of blocks 100000, 100100, 100200.
    expect(resultArgument("bearing", built.scheme, []).NODE_ELEMS).toEqual({ KEYS: [100001, 100101, 100201] });
    expect(resultArgument("girder", built.scheme, [])).toMatchObject({
      TABLE_TYPE: "BEAMFORCE",
      PARTS: ["PartI", "PartJ"],
      NODE_ELEMS: { KEYS: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    });
    expect(resultArgument("pile", built.scheme, []).NODE_ELEMS).toEqual({ KEYS: built.scheme.supports[1]!.piles[0]!.elements });
  });
});

describe("envelope", () => {
  const table: ResultTable = {
    units: { force: "kN", length: "m" },
    columns: ["Elem", "Part", "Load", "Shear", "Moment"],
    rows: [
      [1, "I", "A", 10, -5],
      [1, "I", "B", -4, 20],
      [1, "J", "A", 3, 7],
      [1, "J", "C", 99, 99],
    ],
  };

  it("takes max and min of every value column per point over the chosen loads", () => {
    expect(envelope(table, { by: ["Elem", "Part"], loads: ["A", "B"] })).toEqual({
      units: { force: "kN", length: "m" },
      columns: ["Elem", "Part", "Envelope", "Shear", "Moment"],
      rows: [
        [1, "I", "max", 10, 20],
        [1, "I", "min", -4, -5],
        [1, "J", "max", 3, 7],
        [1, "J", "min", 3, 7],
      ],
    });
    expect(envelope(table, { by: ["Elem"], values: ["Moment"] }).rows).toEqual([
      [1, "max", 99],
      [1, "min", -5],
    ]);
  });
});

describe("fetchResults against the simulator", () => {
  let sim: MidasSimulator;
  let client: MidasClient;
  beforeAll(async () => {
    sim = await startMidasSimulator({ key: "results-key", title: "C:\\Bridges\\Results test.mcb" });
    client = new MidasClient({ baseUrl: sim.url, apiKey: "results-key" });
    await applyModel(client, built.model);
  });
  afterAll(async () => {
    await sim.close();
  });

  it("says there are no results before the analysis", async () => {
    await expect(fetchResults(client, built, "reaction")).rejects.toThrow(/no analysis result/);
  });

  it("reads reactions per support, bearings per link, girder forces by chainage and pile forces by depth", async () => {
    await client.runAnalysis();
    const reactions = await fetchResults(client, built, "reaction", ["DL", "SDL"]);
    expect(reactions.missing).toEqual([]);
    expect(reactions.columns).toEqual(["Support", "Chainage", "Load", "FX", "FY", "FZ", "MX", "MY", "MZ", "Nodes"]);
    expect(reactions.rows.map((r) => [r[0], r[2]])).toEqual([
      ["A1", "DL"],
      ["A1", "SDL"],
      ["P1", "DL"],
      ["P1", "SDL"],
      ["A2", "DL"],
      ["A2", "SDL"],
    ]);
    // 20 kN/m on 60 m of girder: the supports carry 1200 kN between them.
    const sdl = reactions.rows.filter((r) => r[2] === "SDL").reduce((sum, r) => sum + (r[5] as number), 0);
    expect(sdl).toBeCloseTo(1200, 2);

    const bearings = await fetchResults(client, built, "bearing", ["DL", "MV"]);
    expect(bearings.columns).toEqual(["Support", "Chainage", "Link", "Load", "Vertical", "Longitudinal", "Transverse", "Fixity", "Uplift", "Offset"]);
    const a1 = bearings.rows.filter((r) => r[0] === "A1");
    expect(a1.map((r) => r[3])).toEqual(["DL", "MV(max)", "MV(min)"]);
    // Under dead load the bearing carries the whole reaction of its abutment.
    const reactionAt = (support: string, load: string) => reactions.rows.find((r) => r[0] === support && r[2] === load)![5] as number;
    expect(a1[0]![4]).toBeCloseTo(reactionAt("A1", "DL"), 3);
    expect(a1[0]![8]).toBe("no");
    // Traffic on the far span lifts the near end: a negative minimum is flagged as uplift.
    expect(a1[2]![4]).toBeLessThan(0);
    expect(a1[2]![8]).toBe("yes");

    const girder = await fetchResults(client, built, "girder", ["SDL"]);
    expect(girder.columns).toEqual(["Elem", "Span", "Part", "Chainage", "Load", "Axial", "Shear", "Moment", "Torsion"]);
    expect(girder.rows.map((r) => r[3])).toEqual([...girder.rows.map((r) => r[3] as number)].sort((a, b) => a - b));
    const pier = girder.rows.find((r) => r[0] === 6 && r[2] === "J")!;
    const midspan = girder.rows.find((r) => r[0] === 3 && r[2] === "J")!;
    // Statics of span 1 under 20 kN/m, the girder, its arm and A1's bearing taken from A1's seat: V(x) = R_A − 20 x and
    // M(x) = R_A x − 20 x²/2 + H_A (z_seat − z_centroid) + M_A: the bearing stands 2.2 m below the girder's top at its
    // soffit, so the longitudinal force its stiffness (1,000 kN/m) takes as the end turns, and the seat's moment, bend
    // the girder a little. Sagging at mid-span (15 m), hogging over the pier (30 m).
    const ra = reactionAt("A1", "SDL");
    const a1sdl = reactions.rows.find((r) => r[0] === "A1" && r[2] === "SDL")!;
    const [ha, ma] = [a1sdl[3] as number, a1sdl[7] as number];
    const centroid =
      20 -
      boxProperties(
        boxArrays({
          depth: 2,
          topWidth: 10,
          bottomWidth: 5,
          topSlab: 0.25,
          bottomSlab: 0.2,
          web: 0.4,
          cantilever: 2.5,
          cantileverTip: 0.2,
          cantileverRoot: 0.4,
        }),
      ).centroidDepth;
    const statics = (x: number) => ra * x - (20 * x ** 2) / 2 + ha * (17.8 - centroid) + ma;
    expect(midspan[6]).toBeCloseTo(ra - 20 * 15, 3);
    expect(pier[6]).toBeCloseTo(ra - 20 * 30, 3);
    expect(midspan[7]).toBeCloseTo(statics(15), 1);
    expect(pier[7]).toBeCloseTo(statics(30), 1);
    // On bearings that give a little, R_A is within 2% of the rigid supports' 3wL/8 = 225 kN.
    expect(Math.abs(ra / 225 - 1)).toBeLessThan(0.02);
    expect(pier[7]).toBeLessThan(0);

    const piles = await fetchResults(client, built, "pile", ["DL"]);
    expect(piles.columns.slice(0, 7)).toEqual(["Support", "PileGroup", "Pile", "Elem", "Part", "Depth", "Load"]);
    expect(piles.rows.map((r) => [r[0], r[1], r[2], r[5]])).toEqual([
      ["P1", "PG1", "R1C1", 0],
      ["P1", "PG1", "R1C1", 5],
      ["P1", "PG1", "R1C1", 5],
      ["P1", "PG1", "R1C1", 10],
    ]);
    // Compression (negative), growing down the pile by its weight: a 1.2 m circle, 5 m per element, 25 kN/m³.
    expect(piles.rows[0]![7]).toBeLessThan(0);
    expect((piles.rows[1]![7] as number) - (piles.rows[0]![7] as number)).toBeCloseTo(-((Math.PI * 1.2 ** 2) / 4) * 5 * 25, 3);
  });

  it("reads the same numbers from a build that names the columns otherwise (Elastic Link, Element, Fx, I[n]), and names what it missed", async () => {
    const other = await startMidasSimulator({ key: "results-key", title: "C:\\Bridges\\Other build.mcb", alternativeColumns: true });
    try {
      const otherClient = new MidasClient({ baseUrl: other.url, apiKey: "results-key" });
      await applyModel(otherClient, built.model);
      await otherClient.runAnalysis();
      const raw = await otherClient.postTable(resultArgument("bearing", built.scheme, ["DL(ST)"]));
      expect((Object.values(raw)[0] as { HEAD: string[] }).HEAD).toContain("Elastic Link");
      for (const kind of ["reaction", "bearing", "girder", "pile"] as const) {
        const cases = kind === "bearing" ? ["DL", "MV"] : ["DL", "SDL"];
        expect(await fetchResults(otherClient, built, kind, cases), kind).toEqual(await fetchResults(client, built, kind, cases));
      }
    } finally {
      await other.close();
    }
    const noNode: ResultTable = { units: { force: "kN", length: "m" }, columns: ["Load", "FX"], rows: [], source: 'REACTIONG table "Pontifex-reaction"' };
    expect(() => column(noNode, "Node")).toThrow('The MIDAS REACTIONG table "Pontifex-reaction" has no "Node" column (it has Load, FX).');
    const noLink: ResultTable = { ...noNode, columns: ["Load", "Link Id"], source: 'ELASTICLINK table "Pontifex-bearing"' };
    expect(() => column(noLink, "No.")).toThrow('The MIDAS ELASTICLINK table "Pontifex-bearing" has no "No." or "Elastic Link" column (it has Load, Link Id).');
  });

  it("notices a series MIDAS dropped silently because it was addressed with the wrong suffix", async () => {
    const wrong = {
      ...built,
      cases: { ...built.cases, combinations: built.cases.combinations.map((c) => (c.name === "SLS" ? { ...c, method: "Envelope" as const } : c)) },
    };
    const result = await fetchResults(client, wrong, "reaction", ["SLS", "DL"]);
    expect(result.missing).toEqual(["SLS(max)", "SLS(min)"]);
    expect(new Set(result.rows.map((r) => r[2]))).toEqual(new Set(["DL"]));
  });

  it("lists the supports and mid-spans of the girder with the element end at each", () => {
    expect(girderKeyPoints(built.scheme)).toEqual([
      { label: "A1", chainage: 100, elem: 1, part: "I" },
      { label: "Span 1 mid", chainage: 115, elem: 3, part: "J" },
      { label: "P1", chainage: 130, elem: 6, part: "J" },
      { label: "Span 2 mid", chainage: 145, elem: 9, part: "J" },
      { label: "A2", chainage: 160, elem: 12, part: "J" },
    ]);
  });
});
