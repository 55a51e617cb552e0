import { loadCaseAddresses } from "@/lib/midas/results";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoMidasTables } from "@/lib/demo/seed-midas-data";
import { applyModel } from "@/lib/midas/apply";
import { MidasClient, MidasError } from "@/lib/midas/client";
import { buildModelWithScheme } from "@/lib/midas/model";
import { modelSummary } from "@/lib/midas/summary";
import { parseResultTable } from "@/lib/midas/results";
import { type MidasSimulator, startMidasSimulator } from "./index";

const KEY = "analysis-key";
let sim: MidasSimulator;
let client: MidasClient;

beforeEach(async () => {
  // A model saved before (titled): these tests are of the analysis, not of the first save (lib/midas/client.test.ts).
  sim = await startMidasSimulator({ key: KEY, title: "C:\\Bridges\\Simulator test.mcb" });
  client = new MidasClient({ baseUrl: sim.url, apiKey: KEY });
});
afterEach(async () => {
  await sim.close();
});

/** A 20 m beam of 4 elements, pinned at node 1 and on a roller at node 5: the textbook simply supported beam. */
async function simpleBeam(
  loads: { uniform?: number; vehicle?: { axles: number[]; spacings?: number[]; lanes?: number[]; udl?: number; twice?: "COMBINED" | "INDEPENDENT" } } = {},
) {
  await client.put("UNIT", { "1": { FORCE: "KN", DIST: "M" } });
  await client.post("MATL", { "1": { TYPE: "CONC", NAME: "C40", PARAM: [{ P_TYPE: 2, ELAST: 3.28e7, POISN: 0.2, THERMAL: 1e-5, DEN: 0, MASS: 0 }] } });
  await client.post("SECT", {
    "1": { SECTTYPE: "DBUSER", SECT_NAME: "R", SECT_BEFORE: { OFFSET_PT: "CC", SHAPE: "SB", DATATYPE: 2, SECT_I: { vSIZE: [1, 0.5] } } },
  });
  await client.post("NODE", Object.fromEntries([0, 1, 2, 3, 4].map((i) => [String(i + 1), { X: i * 5, Y: 0, Z: 0 }])));
  await client.post("ELEM", Object.fromEntries([1, 2, 3, 4].map((e) => [String(e), { TYPE: "BEAM", MATL: 1, SECT: 1, NODE: [e, e + 1], ANGLE: 0 }])));
  await client.post("CONS", { "1": { ITEMS: [{ ID: 1, CONSTRAINT: "1110000" }] }, "5": { ITEMS: [{ ID: 5, CONSTRAINT: "0110000" }] } });
  await client.post("STLD", { "1": { NAME: "W", TYPE: "D" } });
  if (loads.uniform) {
    const item = { ID: 1, LCNAME: "W", CMD: "BEAM", TYPE: "UNILOAD", DIRECTION: "GZ", D: [0, 1, 0, 0], P: [-loads.uniform, -loads.uniform, 0, 0] };
    await client.post("BMLD", Object.fromEntries([1, 2, 3, 4].map((e) => [String(e), { ITEMS: [item] }])));
  }
  if (loads.vehicle) {
    const v = loads.vehicle;
    const lanes = v.lanes ?? [1];
    const laneNames = lanes.map((_, l) => `L${l + 1}`);
    await client.post(
      "LLAN",
      Object.fromEntries(
        laneNames.map((name, l) => [
          String(l + 1),
          { COMMON: { LL_NAME: name, WIDTH: 3.2 }, LANE_ITEMS: [1, 2, 3, 4].map((e) => ({ ELEM: e, ECC: l * 3.2 })) },
        ]),
      ),
    );
    await client.put("MVCD", { "1": { CODE: "AUSTRALIA" } });
    await client.post("MVHL", {
      "1": {
        MVLD_CODE: 14,
        VEHICLE_LOAD_NAME: "V",
        VEHICLE_LOAD_NUM: 2,
        USER_LOAD_TYPE: "Truck/Lane",
        VEH_AU: {
          UNIFORM_LOAD: v.udl ?? 0,
          DYN_LOAD_ALLOWANCE: 0,
          LOAD_ITEMS: v.axles.map((p, i) => ({ POINT_LOAD: p, POINT_DIST: v.spacings?.[i] ?? 0 })),
        },
      },
    });
    await client.post("MVLD", {
      "1": {
        LCNAME: "MV",
        TYPE: 0,
        DEFAULT: {
          SCALE_FACTORS: lanes,
          ...(v.twice ? { COMB_OPTION: v.twice } : {}),
          SUB_LOAD_DATAS: Array.from({ length: v.twice ? 2 : 1 }, () => ({
            VEHICLE_NAME: "V",
            SCALE_FACTOR: 1,
            MIN_LOADED_LANE: 1,
            MAX_LOADED_LANE: lanes.length,
            LANE_NAMES: laneNames,
          })),
        },
      },
    });
  }
  await client.runAnalysis();
}

async function table(type: string, cases: string[], keys?: number[]) {
  const answer = await client.postTable({
    TABLE_NAME: "T",
    TABLE_TYPE: type,
    UNIT: { FORCE: "kN", DIST: "m" },
    LOAD_CASE_NAMES: cases,
    ...(keys ? { NODE_ELEMS: { KEYS: keys } } : {}),
  });
  return parseResultTable(answer, "T");
}
const pick = (t: Awaited<ReturnType<typeof table>>, column: string) => t.rows.map((r) => r[t.columns.indexOf(column)]);

/**
 * Two 10 m spans of a 0.5 wide × 1 m deep concrete beam (EI = 3.28e7 × 0.5 / 12 = 1.3667e6 kNm², EA = 1.64e7 kN),
 * 8 elements, pinned at node 1 and on rollers at nodes 5 and 9 (or pinned at both ends), with one static case "T" of
 * imposed strains or a support's settlement.
 */
async function twoSpans(load: { table: "ETMP" | "GTMP" | "SDSP"; assign: Record<string, Record<string, unknown>> }, ends: "roller" | "pinned" = "roller") {
  await client.put("UNIT", { "1": { FORCE: "KN", DIST: "M" } });
  await client.post("MATL", { "1": { TYPE: "CONC", NAME: "C40", PARAM: [{ P_TYPE: 2, ELAST: 3.28e7, POISN: 0.2, THERMAL: 1e-5, DEN: 0, MASS: 0 }] } });
  await client.post("SECT", {
    "1": { SECTTYPE: "DBUSER", SECT_NAME: "R", SECT_BEFORE: { OFFSET_PT: "CC", SHAPE: "SB", DATATYPE: 2, SECT_I: { vSIZE: [1, 0.5] } } },
  });
  await client.post("NODE", Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), { X: i * 2.5, Y: 0, Z: 0 }])));
  await client.post(
    "ELEM",
    Object.fromEntries(Array.from({ length: 8 }, (_, e) => [String(e + 1), { TYPE: "BEAM", MATL: 1, SECT: 1, NODE: [e + 1, e + 2], ANGLE: 0 }])),
  );
  await client.post("CONS", {
    "1": { ITEMS: [{ ID: 1, CONSTRAINT: "1110000" }] },
    "5": { ITEMS: [{ ID: 2, CONSTRAINT: "0110000" }] },
    "9": { ITEMS: [{ ID: 3, CONSTRAINT: ends === "pinned" ? "1110000" : "0110000" }] },
  });
  await client.post("STLD", { "1": { NAME: "T", TYPE: "T" } });
  await client.post(load.table, load.assign);
  await client.runAnalysis();
}
const EI = (3.28e7 * 0.5) / 12;

describe("the simulator's imposed strains and settlements, against hand calculations", () => {
  it("bends under a temperature gradient only where supports restrain it: 1.5 EIκ sagging over the middle support", async () => {
    // TZ = 10 °C over HZ = 1 m: κ = αTZ/HZ = 1e-4 /m, the top lengthening. Held down at the middle, the beam needs
    // R = 3EIκ/L there (downward) and M = R·2L/4 = 1.5 EIκ sagging (205 kNm).
    const items = { ITEMS: [{ ID: 1, LCNAME: "T", TYPE: 1, TZ: 10, USE_HZ: false, HZ: 1, TY: 0, USE_HY: true }] };
    await twoSpans({ table: "GTMP", assign: Object.fromEntries(Array.from({ length: 8 }, (_, e) => [String(e + 1), items])) });
    const kappa = 1e-4;
    const beam = await table("BEAMFORCE", ["T(ST)"], [4]);
    const atMiddle = beam.rows.find((r) => r[beam.columns.indexOf("Part")] === "J")![beam.columns.indexOf("Moment-y")] as number;
    expect(atMiddle).toBeCloseTo(1.5 * EI * kappa, 3);
    const reactions = await table("REACTIONG", ["T(ST)"]);
    expect(pick(reactions, "FZ")).toEqual([
      expect.closeTo((1.5 * EI * kappa) / 10, 3),
      expect.closeTo((-3 * EI * kappa) / 10, 3),
      expect.closeTo((1.5 * EI * kappa) / 10, 3),
    ]);
  });

  it("takes a uniform temperature as an axial strain, restrained between pinned ends: N = −EAαT", async () => {
    const items = { ITEMS: [{ ID: 1, LCNAME: "T", TEMP: 20 }] };
    await twoSpans({ table: "ETMP", assign: Object.fromEntries(Array.from({ length: 8 }, (_, e) => [String(e + 1), items])) }, "pinned");
    const beam = await table("BEAMFORCE", ["T(ST)"], [1, 8]);
    for (const axial of pick(beam, "Axial")) expect(axial).toBeCloseTo(-(3.28e7 * 0.5) * 1e-5 * 20, 3);
    for (const moment of pick(beam, "Moment-y")) expect(moment).toBeCloseTo(0, 6);
  });

  it("moves a support by its specified displacement: the middle settling δ takes R = 6EIδ/L³ and bends the beam 3EIδ/L²", async () => {
    const down = [0, 0, -0.01, 0, 0, 0].map((d, k) => ({ OPT_FLAG: k === 2, DISPLACEMENT: d }));
    await twoSpans({ table: "SDSP", assign: { "5": { ITEMS: [{ ID: 1, LCNAME: "T", GROUP_NAME: "", VALUES: down }] } } });
    // Pulled down at the middle by R, held up at the ends by R/2: sagging R/2 · L at the middle.
    const reactions = await table("REACTIONG", ["T(ST)"]);
    expect(pick(reactions, "FZ")).toEqual([
      expect.closeTo((3 * EI * 0.01) / 1000, 3),
      expect.closeTo((-6 * EI * 0.01) / 1000, 3),
      expect.closeTo((3 * EI * 0.01) / 1000, 3),
    ]);
    const beam = await table("BEAMFORCE", ["T(ST)"], [4]);
    const atMiddle = beam.rows.find((r) => r[beam.columns.indexOf("Part")] === "J")![beam.columns.indexOf("Moment-y")] as number;
    expect(atMiddle).toBeCloseTo((3 * EI * 0.01) / 100, 3);
  });
});

describe("the simulator's analysis", () => {
  it("solves a simply supported beam under a uniform load: reactions wL/2, mid-span moment wL²/8", async () => {
    await simpleBeam({ uniform: 10 });
    const reactions = await table("REACTIONG", ["W(ST)"]);
    expect(pick(reactions, "Node")).toEqual([1, 5]);
    for (const fz of pick(reactions, "FZ")) expect(fz).toBeCloseTo(100, 3);
    const beam = await table("BEAMFORCE", ["W(ST)"], [2]);
    const j = beam.rows.find((r) => r[beam.columns.indexOf("Part")] === "J")!;
    expect(j[beam.columns.indexOf("Moment-y")]).toBeCloseTo(500, 3);
    expect(j[beam.columns.indexOf("Shear-z")]).toBeCloseTo(0, 3);
    const i = beam.rows.find((r) => r[beam.columns.indexOf("Part")] === "I")!;
    expect(i[beam.columns.indexOf("Moment-y")]).toBeCloseTo(375, 3);
    expect(i[beam.columns.indexOf("Shear-z")]).toBeCloseTo(50, 3);
  });

  it("takes sub-loads INDEPENDENT as an envelope (a variable spacing's lengths) and COMBINED as a sum", async () => {
    await simpleBeam({ vehicle: { axles: [100], twice: "INDEPENDENT" } });
    expect(pick(await table("REACTIONG", ["MV(MV:max)"], [1]), "FZ")[0]).toBeCloseTo(100, 3);
    await sim.close();
    sim = await startMidasSimulator({ key: KEY, title: "C:\\Bridges\\Simulator test.mcb" });
    client = new MidasClient({ baseUrl: sim.url, apiKey: KEY });
    await simpleBeam({ vehicle: { axles: [100], twice: "COMBINED" } });
    expect(pick(await table("REACTIONG", ["MV(MV:max)"], [1]), "FZ")[0]).toBeCloseTo(200, 3);
  });

  it("runs a vehicle over influence lines: one axle gives reactions up to P and a mid-span moment of PL/4, times the lane factors", async () => {
    await simpleBeam({ vehicle: { axles: [100], lanes: [1, 0.8] } });
    const reactions = await table("REACTIONG", ["MV(MV:all)"], [1]);
    expect(pick(reactions, "Load")).toEqual(["MV(max)", "MV(min)"]);
    expect(pick(reactions, "FZ")[0]).toBeCloseTo(180, 3);
    expect(pick(reactions, "FZ")[1]).toBeCloseTo(0, 6);
    const beam = await table("BEAMFORCE", ["MV(MV:max)"], [2]);
    const j = beam.rows.find((r) => r[beam.columns.indexOf("Part")] === "J")!;
    expect(j[beam.columns.indexOf("Moment-y")]).toBeCloseTo((1.8 * 100 * 20) / 4, 3);
  });

  it("balances the applied loads of every static case of the demo bridge with its reactions", async () => {
    const built = buildModelWithScheme(demoMidasTables());
    expect((await applyModel(client, built.model)).outcome).toBe("applied");
    await client.runAnalysis();
    const reactions = await table(
      "REACTIONG",
      built.cases.static.map((c) => `${c}(ST)`),
    );
    const sum = (load: string, column: string) =>
      reactions.rows.filter((r) => r[1] === load).reduce((s, r) => s + (r[reactions.columns.indexOf(column)] as number), 0);
    const applied = sim.state.results!.applied;
    for (const name of built.cases.static) {
      const a = applied.get(name)!;
      expect(sum(name, "FX") + a.fx, `${name} FX`).toBeCloseTo(0, 1);
      expect(sum(name, "FZ") + a.fz, `${name} FZ`).toBeCloseTo(0, 1);
    }
    // And against the totals the engineer checks before applying, worked out from the request set alone (summary.ts:
    // members' length × area × density, nodal and beam loads): every case's reactions sum to its total load.
    const summary = modelSummary(built);
    expect(summary.cases.map((c) => c.name).sort()).toEqual([...built.cases.static].sort());
    for (const c of summary.cases) {
      expect(sum(c.name, "FZ"), `${c.name} vertical`).toBeCloseTo(c.vertical, 1);
      expect(-sum(c.name, "FX"), `${c.name} along the bridge`).toBeCloseTo(c.longitudinal, 1);
    }
    // Independent totals: 40 kN/m over the girder's true length; prestress and its secondary effect are self-equilibrated;
    // 2.5 kN/m along every column; braking 1.379 kN/m along the girder; a settlement moves reactions but adds no load.
    const girder = built.model.find((r) => r.table === "NODE")!.assign;
    const length = built.scheme.girderElements.reduce((s, e) => {
      const a = girder[String(e.nodeI)]!;
      const b = girder[String(e.nodeJ)]!;
      return s + Math.hypot((b.X as number) - (a.X as number), (b.Z as number) - (a.Z as number));
    }, 0);
    expect(sum("SDL", "FZ")).toBeCloseTo(40 * length, 1);
    expect(Math.abs(sum("PS", "FZ"))).toBeLessThan(1e-3);
    expect(Math.abs(sum("PS-SEC", "FZ"))).toBeLessThan(1e-3);
    expect(Math.abs(sum("SETTLE-P6", "FZ"))).toBeLessThan(1e-3);
    expect(Math.abs(sum("TEMP-GRAD", "FZ"))).toBeLessThan(1e-3);
    const nodes = built.model.find((r) => r.table === "NODE")!.assign;
    const elements = built.model.find((r) => r.table === "ELEM")!.assign;
    const columnLength = built.scheme.supports
      .flatMap((s) => s.columnElements)
      .reduce((s, e) => {
        const [i, j] = (elements[String(e)]!.NODE as number[]).map((n) => nodes[String(n)]!);
        return s + Math.hypot((j!.X as number) - (i!.X as number), (j!.Y as number) - (i!.Y as number), (j!.Z as number) - (i!.Z as number));
      }, 0);
    expect(sum("PIER-WIND", "FX")).toBeCloseTo(-2.5 * columnLength, 1);
  });

  it("combines cases: an Add is the factored sum, an envelope the extremes", async () => {
    const built = buildModelWithScheme(demoMidasTables());
    const ultimate = built.cases.combinations.filter((c) => c.name.startsWith("ULS-") && c.name !== "ULS-ENV");
    await applyModel(client, built.model);
    await client.runAnalysis();
    const t = await table(
      "BEAMFORCE",
      loadCaseAddresses(built.cases, ["DL", "SDL", "PS", "SETTLE-P6", "BRK", "CF", "SLS-M1600", "M1600", ...ultimate.map((c) => c.name), "ULS-ENV"]).request,
      [5],
    );
    const m = (load: string) => t.rows.find((r) => r[1] === load && r[2] === "I")![t.columns.indexOf("Moment-y")] as number;
    expect(m("SLS-M1600(max)")).toBeCloseTo(m("DL") + m("SDL") + m("PS") + m("SETTLE-P6") + m("BRK") + m("CF") + m("M1600(max)"), 2);
    const label = (name: string) => loadCaseAddresses(built.cases, [name]).labels[0]!;
    expect(m("ULS-ENV(max)")).toBeCloseTo(Math.max(...ultimate.map((c) => m(label(c.name)))), 4);
  });

  it("answers like MIDAS when results cannot be had: none before analysis, none after an edit, nothing for a wrong suffix", async () => {
    await simpleBeam({ uniform: 10 });
    expect((await client.postTable({ TABLE_NAME: "T", TABLE_TYPE: "REACTIONG", LOAD_CASE_NAMES: ["W(CB)"] })).message).toBe("");
    await client.put("NODE", { "3": { Z: 0.01 } });
    await expect(client.postTable({ TABLE_NAME: "T", TABLE_TYPE: "REACTIONG", LOAD_CASE_NAMES: ["W(ST)"] })).rejects.toThrow(/no analysis result/);
    await expect(client.postTable({ TABLE_NAME: "T", TABLE_TYPE: "REACTIONX" })).rejects.toThrow(MidasError);
  });

  it("accepts an element pointing at a missing section, then fails the analysis naming it", async () => {
    await simpleBeam({ uniform: 10 });
    await client.put("ELEM", { "2": { SECT: 7 } });
    expect((await client.get("ELEM"))["2"]!.SECT).toBe(7);
    await expect(client.runAnalysis()).rejects.toThrow("The MIDAS analysis failed: Error: Element 2 refers to section 7, which does not exist.");
  });

  it("holds a node with a point spring: a cantilever's tip load shared by the spring and the cantilever, the spring's force a reaction", async () => {
    // A 10 m vertical cantilever fixed at its foot, a 1,000 kN/m lateral spring at its tip, 100 kN sideways at the tip.
    await client.put("UNIT", { "1": { FORCE: "KN", DIST: "M" } });
    await client.post("MATL", { "1": { TYPE: "CONC", NAME: "C", PARAM: [{ P_TYPE: 2, ELAST: 3e7, POISN: 0.2, DEN: 0 }] } });
    await client.post("SECT", { "1": { SECTTYPE: "DBUSER", SECT_NAME: "R", SECT_BEFORE: { OFFSET_PT: "CC", SHAPE: "SB", SECT_I: { vSIZE: [0.5, 0.5] } } } });
    await client.post("NODE", { "1": { X: 0, Z: 0 }, "2": { X: 0, Z: 10 } });
    await client.post("ELEM", { "1": { TYPE: "BEAM", MATL: 1, SECT: 1, NODE: [1, 2] } });
    await client.post("CONS", { "1": { ITEMS: [{ ID: 1, CONSTRAINT: "1111111" }] } });
    await client.post("NSPR", { "2": { ITEMS: [{ ID: 1, TYPE: "LINEAR", SDR: [1000, 1000, 0, 0, 0, 0] }] } });
    await client.post("STLD", { "1": { NAME: "H" } });
    await client.post("CNLD", { "2": { ITEMS: [{ ID: 1, LCNAME: "H", FX: 100 }] } });
    await client.runAnalysis();
    // By hand: the cantilever's tip stiffness 3EI/L³ = 3 × 3e7 × (0.5⁴/12) / 1000 = 468.75 kN/m; with the spring,
    // 1,468.75 kN/m: the tip moves 100 / 1,468.75 m and the spring pushes back 1,000 × that = 68.085 kN.
    const reactions = await table("REACTIONG", ["H(ST)"], [1, 2]);
    const fx = (node: number) => Number(reactions.rows.find((r) => r[reactions.columns.indexOf("Node")] === node)![reactions.columns.indexOf("FX")]);
    expect(fx(2)).toBeCloseTo(-68.085, 2);
    expect(fx(1)).toBeCloseTo(-31.915, 2);
  });

  it("reports an unstable model instead of numbers", async () => {
    await simpleBeam({ uniform: 10 });
    await client.delete("CONS", [5]);
    await expect(client.runAnalysis()).rejects.toThrow(/the structure is unstable at node \d+ \((DX|DZ|RY)\)/);
  });
});
