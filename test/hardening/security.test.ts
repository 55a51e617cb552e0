/**
 * Issue 16, replayed over HTTP against a real server process (the production
 * build, as `npm start` runs it): the attacks that live in the server itself
 * (Host and Origin, path decoding, the event loop, the login page) and the
 * size limits as an attacker meets them. The attacks on the database's
 * counters are in test/security/*.api.test.ts, on both databases.
 * Figures go to test-results/hardening/ (docs/reliability.md, "Issue 16").
 */
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { processDatabase } from "@/test/hardening/process-database";
import { report } from "@/test/hardening/report";
import { api, ensureBuild, logIn, newAccount, type ServerProcess, startServer } from "@/test/server-process";

const PORT = 3471;
const TABLE_MAX_BYTES = 1024 * 1024;
let database: Awaited<ReturnType<typeof processDatabase>>;
let server: ServerProcess;
let url: string;

beforeAll(async () => {
  ensureBuild();
  database = await processDatabase();
  server = await startServer(
    {
      ...database.env,
      // The smallest budget the configuration allows, so a few rows reach it; short timeouts so a starved pool shows in a second.
      TABLE_MAX_BYTES: String(TABLE_MAX_BYTES),
      DB_STATEMENT_TIMEOUT_MS: "1000",
      DB_ACQUIRE_TIMEOUT_MS: "1000",
    },
    PORT,
  );
  url = server.url;
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await database?.drop();
});

type Raw = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** A request exactly as written: its own Host header and a path no URL parser has normalised. */
function raw(options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, method: options.method ?? "GET", path: options.path, headers: options.headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A websocket upgrade; the status of its refusal, or 101 when it opened. */
function upgrade(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws/revit`, { headers });
    ws.on("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on("open", () => {
      resolve(101);
      ws.close();
    });
    ws.on("error", () => {});
  });
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

describe("1. one user can take the server down for good", () => {
  it("a table stops at TABLE_MAX_BYTES (413 with the figure), and a stuck database answers 503 instead of hanging every request", async () => {
    const { cookie, projectId } = await newAccount(url, "attacker");
    const rowsPath = `/api/projects/${projectId}/datasets/box/rows`;
    // The attack's rows, as wide as one request may now make them: 250 columns of 2,000 characters (0.5 MB each).
    const wide = (name: string) => ({
      data: { Parameter: name, ...Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`Item${i + 1}`, "x".repeat(2000)])) },
    });
    const statuses: number[] = [];
    let refusal: { error?: string; limit?: number } = {};
    for (let i = 0; i < 5; i++) {
      const res = await api<{ error?: string; limit?: number }>(url, cookie, "POST", rowsPath, wide(`Big${i}`));
      statuses.push(res.status);
      if (res.status === 413) refusal = res.body;
    }
    expect(statuses).toEqual([201, 201, 413, 413, 413]);
    expect(refusal.limit).toBe(TABLE_MAX_BYTES);
    expect(refusal.error).toMatch(/TABLE_MAX_BYTES/);
    // The table still reads, and the server is ready.
    const read = await fetch(`${url}${rowsPath}`, { headers: { cookie } });
    expect(read.status).toBe(200);
    const readBytes = (await read.arrayBuffer()).byteLength;
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);

    let stuck: Record<string, unknown> = { database: "embedded: one in-process connection, no pool to starve" };
    if (database.kind === "pg") {
      // What the fetch-all that never ended did: hold the database. Here another client locks the sessions table,
      // so every signed-in request waits on it. Each must end (statement_timeout, then the pool's acquire timeout).
      const locker = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await locker.connect();
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE");
      const watcher = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await watcher.connect();
      const started = performance.now();
      const during = Array.from({ length: 30 }, () => fetch(`${url}/api/auth/me`, { headers: { cookie } }).then((r) => r.status));
      // While they queue, readiness says the pool is starved: asked once all 10 of the server's pooled connections
      // wait on the lock (the other 20 requests queue for one until the acquire timeout).
      const waitingOnLock = async () =>
        (await watcher.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"))
          .rows[0]!.n;
      const blockedBy = Date.now() + 10_000;
      while ((await waitingOnLock()) < 10 && Date.now() < blockedBy) await new Promise((r) => setTimeout(r, 10));
      await watcher.end();
      const readyWhileStuck = await fetch(`${url}/api/ready`);
      const readyBody = (await readyWhileStuck.json()) as { checks: { pool: string } };
      const answered = await Promise.all(during);
      const allAnsweredMs = performance.now() - started;
      const health = await fetch(`${url}/api/health`);
      await locker.query("ROLLBACK");
      await locker.end();
      expect(answered.every((s) => s === 503)).toBe(true);
      expect(health.status).toBe(200);
      expect(readyWhileStuck.status).toBe(503);
      expect(readyBody.checks.pool).toMatch(/^starved/);
      // Released, everyone is served again.
      expect((await fetch(`${url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
      expect((await fetch(`${url}/api/ready`)).status).toBe(200);
      stuck = { requestsWhileLocked: answered.length, all503: true, allAnsweredMs, readyWhileLocked: readyBody.checks.pool, afterRelease: 200 };
    }
    report("issue16-table-budget-and-timeouts", { database: database.kind, statuses, limitBytes: TABLE_MAX_BYTES, tableReadBytes: readBytes, ...stuck });
  });
});

describe("2. one request spends a table's whole column allowance", () => {
  it("1,988 new 63-character columns in one create are refused (413) and the table's fetch-all stays as it was; a 300-column paste passes; an empty column can be removed", async () => {
    const { cookie, projectId } = await newAccount(url, "attacker");
    const rowsPath = `/api/projects/${projectId}/datasets/pier/rows`;
    expect((await api(url, cookie, "POST", rowsPath, { data: { Parameter: "PierHeight", Item1: "12.4" } })).status).toBe(201);
    const size = async () => (await (await fetch(`${url}${rowsPath}`, { headers: { cookie } })).arrayBuffer()).byteLength;
    const before = await size();
    const names = Array.from({ length: 1988 }, (_, i) => `C${String(i).padStart(4, "0")}${"x".repeat(58)}`);
    expect(names[0]).toHaveLength(63);
    const attack = await api<{ error: string }>(url, cookie, "POST", rowsPath, {
      data: { Parameter: "Wide", ...Object.fromEntries(names.map((n) => [n, "1"])) },
    });
    expect(attack.status).toBe(413);
    expect(attack.body.error.length).toBeGreaterThan(10);
    const afterAttack = await size();
    expect(afterAttack).toBe(before);
    // What a real paste or import needs still works.
    const paste = await api(url, cookie, "POST", rowsPath, {
      data: { Parameter: "Pasted", ...Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`P${i + 1}`, "1"])) },
    });
    expect(paste.status).toBe(201);
    const afterPaste = await size();
    // The owner removes a column nobody filled in; a column in use stays (409).
    expect((await api(url, cookie, "POST", rowsPath, { data: { Parameter: "Other", Unused: "" } })).status).toBe(201);
    expect((await api(url, cookie, "DELETE", `/api/projects/${projectId}/datasets/pier/columns/Unused`)).status).toBe(200);
    expect((await api(url, cookie, "DELETE", `/api/projects/${projectId}/datasets/pier/columns/Item1`)).status).toBe(409);
    report("issue16-columns", {
      newColumnsInOneRequest: names.length,
      status: attack.status,
      fetchAllBytesBefore: before,
      fetchAllBytesAfterAttack: afterAttack,
      pastedColumns: 300,
      fetchAllBytesAfterPaste: afterPaste,
    });
  });
});

describe("3. unauthenticated requests stall everyone", () => {
  it("while 50 concurrent bad logins run, every signed-in request and /api/health answers (figure: under 500 ms)", async () => {
    const { cookie } = await newAccount(url, "attacker");
    let attacking = true;
    const attack = Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: url },
          body: JSON.stringify({ email: `nobody-${i}@example.com`, password: "wrong password" }),
        }).then((r) => ({ status: r.status, retryAfter: r.headers.get("retry-after") })),
      ),
    ).finally(() => (attacking = false));
    const signedIn: number[] = [];
    const health: number[] = [];
    const statuses: number[] = [];
    // Measured one after another while the attack lasts (at least 10 of each), as a user clicking through would.
    while (attacking || signedIn.length < 10) {
      for (const [path, list, headers] of [
        ["/api/auth/me", signedIn, { cookie }],
        ["/api/health", health, {}],
      ] as const) {
        const started = performance.now();
        const res = await fetch(`${url}${path}`, { headers });
        await res.arrayBuffer();
        list.push(performance.now() - started);
        statuses.push(res.status);
      }
    }
    const bad = await attack;
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Each bad login is checked (401) or, with every hashing worker busy, refused at once with 503 and Retry-After.
    expect(bad.filter((b) => !(b.status === 401 || (b.status === 503 && Number(b.retryAfter) >= 1)))).toEqual([]);
    const figures = {
      badLogins: bad.length,
      answered401: bad.filter((b) => b.status === 401).length,
      refused503: bad.filter((b) => b.status === 503).length,
      signedInRequests: signedIn.length,
      signedInMedianMs: percentile(signedIn, 50),
      signedInMaxMs: Math.max(...signedIn),
      healthMaxMs: Math.max(...health),
      targetMs: 500,
    };
    report("issue16-login-stall", figures);
    // The issue's figure is 500 ms; asserted with room for a shared 2-core machine (the report has the real one).
    expect(figures.signedInMaxMs).toBeLessThan(2000);
  });
});

describe("5. open redirect after login", () => {
  it("/login?next=/%09/evil.example/phish (and %0A, //, /\\) hands the form '/' as its return path", async () => {
    const followed: Record<string, string> = {};
    for (const next of ["/%09/evil.example/phish", "/%0A/evil.example/phish", "//evil.example/phish", "/%5C/evil.example", "https://evil.example/"]) {
      const res = await fetch(`${url}/login?next=${next}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      // The page passes the path to the form in its flight data: "returnTo":"/" (escaped inside a script).
      const match = /returnTo\\?":\\?"([^"\\]*)/.exec(html);
      expect(match).not.toBeNull();
      followed[next] = match![1]!;
      expect(followed[next]).toBe("/");
    }
    // A path of our own is still followed.
    const own = /returnTo\\?":\\?"([^"\\]*)/.exec(await (await fetch(`${url}/login?next=/revitpier`)).text());
    expect(own?.[1]).toBe("/revitpier");
    report("issue16-open-redirect", { followed });
  });
});

describe("6. the server believes whatever Host or X-Forwarded-Host says it is", () => {
  it("a foreign Origin with a matching X-Forwarded-Host is refused (403), a foreign or rebinding Host gets 421, and websocket upgrades likewise", async () => {
    const { cookie } = await newAccount(url, "attacker");
    const { body: token } = await api<{ token: string }>(url, cookie, "POST", "/api/revit/tokens", { name: "host test" });
    const host = `localhost:${PORT}`;
    const json = { "content-type": "application/json" };
    const email = `forged-${Date.now()}@example.com`;
    const register = JSON.stringify({ email, password: "a long enough password" });
    const forgedProxy = await raw({
      method: "POST",
      path: "/api/auth/register",
      headers: { ...json, host, origin: "http://evil.test", "x-forwarded-host": "evil.test" },
      body: register,
    });
    const foreignHost = await raw({
      method: "POST",
      path: "/api/auth/register",
      headers: { ...json, host: "evil.test", origin: "http://evil.test" },
      body: register,
    });
    const rebound = await raw({ path: "/api/auth/me", headers: { host: `rebind.attacker.example:${PORT}`, cookie } });
    const rebindPage = await raw({ path: "/", headers: { host: `rebind.attacker.example:${PORT}` } });
    expect(forgedProxy.status).toBe(403);
    expect(foreignHost.status).toBe(421);
    expect(rebound.status).toBe(421);
    expect(rebindPage.status).toBe(421);
    for (const r of [forgedProxy, foreignHost, rebound, rebindPage]) expect(typeof (JSON.parse(r.text) as { error: unknown }).error).toBe("string");
    // Nothing was created by the forged requests.
    expect((await fetch(`${url}/api/auth/login`, { method: "POST", headers: { ...json, origin: url }, body: register })).status).toBe(401);

    const bearer = { Authorization: `Bearer ${token.token}` };
    const wsForged = await upgrade({ ...bearer, Host: host, Origin: "http://evil.test", "X-Forwarded-Host": "evil.test" });
    const wsForeignHost = await upgrade({ ...bearer, Host: "evil.test", Origin: "http://evil.test" });
    expect(wsForged).toBe(403);
    expect(wsForeignHost).toBe(421);

    // Our own names on our own port still work, as a local start always did; the probes answer any Host.
    const local: Record<string, number> = {};
    for (const name of [`localhost:${PORT}`, `127.0.0.1:${PORT}`, `[::1]:${PORT}`])
      local[name] = (await raw({ path: "/api/auth/me", headers: { host: name, cookie } })).status;
    expect(Object.values(local)).toEqual([200, 200, 200]);
    expect(await upgrade({ ...bearer, Host: host })).toBe(101);
    expect((await raw({ path: "/api/health", headers: { host: "evil.test" } })).status).toBe(200);
    report("issue16-host", {
      forgedOriginAndForwardedHost: forgedProxy.status,
      foreignHost: foreignHost.status,
      rebindingHost: rebound.status,
      websocketForged: wsForged,
      websocketForeignHost: wsForeignHost,
      ownNames: local,
    });
  });
});

describe("9. malformed percent-encoding answers a plain-text 500", () => {
  it("answers 400 with JSON {error} for a stray % or an encoded lone surrogate, before the framework decodes the path", async () => {
    const { cookie } = await newAccount(url, "attacker");
    const cases = [
      { method: "GET", path: "/api/database/%/fetch-all" },
      { method: "DELETE", path: "/api/revit/tokens/%" },
      { method: "POST", path: "/api/websocket/pier/fetch-one/%ED%A0%80" },
      { method: "GET", path: "/revitpier/%E0%A4%A" },
    ];
    const answers: Record<string, number> = {};
    for (const c of cases) {
      const res = await raw({
        method: c.method,
        path: c.path,
        headers: { host: `localhost:${PORT}`, cookie, origin: url, ...(c.method === "POST" ? { "content-type": "application/json" } : {}) },
        body: c.method === "POST" ? "{}" : undefined,
      });
      answers[`${c.method} ${c.path}`] = res.status;
      expect(res.status).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect((JSON.parse(res.text) as { error: string }).error).toMatch(/percent-encoding/);
    }
    report("issue16-percent-encoding", { answers });
  });
});

describe("Should fix: registration reveals whether an e-mail has an account", () => {
  it("registering a taken e-mail gets exactly the answer a new one gets, and the first account's password still works", async () => {
    const { email } = await newAccount(url, "attacker");
    const post = (address: string) =>
      fetch(`${url}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({ email: address, password: "another long password" }),
      }).then(async (r) => ({ status: r.status, body: await r.text() }));
    const taken = await post(email);
    const fresh = await post(`fresh-${Date.now()}@example.com`);
    expect(taken).toEqual(fresh);
    expect(taken.status).toBe(201);
    await expect(logIn(url, email, "a long enough password")).resolves.toMatch(/^Session=/);
    await expect(logIn(url, email, "another long password")).rejects.toThrow(/401/);
    report("issue16-registration", { takenStatus: taken.status, sameBody: true });
  });
});
