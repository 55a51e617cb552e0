import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bendingStrength } from "./bending";
import { lapLengths } from "./lap-length";
import { bendingSchema, lapSchema, shearSchema } from "./schemas";
import { shearStrength } from "./shear";

/** Every number anywhere in a result; an engineer must never read NaN or Infinity on a calc sheet. */
function numbersIn(value: unknown, path = "result"): [string, number][] {
  if (typeof value === "number") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbersIn(v, `${path}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => numbersIn(v, `${path}.${k}`));
  if (typeof value === "string" && /NaN|Infinity/.test(value)) return [[path, Number.NaN]];
  return [];
}

function expectFinite(result: unknown) {
  const bad = numbersIn(result).filter(([, n]) => !Number.isFinite(n));
  expect(bad).toEqual([]);
}

// Anything a client could send that is a number: tiny, huge, negative, fractional.
const anyNumber = fc.oneof(
  { weight: 4, arbitrary: fc.double({ min: 1e-6, max: 1e7, noNaN: true }) },
  { weight: 2, arbitrary: fc.integer({ min: -1000, max: 100_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(1e-300, 1e-9, 1e12, 1e300, Number.MAX_VALUE, Number.MIN_VALUE) },
);
const inRange = (min: number, max: number) => fc.oneof({ weight: 5, arbitrary: fc.double({ min, max, noNaN: true }) }, { weight: 1, arbitrary: anyNumber });

describe("any input the schema accepts gives finite results, or the schema refuses it", () => {
  it("bending", () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.record({
          shape: fc.constantFrom("rectangle", "T"),
          b: inRange(100, 3000),
          D: inRange(100, 3000),
          bw: inRange(100, 1000),
          bef: inRange(300, 5000),
          hf: inRange(50, 400),
          fc: inRange(20, 100),
          fsy: inRange(250, 800),
          Es: inRange(150_000, 210_000),
          steel: fc.array(fc.record({ area: inRange(10, 20_000), depth: inRange(10, 3000) }), { minLength: 1, maxLength: 6 }),
          ductilityClass: fc.constantFrom("N", "L"),
          edition: fc.constantFrom("AS3600:2018", "AS3600:2009"),
          Mstar: inRange(0, 10_000),
        }),
        (body) => {
          const parsed = bendingSchema.safeParse(body);
          if (!parsed.success) return;
          accepted++;
          expectFinite(bendingStrength(parsed.data));
        },
      ),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it("shear", () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.record({
          bv: inRange(100, 2000),
          D: inRange(150, 3000),
          d: inRange(100, 2900),
          fc: inRange(20, 100),
          Ast: inRange(100, 50_000),
          Mstar: inRange(-10_000, 10_000),
          Vstar: inRange(-5000, 5000),
          Nstar: inRange(-5000, 5000),
          Asv: inRange(0, 2000),
          s: inRange(50, 600),
          fsyf: inRange(250, 800),
          alphaV: inRange(30, 90),
          dg: inRange(0, 40),
          method: fc.constantFrom("general", "simplified"),
          amendment: fc.constantFrom(0, 2),
        }),
        (body) => {
          const parsed = shearSchema.safeParse(body);
          if (!parsed.success) return;
          accepted++;
          expectFinite(shearStrength(parsed.data));
        },
      ),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it("lap length", () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.record({
          db: inRange(6, 57),
          fc: inRange(20, 100),
          fsy: inRange(250, 800),
          cd: inRange(10, 200),
          castBelow300: fc.boolean(),
          epoxy: fc.boolean(),
          lightweight: fc.boolean(),
          barType: fc.constantFrom("deformed", "plain"),
          asRatio: inRange(0, 4),
          splicedShare: inRange(0, 1),
          narrow: fc.boolean(),
          sb: inRange(0, 500),
        }),
        (body) => {
          const parsed = lapSchema.safeParse(body);
          if (!parsed.success) return;
          accepted++;
          expectFinite(lapLengths(parsed.data));
        },
      ),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(100);
  });
});
