import { describe, expect, it } from "vitest";
import { demoTables } from "@/lib/demo/seed-data";
import { type FillChange, fillFromRevit, fillWrites } from "./fill";
import { emptyMidasTables } from "./tables";

describe("fillFromRevit", () => {
  it("copies span lengths, pier heights and column sizes into Model Setup, adding a column section per size", () => {
    const { tables, changes } = fillFromRevit({ box: demoTables.box(), pier: demoTables.pier() }, emptyMidasTables());
    const setup = (parameter: string) => tables.midassetup.find((r) => r.parameter === parameter)!.values;
    expect(setup("SpanCount").Item1).toBe("12");
    expect(setup("SpanLength").Item1).toBe("36.000");
    expect(setup("SpanLength").Item2).toBe("45.000");
    expect(setup("PierName").Item11).toBe("P11");
    expect(setup("PierHeight").Item1).toBe(demoTables.pier().find((r) => r.parameter === "PierHeight")!.values.Item1);
    expect(setup("PierHeight").Item12 ?? "").toBe("");
    const columns = new Set(Object.values(setup("PierSection")).filter((v) => v !== ""));
    expect([...columns].sort()).toEqual(["COL-1200", "COL-1500"]);
    const names = tables.midasgeneralsections.find((r) => r.parameter === "SectionName")!.values;
    expect(
      Object.values(names)
        .filter((v) => v.startsWith("COL-"))
        .sort(),
    ).toEqual(["COL-1200", "COL-1500"]);
    expect(changes).toContainEqual({ dataset: "midassetup", parameter: "SpanLength", item: "Item1", from: "", to: "36.000" });
  });

  it("changes nothing when the values are already there", () => {
    const first = fillFromRevit({ box: demoTables.box(), pier: demoTables.pier() }, emptyMidasTables());
    expect(fillFromRevit({ box: demoTables.box(), pier: demoTables.pier() }, first.tables).changes).toEqual([]);
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
