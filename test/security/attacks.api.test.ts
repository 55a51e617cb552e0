/**
 * Issue 16, the attacks that need a database: each one replayed against the
 * route handlers, on the embedded database and again on PostgreSQL (the
 * *.api.test.ts projects of vitest.config.ts). The attacks over HTTP against a
 * real server process are in test/hardening/security.test.ts.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import * as login from "@/app/api/auth/login/route";
import * as me from "@/app/api/auth/me/route";
import * as rows from "@/app/api/projects/[id]/datasets/[ds]/rows/route";
import * as pushes from "@/app/api/projects/[id]/pushes/route";
import * as ready from "@/app/api/ready/route";
import * as tokens from "@/app/api/revit/tokens/route";
import { type Connection, connect, drizzleFor, isDatabaseBusy, poolState, queryRows, setConnection } from "@/db/client";
import { runHousekeeping } from "@/db/queries/housekeeping";
import { rateLimits, revitPushes, revitTokens, sessions } from "@/db/schema";
import { hashToken } from "@/lib/auth/tokens";
import { MAX_TOKENS_PER_USER, MAX_WAITING_PUSHES_PER_TABLE } from "@/lib/revit/service";
import { testDb, useTestDatabase } from "@/test/database";
import { expectJson, TestClient } from "@/test/http";
import { useTestRelays } from "@/test/relay";
import { seedRows, signedInClient, TEST_PASSWORD } from "@/test/session";

const database = useTestDatabase();
const startRelay = useTestRelays(database);
let wsUrl: string;

beforeAll(async () => {
  // Two sockets per token here (MAX_SOCKETS_PER_TOKEN), so the third one is the attack.
  ({ wsUrl } = await startRelay({ maxSocketsPerToken: 2 }));
});

const tableOf = (projectId: number, ds: string) => ({ params: { id: String(projectId), ds } });
const push = (client: TestClient, projectId: number, body: { dataset: string; parameter?: string }) =>
  client.post(pushes.POST, `/api/projects/${projectId}/pushes`, { params: { id: String(projectId) }, body });

/** Opens a websocket with an add-in token; `status` is set when the upgrade was refused. */
function openSocket(token: string): Promise<{ ws: WebSocket; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl, { headers: { Authorization: `Bearer ${token}` } });
    ws.on("unexpected-response", (_req, res) => {
      resolve({ ws, status: res.statusCode });
      ws.terminate();
    });
    ws.on("open", () => resolve({ ws }));
    ws.on("error", () => {});
  });
}

describe("1. one user can take the server down for good (statement and pool-acquire timeouts, /api/ready)", () => {
  it("a statement past DB_STATEMENT_TIMEOUT_MS is cancelled, a starved pool refuses with 503 instead of hanging, and /api/ready says starved", async () => {
    if (database.connection.kind === "pglite") {
      // The embedded database is one in-process connection with no pool to starve: /api/ready says so rather than inventing a figure.
      expect(poolState(database.connection)).toBeUndefined();
      await startRelay();
      const body = await expectJson<{ checks: { pool: string } }>(
        await ready.GET(new Request("http://localhost:3000/api/ready"), { params: Promise.resolve({}) }),
        200,
      );
      expect(body.checks.pool).toBe("embedded");
      return;
    }
    // A pool of two with short timeouts, standing in for the server's pool of ten during the fetch-all that never ended.
    const small: Connection = connect({ databaseUrl: database.connection.url, poolSize: 2, statementTimeoutMs: 300, acquireTimeoutMs: 300 });
    const smallDb = drizzleFor(small);
    const { client } = await signedInClient("starved");
    try {
      const slow = await queryRows(smallDb, sql`SELECT pg_sleep(5)`).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseBusy(slow)).toBe(true);

      // Both connections taken (as the stuck fetch-alls took them): the next request waits 300 ms for one, then gets 503.
      if (small.kind !== "pg") throw new Error("expected a PostgreSQL pool");
      const held = await Promise.all([small.pool.connect(), small.pool.connect()]);
      setConnection(small);
      try {
        const waiting = queryRows(smallDb, sql`SELECT 1`).catch((error: unknown) => error);
        const probe = await ready.GET(new Request("http://localhost:3000/api/ready"), { params: Promise.resolve({}) });
        const probeBody = await expectJson<{ checks: { pool: string } }>(probe, 503);
        expect(probeBody.checks.pool).toMatch(/^starved \(1 waiting for 2 busy connections\)$/);
        expect(isDatabaseBusy(await waiting)).toBe(true);
        const refused = await client.get(me.GET, "/api/auth/me");
        await expectJson(refused, 503);
        expect(refused.headers.get("retry-after")).toBe("2");
      } finally {
        for (const c of held) c.release();
        setConnection(database.connection);
      }
      // Freed, the same pool serves again.
      expect(await queryRows<{ one: number }>(smallDb, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      if (small.kind === "pg") await small.pool.end();
    }
  });
});

describe("4. the lockout can be raced", () => {
  it("30 parallel wrong passwords: exactly 10 are checked (401), 20 refused (429), and then even the right password is refused", async () => {
    const { email } = await signedInClient("raced");
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new TestClient().post(login.POST, "/api/auth/login", { body: { email, password: `wrong-guess-${i}` } }).then((r) => r.status),
      ),
    );
    const checked = attempts.filter((s) => s === 401).length;
    const refused = attempts.filter((s) => s === 429).length;
    console.log(`[security] lockout race (${database.kind}): 30 parallel wrong passwords, ${checked} checked (401), ${refused} refused (429)`);
    expect({ checked, refused }).toEqual({ checked: 10, refused: 20 });
    const right = await new TestClient().post(login.POST, "/api/auth/login", { body: { email, password: TEST_PASSWORD } });
    await expectJson(right, 429);
    // Eleven bcrypt hashes at cost 12 on two cores shared with CI's image build took over 30 s once.
  }, 120_000);
});

describe("7. pushes are unbounded copies", () => {
  it("row pushes waiting for an add-in stop at 20 per table (429), and a whole-table push replaces every waiting one, dropping its stored copy", async () => {
    const { client, userId, projectId } = await signedInClient("pusher");
    await seedRows(
      projectId,
      "pier",
      Array.from({ length: 25 }, (_, i) => ({ parameter: `P${i}`, values: { Item1: "x".repeat(1000) } })),
    );
    // No add-in of this user is connected: every push waits, as in the attack.
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await push(client, projectId, { dataset: "pier", parameter: `P${i}` })).status);
    expect(statuses).toEqual([...Array(MAX_WAITING_PUSHES_PER_TABLE).fill(202), ...Array(25 - MAX_WAITING_PUSHES_PER_TABLE).fill(429)]);

    // The same table pushed whole 40 times (the attack: 40 pushes, 46 MB to 894 MB) keeps one stored copy.
    for (let i = 0; i < 40; i++) await expectJson(await push(client, projectId, { dataset: "pier" }), 202);
    const stored = await queryRows<{ status: string; n: number; bytes: number }>(
      testDb(database),
      sql`SELECT status, count(*)::int AS n, coalesce(sum(octet_length(payload)), 0)::int AS bytes FROM revit_pushes WHERE user_id = ${userId} GROUP BY status ORDER BY status`,
    );
    console.log(`[security] pushes (${database.kind}): 20 row + 40 table pushes, stored ${JSON.stringify(stored)}`);
    const waiting = stored.filter((s) => s.status === "queued" || s.status === "delivered");
    expect(waiting.reduce((n, s) => n + s.n, 0)).toBe(1);
    expect(stored.find((s) => s.status === "superseded")).toMatchObject({ n: MAX_WAITING_PUSHES_PER_TABLE + 39, bytes: 0 });
  });

  it("housekeeping deletes expired sessions, closed rate-limit windows and finished pushes past their retention", async () => {
    const db = testDb(database);
    const { client, userId, projectId } = await signedInClient("housekept");
    await seedRows(projectId, "pier", [{ parameter: "Kept", values: { Item1: "1" } }]);
    const answer = await expectJson<{ pushId: string }>(await push(client, projectId, { dataset: "pier" }), 202);
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await db.update(revitPushes).set({ status: "expired", createdAt: longAgo }).where(eq(revitPushes.id, answer.pushId));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(client.cookies.get("Session")!)));
    await db.insert(rateLimits).values({ key: "login:old@example.com", points: 3, expire: longAgo });

    const counts = async () => {
      const [n] = await queryRows<{ sessions: number; rateLimits: number; pushes: number }>(
        db,
        sql`SELECT (SELECT count(*)::int FROM sessions) AS "sessions", (SELECT count(*)::int FROM rate_limits) AS "rateLimits", (SELECT count(*)::int FROM revit_pushes) AS "pushes"`,
      );
      return n!;
    };
    const before = await counts();
    const report = await runHousekeeping(db);
    const after = await counts();
    // The report counts what went: the rows made stale above, and any the tests before left stale.
    expect(report).toMatchObject({
      ran: true,
      sessions: before.sessions - after.sessions,
      rateLimits: before.rateLimits - after.rateLimits,
      pushes: before.pushes - after.pushes,
    });
    expect(await db.select().from(revitPushes).where(eq(revitPushes.id, answer.pushId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, "login:old@example.com"))).toEqual([]);
  });
});

describe("8. the 50-token limit can be raced", () => {
  it("70 parallel creations leave exactly 50 live tokens; the other 20 get 409", async () => {
    const { client, userId } = await signedInClient("tokens");
    const statuses = await Promise.all(
      Array.from({ length: 70 }, (_, i) => client.post(tokens.POST, "/api/revit/tokens", { body: { name: `PC ${i}` } }).then((r) => r.status)),
    );
    const [live] = await queryRows<{ n: number }>(
      testDb(database),
      sql`SELECT count(*)::int AS n FROM ${revitTokens} WHERE ${and(eq(revitTokens.userId, userId), isNull(revitTokens.revokedAt))}`,
    );
    console.log(`[security] token race (${database.kind}): 70 parallel creations, ${live!.n} live tokens`);
    expect(live!.n).toBe(MAX_TOKENS_PER_USER);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_TOKENS_PER_USER);
    expect(statuses.filter((s) => s === 409)).toHaveLength(70 - MAX_TOKENS_PER_USER);
  });
});

describe("Should fix: sockets per token, ack before hello, invisible characters", () => {
  it("a token holds at most MAX_SOCKETS_PER_TOKEN sockets (429 past it), and a freed place can be taken again", async () => {
    const { client } = await signedInClient("sockets");
    const { token } = await expectJson<{ token: string }>(await client.post(tokens.POST, "/api/revit/tokens", { body: { name: "one PC" } }), 201);
    const first = await openSocket(token);
    const second = await openSocket(token);
    const third = await openSocket(token);
    expect([first.status, second.status, third.status]).toEqual([undefined, undefined, 429]);
    const gone = new Promise((resolve) => first.ws.once("close", resolve));
    first.ws.close();
    await gone;
    // The server forgets the closed socket when its close handshake ends: try again until the place is free.
    let again = await openSocket(token);
    for (const deadline = Date.now() + 15_000; again.status === 429 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 50));
      again = await openSocket(token);
    }
    expect(again.status).toBeUndefined();
    second.ws.close();
    again.ws.close();
  });

  it("150 upgrades opened at once with one token: MAX_SOCKETS_PER_TOKEN welcomed, every other one refused with 429 (issue 24, item 3)", async () => {
    const { client } = await signedInClient("socket-burst");
    const { token } = await expectJson<{ token: string }>(await client.post(tokens.POST, "/api/revit/tokens", { body: { name: "burst" } }), 201);
    const opened = await Promise.all(Array.from({ length: 150 }, () => openSocket(token)));
    expect(opened.filter((o) => o.status === undefined)).toHaveLength(2);
    expect(opened.filter((o) => o.status === 429)).toHaveLength(148);
    for (const { ws } of opened) ws.terminate();
  });

  it("an ack before hello is refused with hello_first", async () => {
    const { client } = await signedInClient("early-ack");
    const { token } = await expectJson<{ token: string }>(await client.post(tokens.POST, "/api/revit/tokens", { body: { name: "early" } }), 201);
    const { ws } = await openSocket(token);
    const answer = new Promise<Record<string, unknown>>((resolve) => ws.once("message", (data) => resolve(JSON.parse(data.toString()))));
    ws.send(JSON.stringify({ v: 1, type: "ack", pushId: "00000000-0000-4000-8000-000000000000", status: "applied" }));
    expect(await answer).toMatchObject({ type: "error", code: "hello_first" });
    ws.close();
  });

  it("a Parameter that differs only by a zero-width character or by composition (NFC vs NFD) is the same row (409)", async () => {
    const { client, projectId } = await signedInClient("lookalike");
    const add = (Parameter: string) => client.post(rows.POST, "", { ...tableOf(projectId, "pier"), body: { data: { Parameter, Item1: "1" } } });
    await expectJson(await add("PierHeight"), 201);
    await expectJson(await add("Pier\u200BHeight"), 409);
    await expectJson(await add("\uFEFFPierHeight\u2060"), 409);
    await expectJson(await add("Caf\u00E9Width"), 201);
    await expectJson(await add("Cafe\u0301Width"), 409);
    const list = await expectJson<{ data: { Parameter: string }[] }>(await client.get(rows.GET, "", tableOf(projectId, "pier")), 200);
    expect(list.data.map((r) => r.Parameter).sort()).toEqual(["CaféWidth", "PierHeight"]);
  });
});
