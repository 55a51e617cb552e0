import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoMidasTables } from "@/lib/demo/seed-midas-data";
import { smallTables, withValue } from "@/test/midas-sim/fixtures";
import { type MidasSimulator, startMidasSimulator } from "@/test/midas-sim";
import { applyModel } from "./apply";
import { MidasClient } from "./client";
import { type BuiltModel, buildModelWithScheme } from "./model";
import { fetchResults } from "./results";
import { boxArrays, boxProperties } from "./sections";
import type { MidasTables } from "./tables";

/**
 * The secondary effect of prestress (docs/midas.md, "Prestress at ultimate"): the generated case PS-SEC, analysed,
 * must be the total effect of the prestress case less its primary effect P·e, on a bridge the hand can check.
 */
let sim: MidasSimulator;
let client: MidasClient;
beforeAll(async () => {
  sim = await startMidasSimulator({ key: "prestress-key", title: "C:\\Bridges\\Prestress test.mcb" });
  client = new MidasClient({ baseUrl: sim.url, apiKey: "prestress-key" });
});
afterAll(async () => {
  await sim.close();
});

async function girder(
  tables: MidasTables,
  loads: string[],
): Promise<{ built: BuiltModel; at: (load: string, elem: number, part: "I" | "J", column: "Moment" | "Axial") => number }> {
  const built = buildModelWithScheme(tables);
  expect((await applyModel(client, built.model)).outcome).toBe("applied");
  await client.runAnalysis();
  const t = await fetchResults(client, built, "girder", loads);
  const at = (load: string, elem: number, part: "I" | "J", column: "Moment" | "Axial") =>
    t.rows.find((r) => r[0] === elem && r[2] === part && r[4] === load)![t.columns.indexOf(column)] as number;
  return { built, at };
}

describe("prestress at ultimate: the secondary effect alone", () => {
  // The small bridge's four 12-strand tendons, straight at 1.0 m below the top, without friction or draw-in: P = 4 × 2,400
  // = 9,600 kN all along, e = 1.0 − the box's centroid depth.
  let straight = smallTables();
  for (const [parameter, value] of [
    ["DepthAtEnds", "1.0"],
    ["DepthAtPiers", "1.0"],
    ["DepthAtMidspan", "1.0"],
    ["FrictionCoefficient", "0"],
    ["WobbleBetaP", "0"],
    ["AnchorageSlip", "0"],
  ])
    straight = withValue(straight, "midaspt", parameter!, "Item1", value!);
  const centroid = boxProperties(
    boxArrays({ depth: 2, topWidth: 10, bottomWidth: 5, topSlab: 0.25, bottomSlab: 0.2, web: 0.4, cantilever: 2.5, cantileverTip: 0.2, cantileverRoot: 0.4 }),
  ).centroidDepth;
  const P = 9600;
  const e = 1.0 - centroid;

  it("is the total less the primary P·e at every point of the girder, and its axial force the total's less P", async () => {
    const { built, at } = await girder(straight, ["PS", "PS-SEC"]);
    for (const el of built.scheme.girderElements) {
      for (const part of ["I", "J"] as const) {
        expect(at("PS", el.id, part, "Moment") - at("PS-SEC", el.id, part, "Moment"), `element ${el.id} ${part}`).toBeCloseTo(-P * e, 1);
        expect(at("PS", el.id, part, "Axial") - at("PS-SEC", el.id, part, "Axial")).toBeCloseTo(-P, 1);
      }
    }
  });

  it("is 1.5 P·e sagging over the middle support of two equal spans, as the textbook's straight tendon", async () => {
    const { at } = await girder(straight, ["PS-SEC"]);
    // Element 6 ends at the pier. The supports give a little (bearings, pier, piles): within 3 % of rigid supports.
    expect(at("PS-SEC", 6, "J", "Moment") / (1.5 * P * e)).toBeGreaterThan(0.97);
    expect(at("PS-SEC", 6, "J", "Moment") / (1.5 * P * e)).toBeLessThan(1.0001);
  });

  it("leaves the demo's span 1 sagging at mid-span under the ultimate traffic combination (it showed -17,414 kNm with the whole prestress)", async () => {
    const { built, at } = await girder(demoMidasTables(), ["ULS-M1600", "PS", "PS-SEC"]);
    const midspan = built.scheme.girderElements.filter((el) => el.span === 1)[3]!.id;
    expect(at("ULS-M1600(max)", midspan, "J", "Moment")).toBeGreaterThan(0);
    // The primary effect the ultimate combination no longer carries: about −P·e of the span's tendons.
    expect(at("PS", midspan, "J", "Moment") - at("PS-SEC", midspan, "J", "Moment")).toBeLessThan(-15000);
  });
});
