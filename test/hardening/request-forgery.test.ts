import { beforeAll, expect, it } from "vitest";
import * as tokens from "@/app/api/revit/tokens/route";
import * as create from "@/app/api/database/[ds]/create-element/route";
import { useTestDatabase } from "@/test/database";
import { expectJson, ORIGIN, type TestClient } from "@/test/http";
import { useTestRelays } from "@/test/relay";
import { signedInClient } from "@/test/session";
import { databaseChecksum } from "./db-checksum";
import { report } from "./report";
import { discoverApiRoutes, fillRoute, STATE_CHANGING } from "./routes";

const database = useTestDatabase();
const startRelay = useTestRelays(database);
let client: TestClient;
let email: string;
let projectId: number;
const samples: Record<string, string> = {
  ds: "pier",
  parameter: "ForgeryTarget",
  rowId: "1",
  userId: "1",
  name: "Item9",
  importId: "1",
  runId: "1",
  kind: "reaction",
  invitationId: "00000000-0000-4000-8000-000000000000",
};

/** The sample values of a route: [id] is a project, a conversation or a token depending on where it sits. */
function samplesFor(pattern: string): Record<string, string> {
  if (pattern.startsWith("/api/projects/[id]")) return { ...samples, id: String(projectId) };
  if (pattern.startsWith("/api/chat/conversations/[id]")) return { ...samples, id: "no-such-conversation" };
  return samples;
}

// Uploads are multipart/form-data: for them, JSON is the wrong Content-Type.
const MULTIPART = new Set(["/api/projects/[id]/datasets/[ds]/import"]);
// Routes whose success needs more than a well-formed request (a language model, a MIDAS, an upload to apply, a row
// whose version is known): from our own origin as JSON they must get past the forgery checks, whatever comes after.
const GATE_ONLY = new Set([
  "/api/chat",
  "/api/chat/conversations/[id]",
  "/api/midas/connection",
  "/api/midas/connection/test",
  "/api/projects/[id]/midas/apply",
  "/api/projects/[id]/midas/analysis",
  "/api/projects/[id]/midas/preview",
  "/api/projects/[id]/datasets/[ds]/import",
  "/api/projects/[id]/datasets/[ds]/import/[importId]/apply",
  "/api/projects/[id]/datasets/[ds]/rows/[rowId]",
  "/api/projects/[id]/datasets/[ds]/rows/[rowId]/restore",
  "/api/projects/[id]/datasets/[ds]/rows/[rowId]/undelete",
  "/api/projects/[id]/datasets/[ds]/rows/[rowId]/kind",
  "/api/projects/[id]/datasets/[ds]/columns/[name]",
  // The sample table has rows but none naming its items (409 for both: no next item to name, no empty table to start).
  "/api/projects/[id]/datasets/[ds]/columns",
  "/api/projects/[id]/datasets/[ds]/template",
  // Needs the server's live tables (server.ts starts them).
  "/api/projects/[id]/datasets/[ds]/presence",
  "/api/projects/[id]/members",
  "/api/projects/[id]/members/[userId]",
  // An invitation that does not exist (404), a model never built (404).
  "/api/invitations/[invitationId]/accept",
  "/api/invitations/[invitationId]/decline",
  "/api/projects/[id]/invitations/[invitationId]",
  "/api/projects/[id]/midas/results/[kind]/refresh",
  "/api/projects/[id]/pushes",
  // A batch save names each row's id and Version.
  "PATCH /api/projects/[id]/datasets/[ds]/rows",
]);

beforeAll(async () => {
  await startRelay();
  ({ client, email, projectId } = await signedInClient("forgery"));
  const row = await expectJson<{ data: { Id: number } }>(
    await client.post(create.POST, "/api/database/pier/create-element", { params: { ds: "pier" }, body: { data: { Parameter: "ForgeryTarget", Item1: "1" } } }),
    201,
  );
  samples.rowId = String(row.data.Id);
  const token = await expectJson<{ id: number }>(await client.post(tokens.POST, "/api/revit/tokens", { body: { name: "forgery" } }), 201);
  samples.id = String(token.id);
});

/** A body each state-changing route would accept: the refusals below are for Origin and Content-Type alone. */
function validBody(pattern: string): unknown {
  const bodies: Record<string, unknown> = {
    "/api/auth/register": { email: "forged.account@example.com", password: "long-enough-password" },
    "/api/auth/login": { email, password: "test-password-123" },
    "/api/auth/logout": {},
    "/api/database/[ds]/create-element": { data: { Parameter: "ForgedRow", Item1: "x" } },
    "/api/database/[ds]/edit-element": { id: Number(samples.rowId), data: { Item1: "forged" } },
    "/api/database/[ds]/delete-element": { id: Number(samples.rowId) },
    "/api/websocket/[ds]/fetch-all": { user: "x" },
    "/api/websocket/[ds]/fetch-one/[parameter]": { user: "x" },
    "/api/revit/tokens": { name: "forged token" },
    "/api/revit/tokens/[id]": {},
    "/api/calculations/bending": { shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 390 }] },
    "/api/calculations/shear": { bv: 300, D: 450, d: 390, fc: 32, Ast: 1800 },
    "/api/calculations/lap-length": { db: 12, fc: 40, cd: 50 },
    "/api/chat": { id: "forgery-chat", messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "Hello" }] }] },
    "/api/chat/conversations/[id]": { title: "Forged" },
    "/api/midas/connection": { baseUrl: "https://moa-engineers.midasit.com:443/civil", key: "forged-key-forged-key" },
    "/api/midas/connection/test": {},
    "/api/projects": { name: "Forged project" },
    "/api/projects/current": { projectId },
    "/api/projects/[id]": { name: "Forged rename" },
    "/api/projects/[id]/members": { email, role: "viewer" },
    "/api/projects/[id]/members/[userId]": { role: "viewer" },
    "/api/projects/[id]/invitations/[invitationId]": {},
    "/api/invitations/[invitationId]/accept": {},
    "/api/invitations/[invitationId]/decline": {},
    "/api/projects/[id]/midas/results/[kind]/refresh": {},
    "/api/projects/[id]/datasets/[ds]/rows": { data: { Parameter: "ForgedRow2", Item1: "x" } },
    "/api/projects/[id]/datasets/[ds]/rows/[rowId]": { version: 1, values: { Item1: "forged" } },
    "/api/projects/[id]/datasets/[ds]/rows/[rowId]/restore": { version: 1 },
    "/api/projects/[id]/datasets/[ds]/rows/[rowId]/undelete": {},
    "/api/projects/[id]/datasets/[ds]/rows/[rowId]/kind": { kind: "text", version: 1 },
    "/api/projects/[id]/datasets/[ds]/columns/[name]": {},
    "/api/projects/[id]/datasets/[ds]/columns": {},
    "/api/projects/[id]/datasets/[ds]/template": {},
    "/api/projects/[id]/datasets/batch": { tables: [{ dataset: "pier", create: [{ data: { Parameter: "ForgedRow3", Item1: "x" } }] }] },
    "/api/projects/[id]/datasets/[ds]/presence": { client: "forgery-tab-1", editing: null },
    "/api/projects/[id]/datasets/[ds]/import": {},
    "/api/projects/[id]/datasets/[ds]/import/[importId]/apply": { removeMissing: false },
    "/api/projects/[id]/midas/apply": {},
    "/api/projects/[id]/midas/analysis": {},
    "/api/projects/[id]/midas/preview": {},
    "/api/projects/[id]/midas/settings": { modelPath: "C:\\Bridges\\Forged.mcb" },
    "/api/projects/[id]/pushes": { dataset: "pier" },
    "/api/projects/[id]/pushes/preview": { dataset: "pier" },
  };
  if (!(pattern in bodies)) throw new Error(`${pattern} changes state but has no case in the request forgery test: add one`);
  return bodies[pattern];
}

it("every state-changing route refuses a missing, null or foreign Origin (403) and a non-JSON body (415), and writes nothing", async () => {
  const routes = await discoverApiRoutes();
  const targets = routes.flatMap((r) =>
    Object.entries(r.methods)
      .filter(([m]) => STATE_CHANGING.has(m))
      .map(([method, handler]) => ({ ...r, method, handler })),
  );
  expect(targets.length).toBeGreaterThanOrEqual(10);
  const cases = [
    { origin: null, contentType: "application/json", status: 403 },
    { origin: "null", contentType: "application/json", status: 403 },
    { origin: "https://attacker.example", contentType: "application/json", status: 403 },
    { origin: `${ORIGIN}.attacker.example`, contentType: "application/json", status: 403 },
    { origin: ORIGIN, contentType: "text/plain", status: 415 },
    { origin: ORIGIN, contentType: "application/x-www-form-urlencoded", status: 415 },
    { origin: ORIGIN, contentType: "multipart/form-data; boundary=x", status: 415 },
    { origin: ORIGIN, contentType: null, status: 415 },
  ];
  const before = await databaseChecksum(database);
  let refused = 0;
  for (const target of targets) {
    const { path, params } = fillRoute(target.pattern, samplesFor(target.pattern));
    const body = JSON.stringify(validBody(target.pattern));
    const own = MULTIPART.has(target.pattern) ? "multipart/form-data" : "application/json";
    for (const c of cases.map((c) => (c.contentType?.startsWith(own) ? { ...c, contentType: "application/json" } : c))) {
      const response = await client.call(target.handler, path, { method: target.method, params, rawBody: body, origin: c.origin, contentType: c.contentType });
      const json = await expectJson<{ error: string }>(response, c.status);
      expect(json.error.length).toBeGreaterThan(10);
      refused++;
    }
  }
  expect(await databaseChecksum(database)).toEqual(before);

  // The same requests, from our own origin as JSON, go through: the refusals above were for forgery alone.
  let accepted = 0;
  // Whatever deletes or signs out goes last, so the others still find their row, token, project and session.
  // A new project becomes the current one: it is made first, so that PUT /api/projects/current switches back.
  const rank = (t: { pattern: string; method: string }) => {
    if (t.pattern === "/api/projects" && t.method === "POST") return -2;
    if (t.pattern === "/api/projects/current" && t.method === "PUT") return -1;
    if (t.pattern === "/api/auth/logout") return 3;
    if (t.pattern === "/api/projects/[id]" && t.method === "DELETE") return 2;
    return t.method === "DELETE" || t.pattern.endsWith("delete-element") ? 1 : 0;
  };
  for (const target of [...targets].sort((a, b) => rank(a) - rank(b))) {
    const { path, params } = fillRoute(target.pattern, samplesFor(target.pattern));
    const response = await client.call(
      target.handler,
      path,
      MULTIPART.has(target.pattern)
        ? { method: target.method, params, form: new FormData() }
        : { method: target.method, params, rawBody: JSON.stringify(validBody(target.pattern)) },
    );
    const route = `${target.method} ${target.pattern}`;
    if (GATE_ONLY.has(target.pattern) || GATE_ONLY.has(route)) {
      expect({ route, status: response.status }).not.toEqual({ route, status: 403 });
      expect({ route, status: response.status }).not.toEqual({ route, status: 415 });
      accepted++;
      continue;
    }
    expect({ route, status: response.status < 300 }).toEqual({
      route,
      status: true,
    });
    accepted++;
  }
  report("request-forgery", {
    routes: targets.map((t) => `${t.method} ${t.pattern}`),
    forgedRequests: refused,
    refused,
    writes: 0,
    legitimateAccepted: accepted,
  });
});
