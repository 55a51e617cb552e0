/**
 * Issue 24 (security and resilience, round 3), replayed over HTTP against a real server process: a viewer who
 * overwrote the project's MIDAS results with a GET (item 1), 150 add-in sockets opened at once on one token (3),
 * the open redirect after login (4), membership without consent and a link that switched the current project (6),
 * what adding a member told about other people (10), integers past 32 bits (12) and the document's own answer (13).
 * The other items have their own files (zip-bomb, live-streams, chat-limits, midas-connection).
 * Figures go to test-results/hardening/ (docs/reliability.md, "Round 3").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { processDatabase } from "@/test/hardening/process-database";
import { report } from "@/test/hardening/report";
import { type MidasSimulator, startMidasSimulator } from "@/test/midas-sim";
import { api, ensureBuild, logIn, newAccount, type ServerProcess, startServer } from "@/test/server-process";

const PORT = 3486;
const MIDAS_KEY = "round3-midas-key-0123456789";
let database: Awaited<ReturnType<typeof processDatabase>>;
let server: ServerProcess;
let url: string;
let midas: MidasSimulator;
/** The server a viewer points their own connection at: it answers every table empty. */
let impostor: MidasSimulator;

beforeAll(async () => {
  ensureBuild();
  database = await processDatabase();
  [midas, impostor] = await Promise.all([startMidasSimulator({ port: 0, key: MIDAS_KEY }), startMidasSimulator({ port: 0, key: MIDAS_KEY })]);
  server = await startServer({ ...database.env, MIDAS_ALLOWED_HOSTS: `127.0.0.1:${midas.port},127.0.0.1:${impostor.port}` }, PORT);
  url = server.url;
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await Promise.all([midas?.close(), impostor?.close()]);
  await database?.drop();
});

/** The owner invites, the person accepts: a member. */
async function join(ownerCookie: string, projectId: number, person: { cookie: string; email: string }, role: string): Promise<void> {
  const invited = await api<{ invitation: { id: string } }>(url, ownerCookie, "POST", `/api/projects/${projectId}/members`, { email: person.email, role });
  expect(invited.status).toBe(201);
  expect((await api(url, person.cookie, "POST", `/api/invitations/${invited.body.invitation.id}/accept`)).status).toBe(200);
}

type Results = { rows: unknown[]; fetchedAt: string; stale: boolean; source: string; fetchedBy: { id: number; name: string } | null };

describe("1. a viewer can overwrite a project's stored MIDAS results with a GET", () => {
  it("GET ?refresh=1 reads nothing from MIDAS and changes nothing; the refresh is a POST refused to a viewer (403), and results say who read them", async () => {
    // The demo engineer builds the demo viaduct in MIDAS and runs the analysis.
    const owner = await logIn(url);
    const { body: projects } = await api<{ projects: { id: number; name: string }[] }>(url, owner, "GET", "/api/projects");
    const viaduct = projects.projects.find((p) => p.name === "Demo Viaduct")!.id;
    expect((await api(url, owner, "PUT", "/api/midas/connection", { baseUrl: midas.url, apiKey: MIDAS_KEY })).status).toBe(200);
    expect((await api<{ outcome: string }>(url, owner, "POST", `/api/projects/${viaduct}/midas/apply`)).body.outcome).toBe("applied");
    expect((await api<{ outcome: string }>(url, owner, "POST", `/api/projects/${viaduct}/midas/analysis`)).body.outcome).toBe("done");
    const before = await api<Results>(url, owner, "GET", `/api/projects/${viaduct}/midas/results/reaction`);
    expect(before.status).toBe(200);
    expect(before.body.rows.length).toBeGreaterThan(0);
    expect(before.body).toMatchObject({ source: "analysis", stale: false, fetchedBy: { name: expect.any(String) } });

    // The attack: a viewer points their own connection at a server that answers empty tables, then reads "again".
    const viewer = await newAccount(url, "results-viewer");
    await join(owner, viaduct, viewer, "viewer");
    expect((await api(url, viewer.cookie, "PUT", "/api/midas/connection", { baseUrl: impostor.url, apiKey: MIDAS_KEY })).status).toBe(200);
    const requestsBefore = { midas: midas.state.requests.length, impostor: impostor.state.requests.length };
    const read = await api<Results>(url, viewer.cookie, "GET", `/api/projects/${viaduct}/midas/results/reaction?refresh=1`);
    expect(read.status).toBe(200);
    const refused = await api<{ error: string }>(url, viewer.cookie, "POST", `/api/projects/${viaduct}/midas/results/reaction/refresh`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/You are a viewer/);
    const requestsAfter = { midas: midas.state.requests.length, impostor: impostor.state.requests.length };
    expect(requestsAfter).toEqual(requestsBefore);
    const after = await api<Results>(url, owner, "GET", `/api/projects/${viaduct}/midas/results/reaction`);
    expect(after.body).toEqual(before.body);

    // The owner reads them again through their own connection: recorded as such.
    const refreshed = await api<Results>(url, owner, "POST", `/api/projects/${viaduct}/midas/results/reaction/refresh`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ source: "refresh", fetchedBy: before.body.fetchedBy, rows: before.body.rows });
    report("round3-results-refresh", {
      viewerGetStatus: read.status,
      viewerRefreshStatus: refused.status,
      requestsToMidasByViewer: requestsAfter.midas - requestsBefore.midas,
      requestsToImpostor: requestsAfter.impostor - requestsBefore.impostor,
      ownerRowsUnchanged: true,
    });
  });
});

describe("3. the add-in socket limit per token, with upgrades at once", () => {
  it("150 websocket upgrades opened at once with one token: MAX_SOCKETS_PER_TOKEN (5) welcomed, 145 refused with 429", async () => {
    const { cookie } = await newAccount(url, "sockets");
    const { body } = await api<{ token: string }>(url, cookie, "POST", "/api/revit/tokens", { name: "burst" });
    const open = () =>
      new Promise<{ ws: WebSocket; status: number }>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws/revit`, { headers: { Authorization: `Bearer ${body.token}`, Host: `localhost:${PORT}` } });
        ws.on("unexpected-response", (_req, res) => {
          resolve({ ws, status: res.statusCode ?? 0 });
          ws.terminate();
        });
        ws.on("open", () => resolve({ ws, status: 101 }));
        ws.on("error", () => resolve({ ws, status: 0 }));
      });
    const sockets = await Promise.all(Array.from({ length: 150 }, open));
    const counts = { welcomed: sockets.filter((s) => s.status === 101).length, refused: sockets.filter((s) => s.status === 429).length };
    for (const { ws } of sockets) ws.terminate();
    report("round3-socket-burst", { opened: 150, limit: 5, ...counts });
    expect(counts).toEqual({ welcomed: 5, refused: 145 });
  });
});

describe("4. open redirect after login", () => {
  it("/login?next=%2F.%2F%2Fevil.example%2Fx and the other spellings that normalise to a leading // hand the form '/'", async () => {
    const followed: Record<string, string> = {};
    for (const next of [
      "%2F.%2F%2Fevil.example%2Fx",
      "/.//evil.example/x",
      "/..//evil.example/x",
      "/./%5Cevil.example",
      "/.%5C/evil.example",
      "/%2e//evil.example",
      "/%2e%2e/%2f%2fevil.example",
      "/%252F%252Fevil.example",
    ]) {
      const html = await (await fetch(`${url}/login?next=${next}`)).text();
      const match = /returnTo\\?":\\?"([^"\\]*)/.exec(html);
      expect(match, next).not.toBeNull();
      followed[next] = match![1]!;
    }
    report("round3-open-redirect", { followed });
    expect(Object.values(followed).every((path) => path === "/")).toBe(true);
  });
});

describe("6 and 10. membership without consent; what adding a member tells", () => {
  it("an owner's POST invites: the person is no member until they accept; one answer whether the address has an account, nothing of their projects", async () => {
    const owner = await newAccount(url, "owner");
    const { body: made } = await api<{ project: { id: number } }>(url, owner.cookie, "POST", "/api/projects", { name: "Harbour Crossing" });
    const target = await newAccount(url, "target");
    // The target's own project has the same name: before, the owner learnt that (409 naming it) and that the address had an account (404 otherwise).
    expect((await api(url, target.cookie, "POST", "/api/projects", { name: "Harbour Crossing" })).status).toBe(201);
    const toAccount = await api<Record<string, unknown>>(url, owner.cookie, "POST", `/api/projects/${made.project.id}/members`, {
      email: target.email,
      role: "editor",
    });
    const toNobody = await api<Record<string, unknown>>(url, owner.cookie, "POST", `/api/projects/${made.project.id}/members`, {
      email: `nobody-${Date.now()}@example.com`,
      role: "editor",
    });
    expect([toAccount.status, toNobody.status]).toEqual([201, 201]);
    const shape = (answer: Record<string, unknown>) => Object.keys(answer.invitation as object).sort();
    expect(shape(toAccount.body)).toEqual(shape(toNobody.body));
    // Not a member: the project is not there for them, and nothing of theirs changed.
    expect((await api(url, target.cookie, "GET", `/api/projects/${made.project.id}`)).status).toBe(404);
    const { body: theirs } = await api<{ invitations: { id: string; project: { id: number } }[] }>(url, target.cookie, "GET", "/api/invitations");
    expect(theirs.invitations.map((i) => i.project.id)).toEqual([made.project.id]);
    const declined = await api(url, target.cookie, "POST", `/api/invitations/${theirs.invitations[0]!.id}/decline`);
    expect(declined.status).toBe(200);
    expect((await api(url, target.cookie, "GET", `/api/projects/${made.project.id}`)).status).toBe(404);
    report("round3-invitations", { toAccount: toAccount.status, toNobody: toNobody.status, sameShape: true, memberBeforeAccepting: false });
  });

  it("a cross-site link with ?project= shows that project to a member but never switches their stored current project", async () => {
    const owner = await newAccount(url, "link-owner");
    const member = await newAccount(url, "link-member");
    // Both accounts start with "My first project": the member may not hold two projects of one name.
    const { body: shared } = await api<{ project: { id: number } }>(url, owner.cookie, "POST", "/api/projects", { name: "Linked viaduct" });
    await join(owner.cookie, shared.project.id, member, "editor");
    const before = await api<{ project: { id: number } }>(url, member.cookie, "GET", "/api/projects/current");
    const page = await fetch(`${url}/revitpier?project=${shared.project.id}`, {
      headers: { cookie: member.cookie, "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", referer: "https://evil.example/" },
    });
    expect(page.status).toBe(200);
    const after = await api<{ project: { id: number } }>(url, member.cookie, "GET", "/api/projects/current");
    expect(after.body.project.id).toBe(before.body.project.id);
    expect(after.body.project.id).not.toBe(shared.project.id);
    // The page showed the linked project (its name is in the server-rendered page).
    expect(await page.text()).toContain("Linked viaduct");
    // Switching is the member's own PUT, from our origin.
    expect((await api(url, member.cookie, "PUT", "/api/projects/current", { projectId: shared.project.id })).status).toBe(200);
    report("round3-project-link", { currentBefore: before.body.project.id, currentAfterLink: after.body.project.id, linked: shared.project.id });
  });
});

describe("12 and 13. integers past 32 bits; the document's own answer", () => {
  it("a restore of version 2^40 answers 400, a legacy edit or delete of row 2^40 404 (no such row), never 500", async () => {
    const { cookie, projectId } = await newAccount(url, "bits");
    const made = await api<{ data: { Id: number } }>(url, cookie, "POST", `/api/projects/${projectId}/datasets/pier/rows`, {
      data: { Parameter: "PierHeight" },
    });
    expect(made.status).toBe(201);
    const restore = `/api/projects/${projectId}/datasets/pier/rows/${made.body.data.Id}/restore`;
    const statuses = [
      (await api(url, cookie, "POST", restore, { version: 2 ** 40 })).status,
      (await api(url, cookie, "POST", restore, { version: 1, currentVersion: 2 ** 40 })).status,
      (await api(url, cookie, "POST", "/api/database/pier/edit-element", { id: 2 ** 40, data: { Item1: "1" } })).status,
      (await api(url, cookie, "POST", "/api/database/pier/delete-element", { id: String(2 ** 40) })).status,
    ];
    report("round3-integers", { statuses });
    expect(statuses).toEqual([400, 400, 404, 404]);
  });

  it("/api/openapi.json documents its 200 answer as an object with openapi, info and paths", async () => {
    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: { $ref?: string; type?: string; required?: string[] } }> }> }>
      >;
      components: { schemas: Record<string, { type?: string; required?: string[] }> };
    };
    const answer = document.paths["/api/openapi.json"]!.get!.responses["200"]!.content["application/json"]!.schema;
    const schema = answer.$ref ? document.components.schemas[answer.$ref.split("/").pop()!]! : answer;
    expect(schema.type).toBe("object");
    expect(schema.required).toEqual(expect.arrayContaining(["openapi", "info", "paths"]));
  });
});
