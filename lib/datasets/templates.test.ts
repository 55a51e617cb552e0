import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isAngleName, valueProblem } from "./kinds";
import { datasetKeys, revitDatasetKeys } from "./registry";
import { demoTables, footbridgeTables } from "@/lib/demo/seed-data";
import { templateRows } from "@/lib/midas/tables";
import { rowKind, startingRows, templateKinds } from "./templates";

describe("the tables' templates", () => {
  it("give every template Parameter a kind and a unit", () => {
    for (const dataset of datasetKeys) {
      expect(templateKinds(dataset).length, dataset).toBeGreaterThan(0);
      for (const [parameter, { kind, unit }] of templateKinds(dataset)) expect(kind && unit, `${dataset} ${parameter}`).toBeTruthy();
    }
  });

  it("name every angle row as an angle and no other row (the screens convert by name until a row's kind is set)", () => {
    for (const dataset of datasetKeys) {
      for (const [parameter, { kind }] of templateKinds(dataset)) expect(kind === "angle", `${dataset} ${parameter}`).toBe(isAngleName(parameter));
    }
  });

  it("list every Parameter of the demo's Revit tables, and the demo's values fit their kinds", () => {
    for (const dataset of revitDatasetKeys) {
      for (const row of demoTables[dataset]()) {
        const kind = rowKind(dataset, row.parameter);
        expect(kind.from, `${dataset} ${row.parameter}`).toBe("template");
        for (const [column, value] of Object.entries(row.values))
          expect(valueProblem(kind.kind, value), `${dataset} ${row.parameter} ${column} ${value}`).toBeNull();
      }
    }
  });

  it("take every value of the demo's Midas tables", async () => {
    const { demoMidasTables } = await import("@/lib/demo/seed-midas-data");
    for (const [dataset, rows] of Object.entries(demoMidasTables())) {
      for (const row of rows) {
        const { kind } = rowKind(dataset as (typeof datasetKeys)[number], row.parameter);
        for (const [column, value] of Object.entries(row.values))
          expect(valueProblem(kind, value), `${dataset} ${row.parameter} ${column} ${value}`).toBeNull();
      }
    }
  });

  it("are all in docs/tables.md, each Parameter with its kind", () => {
    const doc = readFileSync(path.join(import.meta.dirname, "../../docs/tables.md"), "utf8");
    for (const dataset of datasetKeys) {
      const line = doc.split("\n").find((l) => l.includes(`(\`${dataset}\`)`)) ?? "";
      for (const [parameter, { kind, unit }] of templateKinds(dataset)) {
        const said = kind === "text" ? "(text)" : kind === "angle" ? "(angle, rad)" : `(${kind}, ${unit})`;
        expect(line, `${dataset} ${parameter}`).toContain(`${parameter} ${said}`);
      }
    }
  });

  it("keep the units of the Midas templates (mm² for strand area, % for grades) and know a load case's factor row", () => {
    expect(rowKind("midassetup", "LongitudinalGrade")).toMatchObject({ kind: "percent", unit: "%" });
    expect(rowKind("midassetup", "SpanCount")).toMatchObject({ kind: "count" });
    expect(rowKind("midassetup", "BearingVerticalStiffness")).toMatchObject({ kind: "stiffness", unit: "kN/m" });
    expect(rowKind("midasloadcomb", "DL")).toMatchObject({ kind: "ratio", from: "template" });
    expect(rowKind("pier", "RectangleColumnWidth")).toEqual({ kind: "length", unit: "m", from: "name" });
  });

  it("start a Revit table with the demo's Parameters in the demo's order (the footbridge's box rows after), one Item column named P1", () => {
    for (const dataset of revitDatasetKeys) {
      const demo = demoTables[dataset]().map((row) => row.parameter);
      const started = startingRows(dataset).map((row) => row.parameter);
      expect(
        started.filter((p) => demo.includes(p)),
        dataset,
      ).toEqual(demo);
      expect(started, dataset).toEqual(templateKinds(dataset).map(([p]) => p));
      for (const row of footbridgeTables[dataset]()) expect(started, `${dataset} ${row.parameter}`).toContain(row.parameter);
      for (const row of startingRows(dataset)) expect(Object.keys(row.values), `${dataset} ${row.parameter}`).toEqual(["Item1"]);
    }
    expect(
      startingRows("box")
        .filter((p) => !demoTables.box().some((d) => d.parameter === p.parameter))
        .map((r) => r.parameter),
    ).toEqual(["GirderDepth", "DeckWidth"]);
    // Only the row naming the items holds a value: the first item's name, which makes Item1 show.
    const named = (dataset: (typeof revitDatasetKeys)[number]) => startingRows(dataset).filter((row) => row.values.Item1 !== "");
    expect(named("pier")).toEqual([{ parameter: "PierName", values: { Item1: "P1" } }]);
    expect(named("abt")).toEqual([{ parameter: "AbutmentName", values: { Item1: "A1" } }]);
    expect(named("box")).toEqual([{ parameter: "SpanName", values: { Item1: "S1" } }]);
    expect(named("coresetup")).toEqual([{ parameter: "SegmentName", values: { Item1: "SEG01" } }]);
  });

  it("start a Midas table as a new project has it", () => {
    expect(startingRows("midaspsc")).toEqual(templateRows("midaspsc"));
    expect(startingRows("midasmoving")).toEqual(templateRows("midasmoving"));
  });
});
