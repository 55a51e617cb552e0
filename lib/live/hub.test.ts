import { afterEach, describe, expect, it } from "vitest";
import { LocalBus } from "@/lib/relay/bus";
import { type LiveEvent, LiveTables } from "./hub";

const names: Record<number, string> = { 1: "Grace Hopper", 2: "Ada Lovelace" };
const settle = () => new Promise((r) => setTimeout(r, 10));
const hubs: LiveTables[] = [];

function hub(bus = new LocalBus()) {
  const live = new LiveTables(bus, async (id) => names[id] ?? "someone");
  hubs.push(live);
  return live;
}

function listener() {
  const events: LiveEvent[] = [];
  let ended = false;
  return {
    events,
    send: (e: LiveEvent) => events.push(e),
    end: () => (ended = true),
    ended: () => ended,
    lastPresence: () => events.filter((e) => e.type === "presence").at(-1) as Extract<LiveEvent, { type: "presence" }> | undefined,
    rows: () => events.filter((e) => e.type === "rows"),
  };
}

afterEach(() => {
  for (const h of hubs.splice(0)) h.close();
});

describe("live tables", () => {
  it("tells everyone with a table open who else has it open, and forgets those who leave", async () => {
    const live = hub();
    const a = listener();
    const b = listener();
    live.subscribe(7, "pier", { client: "tab-a", userId: 1, name: "Grace Hopper" }, a.send, a.end);
    const leave = live.subscribe(7, "pier", { client: "tab-b", userId: 2, name: "Ada Lovelace" }, b.send, b.end);
    await settle();
    expect(
      a
        .lastPresence()
        ?.viewers.map((v) => v.name)
        .sort(),
    ).toEqual(["Ada Lovelace", "Grace Hopper"]);
    leave();
    await settle();
    expect(a.lastPresence()?.viewers.map((v) => v.name)).toEqual(["Grace Hopper"]);
  });

  it("announces a save with the author's name and the row ids, only to that project's table", async () => {
    const live = hub();
    const pier = listener();
    const otherProject = listener();
    live.subscribe(7, "pier", { client: "tab-a", userId: 2, name: "Ada Lovelace" }, pier.send, pier.end);
    live.subscribe(8, "pier", { client: "tab-b", userId: 2, name: "Ada Lovelace" }, otherProject.send, otherProject.end);
    await live.changed(7, "pier", 1, [11, 12]);
    await settle();
    expect(pier.rows()).toEqual([{ type: "rows", userId: 1, name: "Grace Hopper", ids: [11, 12] }]);
    expect(otherProject.rows()).toEqual([]);
  });

  it("a tab's editing reaches the server holding its stream, and the others see the row it edits", async () => {
    const bus = new LocalBus();
    // Two servers on one bus: the tab's stream on the first, its "I am editing" request on the second.
    const first = hub(bus);
    const second = hub(bus);
    const editor = listener();
    const watcher = listener();
    first.subscribe(7, "box", { client: "tab-a", userId: 1, name: "Grace Hopper" }, editor.send, editor.end);
    second.subscribe(7, "box", { client: "tab-b", userId: 2, name: "Ada Lovelace" }, watcher.send, watcher.end);
    await settle();
    await second.setEditing(7, "box", "tab-a", 1, 42);
    await settle();
    const viewers = watcher.lastPresence()!.viewers;
    expect(viewers.find((v) => v.client === "tab-a")?.editing).toBe(42);
    expect(viewers.map((v) => v.name).sort()).toEqual(["Ada Lovelace", "Grace Hopper"]);
    // Someone else's tab cannot claim it: the user must match.
    await second.setEditing(7, "box", "tab-a", 2, 43);
    await settle();
    expect(watcher.lastPresence()!.viewers.find((v) => v.client === "tab-a")?.editing).toBe(42);
  });

  it("ends every open stream when the server shuts down", () => {
    const live = hub();
    const a = listener();
    live.subscribe(7, "pier", { client: "tab-a", userId: 1, name: "Grace Hopper" }, a.send, a.end);
    live.close();
    expect(a.ended()).toBe(true);
  });
});
