import { describe, expect, it } from "vitest";
import { demoMidasTables } from "@/lib/demo/seed-midas-data";
import { planChanges } from "./plan";
import { buildFromTables, inTableOrder, PREVIEW_IDS, summarisePlan, tableVersions } from "./runs";
import { emptyMidasTables, midasDatasetKeys, midasDatasets } from "./tables";

describe("Create Midas for a project, the parts without a database", () => {
  it("builds the demo tables, and gives problems instead of a model for blank ones", () => {
    const demo = buildFromTables(demoMidasTables());
    expect(demo.problems).toEqual([]);
    expect(demo.built?.model[0]?.table).toBe("UNIT");
    const blank = buildFromTables(emptyMidasTables());
    expect(blank.built).toBeNull();
    // Blank templates: each global value of Model Setup is missing, and the lanes of the two standard vehicles the
    // moving loads start with (the rest of the tables have no items to check).
    // ConcreteGrades is read first (the sections refer to it), then the rest in the template's order.
    const globals = midasDatasets.midassetup.template.filter((spec) => spec.scope === "global" && !spec.optional).map((spec) => spec.parameter);
    expect(globals).toHaveLength(14);
    globals.unshift(...globals.splice(globals.indexOf("ConcreteGrades"), 1));
    expect(blank.problems).toEqual([
      ...globals.map((parameter) => ({
        dataset: "midassetup",
        parameter,
        item: "Item1",
        message: expect.stringMatching(new RegExp(`^${parameter} of Model Setup is blank\\. `)),
      })),
      ...[
        ["Item1", "M1600"],
        ["Item2", "S1600"],
      ].flatMap(([item, name]) =>
        ["LaneCount", "FirstLaneOffset"].map((parameter) => ({
          dataset: "midasmoving",
          parameter,
          item,
          message: expect.stringMatching(new RegExp(`^${parameter} of ${item} \\("${name}"\\) is blank\\. `)),
        })),
      ),
    ]);
  });

  it("summarises a plan per MIDAS table: counts, unchanged rows, and at most PREVIEW_IDS ids of each kind", () => {
    const { built } = buildFromTables(demoMidasTables());
    const everything = planChanges(built!.model, {});
    const summary = summarisePlan(everything, built!);
    const nodes = Object.keys(built!.model.find((r) => r.table === "NODE")!.assign).length;
    expect(summary.NODE).toMatchObject({ create: nodes, update: 0, delete: 0, unchanged: 0 });
    expect(summary.NODE!.ids.create).toHaveLength(Math.min(nodes, PREVIEW_IDS));

    const current = Object.fromEntries(built!.model.map((r) => [r.table, structuredClone(r.assign)]));
    const firstCombination = Object.keys(current["LCOM-GEN"]!)[0]!;
    (current["LCOM-GEN"]![firstCombination] as { NAME: string }).NAME = "Renamed in MIDAS";
    current.NODE!["99999"] = { X: 0, Y: 0, Z: 0 };
    const one = summarisePlan(planChanges(built!.model, current), built!);
    expect(one["LCOM-GEN"]).toMatchObject({ create: 0, update: 1, delete: 0, ids: { update: [{ id: firstCombination, fields: ["NAME"] }] } });
    expect(one.NODE).toMatchObject({ create: 0, update: 0, delete: 1, unchanged: nodes, ids: { delete: ["99999"] } });
  });

  it("puts per-table records in the order the tables are sent, whatever order the database kept", () => {
    expect(Object.keys(inTableOrder({ TDPL: 1, NODE: 2, UNIT: 3, "LCOM-GEN": 4, ELEM: 5 }))).toEqual(["UNIT", "NODE", "ELEM", "LCOM-GEN", "TDPL"]);
    expect(inTableOrder(null)).toEqual({});
  });

  it("says which tables changed since a build", () => {
    const built = Object.fromEntries(midasDatasetKeys.map((k) => [k, 3]));
    const versions = tableVersions(built, { ...built, midasloadcomb: 5 });
    expect(versions.filter((v) => v.changedSince)).toEqual([
      { dataset: "midasloadcomb", title: "Load Combinations", route: "/midas/midasloadcomb", builtFrom: 3, now: 5, changedSince: true },
    ]);
    expect(tableVersions(null, built)).toEqual([]);
  });
});
