import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import * as pushAll from "@/app/api/websocket/[ds]/fetch-all/route";
import * as pushOne from "@/app/api/websocket/[ds]/fetch-one/[parameter]/route";
import * as tokens from "@/app/api/revit/tokens/route";
import { recentPushes } from "@/db/queries/revit";
import { RevitAgent, type ReceivedPush } from "@/lib/revit/agent";
import type { PushMessage } from "@/lib/revit/protocol";
import { useTestDatabase } from "@/test/database";
import { expectJson, type TestClient } from "@/test/http";
import { useTestRelays } from "@/test/relay";
import { joinProject, seedRows, signedInClient } from "@/test/session";
import { report } from "./report";

const database = useTestDatabase();
const startRelay = useTestRelays(database);

type Answer = { pushId: string; status: string };

async function setUp(): Promise<{ client: TestClient; userId: number; token: string }> {
  const { client, userId } = await signedInClient("faults");
  await joinProject(userId, sharedProject);
  const token = await expectJson<{ token: string }>(await client.post(tokens.POST, "/api/revit/tokens", { body: { name: "faults" } }), 201);
  return { client, userId, token: token.token };
}

const pushTable = async (client: TestClient, ds: string) =>
  expectJson<Answer>(await client.post(pushAll.POST, `/api/websocket/${ds}/fetch-all`, { params: { ds }, body: { user: "x" } }), 202);
const pushRow = async (client: TestClient, parameter: string) =>
  expectJson<Answer>(
    await client.post(pushOne.POST, `/api/websocket/pier/fetch-one/${parameter}`, { params: { ds: "pier", parameter }, body: { user: "x" } }),
    202,
  );

async function settled(userId: number, pushIds: string[], status = "applied"): Promise<Map<string, string>> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const states = new Map((await recentPushes(userId, 200)).map((p) => [p.id, p.status]));
    if (pushIds.every((id) => states.get(id) === status) || Date.now() > deadline) return states;
    await new Promise((r) => setTimeout(r, 50));
  }
}

let sharedProject: number;

beforeAll(async () => {
  ({ projectId: sharedProject } = await signedInClient("faults-owner"));
  const wide = Array.from({ length: 400 }, (_, r) => ({
    parameter: `Wide${r}`,
    values: Object.fromEntries(Array.from({ length: 200 }, (_, c) => [`Item${c + 1}`, `${r}.${c}-0123456789`])),
  }));
  await seedRows(sharedProject, "box", wide);
  await seedRows(sharedProject, "pier", [
    { parameter: "PierHeight", values: { Item1: "12.4" } },
    { parameter: "SkewAngle", values: { Item1: "0.2618" } },
    { parameter: "BearingType", values: { Item1: "Pot" } },
  ]);
});

describe("relay faults", () => {
  it("an add-in that drops in the middle of a multi-frame push gets the whole push again, once", async () => {
    const { wsUrl } = await startRelay();
    const { client, userId, token } = await setUp();
    // A raw add-in that hangs up after the second part.
    const raw = new WebSocket(wsUrl, { headers: { Authorization: `Bearer ${token}` } });
    await new Promise((r) => raw.once("open", r));
    raw.send(JSON.stringify({ v: 1, type: "hello" }));
    let parts = 0;
    let totalParts = 0;
    const droppedMidway = new Promise<void>((resolve) =>
      raw.on("message", (data) => {
        const message = JSON.parse(data.toString()) as PushMessage;
        if (message.type !== "push") return;
        parts++;
        totalParts = message.parts;
        if (parts === 2) {
          raw.terminate();
          resolve();
        }
      }),
    );
    const answer = await pushTable(client, "box");
    await droppedMidway;
    expect(totalParts).toBeGreaterThan(2);

    const agent = new RevitAgent({ url: wsUrl, token });
    const received = agent.next<ReceivedPush>("push", 20_000);
    agent.start();
    const push = await received;
    expect(push.pushId).toBe(answer.pushId);
    expect(push.rows).toHaveLength(400);
    const states = await settled(userId, [answer.pushId]);
    expect(states.get(answer.pushId)).toBe("applied");
    await agent.stop();
    report("relay-fault-mid-push", {
      parts: totalParts,
      droppedAfterPart: 2,
      redelivered: true,
      rows: push.rows.length,
      finalState: states.get(answer.pushId),
    });
  });

  it("an add-in that drops while queued pushes arrive, and comes back, ends with every push exactly once", async () => {
    const { wsUrl } = await startRelay();
    const { client, userId, token } = await setUp();
    const queued = [
      await pushRow(client, "PierHeight"),
      await pushRow(client, "SkewAngle"),
      await pushTable(client, "box"),
      await pushRow(client, "BearingType"),
    ];
    expect(queued.every((q) => q.status === "queued")).toBe(true);

    // First connection: takes one push, acknowledges only "received", then drops.
    const applied: string[] = [];
    let first = true;
    const agent = new RevitAgent({
      url: wsUrl,
      token,
      backoffMs: 100,
      apply: async (push) => {
        applied.push(push.pushId);
        if (first) {
          first = false;
          agent.socket!.terminate();
          // The final ack never leaves: the add-in crashed before answering.
          return new Promise(() => {});
        }
        return { status: "applied" };
      },
    });
    agent.start();
    const deadline = Date.now() + 20_000;
    while (new Set(applied).size < queued.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const ids = queued.map((q) => q.pushId);
    expect([...new Set(applied)].sort()).toEqual([...ids].sort());
    expect(applied).toHaveLength(ids.length); // de-duplicated by pushId: nothing applied twice
    // The first push was received but never answered: it stays "delivered"; the others are applied.
    const states = await settled(userId, ids.slice(1));
    expect(ids.slice(1).map((id) => states.get(id))).toEqual(["applied", "applied", "applied"]);
    expect(states.get(ids[0]!)).toBe("delivered");
    await agent.stop();
    report("relay-fault-queued-drop", {
      queued: ids.length,
      applied: applied.length,
      duplicatesApplied: 0,
      states: Object.fromEntries(ids.map((id) => [id, states.get(id)])),
    });
  });

  it("pushes queued while the server restarts all arrive afterwards, in order", async () => {
    const first = await startRelay();
    const { client, userId, token } = await setUp();
    const queued = [await pushRow(client, "PierHeight"), await pushRow(client, "SkewAngle"), await pushRow(client, "BearingType")];
    await first.stop();
    const second = await startRelay();
    const agent = new RevitAgent({ url: second.wsUrl, token });
    agent.start();
    const deadline = Date.now() + 15_000;
    while (agent.received.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(agent.received.map((p) => p.pushId)).toEqual(queued.map((q) => q.pushId));
    const states = await settled(
      userId,
      queued.map((q) => q.pushId),
    );
    expect(queued.map((q) => states.get(q.pushId))).toEqual(["applied", "applied", "applied"]);
    await agent.stop();
    report("relay-fault-restart", { queued: 3, delivered: agent.received.length, inOrder: true, allApplied: true });
  });
});
