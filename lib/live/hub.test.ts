import type pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import type { ProjectRole } from "@/db/schema";
import { type BusMessage, encodeBusMessage, LocalBus, MAX_BUS_PAYLOAD_BYTES, type ReplicaBus } from "@/lib/replica-bus";
import { applyPresence, type LiveEvent, type Viewer } from "./events";
import { type Joining, type LiveDirectory, type LiveLimits, LiveTables, PRESENCE_COALESCE_MS } from "./hub";
import { PRESENCE_BATCH } from "./messages";

const names: Record<number, string> = { 1: "Grace Hopper", 2: "Ada Lovelace" };
const hubs: LiveTables[] = [];
const LIMITS: LiveLimits = { streamsPerUser: 20, streamsPerServer: 1000 };

/** Who is a member of what, as the database would say: everyone an editor of everything unless set here. */
function directory(roles = new Map<string, ProjectRole | null>()): LiveDirectory {
  return {
    nameOf: async (id) => names[id] ?? `Person ${id}`,
    rolesOf: async (pairs) => {
      const found = new Map<string, ProjectRole>();
      for (const { projectId, userId } of pairs) {
        const role = roles.get(`${projectId}:${userId}`);
        if (role !== null) found.set(`${projectId}:${userId}`, role ?? "editor");
      }
      return found;
    },
  };
}

function hub(bus: ReplicaBus = new LocalBus(), options: { limits?: LiveLimits; roles?: Map<string, ProjectRole | null>; log?: pino.Logger } = {}) {
  const live = new LiveTables(bus, directory(options.roles), { limits: options.limits ?? LIMITS, log: options.log });
  hubs.push(live);
  return live;
}

const joining = (userId: number, client: string, role: ProjectRole = "editor"): Joining => ({
  client,
  userId,
  name: names[userId] ?? `Person ${userId}`,
  role,
});

/** A browser tab's end of a stream: what it was told, and who it believes has the table open. */
function listener() {
  const events: LiveEvent[] = [];
  let viewers: ReadonlyMap<string, Viewer> = new Map();
  let ended = false;
  return {
    events,
    send: (e: LiveEvent) => {
      events.push(e);
      if (e.type === "presence" || e.type === "presence-change") viewers = applyPresence(viewers, e);
    },
    end: () => (ended = true),
    ended: () => ended,
    viewers: () => [...viewers.values()],
    names: () => [...viewers.values()].map((v) => v.name).sort(),
    rows: () => events.filter((e) => e.type === "rows"),
    changes: () => events.filter((e) => e.type === "presence-change"),
  };
}

/** Waits for a condition (the hub's work is asynchronous: coalesced every 250 ms, told over the bus). */
async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

const zero = { streams: 0, users: 0, tables: 0, timers: 0, shown: 0, remoteViewers: 0, nameReads: 0 };

/** A bus that keeps every payload it carries (as PostgreSQL would get it). */
class RecordingBus extends LocalBus {
  readonly payloads: string[] = [];
  override async publish(message: BusMessage): Promise<void> {
    this.payloads.push(encodeBusMessage(message));
    await super.publish(message);
  }
}

afterEach(() => {
  for (const h of hubs.splice(0)) h.close();
});

describe("live tables", () => {
  it("tells everyone with a table open who else has it open, and forgets those who leave", async () => {
    const live = hub();
    const a = listener();
    const b = listener();
    live.subscribe(7, "pier", joining(1, "tab-a"), a.send, a.end);
    const leave = live.subscribe(7, "pier", joining(2, "tab-b"), b.send, b.end);
    await until(() => a.names().length === 2);
    expect(a.names()).toEqual(["Ada Lovelace", "Grace Hopper"]);
    // The first thing a stream hears is the whole list (here: empty, nobody was told of anyone yet), then changes.
    expect(b.events[0]).toEqual({ type: "presence", viewers: [] });
    leave();
    await until(() => a.names().length === 1);
    expect(a.names()).toEqual(["Grace Hopper"]);
    expect(a.changes().at(-1)).toEqual({ type: "presence-change", changed: [], left: [{ client: "tab-b", userId: 2 }] });
  });

  it("announces a save with the author's name and the row ids, only to that project's table; the name does not travel on the bus", async () => {
    const bus = new RecordingBus();
    const live = hub(bus);
    const pier = listener();
    const otherProject = listener();
    live.subscribe(7, "pier", joining(2, "tab-a"), pier.send, pier.end);
    live.subscribe(8, "pier", joining(2, "tab-b"), otherProject.send, otherProject.end);
    await live.changed(7, "pier", 1, [11, 12]);
    await until(() => pier.rows().length === 1);
    expect(pier.rows()).toEqual([{ type: "rows", userId: 1, name: "Grace Hopper", ids: [11, 12] }]);
    expect(otherProject.rows()).toEqual([]);
    expect(bus.payloads.find((p) => p.includes("table-rows"))).not.toContain("Grace");
  });

  it("a tab's editing reaches the server holding its stream, and the others see the row it edits", async () => {
    const bus = new LocalBus();
    // Two servers on one bus: the tab's stream on the first, its "I am editing" request on the second.
    const first = hub(bus);
    const second = hub(bus);
    const editor = listener();
    const watcher = listener();
    first.subscribe(7, "box", joining(1, "tab-a"), editor.send, editor.end);
    second.subscribe(7, "box", joining(2, "tab-b"), watcher.send, watcher.end);
    await until(() => watcher.names().length === 2);
    await second.setEditing(7, "box", "tab-a", 1, 42);
    await until(() => watcher.viewers().find((v) => v.client === "tab-a")?.editing === 42);
    expect(watcher.names()).toEqual(["Ada Lovelace", "Grace Hopper"]);
    // Someone else's tab cannot claim it: the user must match.
    await second.setEditing(7, "box", "tab-a", 2, 43);
    await second.setEditing(7, "box", "tab-b", 2, 44);
    await until(() => editor.viewers().find((v) => v.client === "tab-b")?.editing === 44);
    expect(watcher.viewers().find((v) => v.client === "tab-a")?.editing).toBe(42);
  });

  it("ends every open stream when the server shuts down, and the other servers forget its viewers", async () => {
    const bus = new LocalBus();
    const live = hub(bus);
    const other = hub(bus);
    const a = listener();
    const watcher = listener();
    live.subscribe(7, "pier", joining(1, "tab-a"), a.send, a.end);
    other.subscribe(7, "pier", joining(2, "tab-b"), watcher.send, watcher.end);
    await until(() => watcher.names().length === 2);
    live.close();
    expect(a.ended()).toBe(true);
    await until(() => watcher.names().length === 1);
    await until(() => live.stats().tables === 0);
    expect(live.stats()).toEqual(zero);
  });
});

describe("limits", () => {
  it("refuses a person's stream past LIVE_STREAMS_PER_USER, and the server's past LIVE_STREAMS_PER_SERVER (429, naming the limit)", () => {
    const live = hub(new LocalBus(), { limits: { streamsPerUser: 3, streamsPerServer: 5 } });
    const open = (userId: number, client: string) =>
      live.subscribe(
        7,
        "pier",
        joining(userId, client),
        () => {},
        () => {},
      );
    const mine = [open(1, "tab-1"), open(1, "tab-2"), open(1, "tab-3")];
    let refusal: unknown;
    try {
      open(1, "tab-4");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: "rate-limited", extra: { limit: 3 }, retryAfterSeconds: 30 });
    expect((refusal as Error).message).toContain("LIVE_STREAMS_PER_USER=3");
    // One closed: room again for that person.
    mine[0]!();
    open(1, "tab-4");
    open(2, "tab-5");
    open(3, "tab-6");
    expect(() => open(4, "tab-7")).toThrow(/LIVE_STREAMS_PER_SERVER=5/);
    expect(live.stats()).toMatchObject({ streams: 5, users: 3 });
  });

  it("a tab reconnecting with its id takes its old stream's place, and does not count twice", () => {
    const live = hub(new LocalBus(), { limits: { streamsPerUser: 1, streamsPerServer: 10 } });
    const first = listener();
    const again = listener();
    live.subscribe(7, "pier", joining(1, "tab-a"), first.send, first.end);
    live.subscribe(7, "pier", joining(1, "tab-a"), again.send, again.end);
    expect(first.ended()).toBe(true);
    expect(again.ended()).toBe(false);
    expect(live.stats()).toMatchObject({ streams: 1, users: 1 });
    // Another person's tab with the same id is a different tab.
    live.subscribe(
      7,
      "pier",
      joining(2, "tab-a"),
      () => {},
      () => {},
    );
    expect(again.ended()).toBe(false);
  });
});

describe("presence as changes", () => {
  it("100 tabs opening at once: each tab already there hears one change naming all of them, and the bus carries a few messages", async () => {
    const bus = new RecordingBus();
    const live = hub(bus, { limits: { streamsPerUser: 200, streamsPerServer: 200 } });
    const tabs = Array.from({ length: 100 }, () => listener());
    tabs.forEach((tab, i) => live.subscribe(7, "pier", joining(1, `tab-${String(i).padStart(3, "0")}`), tab.send, tab.end));
    await until(() => tabs.every((t) => t.viewers().length === 100));
    // Coalesced: one presence-change per tab (every one of the 100 in it), where each subscribe used to send the whole list to everyone.
    for (const tab of tabs) expect(tab.changes()).toHaveLength(1);
    expect(tabs[0]!.changes()[0]).toMatchObject({ changed: expect.any(Array), left: [] });
    expect((tabs[0]!.changes()[0] as Extract<LiveEvent, { type: "presence-change" }>).changed).toHaveLength(100);
    expect(bus.payloads.filter((p) => p.includes("table-presence"))).toHaveLength(Math.ceil(100 / PRESENCE_BATCH));
    // Changes come at most every PRESENCE_COALESCE_MS.
    expect(PRESENCE_COALESCE_MS).toBeLessThanOrEqual(250);
  });

  it("a tab opening later starts from the whole list, then hears only changes", async () => {
    const live = hub();
    const a = listener();
    const b = listener();
    const late = listener();
    live.subscribe(7, "pier", joining(1, "tab-a"), a.send, a.end);
    live.subscribe(7, "pier", joining(2, "tab-b"), b.send, b.end);
    await until(() => a.names().length === 2);
    live.subscribe(7, "pier", joining(3, "tab-c"), late.send, late.end);
    expect(late.events[0]).toMatchObject({ type: "presence", viewers: expect.arrayContaining([expect.objectContaining({ client: "tab-a" })]) });
    await until(() => late.names().length === 3);
    expect(late.names()).toEqual(["Ada Lovelace", "Grace Hopper", "Person 3"]);
  });
});

describe("release", () => {
  it("lets go of everything once every stream has closed: tables, timers, viewers on both servers, counts", async () => {
    const bus = new LocalBus();
    const first = hub(bus, { limits: { streamsPerUser: 500, streamsPerServer: 1000 } });
    const second = hub(bus, { limits: { streamsPerUser: 500, streamsPerServer: 1000 } });
    const closes: (() => void)[] = [];
    const watcher = listener();
    closes.push(second.subscribe(7, "pier", joining(2, "watcher"), watcher.send, watcher.end));
    for (let round = 0; round < 3; round++) {
      const open: (() => void)[] = [];
      for (let i = 0; i < 300; i++)
        open.push(
          first.subscribe(
            7,
            i % 2 ? "pier" : "box",
            joining(1 + (i % 5), `tab-${round}-${i}`),
            () => {},
            () => {},
          ),
        );
      await until(() => watcher.viewers().length === 151);
      for (const close of open) close();
      await until(() => watcher.viewers().length === 1);
    }
    expect(first.stats()).toEqual(zero);
    expect(second.stats()).toMatchObject({ streams: 1, tables: 1, remoteViewers: 0, shown: 1 });
    for (const close of closes) close();
    await until(() => second.stats().tables === 0);
    expect(second.stats()).toEqual(zero);
  });
});

describe("between servers: ids, not names", () => {
  it(`41 viewers with 201-character names on one server: every message stays under 8,000 bytes, and the other server shows them all by name`, async () => {
    const bus = new RecordingBus();
    const first = hub(bus);
    const second = hub(bus);
    for (let i = 0; i < 41; i++) names[100 + i] = `Viewer${i}`.padEnd(100, "x") + " " + "L".repeat(100);
    const watcher = listener();
    second.subscribe(7, "pier", joining(2, "watcher"), watcher.send, watcher.end);
    const closes = Array.from({ length: 41 }, (_, i) =>
      first.subscribe(
        7,
        "pier",
        joining(100 + i, crypto.randomUUID()),
        () => {},
        () => {},
      ),
    );
    await until(() => watcher.viewers().length === 42);
    expect(watcher.names()).toEqual([...Array.from({ length: 41 }, (_, i) => names[100 + i]!), "Ada Lovelace"].sort());
    for (const close of closes) close();
    await until(() => watcher.viewers().length === 1);
    const sizes = bus.payloads.map((p) => Buffer.byteLength(p));
    expect(Math.max(...sizes)).toBeLessThan(8000);
    expect(bus.payloads.some((p) => p.includes("Viewer0"))).toBe(false);
  });

  it("the largest presence message there can be fits in a NOTIFY", () => {
    const client = "x".repeat(64);
    const id = Number.MAX_SAFE_INTEGER;
    const message: BusMessage = {
      kind: "table-presence",
      projectId: id,
      dataset: "midasgeneralsections",
      server: crypto.randomUUID(),
      viewers: Array.from({ length: PRESENCE_BATCH }, () => ({ client, userId: id, editing: id })),
      left: [],
      sync: true,
    };
    expect(Buffer.byteLength(encodeBusMessage(message))).toBeLessThanOrEqual(MAX_BUS_PAYLOAD_BYTES);
    expect(() => encodeBusMessage({ ...message, viewers: [...message.viewers, ...message.viewers] })).toThrow(/past NOTIFY's limit/);
  });

  it("a failed publish is logged, not swallowed, and told again once the bus works", async () => {
    const errors: string[] = [];
    const log = { error: (_: unknown, message: string) => errors.push(message), warn: () => {} } as unknown as pino.Logger;
    const bus = new LocalBus();
    let failing = true;
    const flaky: ReplicaBus = {
      publish: (message) => (failing ? Promise.reject(new Error("connection lost")) : bus.publish(message)),
      subscribe: (handler) => bus.subscribe(handler),
      close: () => bus.close(),
    };
    const live = hub(flaky, { log });
    const other = hub(bus);
    const watcher = listener();
    other.subscribe(7, "pier", joining(2, "watcher"), watcher.send, watcher.end);
    live.subscribe(
      7,
      "pier",
      joining(1, "tab-a"),
      () => {},
      () => {},
    );
    await until(() => errors.length > 0);
    expect(errors[0]).toMatch(/could not be told to the other servers/);
    await expect(live.setEditing(7, "pier", "tab-elsewhere", 1, 5)).rejects.toMatchObject({ kind: "unavailable" });
    failing = false;
    // The next change (here another tab) tells everything again.
    live.subscribe(
      7,
      "pier",
      joining(1, "tab-b"),
      () => {},
      () => {},
    );
    await until(() => watcher.viewers().length === 3);
  });
});

describe("revocation", () => {
  it("a member removed: their streams of that project, on every server, get a last `revoked` and end; the others' go on", async () => {
    const bus = new LocalBus();
    const first = hub(bus);
    const second = hub(bus);
    const removedHere = listener();
    const removedThere = listener();
    const removedElsewhere = listener();
    const stays = listener();
    first.subscribe(7, "pier", joining(1, "tab-a"), removedHere.send, removedHere.end);
    second.subscribe(7, "box", joining(1, "tab-b"), removedThere.send, removedThere.end);
    second.subscribe(8, "box", joining(1, "tab-c"), removedElsewhere.send, removedElsewhere.end);
    second.subscribe(7, "pier", joining(2, "tab-d"), stays.send, stays.end);
    await first.revoke(7, 1, "removed");
    await until(() => removedThere.ended());
    expect(removedHere.ended()).toBe(true);
    expect(removedHere.events.at(-1)).toEqual({ type: "revoked", reason: "removed" });
    expect(removedThere.events.at(-1)).toEqual({ type: "revoked", reason: "removed" });
    expect(removedElsewhere.ended()).toBe(false);
    expect(stays.ended()).toBe(false);
    // What is saved afterwards reaches those who stayed only.
    await first.changed(7, "pier", 2, [5]);
    await until(() => stays.rows().length === 1);
    expect(removedHere.rows()).toEqual([]);
    expect(second.stats()).toMatchObject({ streams: 2 });
  });

  it("the bus down: this server's streams still end at once, and the failure reaches the caller (who logs it)", async () => {
    const failing: ReplicaBus = { publish: () => Promise.reject(new Error("connection lost")), subscribe: () => {}, close: async () => {} };
    const live = hub(failing);
    const a = listener();
    live.subscribe(7, "pier", joining(1, "tab-a"), a.send, a.end);
    await expect(live.revoke(7, 1, "removed")).rejects.toThrow("connection lost");
    expect(a.ended()).toBe(true);
    expect(a.events.at(-1)).toEqual({ type: "revoked", reason: "removed" });
  });

  it("a deleted project: every stream of it ends with reason project-deleted", async () => {
    const live = hub();
    const a = listener();
    const b = listener();
    const other = listener();
    live.subscribe(7, "pier", joining(1, "tab-a"), a.send, a.end);
    live.subscribe(7, "box", joining(2, "tab-b"), b.send, b.end);
    live.subscribe(8, "box", joining(2, "tab-c"), other.send, other.end);
    await live.revoke(7, null, "project-deleted");
    expect([a.ended(), b.ended(), other.ended()]).toEqual([true, true, false]);
    expect(b.events.at(-1)).toEqual({ type: "revoked", reason: "project-deleted" });
  });

  it("a stream let in just before its user was removed, or with a role since changed, ends as soon as the membership is read", async () => {
    const roles = new Map<string, ProjectRole | null>([
      ["7:1", null],
      ["7:2", "viewer"],
    ]);
    const live = hub(new LocalBus(), { roles });
    const gone = listener();
    const demoted = listener();
    const fine = listener();
    live.subscribe(7, "pier", joining(1, "tab-a"), gone.send, gone.end);
    live.subscribe(7, "pier", joining(2, "tab-b", "editor"), demoted.send, demoted.end);
    live.subscribe(7, "pier", joining(3, "tab-c"), fine.send, fine.end);
    await until(() => gone.ended() && demoted.ended());
    expect(gone.events.at(-1)).toEqual({ type: "revoked", reason: "removed" });
    expect(demoted.events.at(-1)).toEqual({ type: "revoked", reason: "role-changed" });
    expect(fine.ended()).toBe(false);
  });
});
