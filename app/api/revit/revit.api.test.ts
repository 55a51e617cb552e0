import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import * as createElement from "@/app/api/database/[ds]/create-element/route";
import * as editElement from "@/app/api/database/[ds]/edit-element/route";
import * as fetchAll from "@/app/api/database/[ds]/fetch-all/route";
import * as pushAll from "@/app/api/websocket/[ds]/fetch-all/route";
import * as pushOne from "@/app/api/websocket/[ds]/fetch-one/[parameter]/route";
import { revitPushes } from "@/db/schema";
import { RevitAgent, type ReceivedPush } from "@/lib/revit/agent";
import type { ErrorMessage, WelcomeMessage } from "@/lib/revit/protocol";
import { setRelay } from "@/lib/revit/registry";
import { testDb, useTestDatabase } from "@/test/database";
import { expectJson, ORIGIN, type TestClient } from "@/test/http";
import { useTestRelays } from "@/test/relay";
import { joinProject, seedRows, signedInClient } from "@/test/session";
import * as events from "./events/route";
import * as pushes from "./pushes/route";
import * as status from "./status/route";
import * as tokenById from "./tokens/[id]/route";
import * as tokens from "./tokens/route";

const database = useTestDatabase();
const startRelay = useTestRelays(database);
let wsUrl: string;

type Row = Record<string, string | number>;
type PushAnswer = { pushId: string; dataset: string; rows: number; status: string; deliveredTo: number };

async function createToken(client: TestClient, name = "Workstation 1"): Promise<{ id: number; token: string }> {
  return expectJson(await client.post(tokens.POST, "/api/revit/tokens", { body: { name } }), 201);
}

function agentFor(token: string, extra: Partial<ConstructorParameters<typeof RevitAgent>[0]> = {}): RevitAgent {
  return new RevitAgent({ url: wsUrl, token, backoffMs: 100, ...extra });
}

async function connectedAgent(
  token: string,
  extra: Partial<ConstructorParameters<typeof RevitAgent>[0]> = {},
): Promise<{ agent: RevitAgent; welcome: WelcomeMessage }> {
  const agent = agentFor(token, extra);
  const welcome = agent.next<WelcomeMessage>("welcome");
  agent.start();
  return { agent, welcome: await welcome };
}

/** A websocket that speaks only when told to: for the protocol's error paths. */
function rawSocket(token: string | undefined, headers: Record<string, string> = {}): Promise<{ ws: WebSocket; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl, {
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      autoPong: headers["x-no-pong"] ? false : true,
    });
    ws.on("unexpected-response", (_req, res) => {
      resolve({ ws, status: res.statusCode });
      ws.terminate();
    });
    ws.on("open", () => resolve({ ws }));
    ws.on("error", () => {});
  });
}

function nextMessage(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once("message", (data) => resolve(JSON.parse(data.toString()))));
}

function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));
}

const pushTable = (client: TestClient, ds: string) =>
  client.post(pushAll.POST, `/api/websocket/${ds}/fetch-all`, { params: { ds }, body: { user: "ignored@example.com" } });
const pushRow = (client: TestClient, ds: string, parameter: string) =>
  client.post(pushOne.POST, `/api/websocket/${ds}/fetch-one/${encodeURIComponent(parameter)}`, { params: { ds, parameter }, body: { user: "x" } });
const listPushes = async (client: TestClient) =>
  (await expectJson<{ pushes: Record<string, unknown>[] }>(await client.get(pushes.GET, "/api/revit/pushes"), 200)).pushes;
const fetchRows = async (client: TestClient, ds: string) =>
  (await expectJson<{ data: Row[] }>(await client.get(fetchAll.GET, `/api/database/${ds}/fetch-all`, { params: { ds } }), 200)).data;

// A relay that beats this often: short enough to be quick, long enough that a busy machine's pauses do not make a
// healthy socket miss two pongs.
const FAST_HEARTBEAT_MS = 250;

// Reads until check holds; the deadline only bounds a test that would otherwise hang (a busy machine may need seconds).
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

let alice: TestClient;
let aliceProject: number;
let bob: TestClient;

beforeAll(async () => {
  ({ wsUrl } = await startRelay());
  [{ client: alice, projectId: aliceProject }, { client: bob }] = await Promise.all([signedInClient("alice"), signedInClient("bob")]);
  for (const [i, name] of ["PierHeight", "SkewAngle", "BearingType"].entries()) {
    await expectJson(
      await alice.post(createElement.POST, "/api/database/pier/create-element", {
        params: { ds: "pier" },
        body: { data: { Parameter: name, Item1: String(i + 1), Item2: "0.2617993877991494" } },
      }),
      201,
    );
  }
});

describe("add-in tokens", () => {
  it("are created with a name and shown once, listed without the secret, and revoked", async () => {
    const created = await expectJson<{ id: number; name: string; token: string; createdAt: string }>(
      await alice.post(tokens.POST, "/api/revit/tokens", { body: { name: "  Drafting PC  " } }),
      201,
    );
    expect(created).toMatchObject({ name: "Drafting PC", token: expect.stringMatching(/^pfx_[A-Za-z0-9_-]{43}$/) });
    expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);

    const listed = await expectJson<{ tokens: Record<string, unknown>[] }>(await alice.get(tokens.GET, "/api/revit/tokens"), 200);
    const mine = listed.tokens.find((t) => t.id === created.id)!;
    expect(mine).toMatchObject({ name: "Drafting PC", lastUsedAt: null, connected: 0 });
    expect(JSON.stringify(listed)).not.toContain(created.token);

    await expectJson(await alice.delete(tokenById.DELETE, `/api/revit/tokens/${created.id}`, { params: { id: String(created.id) } }), 200);
    const after = await expectJson<{ tokens: { id: number }[] }>(await alice.get(tokens.GET, "/api/revit/tokens"), 200);
    expect(after.tokens.some((t) => t.id === created.id)).toBe(false);
    await expectJson(await alice.delete(tokenById.DELETE, `/api/revit/tokens/${created.id}`, { params: { id: String(created.id) } }), 404);
  });

  it("refuse an empty or too long name, a user without a session, and another user's token", async () => {
    await expectJson(await alice.post(tokens.POST, "/api/revit/tokens", { body: { name: "   " } }), 400);
    await expectJson(await alice.post(tokens.POST, "/api/revit/tokens", { body: { name: "x".repeat(101) } }), 400);
    await expectJson(await alice.post(tokens.POST, "/api/revit/tokens", { body: { name: 7 } }), 400);
    // Found by the fuzzer: a NUL in the name reached Postgres and answered 500.
    await expectJson(await alice.post(tokens.POST, "/api/revit/tokens", { body: { name: "\u0000" } }), 400);
    const { TestClient } = await import("@/test/http");
    await expectJson(await new TestClient().get(tokens.GET, "/api/revit/tokens"), 401);
    await expectJson(await new TestClient().post(tokens.POST, "/api/revit/tokens", { body: { name: "x" } }), 401);
    const alicesToken = await createToken(alice);
    await expectJson(await bob.delete(tokenById.DELETE, `/api/revit/tokens/${alicesToken.id}`, { params: { id: String(alicesToken.id) } }), 404);
    await expectJson(await bob.delete(tokenById.DELETE, "/api/revit/tokens/abc", { params: { id: "abc" } }), 404);
    const stillThere = await expectJson<{ tokens: { id: number }[] }>(await alice.get(tokens.GET, "/api/revit/tokens"), 200);
    expect(stillThere.tokens.some((t) => t.id === alicesToken.id)).toBe(true);
  });
});

describe("the websocket upgrade", () => {
  it("answers 401 before any websocket exists to no token, an unknown token and a revoked token", async () => {
    expect((await rawSocket(undefined)).status).toBe(401);
    expect((await rawSocket("pfx_not-a-real-token")).status).toBe(401);
    const revoked = await createToken(alice, "Old laptop");
    await alice.delete(tokenById.DELETE, `/api/revit/tokens/${revoked.id}`, { params: { id: String(revoked.id) } });
    expect((await rawSocket(revoked.token)).status).toBe(401);
  });

  it("refuses a browser from a foreign Origin (403) and accepts the app's own", async () => {
    const { token } = await createToken(alice);
    expect((await rawSocket(token, { Origin: "https://evil.example.com" })).status).toBe(403);
    const ok = await rawSocket(token, { Origin: ORIGIN });
    expect(ok.status).toBeUndefined();
    ok.ws.close();
  });

  it("records when a token was last used", async () => {
    const { id, token } = await createToken(alice, "Touch me");
    const { agent } = await connectedAgent(token);
    const listed = await expectJson<{ tokens: { id: number; lastUsedAt: string | null; connected: number }[] }>(
      await alice.get(tokens.GET, "/api/revit/tokens"),
      200,
    );
    expect(listed.tokens.find((t) => t.id === id)).toMatchObject({ lastUsedAt: expect.any(String), connected: 1 });
    await agent.stop();
  });
});

describe("the protocol", () => {
  it("answers hello with welcome: the user, pushes waiting, heartbeat and frame size", async () => {
    const { token } = await createToken(bob, "Bob's PC");
    const { agent, welcome } = await connectedAgent(token, { document: "Viaduct.rvt" });
    expect(welcome).toMatchObject({ v: 1, type: "welcome", user: expect.stringMatching(/^bob\./), waiting: 0, heartbeatSeconds: 30, maxFrameBytes: 1048576 });
    const connected = await expectJson<{ connected: Record<string, unknown>[] }>(await bob.get(status.GET, "/api/revit/status"), 200);
    expect(connected.connected).toEqual([
      expect.objectContaining({
        clientName: "Pontifex reference agent",
        revitVersion: "2025",
        document: "Viaduct.rvt",
        tokenName: "Bob's PC",
        connectedAt: expect.any(String),
        lastSeenAt: expect.any(String),
      }),
    ]);
    await agent.stop();
    const after = await eventually(
      async () => (await expectJson<{ connected: unknown[] }>(await bob.get(status.GET, "/api/revit/status"), 200)).connected,
      (list) => list.length === 0,
    );
    expect(after).toEqual([]);
  });

  it("answers malformed and unknown messages with an error and keeps the socket", async () => {
    const { token } = await createToken(alice);
    const { ws } = await rawSocket(token);
    const cases: [string | Buffer, string][] = [
      ["{not json", "bad_json"],
      ['{"v":1,"type":"launch"}', "unknown_type"],
      ['{"v":9,"type":"hello"}', "unsupported_version"],
      ['{"v":1,"type":"ack","pushId":"nope","status":"applied"}', "bad_message"],
      // An ack before hello is refused: the socket has not said who it is yet.
      ['{"v":1,"type":"ack","pushId":"00000000-0000-4000-8000-000000000000","status":"applied"}', "hello_first"],
      [Buffer.from([1, 2, 3]), "binary_not_supported"],
    ];
    for (const [frame, code] of cases) {
      const reply = nextMessage(ws);
      ws.send(frame);
      expect(await reply).toMatchObject({ v: 1, type: "error", code });
    }
    const welcome = nextMessage(ws);
    ws.send(JSON.stringify({ v: 1, type: "hello", client: "raw", revitVersion: "2024", document: "A.rvt" }));
    expect(await welcome).toMatchObject({ type: "welcome" });
    const unknown = nextMessage(ws);
    ws.send('{"v":1,"type":"ack","pushId":"00000000-0000-4000-8000-000000000000","status":"applied"}');
    expect(await unknown).toMatchObject({ v: 1, type: "error", code: "unknown_push" });
    ws.close();
  });

  it("closes the socket with 1009 on a frame over 1 MiB", async () => {
    const { token } = await createToken(alice);
    const { ws } = await rawSocket(token);
    const done = closed(ws);
    ws.send(JSON.stringify({ v: 1, type: "hello", client: "x".repeat(1024 * 1024) }));
    expect((await done).code).toBe(1009);
  });

  it("closes a socket that never says hello", async () => {
    const { token } = await createToken(alice);
    const { wsUrl: quickUrl } = await startRelay({ helloTimeoutMs: 200 }, false);
    const ws = new WebSocket(quickUrl, { headers: { Authorization: `Bearer ${token}` } });
    ws.on("error", () => {});
    const result = await closed(ws);
    expect(result).toEqual({ code: 1008, reason: "hello expected" });
  });

  it("drops a socket that misses two pongs, and keeps one that answers", async () => {
    const { token } = await createToken(alice);
    const { wsUrl: fastUrl } = await startRelay({ heartbeatMs: FAST_HEARTBEAT_MS }, false);
    const silent = new WebSocket(fastUrl, { headers: { Authorization: `Bearer ${token}` }, autoPong: false });
    const healthy = new WebSocket(fastUrl, { headers: { Authorization: `Bearer ${token}` } });
    // Both listeners first: either socket may open before the other.
    const opened = [silent, healthy].map((ws) => {
      ws.on("error", () => {});
      return new Promise((r) => ws.once("open", r));
    });
    await Promise.all(opened);
    for (const ws of [silent, healthy]) ws.send(JSON.stringify({ v: 1, type: "hello" }));
    const silentClosed = closed(silent);
    const result = await Promise.race([silentClosed, new Promise((r) => setTimeout(() => r("timeout"), 10_000))]);
    expect(result).toMatchObject({ code: 1006 });
    expect(healthy.readyState).toBe(WebSocket.OPEN);
    healthy.close();
  });

  it("closes the open sockets of a token the moment it is revoked; logging out does not", async () => {
    const { id, token } = await createToken(alice, "To revoke");
    const { agent } = await connectedAgent(token, { reconnect: false });
    const closing = agent.next<number>("close");
    await expectJson(await alice.delete(tokenById.DELETE, `/api/revit/tokens/${id}`, { params: { id: String(id) } }), 200);
    expect(await closing).toBe(1008);

    const kept = await createToken(alice, "Kept");
    const { agent: keeper } = await connectedAgent(kept.token, { reconnect: false });
    const { POST: logout } = await import("@/app/api/auth/logout/route");
    const { client: session } = await signedInClient("logout");
    await expectJson(await session.post(logout, "/api/auth/logout"), 200);
    expect(keeper.socket?.readyState).toBe(WebSocket.OPEN);
    await keeper.stop();
  });
});

describe("pushes", () => {
  it("deliver a whole table to the connected add-in at once: 202 delivered, rows as fetch-all has them, then applied", async () => {
    const { token } = await createToken(alice);
    const { agent } = await connectedAgent(token);
    const received = agent.next<ReceivedPush>("push");
    const answer = await expectJson<PushAnswer>(await pushTable(alice, "pier"), 202);
    expect(answer).toMatchObject({ pushId: expect.any(String), dataset: "pier", rows: 3, status: "delivered", deliveredTo: 1 });
    const push = await received;
    expect(push).toMatchObject({ pushId: answer.pushId, dataset: "pier", mode: "all", parameter: null, rowCount: 3, parts: 1 });
    expect(push.rows).toEqual(await fetchRows(alice, "pier"));
    expect(push.rows.find((r) => r.Parameter === "SkewAngle")!.Item2).toBe("0.2617993877991494");
    const state = await eventually(
      () => listPushes(alice),
      (list) => list.find((p) => p.pushId === answer.pushId)?.status === "applied",
    );
    expect(state.find((p) => p.pushId === answer.pushId)).toMatchObject({
      status: "applied",
      deliveredTo: 1,
      rows: 3,
      receivedAt: expect.any(String),
      ackedAt: expect.any(String),
    });
    await agent.stop();
  });

  it("send each whole-table push its own id and the table as it is now: never an earlier revision's rows", async () => {
    const { token } = await createToken(alice);
    const { agent } = await connectedAgent(token);
    const pushAndReceive = async () => {
      const received = agent.next<ReceivedPush>("push");
      const answer = await expectJson<PushAnswer>(await pushTable(alice, "pier"), 202);
      const push = await received;
      expect(push.pushId).toBe(answer.pushId);
      return push;
    };
    const first = await pushAndReceive();
    const again = await pushAndReceive();
    expect(again.pushId).not.toBe(first.pushId);
    expect(again.rows).toEqual(first.rows);
    const target = first.rows.find((r) => r.Parameter === "PierHeight")!;
    await expectJson(
      await alice.post(editElement.POST, "/api/database/pier/edit-element", {
        params: { ds: "pier" },
        body: { id: target.Id, data: { Version: target.Version, Item1: "42.5" } },
      }),
      200,
    );
    const edited = await pushAndReceive();
    expect(edited.rows.find((r) => r.Id === target.Id)!.Item1).toBe("42.5");
    expect(edited.rows).toEqual(await fetchRows(alice, "pier"));
    await agent.stop();
  });

  it("push one row by its Parameter; an unknown Parameter or dataset is 404, no session is 401", async () => {
    const { token } = await createToken(alice);
    const { agent } = await connectedAgent(token);
    const received = agent.next<ReceivedPush>("push");
    const answer = await expectJson<PushAnswer>(await pushRow(alice, "pier", "SkewAngle"), 202);
    expect(answer).toMatchObject({ rows: 1, status: "delivered" });
    const push = await received;
    expect(push).toMatchObject({ mode: "one", parameter: "SkewAngle", rowCount: 1 });
    expect(push.rows).toEqual([expect.objectContaining({ Parameter: "SkewAngle", Item1: "2" })]);
    await expectJson(await pushRow(alice, "pier", "NoSuchParameter"), 404);
    await expectJson(await pushRow(alice, "pier", "Skew\u0000Angle"), 404);
    await expectJson(await pushRow(alice, "bridge", "SkewAngle"), 404);
    await expectJson(await pushTable(alice, "bridge"), 404);
    const { TestClient } = await import("@/test/http");
    await expectJson(await pushTable(new TestClient(), "pier"), 401);
    await agent.stop();
  });

  it("queue when no add-in is connected and arrive when one connects; a partial ack keeps its errors", async () => {
    const { client: carol } = await signedInClient("carol");
    const answer = await expectJson<PushAnswer>(await pushTable(carol, "pier"), 202);
    expect(answer).toMatchObject({ status: "queued", deliveredTo: 0 });
    const { token } = await createToken(carol);
    const agent = agentFor(token, {
      apply: async () => ({ status: "partial", errors: [{ parameter: "BearingType", message: "family parameter not found" }] }),
    });
    const welcome = agent.next<WelcomeMessage>("welcome");
    const received = agent.next<ReceivedPush>("push");
    agent.start();
    expect((await welcome).waiting).toBe(1);
    expect((await received).pushId).toBe(answer.pushId);
    const list = await eventually(
      () => listPushes(carol),
      (l) => l[0]?.status === "partial",
    );
    expect(list[0]).toMatchObject({
      pushId: answer.pushId,
      status: "partial",
      deliveredTo: 1,
      errors: [{ parameter: "BearingType", message: "family parameter not found" }],
    });
    await agent.stop();
  });

  it("go only to the add-ins of the user who pushed", async () => {
    const { client: dave } = await signedInClient("dave");
    const { client: erin } = await signedInClient("erin");
    const daveAgent = (await connectedAgent((await createToken(dave)).token)).agent;
    const erinAgent = (await connectedAgent((await createToken(erin)).token)).agent;
    const daveGot = daveAgent.next<ReceivedPush>("push");
    const answer = await expectJson<PushAnswer>(await pushTable(dave, "pier"), 202);
    expect((await daveGot).pushId).toBe(answer.pushId);
    // Pushes reach an add-in in order: once Erin's own later push is in, Dave's would have come before it.
    const erinGot = erinAgent.next<ReceivedPush>("push");
    const erinsOwn = await expectJson<PushAnswer>(await pushTable(erin, "pier"), 202);
    expect((await erinGot).pushId).toBe(erinsOwn.pushId);
    expect(erinAgent.received.map((p) => p.pushId)).toEqual([erinsOwn.pushId]);
    expect((await listPushes(erin)).some((p) => p.pushId === answer.pushId)).toBe(false);
    // Erin's add-in cannot acknowledge Dave's push either.
    const error = erinAgent.next<ErrorMessage>("error-message");
    erinAgent.ack(answer.pushId, "failed");
    expect(await error).toMatchObject({ code: "unknown_push" });
    expect((await listPushes(dave)).find((p) => p.pushId === answer.pushId)?.status).not.toBe("failed");
    await daveAgent.stop();
    await erinAgent.stop();
  });

  it("are delivered again to an add-in that dropped before acknowledging, which ignores the duplicate", async () => {
    const { client: frank } = await signedInClient("frank");
    const { token } = await createToken(frank);
    const raw = await rawSocket(token);
    const welcome = nextMessage(raw.ws);
    raw.ws.send(JSON.stringify({ v: 1, type: "hello" }));
    await welcome;
    const firstCopy = nextMessage(raw.ws);
    const answer = await expectJson<PushAnswer>(await pushTable(frank, "pier"), 202);
    expect(await firstCopy).toMatchObject({ type: "push", pushId: answer.pushId });
    raw.ws.terminate(); // gone before any ack

    const agent = agentFor(token);
    agent.seen.add(answer.pushId); // this add-in had applied it before it crashed
    const duplicate = agent.next<string>("duplicate");
    agent.start();
    expect(await duplicate).toBe(answer.pushId);
    expect(agent.received).toHaveLength(0);
    const list = await eventually(
      () => listPushes(frank),
      (l) => l[0]?.receivedAt !== null,
    );
    expect(list[0]).toMatchObject({ pushId: answer.pushId, receivedAt: expect.any(String) });
    await agent.stop();
  });

  it("split a large table into frames of at most 1 MiB that the add-in puts back together", async () => {
    const wide = Array.from({ length: 300 }, (_, r) => ({
      parameter: `Wide${r}`,
      values: Object.fromEntries(Array.from({ length: 300 }, (_, c) => [`Item${c + 1}`, `${r}.${c}-abcdefghij`])),
    }));
    await seedRows(aliceProject, "box", wide);
    const { token } = await createToken(alice);
    const frames: number[] = [];
    const { agent } = await connectedAgent(token);
    agent.socket!.on("message", (data: Buffer) => frames.push(data.length));
    const received = agent.next<ReceivedPush>("push", 20_000);
    const answer = await expectJson<PushAnswer>(await pushTable(alice, "box"), 202);
    const push = await received;
    expect(push.parts).toBeGreaterThan(1);
    expect(frames.length).toBe(push.parts);
    for (const size of frames) expect(size).toBeLessThanOrEqual(1024 * 1024);
    expect(push.rowCount).toBe(300);
    expect(push.rows).toEqual(await fetchRows(alice, "box"));
    expect(answer.rows).toBe(300);
    await agent.stop();
  });

  it("survive a server restart while queued", async () => {
    const { client: grace, userId: graceId } = await signedInClient("grace");
    await joinProject(graceId, aliceProject);
    const answer = await expectJson<PushAnswer>(await pushRow(grace, "pier", "PierHeight"), 202);
    expect(answer.status).toBe("queued");
    const first = await startRelay({}, false);
    await first.stop();
    const second = await startRelay({}, false);
    const { token } = await createToken(grace);
    const agent = new RevitAgent({ url: second.wsUrl, token });
    const received = agent.next<ReceivedPush>("push");
    agent.start();
    expect((await received).pushId).toBe(answer.pushId);
    await agent.stop();
  });

  it("expire after 24 hours unreceived", async () => {
    const { client: heidi, userId: heidiId } = await signedInClient("heidi");
    await joinProject(heidiId, aliceProject);
    const answer = await expectJson<PushAnswer>(await pushRow(heidi, "pier", "PierHeight"), 202);
    await testDb(database).execute(sql`UPDATE ${revitPushes} SET expires_at = now() - interval '1 second' WHERE id = ${answer.pushId}`);
    const { wsUrl: fastUrl } = await startRelay({ heartbeatMs: FAST_HEARTBEAT_MS }, false);
    await eventually(
      () => listPushes(heidi),
      (l) => l[0]?.status === "expired",
    );
    const agent = new RevitAgent({ url: fastUrl, token: (await createToken(heidi)).token });
    const welcome = agent.next<WelcomeMessage>("welcome");
    agent.start();
    expect((await welcome).waiting).toBe(0);
    expect((await listPushes(heidi))[0]).toMatchObject({ status: "expired" });
    await agent.stop();
  });
});

describe("live events for the browser (GET /api/revit/events)", () => {
  it("streams the number of connected add-ins and each push's state", async () => {
    const { client: ivan, userId: ivanId } = await signedInClient("ivan");
    await joinProject(ivanId, aliceProject);
    const controller = new AbortController();
    const response = await ivan.get(events.GET, "/api/revit/events", { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const nextEvent = async (): Promise<{ event: string; data: Record<string, unknown> }> => {
      for (;;) {
        const match = /event: (\w+)\ndata: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return { event: match[1]!, data: JSON.parse(match[2]!) };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        buffer += decoder.decode(value);
      }
    };
    expect(await nextEvent()).toEqual({ event: "connections", data: { count: 0 } });
    const { agent } = await connectedAgent((await createToken(ivan)).token);
    expect(await nextEvent()).toEqual({ event: "connections", data: { count: 1 } });
    const answer = await expectJson<PushAnswer>(await pushRow(ivan, "pier", "BearingType"), 202);
    const states: string[] = [];
    while (!states.includes("applied")) {
      const { event, data } = await nextEvent();
      if (event === "push" && data.pushId === answer.pushId) states.push(String(data.status));
    }
    expect(states.at(-1)).toBe("applied");
    // In order: never "applied" before "delivered" (the browser would turn its "Applied" back into "sent").
    expect(states.indexOf("applied")).toBeGreaterThan(states.lastIndexOf("delivered"));
    await agent.stop();
    controller.abort();
    await reader.cancel();
  });

  it("needs a session", async () => {
    const { TestClient } = await import("@/test/http");
    await expectJson(await new TestClient().get(events.GET, "/api/revit/events"), 401);
  });

  it("answers 503 when the relay is not running", async () => {
    const { getRelay } = await import("@/lib/revit/registry");
    const current = getRelay();
    setRelay(undefined);
    try {
      await expectJson(await alice.get(events.GET, "/api/revit/events"), 503);
    } finally {
      setRelay(current);
    }
  });
});
