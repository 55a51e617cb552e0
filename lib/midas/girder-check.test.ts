import { describe, expect, it } from "vitest";
import { bendingStrength } from "@/lib/calculations/bending";
import { shearStrength } from "@/lib/calculations/shear";
import { smallTables, withValue } from "@/test/midas-sim/fixtures";
import { girderCheck, equivalentI } from "./girder-check";
import type { ResultTable } from "./results";
import { buildFromTables } from "./runs";

/**
 * The girder check on the small bridge (two 30 m spans from chainage 100, a 2 m box, one tendon group of 4 × 12
 * strands over both spans), its inputs worked out by hand below, its results those of the calculators on them.
 */
function smallBridge() {
  let tables = smallTables();
  for (const [parameter, value] of [
    ["TopBars", "40N16"],
    ["BottomBars", "20N20"],
    ["BarCover", "50"],
    ["Fitments", "4N12 @ 200"],
  ])
    tables = withValue(tables, "midaspsc", parameter!, "Item1", value!);
  tables = withValue(tables, "midaspt", "LongTermLoss", "Item1", "20");
  const { built, problems } = buildFromTables(tables);
  expect(problems).toEqual([]);
  return built!;
}

const columns = ["Elem", "Span", "Part", "Chainage", "Load", "Axial", "Shear", "Moment", "Torsion"];

/** Every girder end under ULS (max and min) and DL; at mid-span of span 1 (chainage 115) the values below. */
function results(built: ReturnType<typeof smallBridge>): ResultTable {
  const rows: (string | number)[][] = [];
  for (const e of built.scheme.girderElements) {
    for (const part of ["I", "J"] as const) {
      const chainage = part === "I" ? e.chainageI : e.chainageJ;
      const mid = chainage === 115;
      rows.push([e.id, e.span, part, chainage, "ULS(max)", mid ? -100 : 0, mid ? 300 : 100, mid ? 5000 : 1000, 0]);
      rows.push([e.id, e.span, part, chainage, "ULS(min)", mid ? 50 : 0, mid ? -450 : -100, mid ? -1200 : -1000, 0]);
      // A load case's values are never design actions.
      rows.push([e.id, e.span, part, chainage, "DL", 0, 99_999, 99_999, 0]);
    }
  }
  return { units: { force: "kN", length: "m" }, columns, rows };
}

describe("the girder design check", () => {
  const built = smallBridge();
  const check = girderCheck({
    parsed: built.parsed,
    scheme: built.scheme,
    results: results(built),
    keyPoints: [{ label: "Span 1 mid", chainage: 115, elem: built.scheme.girderElements.find((e) => e.chainageJ === 115)!.id, part: "J" }],
    combination: "ULS",
    standard: "AS5100.5:2017",
    project: "Small bridge",
  });

  it("takes the box as an equivalent I that keeps each flange's area", () => {
    // Top: 5.0 m between the cantilevers × 0.25 + 2 × 2.5 m × (0.2 + 0.4)/2 = 2.75 m² over 10 m: 275 mm.
    expect(equivalentI(built.parsed.pscSections[0]!)).toEqual({ shape: "I", D: 2000, bfTop: 10_000, tfTop: 275, bw: 800, bfBottom: 5000, tfBottom: 200 });
  });

  it("checks every element end of the combination, M* with its sign, the largest V*", () => {
    expect(check.points).toHaveLength(24);
    const mid = check.points.find((p) => p.point === "Span 1 mid")!;
    expect(mid).toMatchObject({ chainage: 115, part: "J", span: 1, Vstar: 450, section: "BOX" });
    // Sagging 5,000 uses more of its strength than hogging 1,200 here: the bottom face is in tension.
    expect(mid.Mstar).toBe(5000);
    expect(mid.face).toBe("bottom");
    const elsewhere = check.points.find((p) => p.chainage === 105)!;
    // ±1,000 kNm: hogging governs where the top holds less steel and no tendon near it.
    expect(Math.abs(elsewhere.Mstar)).toBe(1000);
  });

  it("works φMuo and φVu out with the calculators on inputs an engineer can check by hand", () => {
    const mid = check.points.find((p) => p.point === "Span 1 mid")!;
    // The tendon at x = 15 m, its low point: 1.600 m down. Friction from the near jack: α = 2 × 0.8/15 = 0.10667 rad,
    // e^(−0.2 (0.10667 + 0.008 × 15)) = 0.955679; from the far one (α 0.8, 45 m) e^(−0.232) = 0.79293: the larger.
    // fpe = 2,400 kN × 0.955679 × (1 − 0.20) / (12 × 143 mm²) = 1,069.3 MPa.
    const share = Math.exp(-0.2 * ((2 * 0.8) / 15 + 0.008 * 15));
    expect(share).toBeCloseTo(0.955679, 6);
    const fpe = Number(((2400 * share * 0.8 * 1000) / (12 * 143)).toFixed(1));
    expect(fpe).toBe(1069.3);
    // Bars: 40 N16 (201 mm²) 58 mm down, 20 N20 (314 mm²) 60 mm up from the soffit.
    const bending = bendingStrength({
      shape: "I",
      D: 2000,
      bfTop: 10_000,
      tfTop: 275,
      bw: 800,
      bfBottom: 5000,
      tfBottom: 200,
      fc: 50,
      fsy: 500,
      Es: 200_000,
      steel: [
        { area: 40 * 201, depth: 58 },
        { area: 20 * 314, depth: 1940 },
      ],
      tendons: [{ area: 4 * 12 * 143, depth: 1600, fpb: 1870, fpe }],
      Ep: 195_000,
      ductilityClass: "N",
      edition: "AS5100.5:2017",
      Mstar: 5000,
    });
    expect(mid.phiMuo).toBe(Number(bending.phiMuo.toFixed(1)));
    expect(mid.utilisationM).toBe(Number((5000 / bending.phiMuo).toFixed(4)));
    // Shear: bv = 800 − 0.5 × 2 × 90 (the 90 mm duct is wider than 400/8), d at the centroid of the tendon and the
    // bottom bars, Apt the tendon below mid-depth with σp.o = fpe, Asv four N12 legs at 200.
    const d = Number(((6280 * 1940 + 6864 * 1600) / (6280 + 6864)).toFixed(1));
    const shear = shearStrength({
      bv: 710,
      D: 2000,
      d,
      fc: 50,
      Ast: 6280,
      Mstar: 5000,
      Vstar: 450,
      Nstar: 50,
      Asv: 4 * 113,
      s: 200,
      fsyf: 500,
      alphaV: 90,
      dg: 20,
      method: "general",
      amendment: 2,
      Es: 200_000,
      negativeStrain: "zero",
      Apt: 6864,
      fpo: fpe,
      Ep: 195_000,
      Pv: 0,
      edition: "AS5100.5:2017",
    });
    expect(mid.phiVu).toBe(Number(shear.phiVu.toFixed(1)));
    expect(mid.utilisationV).toBe(Number((450 / shear.phiVu).toFixed(4)));
  });

  it("links each point to the calculators with the same inputs, its element and its combination", () => {
    const mid = check.points.find((p) => p.point === "Span 1 mid")!;
    const bending = new URL(mid.links.bending, "http://x");
    expect(bending.pathname).toBe("/calculations");
    expect(Object.fromEntries(bending.searchParams)).toMatchObject({
      shape: "I",
      D: "2000",
      tfTop: "275",
      steel: "40N16@58;20N20@1940",
      tendons: "6864@1600@1870@1069.3",
      edition: "AS5100.5:2017",
      Mstar: "5000",
      element: "Girder, span 1, chainage 115.0 m",
      combination: "ULS",
      project: "Small bridge",
    });
    const shear = new URL(mid.links.shear, "http://x");
    expect(shear.pathname).toBe("/calculations/concreteshear");
    // The shear page reads N* compression positive: 50 kN of tension is −50 there.
    expect(Object.fromEntries(shear.searchParams)).toMatchObject({ bv: "710", Vstar: "450", Nstar: "-50", Apt: "6864", fpo: "1069.3", Asv: "452" });
  });

  it("names the governing points", () => {
    const most = Math.max(...check.points.map((p) => p.utilisationM));
    expect(check.governing.M.utilisationM).toBe(most);
    expect(check.combinations).toEqual(["ULS", "ENV"]);
  });

  it("refuses what is not a design action", () => {
    const input = { parsed: built.parsed, scheme: built.scheme, results: results(built), keyPoints: [], standard: "AS5100.5:2017" as const, project: "p" };
    expect(() => girderCheck({ ...input, combination: "DL" })).toThrow(
      /^"DL" is a load case, not a design action: a strength check takes an ultimate combination \(ULS, ENV\)\.$/,
    );
    expect(() => girderCheck({ ...input, combination: "SLS" })).toThrow(/serviceability combination, not a design action/);
    expect(() => girderCheck({ ...input, combination: "ENV" })).toThrow(/hold no values of "ENV"/);
  });
});
