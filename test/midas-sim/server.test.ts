import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type MidasSimulator, startMidasSimulator } from "./index";

/**
 * The simulator answers as Civil NX answers the official client (docs/midas.md, "The simulator"): these are the
 * behaviours our client must meet, asserted on the wire, without our client in between.
 */
const KEY = "protocol-key";
let sim: MidasSimulator;

beforeEach(async () => {
  sim = await startMidasSimulator({ key: KEY, title: "C:\\Bridges\\Protocol.mcb" });
});
afterEach(async () => {
  await sim.close();
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: { "MAPI-Key": KEY, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const AU_TRUCK = {
  MVLD_CODE: 14,
  VEHICLE_LOAD_NAME: "T44",
  VEHICLE_LOAD_NUM: 2,
  USER_LOAD_TYPE: "Truck/Lane",
  VEH_AU: { DYN_LOAD_ALLOWANCE: 0.4, VAR_SPACING: false, FATIGUE: false, UNIFORM_LOAD: 0, LOAD_ITEMS: [{ POINT_LOAD: 48, POINT_DIST: 0 }] },
};

describe("the MIDAS simulator on the wire", () => {
  it("answers /config/ver with VER.NAME, VERSION, USER and COMPANY, as the official client reads it", async () => {
    expect(await call("GET", "/config/ver")).toEqual({
      status: 200,
      json: { VER: { NAME: "MIDAS Civil NX", VERSION: "2026 v2.2 (simulator)", USER: "engineer@example.com", COMPANY: "Simulator Engineering" } },
    });
  });

  it('answers an empty table with {"message": ""}, and a refused write with {"error": {"message"}} under the write\'s own 2xx', async () => {
    expect(await call("GET", "/db/STLD")).toEqual({ status: 200, json: { message: "" } });
    expect(await call("POST", "/db/NODE", { Assign: { "1": { X: "five" } } })).toEqual({
      status: 201,
      json: { error: { message: "Wrong Field: X of node 1 must be a number." } },
    });
    expect(await call("PUT", "/db/NODE", { Assign: { x: { X: 1 } } })).toEqual({ status: 200, json: { error: { message: 'Wrong Key: "x" is not an id.' } } });
  });

  it("deletes the rows named in the path, the whole table without them, and refuses a DELETE with a body", async () => {
    await call("POST", "/db/STLD", { Assign: { "1": { NAME: "DL" }, "2": { NAME: "SDL" }, "3": { NAME: "PS" } } });
    expect(await call("DELETE", "/db/STLD", { Assign: { "2": null } })).toEqual({
      status: 200,
      json: { error: { message: "A DELETE takes no body: name the rows in the path, /db/TABLE/id,id." } },
    });
    expect(Object.keys(sim.inspect("STLD").STLD!)).toEqual(["1", "2", "3"]);
    expect((await call("DELETE", "/db/STLD/2")).json).toEqual({ STLD: { "2": { NAME: "SDL", NO: 2 } } });
    expect(Object.keys(sim.inspect("STLD").STLD!)).toEqual(["1", "3"]);
    // A row that is not there: nothing to delete.
    expect((await call("DELETE", "/db/STLD/2")).json).toEqual({ message: "" });
    await call("DELETE", "/db/STLD");
    expect(sim.inspect("STLD").STLD).toEqual({});
  });

  it("keeps the results through a PUT /db/UNIT (a unit change is not a model change), and drops them on any other write", async () => {
    await call("PUT", "/db/UNIT", { Assign: { "1": { FORCE: "KN", DIST: "M" } } });
    await call("POST", "/db/MATL", { Assign: { "1": { TYPE: "CONC", NAME: "C40", PARAM: [{ P_TYPE: 2, ELAST: 3.2e7, POISN: 0.2, DEN: 0 }] } } });
    await call("POST", "/db/SECT", { Assign: { "1": { SECTTYPE: "DBUSER", SECT_NAME: "R", SECT_BEFORE: { SHAPE: "SB", SECT_I: { vSIZE: [1, 0.5] } } } } });
    await call("POST", "/db/NODE", { Assign: { "1": { X: 0 }, "2": { X: 10 } } });
    await call("POST", "/db/ELEM", { Assign: { "1": { TYPE: "BEAM", MATL: 1, SECT: 1, NODE: [1, 2] } } });
    await call("POST", "/db/CONS", { Assign: { "1": { ITEMS: [{ ID: 1, CONSTRAINT: "1111111" }] } } });
    await call("POST", "/db/STLD", { Assign: { "1": { NAME: "W" } } });
    await call("POST", "/db/CNLD", { Assign: { "2": { ITEMS: [{ ID: 1, LCNAME: "W", FZ: -10 }] } } });
    await call("POST", "/doc/SAVE", { Argument: {} });
    expect((await call("POST", "/doc/ANAL", {})).json).toEqual({ message: "The analysis completed successfully." });
    const reactions = { Argument: { TABLE_NAME: "R", TABLE_TYPE: "REACTIONG", UNIT: { FORCE: "kN", DIST: "m" }, LOAD_CASE_NAMES: ["W(ST)"] } };
    const before = (await call("POST", "/post/TABLE", reactions)).json;
    expect(before.R).toBeDefined();
    await call("PUT", "/db/UNIT", { Assign: { "1": { FORCE: "N", DIST: "MM" } } });
    expect((await call("POST", "/post/TABLE", reactions)).json).toEqual(before);
    await call("PUT", "/db/STLD", { Assign: { "1": { DESC: "wind" } } });
    expect((await call("POST", "/post/TABLE", reactions)).json).toEqual({ message: "[T] Cannot generate table data as there is no analysis result." });
  });

  it("stores a vehicle only under the code of the model's moving-load settings, and a user-defined one as a Truck/Lane without a type name", async () => {
    // No code set yet, then another code's number (12 is Russia's): Civil NX stores nothing and says nothing.
    expect(await call("POST", "/db/MVHL", { Assign: { "1": AU_TRUCK } })).toEqual({ status: 201, json: { message: "" } });
    await call("PUT", "/db/MVCD", { Assign: { "1": { CODE: "AUSTRALIA" } } });
    expect((await call("POST", "/db/MVHL", { Assign: { "1": { ...AU_TRUCK, MVLD_CODE: 12 } } })).json).toEqual({ message: "" });
    expect(sim.inspect("MVHL").MVHL).toEqual({});
    // Kind 2 with a standard vehicle's name and code: a user truck, its name and code dropped; VEH_DEFAULT is not Australia's.
    const sent = { ...AU_TRUCK, VEHICLE_TYPE_NAME: "M1600", STANDARD_CODE: "ROAD TRAFFIC", USER_LOAD_TYPE: "USER", VEH_DEFAULT: { UNIFORM_LOAD: 6 } };
    expect((await call("POST", "/db/MVHL", { Assign: { "1": sent } })).json).toEqual({ MVHL: { "1": AU_TRUCK } });
    // Kind 1 is a standard vehicle of the code's database, with a standard code the code knows.
    const standard = { MVLD_CODE: 14, VEHICLE_LOAD_NAME: "AU(Road)_M1600", VEHICLE_LOAD_NUM: 1, VEHICLE_TYPE_NAME: "M1600", STANDARD_CODE: "AUSTRALIA" };
    expect((await call("POST", "/db/MVHL", { Assign: { "2": standard } })).json).toEqual({ error: { message: "Wrong Field: STANDARD_CODE of MVHL 2." } });
    const road = { ...standard, STANDARD_CODE: "ROAD TRAFFIC", VEH_AU: { DYN_LOAD_ALLOWANCE: 0.3 } };
    expect((await call("POST", "/db/MVHL", { Assign: { "2": road } })).json).toEqual({ MVHL: { "2": road } });
  });
});
