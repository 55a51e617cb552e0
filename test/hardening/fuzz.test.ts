import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as create from "@/app/api/database/[ds]/create-element/route";
import * as login from "@/app/api/auth/login/route";
import * as register from "@/app/api/auth/register/route";
import * as tokens from "@/app/api/revit/tokens/route";
import { queryRows } from "@/db/client";
import { findUserByEmail } from "@/db/queries/users";
import { SESSION_COOKIE, startSession } from "@/lib/auth/session";
import type { AnyEndpoint } from "@/lib/http/contract";
import { documentedStatuses } from "@/lib/http/contract";
import { allEndpoints } from "@/lib/openapi/document";
import { testDb, useTestDatabase } from "@/test/database";
import { ORIGIN, TestClient } from "@/test/http";
import { useTestRelays } from "@/test/relay";
import { report } from "./report";
import { discoverApiRoutes } from "./routes";

/**
 * Every API route, a few hundred random requests each: malformed and random
 * bodies, wrong types, huge strings, unicode, SQL and HTML in values, odd ids
 * and unknown datasets. No answer may be a 500, every answer is one the
 * OpenAPI document describes (a status it lists; a success in the documented
 * shape), every refusal is JSON {error}, and a refused request writes nothing.
 */
const database = useTestDatabase();
const startRelay = useTestRelays(database);
// 300 per route: some 20,000 requests over the 70-odd route handlers, a few minutes of the CI run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const PASSWORD = "fuzz-password-123";
let userId: number;

const nasty = fc.constantFrom(
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "\u0000",
  "\uFEFF",
  "﷽",
  "𝕏𝕐𝕫",
  "%00",
  "../../etc/passwd",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "99999999999999999999",
  "null",
  "[]",
  "{}",
  "\\",
  '"',
  "${jndi:ldap://x}",
  "pier",
  "SkewAngle",
  "Item1",
);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: fc.string({ minLength: 1990, maxLength: 2100 }) },
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: text },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text, text, { maxKeys: 3 }) },
);
const keys = [
  "email",
  "password",
  "firstName",
  "lastName",
  "data",
  "id",
  "user",
  "name",
  "Parameter",
  "Version",
  "Id",
  "Item1",
  "Item13",
  "__proto__",
  "constructor",
];
const rowData = fc.dictionary(fc.oneof(fc.constantFrom("Parameter", "Version", "Id", "ID", "id", "CreatedAt", "Item1", "Item2", "Item2000"), text), value, {
  maxKeys: 6,
});
// Calculation inputs, mostly within the valid ranges so that the solvers themselves run, sometimes far outside.
const extreme = fc.oneof(fc.double(), fc.constantFrom(0, -1, 1e-9, 1e308));
const size = (min: number, max: number) => fc.oneof({ weight: 6, arbitrary: fc.integer({ min, max }) }, { weight: 1, arbitrary: extreme });
const calculation = fc.record({
  shape: fc.constantFrom("rectangle", "T", "circle"),
  b: size(1, 3000),
  D: size(100, 3000),
  bw: size(1, 3000),
  bef: size(1, 6000),
  hf: size(1, 500),
  fc: size(20, 100),
  d: size(50, 3000),
  bv: size(1, 3000),
  Ast: size(1, 50_000),
  Asv: size(0, 2000),
  s: size(1, 1000),
  db: size(1, 57),
  cd: size(1, 200),
  Mstar: size(-5000, 5000),
  Vstar: size(-5000, 5000),
  Nstar: size(-5000, 5000),
  steel: fc.array(fc.record({ area: size(1, 20_000), depth: size(1, 3000) }), { maxLength: 25 }),
});
// Well-formed credentials are rare on purpose: each costs a bcrypt round (a quarter of a second).
const body: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 16, arbitrary: fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 4 }).map((v) => JSON.stringify(v)) },
  { weight: 16, arbitrary: fc.record({ id: value, data: rowData }, { requiredKeys: [] }).map((v) => JSON.stringify(v)) },
  { weight: 8, arbitrary: calculation.map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.record({ email: fc.emailAddress(), password: fc.string({ minLength: 8, maxLength: 20 }) }).map((v) => JSON.stringify(v)) },
  {
    weight: 4,
    arbitrary: fc.record({ email: fc.constantFrom("fuzz.locked@example.com", "nobody.locked@example.com"), password: text }).map((v) => JSON.stringify(v)),
  },
  { weight: 8, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 2, arbitrary: fc.constant("x".repeat(2 * 1024 * 1024 + 10)) },
);
/** A header value as it could arrive over HTTP: printable ASCII only. */
const headerText = text.map((t) => t.replace(/[^\x20-\x7e]/g, ""));
const segment = (valid: string[]) => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...valid) }, { weight: 2, arbitrary: text });
const request = fc.record({
  ds: segment(["pier", "abt", "box", "coresetup"]),
  parameter: segment(["PierHeight", "SkewAngle", "FuzzRow"]),
  id: segment(["1", "2", "3", "-1", "0", "2147483648", "1.5"]),
  rowId: segment(["1", "2", "3", "-1", "0", "2147483648"]),
  userId: segment(["1", "2", "-1", "0"]),
  name: segment(["Item1", "Item2", "Item9"]),
  importId: segment(["1", "2", "0"]),
  runId: segment(["1", "2", "0"]),
  kind: segment(["reaction", "bearing", "girder", "pile"]),
  invitationId: segment(["00000000-0000-4000-8000-000000000000", "1", "not-a-uuid"]),
  body,
  query: fc.oneof(
    fc.constant(""),
    text.map((t) => `?q=${encodeURIComponent(t)}`),
  ),
  cookie: fc.oneof({ weight: 6, arbitrary: fc.constant("valid") }, { weight: 1, arbitrary: headerText }, { weight: 1, arbitrary: fc.constant("none") }),
  origin: fc.oneof({ weight: 8, arbitrary: fc.constant(ORIGIN) }, { weight: 1, arbitrary: headerText }, { weight: 1, arbitrary: fc.constant(null) }),
  contentType: fc.oneof(
    { weight: 8, arbitrary: fc.constant("application/json") },
    { weight: 1, arbitrary: headerText },
    { weight: 1, arbitrary: fc.constant(null) },
  ),
});

/** Per table: how many rows and the newest row version: any insert, update or delete moves one of them. */
let tables: string[] | undefined;
async function fingerprint(): Promise<Map<string, string>> {
  const db = testDb(database);
  // Every table of the schema, so a table added later is watched too (read once: no request changes the schema).
  tables ??= (
    await queryRows<{ table_name: string }>(
      db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map((t) => t.table_name);
  const rows = await queryRows<{ t: string; n: string; x: string | null }>(
    db,
    sql.raw(tables.map((t) => `SELECT '${t}' AS t, count(*)::text AS n, max(xmin::text::bigint)::text AS x FROM ${t}`).join(" UNION ALL ")),
  );
  return new Map(rows.map((r) => [r.t, `${r.n}:${r.x}`]));
}

/** The endpoint (and so the OpenAPI operation) of a route file's handler: `[id]` is the document's `{id}`. */
function endpointOf(method: string, pattern: string): AnyEndpoint {
  const path = pattern.replace(/\[(\w+)\]/g, "{$1}");
  const found = allEndpoints().find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`${method} ${pattern} is not in the OpenAPI document`);
  return found;
}

/** Writes a refused request may make: every attempt counts against its rate limit (that is what locks an e-mail). */
const allowedOnRefusal = ["rate_limits"];

beforeAll(async () => {
  await startRelay();
  const setup = new TestClient();
  await setup.post(register.POST, "/api/auth/register", { body: { email: "fuzz@example.com", password: PASSWORD } });
  await setup.post(login.POST, "/api/auth/login", { body: { email: "fuzz@example.com", password: PASSWORD } });
  for (const [i, parameter] of ["PierHeight", "SkewAngle", "FuzzRow"].entries()) {
    await setup.post(create.POST, "/api/database/pier/create-element", { params: { ds: "pier" }, body: { data: { Parameter: parameter, Item1: String(i) } } });
  }
  await setup.post(tokens.POST, "/api/revit/tokens", { body: { name: "fuzz" } });
  userId = (await findUserByEmail("fuzz@example.com"))!.id;
});

it(`${RUNS} random requests per API route: no 500, every refusal JSON {error}, no write on refusal`, async () => {
  const routes = (await discoverApiRoutes()).flatMap((r) => Object.entries(r.methods).map(([method, handler]) => ({ route: r, method, handler })));
  // Signing out last keeps the others signed in.
  routes.sort((a, b) => Number(a.route.pattern === "/api/auth/logout") - Number(b.route.pattern === "/api/auth/logout"));
  const figures: Record<string, { runs: number; statuses: Record<number, number> }> = {};
  const started = performance.now();
  for (const { route, method, handler } of routes) {
    const endpoint = endpointOf(method, route.pattern);
    const statusesDocumented = [endpoint.status, ...documentedStatuses(endpoint)];
    const client = new TestClient();
    // A fresh session per route, as logging in opens one (a route may end the one before); without a bcrypt round
    // each (72 of them were a fifth of the test's time). Logging in itself is fuzzed with the other routes.
    const session = (await startSession(userId)).token;
    const statuses: Record<number, number> = {};
    // Each run's "after" is the next run's "before": nothing else writes in between.
    let before = await fingerprint();
    const result = await fc.check(
      fc.asyncProperty(request, async (r) => {
        const params: Record<string, string> = {};
        const path = route.pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => {
          params[name] = String(r[name as "ds" | "parameter" | "id" | "rowId" | "userId" | "name" | "importId" | "runId" | "kind" | "invitationId"]);
          return encodeURIComponent(params[name]!);
        });
        client.cookies.clear();
        if (r.cookie === "valid") client.cookies.set(SESSION_COOKIE, session);
        else if (r.cookie !== "none") client.cookies.set(SESSION_COOKIE, r.cookie.replace(/[;\s]/g, ""));
        const response = await client.call(handler, path + r.query, {
          method,
          params,
          rawBody: method === "GET" ? undefined : r.body,
          origin: r.origin,
          contentType: r.contentType,
        });
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.headers.get("content-type") === "text/event-stream") {
          await response.body?.cancel();
          expect(response.status).toBe(200);
          return;
        }
        const text = await response.text();
        expect(response.status, text.slice(0, 300)).toBeLessThan(500);
        expect(statusesDocumented, `${method} ${route.pattern} answered ${response.status}: ${text.slice(0, 300)}`).toContain(response.status);
        // A download (CSV, a workbook) is an answer too, of a type the document lists; refusals are always JSON.
        const type = response.headers.get("content-type")?.split(";")[0];
        if (response.status < 400 && type !== "application/json") {
          expect([endpoint.produces ?? []].flat(), `${method} ${route.pattern} answered ${type}`).toContain(type);
          return;
        }
        const json = JSON.parse(text) as { error?: unknown };
        if (response.status === endpoint.status && endpoint.response) {
          const parsed = endpoint.response.safeParse(json);
          if (!parsed.success) throw new Error(`${method} ${route.pattern} answered ${response.status} outside its documented schema: ${parsed.error.message}`);
        }
        const after = await fingerprint();
        if (response.status >= 400) {
          expect(typeof json.error).toBe("string");
          for (const [table, print] of before) {
            if (after.get(table) !== print && !allowedOnRefusal.includes(table)) {
              throw new Error(`${method} ${route.pattern} answered ${response.status} but wrote to ${table}`);
            }
          }
        }
        before = after;
      }),
      { numRuns: RUNS, seed: SEED },
    );
    if (result.failed) throw new Error(`${method} ${route.pattern}: ${fc.defaultReportMessage(result)}`);
    figures[`${method} ${route.pattern}`] = { runs: result.numRuns, statuses };
  }
  const totalRuns = Object.values(figures).reduce((n, f) => n + f.runs, 0);
  const server500s = Object.values(figures).reduce((n, f) => n + (f.statuses[500] ?? 0), 0);
  report("fuzz", {
    seed: SEED,
    runsPerRoute: RUNS,
    routes: Object.keys(figures).length,
    totalRuns,
    server500s,
    unintendedWrites: 0,
    elapsedMs: performance.now() - started,
    byRoute: figures,
  });
  expect(server500s).toBe(0);
  expect(Object.keys(figures).length).toBeGreaterThanOrEqual(17);
  // 300 runs of each of 72 operations take 180-265 s on this 2-core machine under load: a cap, not a wait.
}, 900_000);
