import { describe, expect, it } from "vitest";
import type { ResultTable } from "./results";
import { extremesBy, girderLines, groupedBars, keyPointValues, lineEnvelope } from "./results-series";
import { caseOf, columnHeading, columnUnit, filterCases, tableCases } from "./results-view";

const girder: ResultTable = {
  units: { force: "kN", length: "m" },
  columns: ["Elem", "Span", "Part", "Chainage", "Load", "Axial", "Shear", "Moment", "Torsion"],
  rows: [
    [1, 1, "I", 0, "DL", 0, 100, 0, 0],
    [1, 1, "J", 5, "DL", 0, -10, 250, 0],
    [1, 1, "I", 0, "ULS(max)", 0, 150, 0, 0],
    [1, 1, "J", 5, "ULS(max)", 0, -5, 400, 0],
    [1, 1, "I", 0, "ULS(min)", 0, 120, 0, 0],
    [1, 1, "J", 5, "ULS(min)", 0, -30, -20, 0],
  ],
};

describe("result views", () => {
  it("gives every value column its unit, and labels and counts none", () => {
    expect(columnUnit("Chainage", girder.units)).toBe("m");
    expect(columnUnit("Shear", girder.units)).toBe("kN");
    expect(columnHeading("Moment", girder.units)).toBe("Moment (kN·m)");
    expect(columnHeading("Load", girder.units)).toBe("Load");
    expect(columnUnit("Nodes", girder.units)).toBeNull();
  });

  it("lists the cases of a table (a max/min pair as one) and keeps the rows of the chosen ones", () => {
    expect(caseOf("ULS(max)")).toBe("ULS");
    expect(tableCases(girder)).toEqual(["DL", "ULS"]);
    expect(filterCases(girder, ["ULS"]).rows).toHaveLength(4);
    expect(filterCases(girder, []).rows).toHaveLength(6);
  });

  it("draws girder lines per load in chainage order, and their envelope", () => {
    const { series, lines } = girderLines(girder, "Moment");
    expect(series).toEqual(["DL", "ULS(max)", "ULS(min)"]);
    expect(lines.DL!.map((p) => [p.chainage, p.value, p.elem, p.part])).toEqual([
      [0, 0, 1, "I"],
      [5, 250, 1, "J"],
    ]);
    const env = lineEnvelope(lines);
    expect(env.max.map((p) => p.value)).toEqual([0, 400]);
    expect(env.min.map((p) => p.value)).toEqual([0, -20]);
  });

  it("takes the extremes at key points and per category, with the load of each", () => {
    const [end] = keyPointValues(girder, [{ label: "Pier 1", chainage: 5, elem: 1, part: "J" }], ["DL", "ULS(min)"]);
    expect(end!.moment).toEqual({ max: 250, maxLoad: "DL", min: -20, minLoad: "ULS(min)" });
    expect(end!.shear).toEqual({ max: -10, maxLoad: "DL", min: -30, minLoad: "ULS(min)" });
    expect(extremesBy(girder, "Part", "Shear")).toEqual([
      { category: "I", max: 150, maxLoad: "ULS(max)", min: 100, minLoad: "DL" },
      { category: "J", max: -5, maxLoad: "ULS(max)", min: -30, minLoad: "ULS(min)" },
    ]);
  });

  it("groups bars by category with one value per load, the largest magnitude where several rows fall together", () => {
    const { data, series } = groupedBars(girder, ["Span"], "Shear", ["DL", "ULS(min)"]);
    expect(series).toEqual(["DL", "ULS(min)"]);
    expect(data).toEqual([{ category: "1", DL: 100, "ULS(min)": 120 }]);
  });
});
