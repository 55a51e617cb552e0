import { describe, expect, it } from "vitest";
import { demoMidasTables } from "@/lib/demo/seed-midas-data";
import { withValue } from "@/test/midas-sim/fixtures";
import { FACTORS, generateCombinations, kindOf } from "./combinations";
import { buildModelWithScheme } from "./model";

describe("the AS 5100.2 combinations generated for the demo", () => {
  const built = buildModelWithScheme(demoMidasTables());
  const combination = (name: string) => built.cases.combinations.find((c) => c.name === name)!;
  const factor = (name: string, load: string) => combination(name).factors.find((f) => f.name === load)?.factor;

  it("tags each case with its kind from its MIDAS load type", () => {
    expect(["D", "DW", "DC", "PS", "BRK", "CF", "T", "TPG", "W", "WL", "STL", "USER"].map(kindOf)).toEqual([
      "permanent",
      "superimposed",
      "superimposed",
      "prestress",
      "braking",
      "centrifugal",
      "temperature",
      "temperature",
      "wind",
      "wind",
      "settlement",
      "other",
    ]);
  });

  it("puts the permanent loads into every ultimate combination at their maximum and, in a -MIN twin, their minimum factors", () => {
    expect([factor("ULS-M1600", "DL"), factor("ULS-M1600", "SDL")]).toEqual([1.2, 2]);
    expect([factor("ULS-M1600-MIN", "DL"), factor("ULS-M1600-MIN", "SDL")]).toEqual([0.85, 0.7]);
    const ultimate = built.cases.combinations.filter((c) => c.name.startsWith("ULS-") && c.name !== "ULS-ENV");
    expect(ultimate.filter((c) => c.name.endsWith("-MIN"))).toHaveLength(ultimate.length / 2);
    for (const c of ultimate) expect(c.factors.find((f) => f.name === "DL")!.factor).toBe(c.name.endsWith("-MIN") ? FACTORS.permanent.ultimateMin : 1.2);
  });

  it("carries prestress into ultimate combinations as its secondary effect only, and into serviceability ones whole", () => {
    for (const c of built.cases.combinations.filter((c) => c.method === "Add")) {
      const names = c.factors.map((f) => f.name);
      if (c.name.startsWith("ULS-")) {
        expect(names, c.name).toContain("PS-SEC");
        expect(names, c.name).not.toContain("PS");
      } else {
        expect(names, c.name).toContain("PS");
        expect(names, c.name).not.toContain("PS-SEC");
      }
    }
    expect(built.cases.static).toContain("PS-SEC");
  });

  it("takes traffic with its braking and centrifugal forces at 1.8, a thermal state at 1.25, the wind cases together, and envelopes each limit state", () => {
    expect(combination("ULS-M1600").factors).toEqual([
      { name: "DL", factor: 1.2 },
      { name: "SDL", factor: 2 },
      { name: "PS-SEC", factor: 1 },
      { name: "SETTLE-P6", factor: 1 },
      { name: "M1600", factor: 1.8 },
      { name: "BRK", factor: 1.8 },
      { name: "CF", factor: 1.8 },
    ]);
    expect(factor("ULS-TEMP-GRAD", "TEMP-GRAD")).toBe(1.25);
    expect(factor("ULS-TEMP-GRAD", "TEMP-RISE")).toBeUndefined();
    expect(combination("ULS-WIND").factors.filter((f) => ["WIND", "WIND-TRAFFIC", "PIER-WIND"].includes(f.name))).toHaveLength(3);
    expect(built.cases.combinations.some((c) => c.name === "SLS-WIND")).toBe(false);
    expect(combination("ULS-ENV").method).toBe("Envelope");
    expect(combination("ULS-ENV").factors.map((f) => f.name)).toEqual(
      built.cases.combinations.filter((c) => c.name.startsWith("ULS-") && c.name !== "ULS-ENV").map((c) => c.name),
    );
  });

  it("lets the engineer's combination of the same name replace a generated one in its place, and add others", () => {
    let tables = demoMidasTables();
    for (const [parameter, item1, item2] of [
      ["CombinationName", "ULS-M1600", "MY-CHECK"],
      ["LimitState", "Ultimate", "Serviceability"],
      ["CombinationMethod", "Add", "Add"],
      ["DL", "1.25", "1"],
      ["PS", "", "1"],
    ] as const) {
      tables = withValue(withValue(tables, "midasloadcomb", parameter, "Item1", item1), "midasloadcomb", parameter, "Item2", item2);
    }
    const own = buildModelWithScheme(tables).cases.combinations;
    expect(own[0]).toMatchObject({ name: "ULS-M1600", factors: [{ name: "DL", factor: 1.25 }] });
    expect(own.at(-1)).toMatchObject({ name: "MY-CHECK" });
    expect(own).toHaveLength(built.cases.combinations.length + 1);
  });

  it("generates nothing when Model Setup says No", () => {
    const none = buildModelWithScheme(withValue(demoMidasTables(), "midassetup", "GenerateCombinations", "Item1", "No"));
    expect(none.cases.combinations).toEqual([]);
  });

  it("checks permanent loads alone when no transient case is present", () => {
    const alone = generateCombinations({
      superLoads: [
        {
          item: "Item1",
          name: "DL",
          type: "D",
          description: "",
          selfWeight: true,
          uniformLoad: 0,
          longitudinalLoad: 0,
          transverseLoad: 0,
          uniformTemperature: 0,
          temperatureGradient: 0,
          loadedSpans: "all",
        },
      ],
      subLoads: [],
      vehicles: [],
      secondary: [],
    });
    expect(alone.map((c) => [c.name, c.factors])).toEqual([
      ["ULS-PERM", [{ name: "DL", factor: 1.2 }]],
      ["ULS-PERM-MIN", [{ name: "DL", factor: 0.85 }]],
      ["SLS-PERM", [{ name: "DL", factor: 1 }]],
      [
        "ULS-ENV",
        [
          { name: "ULS-PERM", factor: 1 },
          { name: "ULS-PERM-MIN", factor: 1 },
        ],
      ],
      ["SLS-ENV", [{ name: "SLS-PERM", factor: 1 }]],
    ]);
  });
});
