import { describe, expect, it } from "vitest";
import { emptyMidasTables, itemColumns, midasDatasetKeys, midasDatasets, templateRows } from "./tables";
import { validateMidasTables } from "./validate";

describe("Midas DB tables", () => {
  it("are the nine menu entries with their screen titles and routes", () => {
    expect(midasDatasetKeys).toEqual([
      "midassetup",
      "midasgeneralsections",
      "midaspsc",
      "midaspiles",
      "midasload",
      "midasloadsub",
      "midasmoving",
      "midasloadcomb",
      "midaspt",
    ]);
    expect(midasDatasetKeys.map((k) => midasDatasets[k].title)).toEqual([
      "Model Setup",
      "General Sections",
      "PSC Sections",
      "Piles",
      "Superstructure Loads",
      "Substructure Loads",
      "Moving Loads",
      "Load Combinations",
      "PT",
    ]);
    for (const key of midasDatasetKeys) expect(midasDatasets[key].route).toBe(`/midas/${key}`);
  });

  it("give every template Parameter a unit and a description, and never an angle row (those would be stored in radians)", () => {
    for (const key of midasDatasetKeys) {
      const names = midasDatasets[key].template.map((s) => s.parameter);
      expect(new Set(names).size).toBe(names.length);
      for (const spec of midasDatasets[key].template) {
        expect(spec.unit, `${key}.${spec.parameter}`).not.toBe("");
        expect(spec.description.length, `${key}.${spec.parameter}`).toBeGreaterThan(10);
        expect(spec.parameter).not.toMatch(/angle/i);
      }
    }
    const units = Object.fromEntries(midasDatasets.midassetup.template.map((s) => [s.parameter, s.unit]));
    expect(units).toMatchObject({ SpanLength: "m", BearingVerticalStiffness: "kN/m", LongitudinalGrade: "%" });
    expect(midasDatasets.midasmoving.template.find((s) => s.parameter === "AxleLoads")?.unit).toBe("kN");
  });

  it("start a new project blank: the template's Parameters with an empty Item1", () => {
    const rows = templateRows("midaspsc");
    expect(rows[0]).toEqual({ parameter: "SectionName", values: { Item1: "" } });
    expect(rows.every((r) => r.values.Item1 === "")).toBe(true);
    expect(Object.keys(emptyMidasTables())).toEqual([...midasDatasetKeys]);
  });

  it("name what is still blank in a new project's Model Setup", () => {
    const problems = validateMidasTables(emptyMidasTables());
    expect(problems.some((p) => p.dataset === "midassetup" && p.parameter === "SpanCount" && /blank/.test(p.message))).toBe(true);
  });

  it("find Item columns in numeric order", () => {
    expect(itemColumns([{ parameter: "A", values: { Item10: "x", Item2: "", Item1: "y", Note: "z" } }])).toEqual(["Item1", "Item2", "Item10"]);
  });
});
