import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import { RevitAgent } from "./agent";
import { buildPushFrames } from "./frames";

const servers: WebSocketServer[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      for (const client of s.clients) client.terminate();
      return new Promise((r) => s.close(r));
    }),
  );
});

const pushFrame = (pushId: string) =>
  buildPushFrames(
    { pushId, project: { id: 1, name: "P" }, dataset: "pier", mode: "one", parameter: "PierHeight", createdAt: "2026-11-26T00:00:00.000Z", rowCount: 1 },
    [JSON.stringify({ Id: 1, Parameter: "PierHeight", Item1: "12.4" })],
  )[0]!;

/** A relay stand-in: on each hello, sends the pushes `toSend` chooses in one TCP write; records every ack. */
async function relay(toSend: (connection: number) => string[]) {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const acks: { connection: number; pushId: string; status: string }[] = [];
  let connections = 0;
  server.on("connection", (ws: WebSocket & { _socket?: import("node:net").Socket }) => {
    const connection = ++connections;
    ws.on("message", (data) => {
      const message = JSON.parse(data.toString()) as { type: string; pushId: string; status: string };
      if (message.type === "ack") acks.push({ connection, pushId: message.pushId, status: message.status });
      if (message.type !== "hello") return;
      ws.send(JSON.stringify({ v: 1, type: "welcome" }));
      // Corked: the frames reach the add-in in one read, as they do when it is slow to read (a busy machine).
      ws._socket!.cork();
      for (const pushId of toSend(connection)) ws.send(pushFrame(pushId));
      process.nextTick(() => ws._socket!.uncork());
    });
  });
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, acks, connections: () => connections };
}

describe("RevitAgent", () => {
  it("takes in no push behind the one it dropped its socket on: the relay sends it again, and it is acknowledged applied", async () => {
    // Like the relay, it sends again every push no add-in has acknowledged "received".
    const server: Awaited<ReturnType<typeof relay>> = await relay(() =>
      ["push-1", "push-2"].filter((id) => !server.acks.some((a) => a.pushId === id && a.status === "received")),
    );
    const applied: string[] = [];
    let first = true;
    const agent = new RevitAgent({
      url: server.url,
      token: "t",
      backoffMs: 10,
      apply: async (push) => {
        applied.push(push.pushId);
        if (first) {
          first = false;
          agent.socket!.terminate();
          return new Promise(() => {}); // crashed before answering
        }
        return { status: "applied" };
      },
    });
    agent.start();
    // Applied on the second connection, the one that could answer for it.
    await expect
      .poll(() => server.acks.filter((a) => a.pushId === "push-2"), { timeout: 10_000 })
      .toEqual([
        { connection: 2, pushId: "push-2", status: "received" },
        { connection: 2, pushId: "push-2", status: "applied" },
      ]);
    await agent.stop();
    expect(applied).toEqual(["push-1", "push-2"]);
  });
});
