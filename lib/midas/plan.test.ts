import { describe, expect, it } from "vitest";
import { smallTables } from "@/test/midas-sim/fixtures";
import { buildModel, type MidasModel } from "./model";
import { changeCounts, compareSent, planChanges } from "./plan";

const model: MidasModel = [
  { table: "UNIT", assign: { "1": { FORCE: "KN", DIST: "M" } } },
  { table: "NODE", assign: { "1": { X: 0, Y: 0, Z: 0 }, "2": { X: 5, Y: 0, Z: 0 } } },
  { table: "ELEM", assign: { "1": { TYPE: "BEAM", MATL: 1, SECT: 1, NODE: [1, 2], ANGLE: 0 } } },
];

describe("planChanges", () => {
  it("creates everything in an empty model", () => {
    const plan = planChanges(model, {});
    expect(changeCounts(plan)).toEqual({
      UNIT: { create: 1, update: 0, delete: 0 },
      NODE: { create: 2, update: 0, delete: 0 },
      ELEM: { create: 1, update: 0, delete: 0 },
    });
    expect(plan.changes.NODE!.create[1]).toEqual({ id: "2", values: { X: 5, Y: 0, Z: 0 } });
  });

  it("leaves alone what MIDAS already holds, allowing for the fields it adds and for rounding", () => {
    const plan = planChanges(model, {
      UNIT: { "1": { FORCE: "KN", DIST: "M", HEAT: "KJ", TEMPER: "C" } },
      NODE: { "1": { X: 0, Y: 0, Z: 1e-12 }, "2": { X: 5.000000001, Y: 0, Z: 0 } },
      ELEM: { "1": { TYPE: "BEAM", MATL: 1, SECT: 1, NODE: [1, 2], ANGLE: 0, STYPE: 0 } },
    });
    expect(changeCounts(plan)).toEqual({
      UNIT: { create: 0, update: 0, delete: 0 },
      NODE: { create: 0, update: 0, delete: 0 },
      ELEM: { create: 0, update: 0, delete: 0 },
    });
  });

  it("updates what differs, naming the fields, and deletes what the model no longer has", () => {
    const plan = planChanges(model, {
      UNIT: { "1": { FORCE: "N", DIST: "MM" } },
      NODE: { "1": { X: 0, Y: 0, Z: 0 }, "2": { X: 6, Y: 0, Z: 0 }, "3": { X: 9, Y: 0, Z: 0 } },
      ELEM: { "1": { TYPE: "BEAM", MATL: 1, SECT: 1, NODE: [1, 3], ANGLE: 0 }, "2": { TYPE: "BEAM", MATL: 1, SECT: 1, NODE: [2, 3], ANGLE: 0 } },
    });
    expect(plan.changes.UNIT!.update).toEqual([{ id: "1", values: { FORCE: "KN", DIST: "M" }, fields: ["FORCE", "DIST"] }]);
    expect(plan.changes.NODE!.update).toEqual([{ id: "2", values: { X: 5, Y: 0, Z: 0 }, fields: ["X"] }]);
    expect(plan.changes.NODE!.delete).toEqual([{ id: "3" }]);
    expect(plan.changes.ELEM!.update.map((u) => [u.id, u.fields])).toEqual([["1", ["NODE"]]]);
    expect(plan.changes.ELEM!.delete).toEqual([{ id: "2" }]);
  });

  it("warns where a delete cascades: a node takes its elements, links and support with it", () => {
    const plan = planChanges(model, {
      NODE: { "1": { X: 0 }, "2": { X: 5 }, "7": { X: 9 } },
      ELEM: { "1": { NODE: [1, 2] }, "4": { NODE: [2, 7] }, "5": { NODE: [7, 1] } },
      ELNK: { "9": { NODE: [7, 2] } },
      CONS: { "7": { ITEMS: [] } },
      BMLD: { "4": { ITEMS: [] } },
    });
    expect(plan.warnings).toEqual([
      {
        table: "NODE",
        id: "7",
        message: "Deleting node 7 also deletes element 4, element 5, elastic link 9, its support in MIDAS (the plan deletes or replaces them too).",
      },
      { table: "ELEM", id: "4", message: "Deleting element 4 also deletes its beam loads in MIDAS." },
    ]);
  });

  it("never deletes from a single-setting table such as UNIT or MVCD", () => {
    const plan = planChanges([{ table: "MVCD", assign: { "1": { CODE: "AUSTRALIA" } } }], { MVCD: { "1": { CODE: "KSCE-LSD15" }, "2": { CODE: "X" } } });
    expect(changeCounts(plan).MVCD).toEqual({ create: 0, update: 1, delete: 0 });
  });

  it("plans a whole bridge into an empty model as creates only", () => {
    const bridge = buildModel(smallTables());
    const plan = planChanges(bridge, {});
    for (const { table, assign } of bridge) expect(plan.changes[table]!.create).toHaveLength(Object.keys(assign).length);
  });
});

describe("compareSent", () => {
  it("compares only what was sent, numbers within a relative 1e-6, and reports keys MIDAS dropped", () => {
    expect(compareSent({ A: 1, B: [1, { C: "x" }] }, { A: 1.0000001, B: [1, { C: "x", D: 2 }], E: 3 })).toEqual([]);
    expect(compareSent({ A: 1, TYPO: true }, { A: 1 })).toEqual([{ field: "TYPO", sent: true, read: undefined }]);
    expect(compareSent({ B: [1, 2] }, { B: [1] })).toEqual([{ field: "B", sent: [1, 2], read: [1] }]);
    expect(compareSent({ B: [{ C: 1 }] }, { B: [{ C: 2 }] })).toEqual([{ field: "B[0].C", sent: 1, read: 2 }]);
  });
});
