import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as analysis from "@/app/api/projects/[id]/midas/analysis/route";
import * as apply from "@/app/api/projects/[id]/midas/apply/route";
import * as results from "@/app/api/projects/[id]/midas/results/[kind]/route";
import * as refresh from "@/app/api/projects/[id]/midas/results/[kind]/refresh/route";
import * as girderCheck from "@/app/api/projects/[id]/midas/checks/girder/route";
import * as connection from "@/app/api/midas/connection/route";
import * as settings from "@/app/api/projects/[id]/midas/settings/route";
import { useTestDatabase } from "@/test/database";
import { demoProject, setCell } from "@/test/midas-projects";
import { expectJson, type TestClient } from "@/test/http";
import { type MidasSimulator, startMidasSimulator } from "@/test/midas-sim";
import { resetEnv } from "@/lib/env";
import { joinProject, signedInClient } from "@/test/session";

useTestDatabase();

const KEY = "sim-key-results-4821";
let sim: MidasSimulator;

type Person = Awaited<ReturnType<typeof signedInClient>>;
type Analysis = { runId: string; outcome: "done" | "failed"; error?: string; kinds: string[] };
type Results = {
  kind: string;
  fetchedAt: string;
  source: "analysis" | "refresh";
  fetchedBy: { id: number; name: string } | null;
  analysisId: string | null;
  stale: boolean;
  units: { force: string; length: string };
  columns: string[];
  rows: (string | number)[][];
  cases: string[];
  keyPoints: { label: string; chainage: number; elem: number; part: string }[];
};

const p = (id: number, extra: Record<string, string> = {}) => ({ params: { id: String(id), ...extra } });
const runAnalysis = (client: TestClient, id: number) => client.post(analysis.POST, `/api/projects/${id}/midas/analysis`, p(id));
const applyTo = (client: TestClient, id: number) => client.post(apply.POST, `/api/projects/${id}/midas/apply`, p(id));
const resultsOf = (client: TestClient, id: number, kind: string, query = "") =>
  client.get(results.GET, `/api/projects/${id}/midas/results/${kind}${query}`, p(id, { kind }));
const putSettings = (client: TestClient, id: number, body: unknown) =>
  client.call(settings.PUT, `/api/projects/${id}/midas/settings`, { method: "PUT", ...p(id), body });
const docRequests = () => sim.state.requests.filter((r) => r.path.startsWith("/civil/doc/")).map((r) => r.path.slice("/civil/doc/".length));
const checkOf = (client: TestClient, id: number, query = "") => client.get(girderCheck.GET, `/api/projects/${id}/midas/checks/girder${query}`, p(id));
type CheckPoint = {
  point: string;
  chainage: number;
  element: number;
  part: string;
  Mstar: number;
  Vstar: number;
  face: string;
  section: string;
  phiMuo: number;
  phiVu: number;
  utilisationM: number;
  utilisationV: number;
  links: { bending: string; shear: string };
};
type Check = { combination: string; standard: string; points: CheckPoint[]; governing: { M: CheckPoint; V: CheckPoint }; combinations: string[] };
const refreshOf = (client: TestClient, id: number, kind: string) =>
  client.post(refresh.POST, `/api/projects/${id}/midas/results/${kind}/refresh`, p(id, { kind }));

let owner: Person;
let viewer: Person;
let viaduct: number;

beforeAll(async () => {
  sim = await startMidasSimulator({ port: 0, key: KEY });
  // The simulator listens on a random port: an entry without a port would allow only port 80.
  process.env.MIDAS_ALLOWED_HOSTS = `127.0.0.1:${sim.port}`;
  resetEnv();
  [owner, viewer] = (await Promise.all(["results-owner", "results-viewer"].map((n) => signedInClient(n)))) as [Person, Person];
  viaduct = await demoProject(owner, "Results viaduct");
  await joinProject(viewer.userId, viaduct, "viewer");
  for (const person of [owner, viewer])
    await expectJson(await person.client.call(connection.PUT, "/api/midas/connection", { method: "PUT", body: { baseUrl: sim.url, apiKey: KEY } }), 200);
}, 60_000);

afterAll(async () => {
  await sim?.close();
  delete process.env.MIDAS_ALLOWED_HOSTS;
  resetEnv();
});

afterEach(() => {
  sim.state.notRunning = false;
  sim.state.errorBody = null;
});

describe("Run analysis and the MIDAS results", () => {
  it("refuses to analyse before the model is built (409 build first), and has no results yet (404)", async () => {
    const answer = await expectJson(await runAnalysis(owner.client, viaduct), 409);
    expect(answer.error).toMatch(/^Build first/);
    expect(sim.state.requests.some((r) => r.path === "/civil/doc/ANAL")).toBe(false);
    expect((await expectJson(await resultsOf(owner.client, viaduct, "girder"), 404)).error).toMatch(/no results yet/);
    expect((await expectJson(await checkOf(owner.client, viaduct), 409)).error).toMatch(/no results yet: run the analysis/);
    // Viewers may not run it.
    await expectJson(await runAnalysis(viewer.client, viaduct), 403);
  });

  it("without a model file path, refuses to analyse at once (409 naming where to set it), before anything reaches MIDAS", async () => {
    expect((await expectJson<{ outcome: string }>(await applyTo(owner.client, viaduct), 200)).outcome).toBe("applied");
    const refused = await expectJson(await runAnalysis(owner.client, viaduct), 409);
    expect(refused.error).toMatch(/^Set the model file path first: on Midas Control > Create Midas, under Model file/);
    expect(docRequests()).toEqual([]);
    // The path is checked: a full Windows path to an .mcb file; viewers may read it but not set it.
    for (const bad of ["Demo Viaduct.mcb", "C:\\Bridges\\Demo Viaduct.txt", "/home/me/model.mcb", `C:\\${"x".repeat(300)}.mcb`, "C:\\Bri|dges\\a.mcb"]) {
      expect((await expectJson(await putSettings(owner.client, viaduct, { modelPath: bad }), 400)).error).toMatch(/model file/i);
    }
    await expectJson(await putSettings(viewer.client, viaduct, { modelPath: "C:\\Bridges\\Results viaduct.mcb" }), 403);
    // Civil NX 2026 saves .mcbx; the official client checks .mcb and .mcbz.
    expect(await expectJson(await putSettings(owner.client, viaduct, { modelPath: "\\\\server\\bridges\\Results viaduct.mcbx" }), 200)).toEqual({
      modelPath: "\\\\server\\bridges\\Results viaduct.mcbx",
    });
    const set = await expectJson(await putSettings(owner.client, viaduct, { modelPath: "  C:\\Bridges\\Results viaduct.mcb " }), 200);
    expect(set).toEqual({ modelPath: "C:\\Bridges\\Results viaduct.mcb" });
    expect(await expectJson(await viewer.client.get(settings.GET, `/api/projects/${viaduct}/midas/settings`, p(viaduct)), 200)).toEqual(set);
  });

  it("runs the analysis in MIDAS and stores every kind, read back as tables with numbers and units", async () => {
    const ran = await expectJson<Analysis>(await runAnalysis(owner.client, viaduct), 200);
    expect(ran).toEqual({ runId: expect.any(String), outcome: "done", kinds: ["reaction", "bearing", "girder", "pile"] });
    expect(sim.state.requests.filter((r) => r.path === "/civil/doc/ANAL")).toHaveLength(1);
    // The model was untitled: its first save is SAVEAS to the project's path (a SAVE would wait on Civil NX's dialog).
    expect(docRequests()).toEqual(["SAVEAS", "ANAL"]);

    const expected: Record<string, string[]> = {
      reaction: ["Support", "Chainage", "Load", "FX", "FY", "FZ", "MX", "MY", "MZ", "Nodes"],
      bearing: ["Support", "Chainage", "Link", "Load", "Vertical", "Longitudinal", "Transverse", "Fixity", "Uplift", "Offset"],
      girder: ["Elem", "Span", "Part", "Chainage", "Load", "Axial", "Shear", "Moment", "Torsion"],
      pile: ["Support", "PileGroup", "Pile", "Elem", "Part", "Depth", "Load", "Axial", "ShearY", "ShearZ", "Torsion", "MomentY", "MomentZ"],
    };
    // 13 supports of two bearings each, 116 girder and 216 pile elements (P1-P6 on 4 piles, P7-P11 on 6, 4 elements
    // each; ends I and J), 44 loads: 13 static cases (with
    // PS-SEC), the 2 moving loads as a max and a min (4), 8 combinations that hold a moving load or an envelope as a max
    // and a min (16) and the other 11 combinations.
    const rows: Record<string, number> = { reaction: 13 * 44, bearing: 26 * 44, girder: 116 * 2 * 44, pile: 216 * 2 * 44 };
    for (const kind of Object.keys(expected)) {
      const got = await expectJson<Results>(await resultsOf(viewer.client, viaduct, kind), 200);
      expect(got.columns).toEqual(expected[kind]);
      expect(got.units).toEqual({ force: "kN", length: "m" });
      expect(got.stale).toBe(false);
      expect(got.rows).toHaveLength(rows[kind]!);
      expect(got.cases).toEqual(expect.arrayContaining(["DL", "SDL"]));
      const value = got.columns.indexOf(kind === "reaction" ? "FZ" : kind === "bearing" ? "Vertical" : "Axial");
      expect(got.rows.every((r) => typeof r[value] === "number" && Number.isFinite(r[value]))).toBe(true);
    }
    // Dead load presses every support down: the vertical reactions under DL sum to the viaduct's weight.
    const reactions = await expectJson<Results>(await resultsOf(owner.client, viaduct, "reaction", "?cases=DL"), 200);
    expect(new Set(reactions.rows.map((r) => r[2]))).toEqual(new Set(["DL"]));
    expect(reactions.rows.every((r) => Number(r[5]) > 0)).toBe(true);
    // Each of the 11 pile caps weighs 9.0 × 3.6 × 1.5 m × 25 kN/m³ = 1,215 kN once (issue 28, point 6): 18,538.62 kN
    // less than the 173,082.98 kN of when the cap's overlapping beams carried their own weight.
    // And the diaphragms (issue 28, point 8): 1.5 m over each abutment filling BOX-2000's 5.3 × 1.55 m cell, 1.2 m over
    // each pier filling BOX-2600's 5.3 × 1.9 m cell, at 25 kN/m³: 2 × 308.06 + 11 × 302.1 = 3,939.23 kN more.
    const diaphragms = 2 * 1.5 * 5.3 * 1.55 * 25 + 11 * 1.2 * 5.3 * 1.9 * 25;
    // And the piers of the box girder viaduct (issue 28, point 7: the Revit pier table now describes this bridge, at its
    // chainages): columns of 134.492 m at 1.2 m and 177.096 m at 1.5 m (cap centroid to headstock centroid, two per
    // pier), 11,626.53 kN, and 1,132.5 m of 1.05 m piles (6 × 4 × 18.75 + 5 × 6 × 22.75 m), 24,515.84 kN: 2,280.13 kN
    // less than the first 11 piers of the old 12-pier table (11,882.62 + 26,539.88 kN).
    expect(reactions.rows.reduce((sum, r) => sum + Number(r[5]), 0)).toBeCloseTo(154_544.36 - 2_280.13 + diaphragms, 1);

    const girder = await expectJson<Results>(await resultsOf(owner.client, viaduct, "girder", "?cases=DL,SDL"), 200);
    expect(new Set(girder.rows.map((r) => r[4]))).toEqual(new Set(["DL", "SDL"]));
    const spans = Array.from({ length: 12 }, (_, i) => [`Span ${i + 1} mid`, i < 11 ? `P${i + 1}` : "A2"]).flat();
    expect(girder.keyPoints.map((p) => p.label)).toEqual(["A1", ...spans]);
    expect(girder.keyPoints[0]).toMatchObject({ label: expect.any(String), chainage: expect.any(Number), part: expect.stringMatching(/^[IJ]$/) });
    // A case the results do not hold is named.
    expect((await expectJson(await resultsOf(owner.client, viaduct, "girder", "?cases=NOPE"), 400)).error).toMatch(/"NOPE"/);
  });

  it("downloads the same table as CSV and XLSX, headings with units", async () => {
    const csv = await resultsOf(owner.client, viaduct, "girder", "?cases=DL&format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename=".*MIDAS girder forces.*\.csv"/);
    const text = (await csv.text()).replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("Elem,Span,Part,Chainage (m),Load,Axial (kN),Shear (kN),Moment (kN·m),Torsion (kN·m)");
    const json = await expectJson<Results>(await resultsOf(owner.client, viaduct, "girder", "?cases=DL"), 200);
    expect(lines).toHaveLength(json.rows.length + 1);

    const xlsx = await resultsOf(owner.client, viaduct, "pile", "?format=xlsx");
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const bytes = new Uint8Array(await xlsx.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const ExcelJS = (await import("exceljs")).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes.buffer as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(8).value).toBe("Axial (kN)");
    expect(typeof sheet.getRow(2).getCell(8).value).toBe("number");

    expect((await expectJson(await resultsOf(owner.client, viaduct, "girder", "?format=pdf"), 400)).error).toMatch(/format/);
  });

  it("checks the girder for an ultimate combination at every element end: signed M*, V*, φMuo, φVu and utilisations (issue 29)", async () => {
    // A viewer may read it; the ultimate envelope when none is named, to AS 5100.5:2017.
    const check = await expectJson<Check>(await checkOf(viewer.client, viaduct), 200);
    expect(check.combination).toBe("ULS-ENV");
    expect(check.standard).toBe("AS5100.5:2017");
    expect(check.combinations).toEqual(expect.arrayContaining(["ULS-ENV", "ULS-M1600"]));
    expect(check.combinations.some((c) => c.startsWith("SLS"))).toBe(false);
    // 116 girder elements, both ends.
    expect(check.points).toHaveLength(116 * 2);
    for (const point of check.points) {
      expect(Number.isFinite(point.Mstar) && Number.isFinite(point.Vstar)).toBe(true);
      expect(point.face).toBe(point.Mstar < 0 ? "top" : "bottom");
      expect(["BOX-2000", "BOX-2600"]).toContain(point.section);
      expect(point.phiMuo).toBeGreaterThan(0);
      expect(point.phiVu).toBeGreaterThan(0);
      for (const u of [point.utilisationM, point.utilisationV]) expect(Number.isFinite(u) && u >= 0).toBe(true);
      expect(point.links.bending).toMatch(/^\/calculations\?shape=I&/);
      expect(point.links.shear).toMatch(/^\/calculations\/concreteshear\?/);
    }
    // Nearly every point carries moment and shear under ultimate loads (an abutment's end may carry no moment).
    expect(check.points.filter((pt) => pt.utilisationM > 0).length).toBeGreaterThan(220);
    expect(check.points.every((pt) => pt.utilisationV > 0)).toBe(true);
    // Both signs: sagging in the spans, hogging over the piers.
    expect(check.points.find((pt) => pt.point === "Span 2 mid")?.face).toBe("bottom");
    expect(check.points.find((pt) => pt.point === "P2")?.face).toBe("top");
    const most = (key: "utilisationM" | "utilisationV") => Math.max(...check.points.map((pt) => pt[key]));
    expect(check.governing.M.utilisationM).toBe(most("utilisationM"));
    expect(check.governing.V.utilisationV).toBe(most("utilisationV"));
    // AS 3600:2018 on request: φ differs, so do the strengths.
    const building = await expectJson<Check>(await checkOf(owner.client, viaduct, "?standard=AS3600:2018&combination=ULS-M1600"), 200);
    expect(building).toMatchObject({ combination: "ULS-M1600", standard: "AS3600:2018" });
    expect(building.points[10]!.phiMuo).not.toBe(check.points[10]!.phiMuo);

    // Not design actions: a load case, a serviceability combination, an unknown name.
    expect((await expectJson(await checkOf(owner.client, viaduct, "?combination=PS"), 400)).error).toMatch(/^"PS" is a load case, not a design action/);
    expect((await expectJson(await checkOf(owner.client, viaduct, "?combination=SLS-ENV"), 400)).error).toMatch(
      /serviceability combination, not a design action/,
    );
    expect((await expectJson(await checkOf(owner.client, viaduct, "?combination=NOPE"), 400)).error).toMatch(/"NOPE" is not a combination/);
    expect((await expectJson(await checkOf(owner.client, viaduct, "?standard=EC2"), 400)).error).toMatch(/standard/);
  });

  it("flags the results stale after a table edit, refuses to analyse until rebuilt, and refreshes from MIDAS", async () => {
    const before = await expectJson<Results>(await resultsOf(owner.client, viaduct, "reaction"), 200);
    await setCell(owner.client, viaduct, "midasload", "UniformLoad", "Item2", "41");
    // The girder check needs results of the tables as they are: 409 saying what to run.
    expect((await expectJson(await checkOf(owner.client, viaduct), 409)).error).toMatch(/build the model again .* then run the analysis/);
    const stale = await expectJson<Results>(await resultsOf(owner.client, viaduct, "reaction"), 200);
    expect(stale.stale).toBe(true);
    expect(stale.rows).toEqual(before.rows);
    expect((await expectJson(await runAnalysis(owner.client, viaduct), 409)).error).toMatch(/^Build first/);

    // Rebuilt and analysed again: current.
    expect((await expectJson<{ outcome: string }>(await applyTo(owner.client, viaduct), 200)).outcome).toBe("applied");
    expect((await expectJson<Analysis>(await runAnalysis(owner.client, viaduct), 200)).outcome).toBe("done");
    // Saved as the project's file before: later saves are SAVE.
    expect(docRequests().slice(-2)).toEqual(["SAVE", "ANAL"]);
    const fresh = await expectJson<Results>(await resultsOf(owner.client, viaduct, "reaction"), 200);
    expect(fresh.stale).toBe(false);

    const reads = sim.state.requests.filter((r) => r.path === "/civil/post/TABLE").length;
    const refreshed = await expectJson<Results>(await refreshOf(owner.client, viaduct, "reaction"), 200);
    expect(sim.state.requests.filter((r) => r.path === "/civil/post/TABLE").length).toBe(reads + 1);
    expect(refreshed.rows).toEqual(fresh.rows);
    expect(Date.parse(refreshed.fetchedAt)).toBeGreaterThanOrEqual(Date.parse(fresh.fetchedAt));
    // Read again, through the owner's connection, of the build the last analysis analysed.
    expect(refreshed).toMatchObject({ source: "refresh", fetchedBy: { id: owner.userId }, analysisId: fresh.analysisId });
  });

  it("a viewer cannot overwrite the project's results: a GET never reads MIDAS, and the refresh is refused with 403 (issue 24, item 1)", async () => {
    const before = await expectJson<Results>(await resultsOf(owner.client, viaduct, "pile"), 200);
    expect(before).toMatchObject({ source: "analysis", fetchedBy: { id: owner.userId }, analysisId: expect.any(String) });
    // The viewer's own connection points at a server that answers empty tables.
    const empty = await startMidasSimulator({ port: 0, key: KEY });
    await expectJson(await viewer.client.call(connection.PUT, "/api/midas/connection", { method: "PUT", body: { baseUrl: empty.url, apiKey: KEY } }), 200);
    try {
      const reads = sim.state.requests.length + empty.state.requests.length;
      const read = await expectJson<Results>(await resultsOf(viewer.client, viaduct, "pile", "?refresh=1"), 200);
      expect(read.rows).toEqual(before.rows);
      expect((await expectJson(await refreshOf(viewer.client, viaduct, "pile"), 403)).error).toMatch(/viewer/i);
      expect(sim.state.requests.length + empty.state.requests.length).toBe(reads);
      // The owner still sees the results of the analysis, unchanged.
      const after = await expectJson<Results>(await resultsOf(owner.client, viaduct, "pile"), 200);
      expect(after).toEqual(before);
    } finally {
      await expectJson(await viewer.client.call(connection.PUT, "/api/midas/connection", { method: "PUT", body: { baseUrl: sim.url, apiKey: KEY } }), 200);
      await empty.close();
    }
  });

  it("answers 502 when MIDAS is down, and outcome failed when MIDAS answers an error body with HTTP 200", async () => {
    sim.state.notRunning = true;
    const down = await expectJson(await runAnalysis(owner.client, viaduct), 502);
    expect(down).toMatchObject({ kind: "not-running", runId: expect.any(String) });
    expect(down.error).toMatch(/not running/);
    expect((await expectJson(await refreshOf(owner.client, viaduct, "girder"), 502)).kind).toBe("not-running");
    // The stored results are still there without a refresh.
    await expectJson(await resultsOf(owner.client, viaduct, "girder"), 200);
    sim.state.notRunning = false;

    sim.state.errorBody = { path: /^\/civil\/doc\/ANAL$/, message: "Error: the stiffness matrix is singular." };
    const failed = await expectJson<Analysis>(await runAnalysis(owner.client, viaduct), 200);
    expect(failed).toMatchObject({ outcome: "failed", error: expect.stringMatching(/singular/) });

    sim.state.errorBody = { path: /^\/civil\/post\/TABLE$/, message: "Error: no results for this model." };
    expect((await expectJson(await refreshOf(owner.client, viaduct, "bearing"), 502)).error).toMatch(/no results for this model/);
    const unread = await expectJson<Analysis>(await runAnalysis(owner.client, viaduct), 200);
    expect(unread).toMatchObject({ outcome: "failed", error: expect.stringMatching(/no results for this model/), kinds: [] });
  });
});
