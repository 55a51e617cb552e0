import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createScratchDatabase } from "@/test/pg-database";
import { api, ensureBuild, logIn, type ServerProcess, startServer } from "@/test/server-process";
import { RevitAgent, type ReceivedPush } from "./agent";
import type { WelcomeMessage } from "./protocol";

/**
 * Two `npm start` processes on one PostgreSQL, as ops run replicas: a push
 * accepted by one reaches an add-in connected to the other, and a queued push
 * outlives a killed server.
 */
let database: { url: string; drop: () => Promise<void> };
let a: ServerProcess;
let b: ServerProcess;
let cookie: string;
let token: string;

const env = () => ({ DATABASE_URL: database.url, SEED_DEMO: "1", LOG_LEVEL: "warn" });
const wsUrl = (server: ServerProcess) => `ws://localhost:${server.port}/ws/revit`;

beforeAll(async () => {
  ensureBuild();
  database = await createScratchDatabase();
  // Started together: migrations and the seed run once, under the advisory lock.
  [a, b] = await Promise.all([startServer(env(), 3401), startServer(env(), 3402)]);
  cookie = await logIn(a.url);
  const created = await api<{ token: string }>(a.url, cookie, "POST", "/api/revit/tokens", { name: "Replica test" });
  expect(created.status).toBe(201);
  token = created.body.token;
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

describe("two server processes on one PostgreSQL", () => {
  it("share sessions: a cookie from one works on the other", async () => {
    const me = await api<{ user: { email: string } }>(b.url, cookie, "GET", "/api/auth/me");
    expect(me).toMatchObject({ status: 200, body: { user: { email: "demo@pontifex.dev" } } });
  });

  it("deliver a push accepted by one server to an add-in connected to the other", async () => {
    const agent = new RevitAgent({ url: wsUrl(b), token, backoffMs: 200 });
    const welcome = agent.next<WelcomeMessage>("welcome");
    agent.start();
    await welcome;
    const status = await api<{ connected: unknown[] }>(a.url, cookie, "GET", "/api/revit/status");
    expect(status.body.connected).toHaveLength(1);

    const received = agent.next<ReceivedPush>("push");
    const answer = await api<{ pushId: string; status: string; deliveredTo: number; rows: number }>(a.url, cookie, "POST", "/api/websocket/pier/fetch-all", {
      user: "demo",
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ status: "delivered", deliveredTo: 1 });
    const push = await received;
    expect(push.pushId).toBe(answer.body.pushId);
    expect(push.rows).toHaveLength(answer.body.rows);
    const rows = await api<{ data: Record<string, unknown>[] }>(a.url, cookie, "GET", "/api/database/pier/fetch-all");
    expect(push.rows).toEqual(rows.body.data);

    // The acknowledgement, taken by server B, is what server A reports.
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const pushes = await api<{ pushes: { pushId: string; status: string }[] }>(a.url, cookie, "GET", "/api/revit/pushes");
      if (pushes.body.pushes.find((p) => p.pushId === answer.body.pushId)?.status === "applied") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const pushes = await api<{ pushes: { pushId: string; status: string }[] }>(a.url, cookie, "GET", "/api/revit/pushes");
    expect(pushes.body.pushes.find((p) => p.pushId === answer.body.pushId)?.status).toBe("applied");
    await agent.stop();
  });

  it("close a revoked token's socket on the other server at once", async () => {
    const extra = await api<{ id: number; token: string }>(a.url, cookie, "POST", "/api/revit/tokens", { name: "Revoke across" });
    const agent = new RevitAgent({ url: wsUrl(b), token: extra.body.token, reconnect: false });
    const welcome = agent.next("welcome");
    agent.start();
    await welcome;
    const closed = agent.next<number>("close");
    expect((await api(a.url, cookie, "DELETE", `/api/revit/tokens/${extra.body.id}`)).status).toBe(200);
    expect(await closed).toBe(1008);
  });

  it("hold a token to MAX_SOCKETS_PER_TOKEN (5) over both servers when 150 add-ins open at once, half on each", async () => {
    const burst = await api<{ id: number; token: string }>(a.url, cookie, "POST", "/api/revit/tokens", { name: "Burst across" });
    const open = (server: ServerProcess) =>
      new Promise<{ ws: WebSocket; status: number }>((resolve) => {
        const ws = new WebSocket(wsUrl(server), { headers: { Authorization: `Bearer ${burst.body.token}` } });
        ws.on("unexpected-response", (_req, res) => {
          resolve({ ws, status: res.statusCode ?? 0 });
          ws.terminate();
        });
        ws.on("open", () => resolve({ ws, status: 101 }));
        ws.on("error", () => resolve({ ws, status: 0 }));
      });
    const sockets = await Promise.all(Array.from({ length: 150 }, (_, i) => open(i % 2 === 0 ? a : b)));
    const statuses = sockets.map((s) => s.status);
    expect(statuses.filter((s) => s === 101)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(145);
    for (const { ws } of sockets) ws.terminate();
    await api(a.url, cookie, "DELETE", `/api/revit/tokens/${burst.body.id}`);
  });

  it("lose no queued push when a server is killed and started again", async () => {
    const queued = await api<{ pushId: string; status: string }>(a.url, cookie, "POST", "/api/websocket/abt/fetch-all", { user: "demo" });
    expect(queued.body.status).toBe("queued");
    await a.stop("SIGKILL");
    a = await startServer(env(), 3401);
    const agent = new RevitAgent({ url: wsUrl(a), token });
    const welcome = agent.next<WelcomeMessage>("welcome");
    const received = agent.next<ReceivedPush>("push");
    agent.start();
    expect((await welcome).waiting).toBe(1);
    expect((await received).pushId).toBe(queued.body.pushId);
    await agent.stop();
  }, 120_000);
});
