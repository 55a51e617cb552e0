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
/** Sometimes absent, as an optional field of the API is. */
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 3 });
// Any text a link could carry as the source of the design actions, markup and long text included.
const sourceText = fc.oneof(fc.string({ maxLength: 320 }), fc.constantFrom("<b>girder 34</b>", "Demo Viaduct · element 34 · ULS1 (CB:max)", "🌉".repeat(300)));

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
          Mstar: maybe(inRange(-10_000, 10_000)),
          Vstar: maybe(inRange(-5000, 5000)),
          Nstar: maybe(inRange(-5000, 5000)),
          source: maybe(sourceText),
        }),
        (body) => {
          const parsed = bendingSchema.safeParse(body);
          if (!parsed.success) return;
          accepted++;
          expectFinite(bendingStrength(parsed.data));
        },
      ),
      { numRuns: 2500 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it("shear", () => {
    let accepted = 0;
    let negative = 0;
    let enhanced = 0;
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
          // Compression as large as a pier column carries, so that εx often comes out negative.
          Nstar: fc.oneof(inRange(-5000, 5000), fc.double({ min: -1e6, max: -1e4, noNaN: true })),
          Asv: inRange(0, 2000),
          s: inRange(50, 600),
          fsyf: inRange(250, 800),
          alphaV: inRange(30, 90),
          dg: inRange(0, 40),
          method: fc.constantFrom("general", "simplified"),
          amendment: fc.constantFrom(0, 2),
          negativeStrain: fc.constantFrom("zero", "EcAct"),
          Ec: maybe(inRange(10_000, 60_000)),
          Act: maybe(inRange(1000, 5_000_000)),
          av: maybe(inRange(1, 5000)),
          supportCompression: fc.boolean(),
          loadNearSupport: fc.boolean(),
          source: maybe(sourceText),
        }),
        (body) => {
          const parsed = shearSchema.safeParse(body);
          if (!parsed.success) return;
          accepted++;
          const result = shearStrength(parsed.data);
          expectFinite(result);
          if (result.ex !== null && result.ex < 0) negative++;
          if (result.enhancement > 1) enhanced++;
        },
      ),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(100);
    // The new branches are reached, not just the old ones.
    expect(negative).toBeGreaterThan(10);
    expect(enhanced).toBeGreaterThan(10);
  });

  it("lap length", () => {
    let accepted = 0;
    let reduced = 0;
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
          refined: fc.boolean(),
          K: fc.constantFrom(0, 0.05, 0.1),
          sumAtr: inRange(0, 5000),
          rhoP: inRange(0, 20),
          confinement: fc.constantFrom("none", "fitments", "helix"),
          Atr: inRange(10, 1000),
          fitmentSpacing: inRange(20, 600),
          threeFitments: fc.boolean(),
          compressionRefined: fc.boolean(),
          helixBars: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 20 }) }, { weight: 1, arbitrary: anyNumber }),
          Mstar: maybe(inRange(-10_000, 10_000)),
          Vstar: maybe(inRange(-5000, 5000)),
          Nstar: maybe(inRange(-5000, 5000)),
          source: maybe(sourceText),
        }),
        (body) => {
          const parsed = lapSchema.safeParse(body);
          if (!parsed.success) return;
          accepted++;
          const result = lapLengths(parsed.data);
          expectFinite(result);
          if (result.compressionLapFactor < 1) reduced++;
        },
      ),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(100);
    expect(reduced).toBeGreaterThan(10);
  });
});
