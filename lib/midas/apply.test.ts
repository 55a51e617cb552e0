import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoMidasTables } from "@/lib/demo/seed-midas-data";
import { smallTables, withValue } from "@/test/midas-sim/fixtures";
import { type MidasSimulator, startMidasSimulator } from "@/test/midas-sim";
import { type ApplyProgress, applyModel } from "./apply";
import { MidasClient } from "./client";
import { buildModel, type MidasModel, type MidasApiTable } from "./model";
import { previewModel } from "./plan";

const KEY = "apply-test-key";
let sim: MidasSimulator;
let client: MidasClient;

beforeEach(async () => {
  sim = await startMidasSimulator({ key: KEY });
  client = new MidasClient({ baseUrl: sim.url, apiKey: KEY });
});
afterEach(async () => {
  await sim.close();
});

describe("applyModel against the simulator", () => {
  it("builds the demo bridge from nothing, units first, and every table reads back as sent", async () => {
    const model = buildModel(demoMidasTables());
    const progress: ApplyProgress[] = [];
    const result = await applyModel(client, model, (p) => progress.push(p));
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe("applied");
    // A new Civil NX model already has a unit (N, mm here): it is updated, everything else created.
    expect(result.tables.UNIT).toEqual({ outcome: "applied", created: 0, updated: 1, deleted: 0 });
    for (const { table, assign } of model.filter((r) => r.table !== "UNIT")) {
      expect(result.tables[table], table).toEqual({ outcome: "applied", created: Object.keys(assign).length, updated: 0, deleted: 0 });
    }
    const writes = sim.state.requests.filter((r) => r.method !== "GET");
    expect(writes[0]).toEqual({ method: "PUT", path: "/civil/db/UNIT" });
    expect(Object.keys(sim.inspect("NODE").NODE!)).toHaveLength(Object.keys(model.find((r) => r.table === "NODE")!.assign).length);
    expect(progress.at(-1)).toMatchObject({ step: progress.at(-1)!.steps, action: "verify" });
    expect(progress.map((p) => p.step)).toEqual(progress.map((_, i) => i + 1));
  });

  it("changes only what changed on a second run: one combination factor updates one row", async () => {
    await applyModel(client, buildModel(demoMidasTables()));
    // The engineer's own ULS-M1600 in the table replaces the generated one, in its place: the same but DL at 1.25.
    let changed = demoMidasTables();
    const own: Record<string, string> = {
      CombinationName: "ULS-M1600",
      LimitState: "Ultimate",
      CombinationMethod: "Add",
      Description: "Permanent loads at their maximum factors, M1600 with BRK, CF",
      DL: "1.25",
      SDL: "2",
      "PS-SEC": "1",
      "SETTLE-P6": "1",
      M1600: "1.8",
      BRK: "1.8",
      CF: "1.8",
    };
    for (const [parameter, value] of Object.entries(own)) changed = withValue(changed, "midasloadcomb", parameter, "Item1", value);
    const writesBefore = sim.state.requests.filter((r) => r.method !== "GET").length;
    const result = await applyModel(client, buildModel(changed));
    expect(result.outcome).toBe("applied");
    expect(result.tables["LCOM-GEN"]).toEqual({ outcome: "applied", created: 0, updated: 1, deleted: 0 });
    const touched = Object.entries(result.tables).filter(([, t]) => t.outcome !== "unchanged");
    expect(touched.map(([table]) => table)).toEqual(["LCOM-GEN"]);
    expect(result.plan.changes["LCOM-GEN"]!.update).toEqual([expect.objectContaining({ id: "1", fields: ["vCOMB"] })]);
    expect(sim.state.requests.filter((r) => r.method !== "GET").slice(writesBefore)).toEqual([{ method: "PUT", path: "/civil/db/LCOM-GEN" }]);
  });

  it("replaces changed beam loads instead of letting PUT merge them, so the read-back matches", async () => {
    await applyModel(client, buildModel(smallTables()));
    const result = await applyModel(client, buildModel(withValue(smallTables(), "midasload", "UniformLoad", "Item2", "25")));
    expect(result.tables.BMLD).toEqual({ outcome: "applied", created: 0, updated: 12, deleted: 0 });
    const items = sim.inspect("BMLD").BMLD!["1"]!.ITEMS as { P: number[] }[];
    expect(items).toHaveLength(1);
    expect(items[0]!.P).toEqual([-25, -25, 0, 0]);
  });

  it("deletes what the tables no longer define, after writing its replacement, and warns of cascades", async () => {
    await applyModel(client, buildModel(smallTables()));
    const fewer = withValue(smallTables(), "midassetup", "ElementsPerSpan", "Item2", "4");
    const result = await applyModel(client, buildModel(fewer));
    expect(result.outcome).toBe("applied");
    expect(result.tables.NODE).toMatchObject({ outcome: "applied", deleted: 2 });
    expect(result.tables.ELEM).toMatchObject({ outcome: "applied", deleted: 2 });
    expect(result.warnings.some((w) => w.table === "NODE" && /also deletes element/.test(w.message))).toBe(true);
    expect(Object.keys(sim.inspect("ELEM").ELEM!).filter((id) => Number(id) < 100)).toHaveLength(10);
  });

  it("an update of supports and beam loads deletes by path and leaves every other row of those tables in the model", async () => {
    await applyModel(client, buildModel(smallTables()));
    const count = (table: string) => Object.keys(sim.inspect(table)[table]!).length;
    const before = { CONS: count("CONS"), BMLD: count("BMLD") };
    const changed = withValue(withValue(smallTables(), "midasload", "UniformLoad", "Item2", "25"), "midaspiles", "ToeFixity", "Item1", "Pinned");
    const writes = sim.state.requests.length;
    const result = await applyModel(client, buildModel(changed));
    expect(result.outcome).toBe("applied");
    expect(result.tables.BMLD).toMatchObject({ outcome: "applied", updated: 12 });
    expect(result.tables.CONS).toMatchObject({ outcome: "applied", updated: 1 });
    // Every row of both tables is still in the model: the changed ones replaced, the others untouched.
    expect({ CONS: count("CONS"), BMLD: count("BMLD") }).toEqual(before);
    const deletes = sim.state.requests.slice(writes).filter((r) => r.method === "DELETE");
    expect(deletes.length).toBeGreaterThan(0);
    // The ids in the path, as the official client deletes; never DELETE /db/{table} alone, which is the whole table.
    for (const d of deletes) expect(d.path).toMatch(/^\/civil\/db\/(CONS|BMLD)\/\d+(,\d+)*$/);
  });

  it("reports rows a delete took with it as a mismatch naming them (a hop that dropped the ids from the path)", async () => {
    await applyModel(client, buildModel(smallTables()));
    const supports = Object.keys(sim.inspect("CONS").CONS!);
    // A proxy that strips the path's ids turns a row delete into Civil NX's delete of the whole table.
    const lossy = new MidasClient({
      baseUrl: sim.url,
      apiKey: KEY,
      fetch: (input, init) => fetch(String(input).replace(/(\/db\/[A-Z-]+)\/[\d,]+$/, "$1"), init),
    });
    const result = await applyModel(lossy, buildModel(withValue(smallTables(), "midaspiles", "ToeFixity", "Item1", "Pinned")));
    expect(result.outcome).toBe("mismatch");
    expect(result.tables.CONS!.outcome).toBe("mismatch");
    // The changed pile toe was posted again; every other support is gone, and each is named.
    const left = Object.keys(sim.inspect("CONS").CONS!);
    const lost = result.tables.CONS!.differences!.filter((d) => d.read === undefined).map((d) => d.id);
    expect(supports.length - left.length).toBeGreaterThan(0);
    expect(lost.sort()).toEqual(supports.filter((id) => !left.includes(id)).sort());
  });

  it("writes UNIT before any coordinate even when the request set lists it later", async () => {
    const model: MidasModel = [
      { table: "NODE", assign: { "1": { X: 45, Y: 0, Z: 28.6 } } },
      { table: "UNIT", assign: { "1": { FORCE: "KN", DIST: "M" } } },
    ];
    const result = await applyModel(client, model);
    expect(result.outcome).toBe("applied");
    expect(sim.inspect("NODE").NODE!["1"]).toEqual({ X: 45, Y: 0, Z: 28.6 });
  });

  it("shows the trap it avoids: coordinates written before the unit are read in the default unit (mm)", async () => {
    await client.post("NODE", { "1": { X: 45, Y: 0, Z: 0 } });
    await client.put("UNIT", { "1": { FORCE: "KN", DIST: "M" } });
    expect((await client.get("NODE"))["1"]).toEqual({ X: 0.045, Y: 0, Z: 0 });
  });

  it("defines the vehicles as Australian user trucks that read back with their code, kind and VEH_AU fields", async () => {
    const model = buildModel(demoMidasTables());
    const result = await applyModel(client, model);
    // M1600 and S1600, each at the 11 lengths of their variable gap.
    expect(result.tables.MVHL).toEqual({ outcome: "applied", created: 22, updated: 0, deleted: 0 });
    const m1600 = Object.values(sim.inspect("MVHL").MVHL!).find((v) => v.VEHICLE_LOAD_NAME === "M1600-6.25")!;
    expect(m1600).toMatchObject({ MVLD_CODE: 14, VEHICLE_LOAD_NUM: 2, USER_LOAD_TYPE: "Truck/Lane" });
    expect(m1600.VEH_AU).toMatchObject({ DYN_LOAD_ALLOWANCE: 0.3, UNIFORM_LOAD: 6, FATIGUE: false, VAR_SPACING: false });
  });

  it("reports a vehicle Civil NX stored as another kind as a mismatch naming the fields it dropped", async () => {
    // The body we used to send: kind 2 with a standard vehicle's type name and code, which Civil NX turns into a user truck.
    const model: MidasModel = [
      { table: "UNIT", assign: { "1": { FORCE: "KN", DIST: "M" } } },
      { table: "MVCD", assign: { "1": { CODE: "AUSTRALIA" } } },
      {
        table: "MVHL",
        assign: {
          "1": { MVLD_CODE: 14, VEHICLE_LOAD_NAME: "M1600", VEHICLE_LOAD_NUM: 2, VEHICLE_TYPE_NAME: "M1600", STANDARD_CODE: "ROAD TRAFFIC", VEH_AU: {} },
        },
      },
    ];
    const result = await applyModel(client, model);
    expect(result.tables.MVHL).toMatchObject({ outcome: "mismatch" });
    expect(result.tables.MVHL!.differences!.map((d) => d.field)).toEqual(["VEHICLE_TYPE_NAME", "STANDARD_CODE"]);
  });

  it("fails on a vehicle under another code's number, which Civil NX stores nothing of", async () => {
    const model: MidasModel = [
      { table: "UNIT", assign: { "1": { FORCE: "KN", DIST: "M" } } },
      { table: "MVCD", assign: { "1": { CODE: "AUSTRALIA" } } },
      { table: "MVHL", assign: { "1": { MVLD_CODE: 12, VEHICLE_LOAD_NAME: "M1600", VEHICLE_LOAD_NUM: 2, VEH_AU: {} } } },
    ];
    const result = await applyModel(client, model);
    expect(result.outcome).toBe("failed");
    expect(result.error).toBe("MVHL: MIDAS refused POST /db/MVHL: it stored nothing and gave no reason (an empty message)");
  });

  it("reports a key MIDAS silently dropped as a mismatch, with what was sent and what came back", async () => {
    const model: MidasModel = [
      { table: "UNIT", assign: { "1": { FORCE: "KN", DIST: "M" } } },
      { table: "STLD", assign: { "1": { NAME: "DL", TYPE: "D", DESCRIPTION: "typo for DESC" } } },
    ];
    const result = await applyModel(client, model);
    expect(result.outcome).toBe("mismatch");
    expect(result.tables.STLD).toMatchObject({
      outcome: "mismatch",
      created: 1,
      differences: [{ id: "1", field: "DESCRIPTION", sent: "typo for DESC", read: undefined }],
      differenceCount: 1,
    });
    expect(result.tables.UNIT!.outcome).toBe("applied");
  });

  it("fails with MIDAS's text when a write is refused, and says which tables were not sent", async () => {
    const model = [
      { table: "UNIT", assign: { "1": { FORCE: "KN", DIST: "M" } } },
      { table: "NODE", assign: { "1": { X: "five" } } },
      { table: "STLD", assign: { "1": { NAME: "DL", TYPE: "D" } } },
    ] as MidasModel;
    const result = await applyModel(client, model);
    expect(result.outcome).toBe("failed");
    expect(result.error).toBe("NODE: MIDAS refused POST /db/NODE: Wrong Field: X of node 1 must be a number.");
    expect(result.tables.NODE).toMatchObject({ outcome: "failed", created: 1 });
    expect(result.tables.STLD).toMatchObject({ outcome: "failed", error: "not sent: an earlier table failed" });
    expect(result.tables.UNIT!.outcome).toBe("applied");
  });

  it("previews against what MIDAS holds without writing anything", async () => {
    const model = buildModel(smallTables());
    const plan = await previewModel(client, model);
    // MIDAS holds nothing yet: every node of the model is to be created.
    expect(plan.changes.NODE!.create.map((r) => r.id).sort()).toEqual(Object.keys(model.find((r) => r.table === "NODE")!.assign).sort());
    expect(plan.changes.NODE!.update).toEqual([]);
    expect(sim.state.requests.every((r) => r.method === "GET")).toBe(true);
    expect(Object.keys(plan.current).sort()).toEqual(model.map((r) => r.table as MidasApiTable).sort());
  });
});
