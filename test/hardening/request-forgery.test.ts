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
const samples: Record<string, string> = { ds: "pier", parameter: "ForgeryTarget" };

beforeAll(async () => {
  await startRelay();
  ({ client, email } = await signedInClient("forgery"));
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
    const { path, params } = fillRoute(target.pattern, samples);
    const body = JSON.stringify(validBody(target.pattern));
    for (const c of cases) {
      const response = await client.call(target.handler, path, { method: target.method, params, rawBody: body, origin: c.origin, contentType: c.contentType });
      const json = await expectJson<{ error: string }>(response, c.status);
      expect(json.error.length).toBeGreaterThan(10);
      refused++;
    }
  }
  expect(await databaseChecksum(database)).toEqual(before);

  // The same requests, from our own origin as JSON, go through: the refusals above were for forgery alone.
  let accepted = 0;
  // Whatever deletes or signs out goes last, so the others still find their row, token and session.
  const last = ["/api/database/[ds]/delete-element", "/api/revit/tokens/[id]", "/api/auth/logout"];
  for (const target of [...targets].sort((a, b) => last.indexOf(a.pattern) - last.indexOf(b.pattern))) {
    const { path, params } = fillRoute(target.pattern, samples);
    const response = await client.call(target.handler, path, { method: target.method, params, rawBody: JSON.stringify(validBody(target.pattern)) });
    expect({ route: `${target.method} ${target.pattern}`, status: response.status < 300 }).toEqual({
      route: `${target.method} ${target.pattern}`,
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
