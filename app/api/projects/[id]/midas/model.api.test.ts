import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as analysis from "@/app/api/projects/[id]/midas/analysis/route";
import * as apply from "@/app/api/projects/[id]/midas/apply/route";
import * as model from "@/app/api/projects/[id]/midas/model/route";
import * as preview from "@/app/api/projects/[id]/midas/preview/route";
import * as results from "@/app/api/projects/[id]/midas/results/[kind]/route";
import * as settings from "@/app/api/projects/[id]/midas/settings/route";
import * as connection from "@/app/api/midas/connection/route";
import { resetEnv } from "@/lib/env";
import type { ModelSketch, ModelSummary } from "@/lib/midas/summary";
import { useTestDatabase } from "@/test/database";
import { demoProject, setCell } from "@/test/midas-projects";
import { expectJson, type TestClient } from "@/test/http";
import { type MidasSimulator, startMidasSimulator } from "@/test/midas-sim";
import { joinProject, signedInClient } from "@/test/session";

useTestDatabase();

const KEY = "sim-key-model-check-5307";
let sim: MidasSimulator;

type Person = Awaited<ReturnType<typeof signedInClient>>;
type Check = { problems: { message: string }[]; summary: ModelSummary | null; sketch: ModelSketch | null };
type Preview = Check & { changes: Record<string, unknown>; fingerprint: string | null };
type Results = { columns: string[]; rows: (string | number)[][] };

const p = (id: number, extra: Record<string, string> = {}) => ({ params: { id: String(id), ...extra } });
const checkOf = (client: TestClient, id: number) => client.get(model.GET, `/api/projects/${id}/midas/model`, p(id));
const previewOf = (client: TestClient, id: number) => client.post(preview.POST, `/api/projects/${id}/midas/preview`, p(id));

let owner: Person;
let viewer: Person;
let stranger: Person;
let viaduct: number;

beforeAll(async () => {
  sim = await startMidasSimulator({ port: 0, key: KEY });
  process.env.MIDAS_ALLOWED_HOSTS = `127.0.0.1:${sim.port}`;
  resetEnv();
  [owner, viewer, stranger] = (await Promise.all(["model-owner", "model-viewer", "model-stranger"].map((n) => signedInClient(n)))) as [Person, Person, Person];
  viaduct = await demoProject(owner, "Checked viaduct");
  await joinProject(viewer.userId, viaduct, "viewer");
}, 60_000);

afterAll(async () => {
  await sim?.close();
  delete process.env.MIDAS_ALLOWED_HOSTS;
  resetEnv();
});

describe("the model check: summary and sketch before anything is sent", () => {
  it("answers the demo's summary and sketch from the tables alone, to a viewer without a MIDAS connection, and nothing reaches MIDAS", async () => {
    const before = sim.state.requests.length;
    const check = await expectJson<Check>(await checkOf(viewer.client, viaduct), 200);
    expect(check.problems).toEqual([]);
    const summary = check.summary!;
    const sdl = summary.cases.find((c) => c.name === "SDL")!;
    expect(sdl.how[0]).toMatch(/^SDL: 40 kN\/m × 522 m = 20,880 kN/);
    expect(sdl.vertical).toBeCloseTo(40 * 522 * Math.hypot(1, 0.012), 2);
    expect(summary.cases.find((c) => c.name === "DL")!.vertical).toBeCloseTo(156_203.46, 1);
    expect(summary.vehicles.map((v) => [v.name, v.total, v.axleCount])).toEqual([
      ["M1600", 1440, 12],
      ["S1600", 960, 12],
    ]);
    expect(summary.supports.every((s) => s.bearings.length === 2)).toBe(true);
    expect(summary.pileGroups.map((g) => g.springNodes)).toEqual([96, 120]);
    expect(summary.combinations.filter((c) => c.generated)).toHaveLength(19);
    const sketch = check.sketch!;
    expect(sketch.supports.filter((s) => s.pier)).toHaveLength(11);
    expect([sketch.startChainage, sketch.endChainage]).toEqual([1032.5, 1554.5]);
    expect(sim.state.requests.length).toBe(before);
    // Not a member: the project is not there.
    await expectJson(await checkOf(stranger.client, viaduct), 404);
  });

  it("follows the tables: a taller pier lowers its cap in the sketch; a problem answers the problems and no summary", async () => {
    const before = (await expectJson<Check>(await checkOf(owner.client, viaduct), 200)).sketch!.supports[3]!.pier!;
    await setCell(owner.client, viaduct, "midassetup", "PierHeight", "Item3", "15");
    const after = (await expectJson<Check>(await checkOf(owner.client, viaduct), 200)).sketch!.supports[3]!.pier!;
    expect(after.cap.top).toBeLessThan(before.cap.top);
    expect(after.headstock.bottom - after.cap.top).toBeCloseTo(15, 3);

    await setCell(owner.client, viaduct, "midassetup", "GirderSection", "Item3", "BOX-9999");
    const broken = await expectJson<Check>(await checkOf(owner.client, viaduct), 200);
    expect(broken.summary).toBeNull();
    expect(broken.sketch).toBeNull();
    expect(broken.problems[0]!.message).toContain("BOX-9999");
    await setCell(owner.client, viaduct, "midassetup", "GirderSection", "Item3", "BOX-2000");
  });

  it("puts the same summary and sketch in the preview; the analysis' reactions sum to each case's totals", async () => {
    await expectJson(await owner.client.call(connection.PUT, "/api/midas/connection", { method: "PUT", body: { baseUrl: sim.url, apiKey: KEY } }), 200);
    const check = await expectJson<Check>(await checkOf(owner.client, viaduct), 200);
    const previewed = await expectJson<Preview>(await previewOf(owner.client, viaduct), 200);
    expect(previewed.problems).toEqual([]);
    expect(previewed.summary).toEqual(check.summary);
    expect(previewed.sketch).toEqual(check.sketch);

    expect((await expectJson<{ outcome: string }>(await owner.client.post(apply.POST, `/api/projects/${viaduct}/midas/apply`, p(viaduct)), 200)).outcome).toBe(
      "applied",
    );
    await expectJson(
      await owner.client.call(settings.PUT, `/api/projects/${viaduct}/midas/settings`, {
        method: "PUT",
        ...p(viaduct),
        body: { modelPath: "C:\\Bridges\\Checked.mcb" },
      }),
      200,
    );
    expect(
      (await expectJson<{ outcome: string }>(await owner.client.post(analysis.POST, `/api/projects/${viaduct}/midas/analysis`, p(viaduct)), 200)).outcome,
    ).toBe("done");
    const reactions = await expectJson<Results>(
      await owner.client.get(results.GET, `/api/projects/${viaduct}/midas/results/reaction?cases=DL,SDL,BRK`, p(viaduct, { kind: "reaction" })),
      200,
    );
    const [load, fx, fz] = ["Load", "FX", "FZ"].map((c) => reactions.columns.indexOf(c)) as [number, number, number];
    const sum = (name: string, column: number) => reactions.rows.filter((r) => r[load] === name).reduce((s, r) => s + Number(r[column]), 0);
    const total = (name: string) => check.summary!.cases.find((c) => c.name === name)!;
    expect(sum("DL", fz)).toBeCloseTo(total("DL").vertical, 1);
    expect(sum("SDL", fz)).toBeCloseTo(total("SDL").vertical, 1);
    // Along the bridge the supports' reactions are only part of it: the soil springs along the piles (NSPR) carry the rest.
    expect(Math.abs(sum("BRK", fx))).toBeLessThan(total("BRK").longitudinal);
  }, 120_000);
});
