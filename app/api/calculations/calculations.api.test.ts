import { describe, expect, it } from "vitest";
import { expectJson, TestClient } from "@/test/http";
import * as bending from "./bending/route";
import * as lap from "./lap-length/route";
import * as shear from "./shear/route";

const client = new TestClient();

describe("POST /api/calculations/bending", () => {
  it("answers the whole working for a valid section, with the defaults fsy 500, Es 200000, Class N, AS 3600:2018", async () => {
    const body = await expectJson<Record<string, unknown>>(
      await client.post(bending.POST, "/api/calculations/bending", {
        body: { shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 390 }], Mstar: 200 },
      }),
      200,
    );
    expect(body.alpha2).toBeCloseTo(0.802, 9);
    expect(body.gamma).toBeCloseTo(0.89, 9);
    expect(body.phi).toBe(0.85);
    expect(body.dn).toBeCloseTo(131.34, 1);
    expect(body.Muo).toBeCloseTo(298.4, 1);
    expect(body.layers).toEqual([expect.objectContaining({ area: 1800, depth: 390, yielded: true })]);
    expect(body.checks).toEqual(expect.arrayContaining([expect.objectContaining({ clause: "8.1.1", pass: true })]));
    expect((body.steps as unknown[]).length).toBeGreaterThan(10);
  });

  it("an I-section with bars as text and bonded tendons: Gilbert et al. Example 6.2 by strain compatibility; 400 naming a bad tendon field", async () => {
    const body = await expectJson<{ Muo: number; tendons: { strain: number; stress: number }[]; tendonMethod: string; sense: string }>(
      await client.post(bending.POST, "/api/calculations/bending", {
        body: {
          shape: "I",
          D: 750,
          bfTop: 350,
          tfTop: 100,
          bw: 350,
          bfBottom: 350,
          tfBottom: 100,
          fc: 40,
          edition: "AS3600:2009",
          steel: [{ area: "3N24", depth: 690 }],
          tendons: [{ area: 1000, depth: 650, fpb: 1910, fpe: 1200 }],
          Ec: 32_750,
          tendonMethod: "strainCompatibility",
        },
      }),
      200,
    );
    // 3N24 = 1356 mm² (the book's 3 × 450): Mu 1353 kNm in the book, within 1.5 %.
    expect(Math.abs(body.Muo / 1353 - 1)).toBeLessThan(0.015);
    expect(body.tendonMethod).toBe("strainCompatibility");
    expect(body.sense).toBe("sagging");
    expect(body.tendons[0]!.strain).toBeGreaterThan(0.01);
    const bad = { shape: "rectangle", b: 350, D: 750, fc: 40, steel: [], tendons: [{ area: 1000, depth: 650, fpb: 1910, fpe: 1200 }] };
    for (const [body, field, message] of [
      [{ ...bad, tendonMethod: "exact" }, "tendonMethod", /"approximate"/],
      [{ ...bad, tendons: [{ area: 1000, depth: 800, fpb: 1910, fpe: 1200 }] }, "tendons.0.depth", /outside the section/],
      [{ ...bad, steel: [{ area: "4X28", depth: 690 }] }, "steel.0.area", /4N28/],
    ] as [Record<string, unknown>, string, RegExp][]) {
      const res = await expectJson<{ error: string }>(await client.post(bending.POST, "/api/calculations/bending", { body }), 400);
      expect(res.error).toContain(`"${field}"`);
      expect(res.error).toMatch(message);
    }
  });

  it("answers 400 naming the field: negative sizes, bars outside the section, f'c outside 20..100 MPa, a T without flange", async () => {
    const valid = { shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 390 }] };
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...valid, b: -300 }, "b", /more than 0/],
      [{ ...valid, steel: [{ area: 1800, depth: 460 }] }, "steel.0.depth", /outside the section/],
      [{ ...valid, fc: 15 }, "fc", /between 20 and 100 MPa/],
      [{ ...valid, fc: 120 }, "fc", /between 20 and 100 MPa/],
      [{ ...valid, steel: [] }, "steel", /at least one layer/],
      [{ ...valid, shape: "T", bw: 300 }, "bef", /needs bef/],
      [{ ...valid, fc: "32" }, "fc", /must be a number/],
    ];
    for (const [body, field, message] of cases) {
      const res = await expectJson<{ error: string }>(await client.post(bending.POST, "/api/calculations/bending", { body }), 400);
      expect(res.error).toContain(`"${field}"`);
      expect(res.error).toMatch(message);
    }
  });

  it("keeps the rules of every POST: our own Origin and JSON only", async () => {
    await expectJson(await client.post(bending.POST, "/api/calculations/bending", { body: {}, origin: "https://evil.example" }), 403);
    await expectJson(await client.post(bending.POST, "/api/calculations/bending", { rawBody: "b=1", contentType: "text/plain" }), 415);
  });
});

describe("POST /api/calculations/shear", () => {
  it("answers dv, kv, θv, Vuc, Vus, Vu.max and φVu with the checks", async () => {
    const body = await expectJson<Record<string, unknown>>(
      await client.post(shear.POST, "/api/calculations/shear", {
        body: { bv: 300, D: 450, d: 390, fc: 32, Ast: 1800, Mstar: 150, Vstar: 150, Asv: 157, s: 200 },
      }),
      200,
    );
    expect(body).toMatchObject({ dv: 351, phi: 0.75, fitmentsRequired: true });
    expect(body.phiVu).toBeCloseTo(230.8, 1);
    expect(body.ex).toBeCloseTo(8.019e-4, 6);
  });

  it("answers 400 naming the field", async () => {
    const res = await expectJson<{ error: string }>(
      await client.post(shear.POST, "/api/calculations/shear", { body: { bv: 300, D: 450, d: 500, fc: 32, Ast: 1800 } }),
      400,
    );
    expect(res.error).toContain('"d"');
    const method = await expectJson<{ error: string }>(
      await client.post(shear.POST, "/api/calculations/shear", { body: { bv: 300, D: 450, d: 390, fc: 32, Ast: 1800, method: "guess" } }),
      400,
    );
    expect(method.error).toContain('"method"');
  });
});

describe("the new inputs (issue 18): the API takes them and answers 400 naming the field", () => {
  const beam = { bv: 300, D: 450, d: 390, fc: 32, Ast: 1800, Asv: 157, s: 200 };
  const bar = { db: 24, fc: 32, cd: 50 };
  const section = { shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 390 }] };

  it("shear: a negative εx recalculated with Ec Act, and a section near a support with the enhancement of Cl 8.2.3.2", async () => {
    const strained = await expectJson<Record<string, number>>(
      await client.post(shear.POST, "/api/calculations/shear", {
        body: { ...beam, Mstar: 50, Vstar: 100, Nstar: -1000, negativeStrain: "EcAct", source: "girder 34 · ULS1" },
      }),
      200,
    );
    expect(strained.ex).toBeCloseTo(-5.384e-5, 7);
    const near = await expectJson<Record<string, number>>(
      await client.post(shear.POST, "/api/calculations/shear", {
        body: { ...beam, Asv: 0, method: "simplified", Vstar: 150, av: 500, loadNearSupport: true },
      }),
      200,
    );
    expect(near.enhancement).toBeCloseTo(1.404, 9);
  });

  it("lap length: the refined length beside the basic one, and a compression lap inside ties", async () => {
    const body = await expectJson<{ LsytRefined: { value: number }; Lsyclap: { value: number } }>(
      await client.post(lap.POST, "/api/calculations/lap-length", {
        body: { ...bar, refined: true, K: 0.1, sumAtr: 400, rhoP: 2, confinement: "fitments", Atr: 113.1, fitmentSpacing: 200, threeFitments: true, Mstar: 12 },
      }),
      200,
    );
    // Beam bar (narrow): λ = (400 − 0.25 × 452.4)/452.4 = 0.634, k4 = 0.937, k5 = 0.92, k3 k4 k5 = 0.8375 × 0.937 × 0.92 = 0.722;
    // 0.5 × 0.722 × 500 × 24/(1.08 × √32) = 708.7 mm, above 0.058 × 500 × 24 = 696.
    expect(body.LsytRefined.value).toBeCloseTo(708.71, 2);
    expect(body.Lsyclap.value).toBeCloseTo(768, 9);
  });

  it("bending: a hogging M* and the recorded V*, N* and source are accepted", async () => {
    await expectJson(
      await client.post(bending.POST, "/api/calculations/bending", { body: { ...section, Mstar: -200, Vstar: 80, Nstar: 15, source: "pier 2" } }),
      200,
    );
  });

  it("names the field of each bad new input", async () => {
    const cases: [typeof shear.POST, string, Record<string, unknown>, string, RegExp][] = [
      [shear.POST, "shear", { ...beam, negativeStrain: "guess" }, "negativeStrain", /"zero" or "EcAct"/],
      [shear.POST, "shear", { ...beam, negativeStrain: "EcAct", Ec: 5000 }, "Ec", /between 10000 and 60000 MPa/],
      [shear.POST, "shear", { ...beam, Act: -1 }, "Act", /more than 0/],
      [shear.POST, "shear", { ...beam, av: 0 }, "av", /more than 0/],
      [shear.POST, "shear", { ...beam, loadNearSupport: true }, "av", /distance of the section from the face of the support/],
      [shear.POST, "shear", { ...beam, supportCompression: "yes" }, "supportCompression", /true or false/],
      [shear.POST, "shear", { ...beam, source: "x".repeat(301) }, "source", /at most 300 characters/],
      [shear.POST, "shear", { ...beam, Ast: 0.5 }, "Ast", /at least 1 mm²/],
      [lap.POST, "lap-length", { ...bar, K: 0.2 }, "K", /0, 0.05 or 0.1/],
      [lap.POST, "lap-length", { ...bar, rhoP: -1 }, "rhoP", /at least 0 MPa/],
      [lap.POST, "lap-length", { ...bar, confinement: "helix", fitmentSpacing: 75 }, "Atr", /area of one fitment or helix bar/],
      [lap.POST, "lap-length", { ...bar, confinement: "fitments", Atr: 113 }, "fitmentSpacing", /spacing/],
      [lap.POST, "lap-length", { ...bar, helixBars: 2.5 }, "helixBars", /whole number/],
      [bending.POST, "bending", { ...section, Vstar: 2e6 }, "Vstar", /within ±1000000 kN/],
      [bending.POST, "bending", { ...section, Nstar: "12" }, "Nstar", /must be a number/],
      [bending.POST, "bending", { ...section, source: 42 }, "source", /is text/],
    ];
    for (const [handler, path, body, field, message] of cases) {
      const res = await expectJson<{ error: string }>(await client.post(handler, `/api/calculations/${path}`, { body }), 400);
      expect(res.error, `${path} ${field}`).toContain(`"${field}"`);
      expect(res.error, `${path} ${field}`).toMatch(message);
    }
  });
});

describe("POST /api/calculations/lap-length", () => {
  it("answers k1, k2, k3 and the lengths, unrounded and rounded up to 10 mm", async () => {
    const body = await expectJson<Record<string, unknown>>(
      await client.post(lap.POST, "/api/calculations/lap-length", { body: { db: 12, fc: 40, cd: 50 } }),
      200,
    );
    expect(body).toMatchObject({ k1: 1, k3: 0.7, Lsytb: { value: 348, rounded: 350 }, Lsytlap: { value: 348, rounded: 350 } });
  });

  it("ignores the design actions an older body carries (issue 29: a lap length takes none), even ones it once refused", async () => {
    const plain = await expectJson(await client.post(lap.POST, "/api/calculations/lap-length", { body: { db: 12, fc: 40, cd: 50 } }), 200);
    const older = { db: 12, fc: 40, cd: 50, Mstar: 12, Vstar: 2e6, Nstar: "x", source: 42 };
    expect(await expectJson(await client.post(lap.POST, "/api/calculations/lap-length", { body: older }), 200)).toEqual(plain);
  });

  it("answers 400 naming the field", async () => {
    const res = await expectJson<{ error: string }>(await client.post(lap.POST, "/api/calculations/lap-length", { body: { db: 12, fc: 40 } }), 400);
    expect(res.error).toContain('"cd"');
    const db = await expectJson<{ error: string }>(await client.post(lap.POST, "/api/calculations/lap-length", { body: { db: 0, fc: 40, cd: 50 } }), 400);
    expect(db.error).toContain('"db"');
  });
});
