import { describe, expect, it } from "vitest";
import { demoMidasTables } from "@/lib/demo/seed-midas-data";
import { cumulativeAngles, tendonFriction, wobbleCoefficient } from "./friction";
import { buildModelWithScheme } from "./model";
import { validateMidasTables } from "./validate";

/** The demo's PT-A: spans 1 to 4 (36 + 3 × 45 m), 0.9 m deep at the anchors, 0.35 m at the piers, 1.65 m at mid-span. */
const ptA = [
  { x: 0, z: -0.9 },
  { x: 18, z: -1.65 },
  { x: 36, z: -0.35 },
  { x: 58.5, z: -1.65 },
  { x: 81, z: -0.35 },
  { x: 103.5, z: -1.65 },
  { x: 126, z: -0.35 },
  { x: 148.5, z: -1.65 },
  { x: 171, z: -0.9 },
];

describe("friction along a tendon", () => {
  it("gives MIDAS k = μβp: 0.2 × 0.008 rad/m = 0.0016 per metre", () => {
    expect(wobbleCoefficient({ friction: 0.2, wobbleBetaP: 0.008 })).toBe(0.0016);
  });

  it("adds up the drape's angle changes: 2Δz/Δx from an anchor, 4Δz/Δx between a low and a high point", () => {
    // By hand: 2 × 0.75/18 + 4 × 1.3/18 + 5 × (4 × 1.3/22.5) + 2 × 0.75/22.5 = 0.08333 + 0.28889 + 1.15556 + 0.06667.
    expect(cumulativeAngles(ptA).at(-1)).toBeCloseTo(1.59444, 5);
  });

  it("finds PT-A's lowest force, jacked from both ends, at the middle pier: 74 % of the jacking force (44 % with βp taken as k)", () => {
    const friction = tendonFriction("PT-A", ptA, { friction: 0.2, wobbleBetaP: 0.008 });
    // At x = 81 m from the start: α = 0.83444 rad; e^(−0.2 (0.83444 + 0.008 × 81)) = e^(−0.29649) = 0.7434; from the far
    // end (α = 0.76 rad over 90 m) e^(−0.2 (0.76 + 0.72)) = 0.7438: the larger reaches the point.
    expect(friction).toEqual({ name: "PT-A", length: 171, angle: expect.closeTo(1.59444, 5), lowest: { x: 81, share: 0.7438 } });
    // The old reading (0.008 sent to MIDAS as k): e^(−(0.2 × 0.83444 + 0.008 × 81)) = e^(−0.81489) = 0.443.
    expect(Math.exp(-(0.2 * 0.83444 + 0.008 * 81))).toBeCloseTo(0.4427, 4);
  });

  it("is what the demo's model build reports, and its TDNT carries k = μβp", () => {
    const built = buildModelWithScheme(demoMidasTables());
    expect(built.tendons.map((t) => [t.name, t.length, t.lowest.share])).toEqual([
      ["PT-A", 171, 0.7438],
      ["PT-B", 180, 0.7438],
      ["PT-C", 171, 0.7438],
    ]);
    expect(built.model.find((r) => r.table === "TDNT")!.assign["1"]).toMatchObject({ FF: 0.2, WF: 0.0016 });
  });

  it("never reads the old WobbleCoefficient row: a table that has it is told what its values must become", () => {
    const tables = demoMidasTables();
    tables.midaspt = tables.midaspt.map((row) => (row.parameter === "WobbleBetaP" ? { ...row, parameter: "WobbleCoefficient" } : row));
    const problems = validateMidasTables(tables).filter((p) => p.dataset === "midaspt");
    expect(problems.map((p) => [p.parameter, p.item])).toEqual([
      ["WobbleCoefficient", null],
      ["WobbleBetaP", null],
    ]);
    expect(problems[0]!.message).toBe(
      "PT has a row \"WobbleCoefficient\", which the model build no longer reads: the wobble is now WobbleBetaP, βp as AS 5100.5 gives it (rad per metre of duct), from which Pontifex works out MIDAS's k = μβp. If the row holds βp (0.008 for the demo's 110 mm ducts), rename it WobbleBetaP; if it holds MIDAS's k, enter k ÷ μ as WobbleBetaP.",
    );
  });
});
