import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BendingInput, bendingStrength, netForceAt } from "./bending";

const base = { fsy: 500, Es: 200_000, ductilityClass: "N", edition: "AS3600:2018" } as const;

/**
 * Published examples: R. F. Warner, S. J. Foster, A. E. Kilpatrick,
 * "Reinforced Concrete Basics", 1st ed., Pearson Australia, 2007,
 * Examples 3.8, 3.9 and 3.11 (answers as reproduced in the test suite of
 * robbievanleeuwen/concrete-properties). The book predates AS 3600:2018; its
 * stress block (α2 0.85, γ 0.83 at 32 MPa, 0.85 at 25 MPa) is what the
 * AS 3600:2009 option gives to within 0.5 %.
 */
describe("Warner, Foster & Kilpatrick, Reinforced Concrete Basics (2007)", () => {
  it("Example 3.8, singly reinforced: dn ≈ 133 mm, Mu ≈ 302 kNm", () => {
    const r = bendingStrength({ ...base, edition: "AS3600:2009", shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 390 }] });
    expect(r.alpha2).toBeCloseTo(0.85, 3);
    expect(r.gamma).toBeCloseTo(0.826, 3);
    expect(r.dn).toBeGreaterThan(132);
    expect(r.dn).toBeLessThan(134.5);
    expect(r.Muo).toBeCloseTo(302, -0.5);
    expect(r.layers[0]).toMatchObject({ yielded: true, zone: "tension" });
    expect(r.ku).toBeCloseTo(r.dn / 390, 6);
  });

  it("Example 3.9, doubly reinforced, compression steel not yielded: dn ≈ 100.7 mm, Mu ≈ 309 kNm", () => {
    const r = bendingStrength({
      ...base,
      edition: "AS3600:2009",
      shape: "rectangle",
      b: 300,
      D: 450,
      fc: 32,
      steel: [
        { area: 900, depth: 60 },
        { area: 1800, depth: 390 },
      ],
    });
    expect(r.dn).toBeGreaterThan(100);
    expect(r.dn).toBeLessThan(101.5);
    expect(r.Muo).toBeCloseTo(309, -0.5);
    const compression = r.layers[0]!;
    expect(compression).toMatchObject({ zone: "compression", yielded: false });
    expect(compression.stress).toBeGreaterThan(235);
    expect(compression.stress).toBeLessThan(250);
  });

  it("Example 3.11, T-beam with the stress block in the web: dn ≈ 196 mm, Mu ≈ 1860 kNm", () => {
    const r = bendingStrength({
      ...base,
      edition: "AS3600:2009",
      shape: "T",
      bw: 400,
      D: 726,
      bef: 1100,
      hf: 120,
      fc: 25,
      steel: [
        { area: 3200, depth: 620 },
        { area: 3200, depth: 680 },
      ],
    });
    expect(r.gamma).toBeCloseTo(0.85, 6);
    expect(r.blockDepth).toBeGreaterThan(120);
    expect(r.dn).toBeCloseTo(196, -0.3);
    expect(r.Muo / 1860).toBeGreaterThan(0.99);
    expect(r.Muo / 1860).toBeLessThan(1.01);
    expect(r.do).toBe(680);
    expect(r.d).toBe(650);
  });
});

/** Hand-worked with the AS 3600:2018 stress block (not published; every step in the notes of docs/calculations.md). */
describe("AS 3600:2018 stress block and capacity factor", () => {
  it("Example 3.8 beam under AS 3600:2018: dn 131.3 mm, Mu 298.4 kNm, φ 0.85, φMuo 253.6 kNm", () => {
    const r = bendingStrength({ ...base, shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 390 }], Mstar: 250 });
    expect(r.alpha2).toBeCloseTo(0.802, 6);
    expect(r.gamma).toBeCloseTo(0.89, 6);
    expect(r.dn).toBeCloseTo(131.34, 1);
    expect(r.Muo).toBeCloseTo(298.4, 1);
    expect(r.phi).toBe(0.85);
    expect(r.phiMuo).toBeCloseTo(253.6, 1);
    expect(r.checks.find((c) => c.clause === "8.1.1")).toMatchObject({ pass: true });
  });

  it("kuo above 0.36: φ falls (1.24 − 13kuo/12) and the ductility rule asks for compression steel", () => {
    const r = bendingStrength({ ...base, shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 2700, depth: 390 }] });
    expect(r.kuo).toBeCloseTo(0.505, 3);
    expect(r.phi).toBeCloseTo(1.24 - (13 * r.kuo) / 12, 9);
    expect(r.phi).toBeCloseTo(0.693, 3);
    expect(r.Muo).toBeCloseTo(408.1, 1);
    expect(r.AscRequired).toBeCloseTo(0.01 * 300 * r.dn, 6);
    expect(r.checks.find((c) => c.clause === "8.1.5")).toMatchObject({ pass: false });
    const withClass = bendingStrength({ ...base, ductilityClass: "L", shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 390 }] });
    expect(withClass.phi).toBe(0.65);
  });

  it("minimum strength 1.2 Z f'ct.f: 41.2 kNm for 300 x 450 at 32 MPa", () => {
    const r = bendingStrength({ ...base, shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 390 }] });
    expect(r.MuoMin).toBeCloseTo(41.2, 1);
    const light = bendingStrength({ ...base, shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 150, depth: 390 }] });
    expect(light.checks.find((c) => c.clause === "8.1.6.1")).toMatchObject({ pass: false });
  });
});

describe("the neutral axis", () => {
  it("is where the forces balance, to within 0.01 mm, for any section and bars", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 150, max: 1200 }),
        fc.integer({ min: 250, max: 1500 }),
        fc.integer({ min: 20, max: 100 }),
        fc.array(fc.record({ area: fc.integer({ min: 50, max: 5000 }), share: fc.double({ min: 0.05, max: 0.95, noNaN: true }) }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom("AS3600:2018", "AS3600:2009"),
        (b, D, strength, bars, edition) => {
          const input: BendingInput = { ...base, edition, shape: "rectangle", b, D, fc: strength, steel: bars.map((bar) => ({ area: bar.area, depth: bar.share * D })) };
          const r = bendingStrength(input);
          // The exact root lies within 0.01 mm: the net force changes sign across dn ± 0.01.
          expect(netForceAt(input, r.dn - 0.01)).toBeLessThanOrEqual(0);
          expect(netForceAt(input, r.dn + 0.01)).toBeGreaterThanOrEqual(0);
          expect(r.Muo).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
