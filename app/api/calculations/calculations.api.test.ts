import { describe, expect, it } from "vitest";
import { expectJson, TestClient } from "@/test/http";
import * as bending from "./bending/route";
import * as lap from "./lap-length/route";
import * as shear from "./shear/route";

const client = new TestClient();

describe("POST /api/calculations/bending", () => {
  it("answers the whole working for a valid section, with the defaults fsy 500, Es 200000, Class N, AS 3600:2018", async () => {
    const body = await expectJson<Record<string, unknown>>(
      await client.post(bending.POST, "/api/calculations/bending", { body: { shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 390 }], Mstar: 200 } }),
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
      await client.post(shear.POST, "/api/calculations/shear", { body: { bv: 300, D: 450, d: 390, fc: 32, Ast: 1800, Mstar: 150, Vstar: 150, Asv: 157, s: 200 } }),
      200,
    );
    expect(body).toMatchObject({ dv: 351, phi: 0.75, fitmentsRequired: true });
    expect(body.phiVu).toBeCloseTo(230.8, 1);
    expect(body.ex).toBeCloseTo(8.019e-4, 6);
  });

  it("answers 400 naming the field", async () => {
    const res = await expectJson<{ error: string }>(await client.post(shear.POST, "/api/calculations/shear", { body: { bv: 300, D: 450, d: 500, fc: 32, Ast: 1800 } }), 400);
    expect(res.error).toContain('"d"');
    const method = await expectJson<{ error: string }>(await client.post(shear.POST, "/api/calculations/shear", { body: { bv: 300, D: 450, d: 390, fc: 32, Ast: 1800, method: "guess" } }), 400);
    expect(method.error).toContain('"method"');
  });
});

describe("POST /api/calculations/lap-length", () => {
  it("answers k1, k2, k3 and the lengths, unrounded and rounded up to 10 mm", async () => {
    const body = await expectJson<Record<string, unknown>>(await client.post(lap.POST, "/api/calculations/lap-length", { body: { db: 12, fc: 40, cd: 50 } }), 200);
    expect(body).toMatchObject({ k1: 1, k3: 0.7, Lsytb: { value: 348, rounded: 350 }, Lsytlap: { value: 348, rounded: 350 } });
  });

  it("answers 400 naming the field", async () => {
    const res = await expectJson<{ error: string }>(await client.post(lap.POST, "/api/calculations/lap-length", { body: { db: 12, fc: 40 } }), 400);
    expect(res.error).toContain('"cd"');
    const db = await expectJson<{ error: string }>(await client.post(lap.POST, "/api/calculations/lap-length", { body: { db: 0, fc: 40, cd: 50 } }), 400);
    expect(db.error).toContain('"db"');
  });
});
