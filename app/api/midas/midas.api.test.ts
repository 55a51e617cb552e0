import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as legacyEdit from "@/app/api/database/[ds]/edit-element/route";
import * as legacyFetchAll from "@/app/api/database/[ds]/fetch-all/route";
import * as apply from "@/app/api/projects/[id]/midas/apply/route";
import * as preview from "@/app/api/projects/[id]/midas/preview/route";
import * as run from "@/app/api/projects/[id]/midas/runs/[runId]/route";
import * as runs from "@/app/api/projects/[id]/midas/runs/route";
import * as rows from "@/app/api/projects/[id]/datasets/[ds]/rows/route";
import { saveMidasConnection } from "@/db/queries/midas";
import { midasConnections, midasRuns } from "@/db/schema";
import { resetEnv } from "@/lib/env";
import { MIDAS_UNREACHABLE } from "@/lib/midas/client";
import { encryptKey } from "@/lib/midas/connection";
import { buildStatus } from "@/lib/midas/runs";
import { emptyMidasTables, midasDatasetKeys } from "@/lib/midas/tables";
import { validateMidasTables } from "@/lib/midas/validate";
import { serverSecret } from "@/lib/secret";
import { testDb, useTestDatabase } from "@/test/database";
import { demoProject, setCell } from "@/test/midas-projects";
import { expectJson, type TestClient } from "@/test/http";
import { type MidasSimulator, SIMULATOR_REPORT, startMidasSimulator } from "@/test/midas-sim";
import { joinProject, signedInClient } from "@/test/session";
import * as connectionTest from "./connection/test/route";
import * as connection from "./connection/route";

const database = useTestDatabase();

const KEY = "sim-key-7Hq2-Zx91";
let sim: MidasSimulator;

type Person = Awaited<ReturnType<typeof signedInClient>>;
type Row = Record<string, string | number>;
type TableResult = { outcome: string; created: number; updated: number; deleted: number; differences?: unknown[]; error?: string };
type ApplyAnswer = { runId: string; outcome: string; tables: Record<string, TableResult>; error?: string };
type Counts = { create: number; update: number; delete: number; unchanged: number };
type Preview = { problems: { dataset: string; parameter: string; item: string | null; message: string }[]; changes: Record<string, Counts> };
type RunSummary = {
  id: string;
  user: { email: string } | null;
  outcome: string | null;
  finishedAt: string | null;
  counts: Record<string, TableResult>;
  progress: unknown;
};
type RunDetail = RunSummary & { diff: Record<string, unknown>; tables: { dataset: string; builtFrom: number; now: number; changedSince: boolean }[] };

const p = (id: number, extra: Record<string, string> = {}) => ({ params: { id: String(id), ...extra } });
const save = (client: TestClient, body: unknown) => client.call(connection.PUT, "/api/midas/connection", { method: "PUT", body });
const test = (client: TestClient) => client.post(connectionTest.POST, "/api/midas/connection/test");
const previewOf = (client: TestClient, id: number) => client.post(preview.POST, `/api/projects/${id}/midas/preview`, p(id));
const applyTo = (client: TestClient, id: number) => client.post(apply.POST, `/api/projects/${id}/midas/apply`, p(id));
const runList = async (client: TestClient, id: number) =>
  (await expectJson<{ runs: RunSummary[] }>(await client.get(runs.GET, `/api/projects/${id}/midas/runs`, p(id)), 200)).runs;
const runDetail = async (client: TestClient, id: number, runId: string) =>
  expectJson<RunDetail>(await client.get(run.GET, `/api/projects/${id}/midas/runs/${runId}`, p(id, { runId })), 200);
const tableRows = async (client: TestClient, id: number, ds: string) =>
  (await expectJson<{ data: Row[] }>(await client.get(rows.GET, `/api/projects/${id}/datasets/${ds}/rows`, p(id, { ds })), 200)).data;

const writes = (from: number) => sim.state.requests.slice(from).filter((r) => r.method !== "GET");

let owner: Person;
let viewer: Person;
let stranger: Person;
let viaduct: number;

/** MIDAS_ALLOWED_HOSTS: the simulator's address (it listens on a random port), and whatever else a test names. */
function allowHosts(...extra: string[]): void {
  process.env.MIDAS_ALLOWED_HOSTS = [`127.0.0.1:${sim.port}`, ...extra].join(",");
  resetEnv();
}

beforeAll(async () => {
  sim = await startMidasSimulator({ port: 0, key: KEY });
  allowHosts();
  [owner, viewer, stranger] = (await Promise.all(["owner", "viewer", "stranger"].map((n) => signedInClient(n)))) as [Person, Person, Person];
  viaduct = await demoProject(owner, "Viaduct");
  await joinProject(viewer.userId, viaduct, "viewer");
});

afterAll(async () => {
  await sim?.close();
  delete process.env.MIDAS_ALLOWED_HOSTS;
  resetEnv();
});

afterEach(() => {
  sim.state.notRunning = false;
  sim.state.delayMs = 0;
  sim.state.errorBody = null;
  allowHosts();
});

describe("the MIDAS connection", () => {
  it("is saved per user with the key encrypted, only its last 4 characters ever shown, and forgotten on request", async () => {
    const fresh = await signedInClient("connection");
    expect((await expectJson(await fresh.client.get(connection.GET, "/api/midas/connection"), 404)).error).toMatch(/Settings > MIDAS Civil NX/);
    expect((await expectJson(await test(fresh.client), 404)).error).toMatch(/no MIDAS connection/);

    const saved = await expectJson(await save(fresh.client, { baseUrl: `${sim.url}/`, apiKey: KEY }), 200);
    expect(saved).toEqual({ baseUrl: sim.url, keyLast4: "Zx91", updatedAt: expect.any(String) });
    const read = await fresh.client.get(connection.GET, "/api/midas/connection");
    const text = await read.clone().text();
    expect(text).not.toContain(KEY);
    expect(await expectJson(read, 200)).toEqual(saved);

    // The database holds the key only encrypted: no plaintext, no base64 of it.
    const [stored] = await testDb(database).select().from(midasConnections).where(eq(midasConnections.userId, fresh.userId));
    const everything = JSON.stringify(stored);
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(Buffer.from(KEY).toString("base64").slice(0, 12));
    expect(stored!.keyLast4).toBe("Zx91");

    // What /config/ver reports (the official client's check), and that it was /config/ver that answered.
    expect(await expectJson(await test(fresh.client), 200)).toEqual({ ok: true, ...SIMULATOR_REPORT, isCivil: true, checkedWith: "/config/ver" });

    await expectJson(await fresh.client.delete(connection.DELETE, "/api/midas/connection"), 200);
    await expectJson(await fresh.client.get(connection.GET, "/api/midas/connection"), 404);
    expect(await testDb(database).select().from(midasConnections).where(eq(midasConnections.userId, fresh.userId))).toEqual([]);
    // Forgetting twice is fine.
    await expectJson(await fresh.client.delete(connection.DELETE, "/api/midas/connection"), 200);
  });

  it("refuses base URLs of the wrong shape and keys shorter than 16 characters when saved", async () => {
    const { client } = await signedInClient("shapes");
    for (const baseUrl of ["file:///etc/passwd", "http://user:pw@127.0.0.1/civil", `${sim.url}?x=1`, "not a url", "http://127.0.0.1:0/civil"]) {
      await expectJson(await save(client, { baseUrl, apiKey: KEY }), 400);
    }
    for (const apiKey of ["short", "abcd1234", "fifteen-chars-x"]) {
      const body = await expectJson(await save(client, { baseUrl: sim.url, apiKey }), 400);
      expect(body.error).toMatch(/the MAPI-Key is at least 16 characters/);
      expect(JSON.stringify(body)).not.toContain(apiKey);
    }
    for (const apiKey of ["has a space in it", "line\nbreak-0123456789"]) await expectJson(await save(client, { baseUrl: sim.url, apiKey }), 400);
    await expectJson(await client.get(connection.GET, "/api/midas/connection"), 404);
    expect(await expectJson(await save(client, { baseUrl: sim.url, apiKey: "exactly-16-chars" }), 200)).toMatchObject({ keyLast4: "hars" });
  });

  it("calls only hosts and ports in MIDAS_ALLOWED_HOSTS, before every use, answering any other as a host that does not answer", async () => {
    const { client } = await signedInClient("hosts");
    const generic = { error: MIDAS_UNREACHABLE, kind: "unreachable" };
    const before = sim.state.requests.length;
    for (const baseUrl of [
      "http://169.254.169.254/civil",
      "http://10.0.0.7:8090/civil",
      "http://2130706433.example.net/civil",
      "http://127.0.0.1/civil",
      `http://localhost:${sim.port}/civil`,
    ]) {
      // Saving calls nothing, so it says nothing about the host; the first use answers as for a host that is down.
      await expectJson(await save(client, { baseUrl, apiKey: KEY }), 200);
      const body = await expectJson(await test(client), 502);
      expect(body, baseUrl).toEqual(generic);
    }
    expect(sim.state.requests.length).toBe(before);

    // The same URL in another spelling of the address is the same host.
    await expectJson(await save(client, { baseUrl: `http://2130706433:${sim.port}/civil`, apiKey: KEY }), 200);
    await expectJson(await test(client), 200);

    await expectJson(await save(client, { baseUrl: sim.url, apiKey: KEY }), 200);
    process.env.MIDAS_ALLOWED_HOSTS = "moa-engineers.midasit.com";
    resetEnv();
    const calls = sim.state.requests.length;
    expect(await expectJson(await test(client), 502)).toEqual(generic);
    expect(sim.state.requests.length).toBe(calls);
    allowHosts();
    await expectJson(await test(client), 200);
  });

  it("shows nothing of a key shorter than 16 characters saved before keys had to be that long", async () => {
    const { client, userId } = await signedInClient("short-key");
    await saveMidasConnection(
      { userId, baseUrl: sim.url, keyCiphertext: encryptKey("old-key-1234", serverSecret(), userId), keyLast4: "1234" },
      testDb(database),
    );
    const read = await expectJson(await client.get(connection.GET, "/api/midas/connection"), 200);
    expect(read).toEqual({ baseUrl: sim.url, keyLast4: "", updatedAt: expect.any(String) });
    // It is still the key the user saved: MIDAS says whether it takes it.
    expect(await expectJson(await test(client), 502)).toMatchObject({ kind: "refused-key" });
  });

  it("reports each failure as a 502 saying what failed: refused key, MIDAS not running, an error body with HTTP 200; unreachable with the generic text", async () => {
    const { client } = await signedInClient("failures");
    await expectJson(await save(client, { baseUrl: sim.url, apiKey: "not-the-key-1234" }), 200);
    let body = await expectJson(await test(client), 502);
    expect(body).toMatchObject({ kind: "refused-key", error: expect.stringMatching(/refused the MAPI-Key \(HTTP 401/) });
    expect(JSON.stringify(body)).not.toContain("not-the-key-1234");

    await expectJson(await save(client, { baseUrl: sim.url, apiKey: KEY }), 200);
    sim.state.notRunning = true;
    body = await expectJson(await test(client), 502);
    expect(body).toMatchObject({ kind: "not-running", error: expect.stringMatching(/Civil NX is not running/) });
    sim.state.notRunning = false;

    sim.state.errorBody = { path: /^\/civil\/config\/ver$/, message: "The key has expired." };
    body = await expectJson(await test(client), 502);
    expect(body).toMatchObject({ kind: "midas-error", error: expect.stringMatching(/The key has expired\./) });
    sim.state.errorBody = null;

    const down = await startMidasSimulator({ port: 0, key: KEY });
    const { url: downUrl, port: downPort } = down;
    await down.close();
    allowHosts(`127.0.0.1:${downPort}`);
    await expectJson(await save(client, { baseUrl: downUrl, apiKey: KEY }), 200);
    body = await expectJson(await test(client), 502);
    expect(body).toEqual({ kind: "unreachable", error: MIDAS_UNREACHABLE });
  });
});

describe("the Midas tables", () => {
  it("are served by the project routes and the legacy /api/database routes alike", async () => {
    const projectRows = await tableRows(owner.client, viaduct, "midaspsc");
    expect(projectRows.map((r) => r.Parameter)).toContain("SectionName");
    const legacy = await expectJson<{ data: Row[] }>(
      await owner.client.get(legacyFetchAll.GET, "/api/database/midaspsc/fetch-all", { params: { ds: "midaspsc" } }),
      200,
    );
    // The same rows; the project API's also say each row's kind and unit (the spec's fetch-all keeps its shape).
    expect(legacy.data).toEqual(projectRows.map(({ kind: _kind, unit: _unit, kindFrom: _from, ...row }) => row));
    const target = projectRows.find((r) => r.Parameter === "CantileverTipThickness")!;
    const edited = await expectJson<{ data: Row }>(
      await owner.client.post(legacyEdit.POST, "/api/database/midaspsc/edit-element", {
        params: { ds: "midaspsc" },
        body: { id: target.Id, data: { Version: target.Version, Item1: String(target.Item1) } },
      }),
      200,
    );
    expect(edited.data).toMatchObject({ Parameter: "CantileverTipThickness", Version: Number(target.Version) + 1 });
  });
});

describe("Create Midas", () => {
  beforeAll(async () => {
    await expectJson(await save(owner.client, { baseUrl: sim.url, apiKey: KEY }), 200);
  });

  it("lists the problems of incomplete tables, each with its table, row and item, and sends nothing", async () => {
    const { client, projectId } = await signedInClient("blank");
    const before = sim.state.requests.length;
    const answer = await expectJson<Preview>(await previewOf(client, projectId), 200);
    expect(answer.changes).toEqual({});
    // A new project's Midas tables are the blank templates: their problems, each global value of Model Setup.
    expect(answer.problems).toEqual(validateMidasTables(emptyMidasTables()));
    expect(answer.problems).toContainEqual(expect.objectContaining({ dataset: "midassetup", parameter: "SpanCount", item: "Item1" }));
    const refused = await expectJson<{ error: string; problems: unknown[] }>(await applyTo(client, projectId), 422);
    expect(refused.error).toMatch(/problems?; nothing was sent to MIDAS/);
    expect(refused.problems).toEqual(answer.problems);
    expect(sim.state.requests.length).toBe(before);
    expect(await runList(client, projectId)).toEqual([]);
  });

  it("previews the demo tables against what MIDAS holds, applies them, reads every table back as applied, and records the run", async () => {
    sim.state.model.reset();
    const previewed = await expectJson<Preview & { warnings: unknown[]; fingerprint: string }>(await previewOf(owner.client, viaduct), 200);
    expect(previewed.problems).toEqual([]);
    expect(previewed.changes.UNIT).toMatchObject({ update: 1, delete: 0 });
    expect(previewed.changes.NODE!.create).toBeGreaterThan(100);
    // The 19 AS 5100.2 combinations generated from the demo's cases (lib/midas/combinations.test.ts lists them).
    expect(previewed.changes["LCOM-GEN"]).toMatchObject({ create: 19, update: 0, delete: 0 });
    expect(writes(0).length).toBe(0);

    const started = sim.state.requests.length;
    const answer = await expectJson<ApplyAnswer>(await applyTo(owner.client, viaduct), 200);
    expect(answer.outcome).toBe("applied");
    expect(answer.error).toBeUndefined();
    for (const [table, result] of Object.entries(answer.tables)) expect([table, result.outcome]).toEqual([table, "applied"]);
    expect(answer.tables.NODE!.created).toBe(previewed.changes.NODE!.create);
    // Units before any geometry.
    const sent = writes(started).map((r) => r.path);
    expect(sent[0]).toBe("/civil/db/UNIT");
    expect(sent.indexOf("/civil/db/UNIT")).toBeLessThan(sent.indexOf("/civil/db/NODE"));
    expect(Object.keys(sim.inspect("ELEM").ELEM!).length).toBe(answer.tables.ELEM!.created);

    const [latest] = await runList(owner.client, viaduct);
    expect(latest).toMatchObject({ id: answer.runId, outcome: "applied", user: { email: owner.email }, progress: null });
    expect(latest!.counts.NODE).toEqual({ outcome: "applied", created: answer.tables.NODE!.created, updated: 0, deleted: 0 });
    const detail = await runDetail(owner.client, viaduct, answer.runId);
    expect(detail.diff).toMatchObject({ baseUrl: sim.url, changes: expect.any(Object), tables: expect.any(Object) });
    // In the order the tables were sent, though jsonb keeps keys in its own order.
    expect(Object.keys(detail.diff.tables as object)).toEqual(Object.keys(answer.tables));
    expect(Object.keys(latest!.counts)).toEqual(Object.keys(answer.tables));
    expect(detail.tables.map((t) => t.dataset)).toEqual([...midasDatasetKeys]);
    expect(detail.tables.every((t) => !t.changedSince && t.builtFrom === t.now && t.builtFrom > 0)).toBe(true);

    // A second preview finds nothing to do.
    const again = await expectJson<Preview>(await previewOf(owner.client, viaduct), 200);
    expect(Object.entries(again.changes).filter(([, c]) => c.create + c.update + c.delete > 0)).toEqual([]);
  });

  it("a second run after one changed table value updates only what changed", async () => {
    const [first] = await runList(owner.client, viaduct);
    await setCell(owner.client, viaduct, "midasload", "Description", "Item2", "Barriers, services and surfacing (checked)");
    const previewed = await expectJson<Preview>(await previewOf(owner.client, viaduct), 200);
    const changed = Object.entries(previewed.changes).filter(([, c]) => c.create + c.update + c.delete > 0);
    expect(changed).toEqual([["STLD", expect.objectContaining({ create: 0, update: 1, delete: 0 })]]);

    const started = sim.state.requests.length;
    const answer = await expectJson<ApplyAnswer>(await applyTo(owner.client, viaduct), 200);
    expect(answer.outcome).toBe("applied");
    expect(writes(started)).toEqual([{ method: "PUT", path: "/civil/db/STLD" }]);
    expect(answer.tables.STLD).toMatchObject({ outcome: "applied", created: 0, updated: 1, deleted: 0 });
    expect(Object.entries(answer.tables).filter(([t, r]) => t !== "STLD" && r.outcome !== "unchanged")).toEqual([]);
    expect(sim.inspect("STLD").STLD!["2"]).toMatchObject({ NAME: "SDL", DESC: "Barriers, services and surfacing (checked)" });

    // The build is current; an edit makes it stale (and an edit back current again: the model, not the revision, decides).
    expect(await buildStatus(viaduct)).toMatchObject({ build: { id: answer.runId, outcome: "applied" }, current: true, changedTables: [] });
    await setCell(owner.client, viaduct, "midaspt", "JackingForce", "Item1", "3900");
    expect(await buildStatus(viaduct)).toMatchObject({ current: false, changedTables: ["midaspt"] });
    await setCell(owner.client, viaduct, "midaspt", "JackingForce", "Item1", "3800");
    expect(await buildStatus(viaduct)).toMatchObject({ current: true, changedTables: ["midaspt"] });
    const stored = (await buildStatus(viaduct)).build!;
    expect(stored.scheme).toMatchObject({ scheme: expect.any(Object), cases: { static: expect.arrayContaining(["DL", "SDL", "PS"]) } });
    expect(stored.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    // The changelog: newest first; since the first build, the load combinations and the PT table have changed.
    const list = await runList(owner.client, viaduct);
    expect(list.map((r) => r.id).slice(0, 2)).toEqual([answer.runId, first!.id]);
    const old = await runDetail(owner.client, viaduct, first!.id);
    expect(old.tables.filter((t) => t.changedSince).map((t) => t.dataset)).toEqual(["midasload", "midaspt"]);
    const now = await runDetail(owner.client, viaduct, answer.runId);
    expect(now.tables.filter((t) => t.changedSince).map((t) => t.dataset)).toEqual(["midaspt"]);
  });

  it("refuses a second run while one is going on (409), and shows the progress of the one going on", async () => {
    await setCell(owner.client, viaduct, "midasload", "Description", "Item2", "Two barriers, services and 70 mm wearing surface");
    sim.state.delayMs = 40;
    const first = applyTo(owner.client, viaduct);
    let running: RunSummary | undefined;
    for (let i = 0; i < 200 && !running?.progress; i++) {
      running = (await runList(owner.client, viaduct)).find((r) => r.finishedAt === null);
      if (!running?.progress) await new Promise((r) => setTimeout(r, 20));
    }
    expect(running).toMatchObject({ outcome: null, progress: { step: expect.any(Number), steps: expect.any(Number), table: expect.any(String) } });
    const refused = await expectJson(await applyTo(owner.client, viaduct), 409);
    expect(refused.error).toMatch(new RegExp(`A Create Midas run of "Viaduct" is going on, started by .*${owner.email.replace(/\./g, "\\.")}`));
    expect(refused.runId).toBe(running!.id);
    expect((await expectJson<ApplyAnswer>(await first, 200)).outcome).toBe("applied");
    expect((await runList(owner.client, viaduct)).filter((r) => r.finishedAt === null)).toEqual([]);
  });

  it("records a run that MIDAS failed: 502 when MIDAS is down, outcome failed with MIDAS's text when it refuses a write with HTTP 200", async () => {
    sim.state.notRunning = true;
    const down = await expectJson<{ error: string; kind: string; runId: string }>(await applyTo(owner.client, viaduct), 502);
    expect(down).toMatchObject({ kind: "not-running", runId: expect.any(String) });
    expect((await expectJson(await previewOf(owner.client, viaduct), 502)).kind).toBe("not-running");
    sim.state.notRunning = false;
    const [failed] = await runList(owner.client, viaduct);
    expect(failed).toMatchObject({ id: down.runId, outcome: "failed", error: expect.stringMatching(/Civil NX is not running/) });

    sim.state.model.reset();
    sim.state.errorBody = { method: "POST", path: /\/db\/ELEM$/, message: "Wrong Field: the section does not exist." };
    const answer = await expectJson<ApplyAnswer>(await applyTo(owner.client, viaduct), 200);
    expect(answer.outcome).toBe("failed");
    expect(answer.error).toMatch(/ELEM: MIDAS refused POST \/db\/ELEM: Wrong Field: the section does not exist\./);
    expect(answer.tables.NODE!.outcome).toBe("applied");
    expect(answer.tables.ELEM).toMatchObject({ outcome: "failed" });
    expect(answer.tables.CONS).toMatchObject({ outcome: "failed", error: "not sent: an earlier table failed" });
    sim.state.errorBody = null;
    expect((await expectJson<ApplyAnswer>(await applyTo(owner.client, viaduct), 200)).outcome).toBe("applied");
  });

  it("is for members only: viewers read the runs but cannot apply (403 naming the role); others learn nothing (404)", async () => {
    const refused = await expectJson<{ error: string; role: string }>(await applyTo(viewer.client, viaduct), 403);
    expect(refused.error).toMatch(/You are a viewer of "Viaduct"/);
    const seen = await runList(viewer.client, viaduct);
    expect(seen).toEqual(await runList(owner.client, viaduct));
    expect(seen[0]).toMatchObject({ kind: "build", outcome: "applied" });
    // A viewer may preview with their own connection; without one they are told where to make it.
    expect((await expectJson(await previewOf(viewer.client, viaduct), 400)).error).toMatch(/Settings > MIDAS Civil NX/);

    const [latest] = await runList(owner.client, viaduct);
    const s = stranger.client;
    await expectJson(await previewOf(s, viaduct), 404);
    await expectJson(await applyTo(s, viaduct), 404);
    await expectJson(await s.get(runs.GET, `/api/projects/${viaduct}/midas/runs`, p(viaduct)), 404);
    await expectJson(await s.get(run.GET, `/api/projects/${viaduct}/midas/runs/${latest!.id}`, p(viaduct, { runId: latest!.id })), 404);
    await expectJson(await owner.client.get(run.GET, `/api/projects/${viaduct}/midas/runs/nope`, p(viaduct, { runId: "nope" })), 404);
  });

  it("closes a run its server abandoned (no progress for 15 minutes) instead of refusing every later run", async () => {
    const [stale] = await testDb(database)
      .insert(midasRuns)
      .values({ projectId: viaduct, userId: owner.userId, kind: "build", startedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .returning();
    expect((await applyTo(owner.client, viaduct)).status).toBe(200);
    const closed = await runDetail(owner.client, viaduct, stale!.id);
    expect(closed).toMatchObject({ outcome: "failed", error: expect.stringMatching(/^Interrupted/), finishedAt: expect.any(String) });
  });
});
