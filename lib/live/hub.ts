import { randomUUID } from "node:crypto";
import type { BusMessage, RelayBus } from "@/lib/relay/bus";

/** Someone with a table open, on one browser tab. */
export type Viewer = { client: string; userId: number; name: string; editing: number | null };

/** What a browser with a table open is told. */
export type LiveEvent =
  /** Rows were written by someone: the ids that changed (none: the whole table, e.g. an import). */
  | { type: "rows"; userId: number | null; name: string; ids: number[] }
  /** Everyone with this table open, on every server, and the row each is editing. */
  | { type: "presence"; viewers: Viewer[] };

type Subscriber = Viewer & { send: (event: LiveEvent) => void; end: () => void };
type TableKey = string;

/** How often each server repeats who has its tables open; a server silent for three rounds is forgotten. */
export const PRESENCE_HEARTBEAT_MS = 20_000;
const PRESENCE_TTL_MS = 3 * PRESENCE_HEARTBEAT_MS;
const NAME_CACHE_MS = 60_000;
const keyOf = (projectId: number, dataset: string): TableKey => `${projectId}:${dataset}`;

/**
 * Live tables: who has a project's table open, and what others saved, told to
 * every open browser without a reload. Servers share it over the relay's bus
 * (LISTEN/NOTIFY on PostgreSQL), so replicas without sticky sessions agree.
 */
export class LiveTables {
  private readonly serverId = randomUUID();
  private readonly local = new Map<TableKey, Set<Subscriber>>();
  /** Per table, per server: its viewers and when it last said so. */
  private readonly remote = new Map<TableKey, Map<string, { viewers: Viewer[]; at: number }>>();
  private readonly heartbeat: NodeJS.Timeout;
  /** Writers' names: every edit announces its author, whose name hardly changes, so it is read once a minute, not per edit. */
  private readonly names = new Map<number, { name: string; at: number }>();

  constructor(
    private readonly bus: RelayBus,
    private readonly nameOf: (userId: number) => Promise<string>,
  ) {
    bus.subscribe((message) => this.onBus(message));
    this.heartbeat = setInterval(() => {
      for (const key of this.local.keys()) void this.announcePresence(key);
    }, PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** A browser opened a table; the returned function is called when it goes. */
  subscribe(projectId: number, dataset: string, viewer: Omit<Viewer, "editing">, send: (event: LiveEvent) => void, end: () => void): () => void {
    const key = keyOf(projectId, dataset);
    const subscriber: Subscriber = { ...viewer, editing: null, send, end };
    let set = this.local.get(key);
    if (!set) this.local.set(key, (set = new Set()));
    set.add(subscriber);
    void this.announcePresence(key);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.local.delete(key);
      void this.announcePresence(key);
    };
  }

  /** Which row a browser tab is editing now (null: none); its events stream may be on another server. */
  async setEditing(projectId: number, dataset: string, client: string, userId: number, editing: number | null): Promise<void> {
    await this.bus.publish({ kind: "table-editing", projectId, dataset, client, userId, editing });
  }

  /** Rows of a table were written (after the transaction committed). */
  async changed(projectId: number, dataset: string, userId: number | null, ids: number[]): Promise<void> {
    const name = userId === null ? "Pontifex" : await this.writerName(userId);
    // NOTIFY payloads stay small: past 200 ids the browsers reload without highlighting each row.
    await this.bus.publish({ kind: "table-rows", projectId, dataset, userId, name, ids: ids.length > 200 ? [] : ids });
  }

  private async writerName(userId: number): Promise<string> {
    const known = this.names.get(userId);
    if (known && Date.now() - known.at < NAME_CACHE_MS) return known.name;
    const name = await this.nameOf(userId);
    if (this.names.size >= 10_000) this.names.clear();
    this.names.set(userId, { name, at: Date.now() });
    return name;
  }

  /** Shutting down: every open stream ends (browsers reconnect to another server). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const set of this.local.values()) for (const s of [...set]) s.end();
    this.local.clear();
  }

  private async announcePresence(key: TableKey): Promise<void> {
    const [projectId, dataset] = [Number(key.slice(0, key.indexOf(":"))), key.slice(key.indexOf(":") + 1)];
    const viewers = [...(this.local.get(key) ?? [])].map(({ client, userId, name, editing }) => ({ client, userId, name, editing }));
    await this.bus.publish({ kind: "table-presence", projectId, dataset, server: this.serverId, viewers }).catch(() => {});
  }

  private onBus(message: BusMessage): void {
    if (message.kind === "table-rows") {
      const { userId, name, ids } = message;
      for (const s of this.local.get(keyOf(message.projectId, message.dataset)) ?? []) s.send({ type: "rows", userId, name, ids });
    } else if (message.kind === "table-editing") {
      const key = keyOf(message.projectId, message.dataset);
      const mine = [...(this.local.get(key) ?? [])].filter((s) => s.client === message.client && s.userId === message.userId);
      for (const s of mine) s.editing = message.editing;
      if (mine.length > 0) void this.announcePresence(key);
    } else if (message.kind === "table-presence") {
      const key = keyOf(message.projectId, message.dataset);
      let servers = this.remote.get(key);
      if (!servers) this.remote.set(key, (servers = new Map()));
      // A server newly showing this table hears at once who has it open here, not at the next heartbeat.
      const stranger = message.server !== this.serverId && !servers.has(message.server) && message.viewers.length > 0;
      if (message.viewers.length === 0) servers.delete(message.server);
      else servers.set(message.server, { viewers: message.viewers, at: Date.now() });
      if (servers.size === 0) this.remote.delete(key);
      const subscribers = this.local.get(key);
      if (!subscribers) return;
      if (stranger) void this.announcePresence(key);
      const viewers = this.viewersOf(key);
      for (const s of subscribers) s.send({ type: "presence", viewers });
    }
  }

  /** Everyone with the table open on any server that spoke lately. */
  viewers(projectId: number, dataset: string): Viewer[] {
    return this.viewersOf(keyOf(projectId, dataset));
  }

  private viewersOf(key: TableKey): Viewer[] {
    const now = Date.now();
    const all: Viewer[] = [];
    for (const [server, entry] of this.remote.get(key) ?? []) {
      if (now - entry.at > PRESENCE_TTL_MS) this.remote.get(key)!.delete(server);
      else all.push(...entry.viewers);
    }
    return all;
  }
}

type Holder = { live?: LiveTables };
// Created by server.ts; Next's bundled route handlers reach the same instance here.
const holder = ((globalThis as { __pontifexLive?: Holder }).__pontifexLive ??= {});

export function getLiveTables(): LiveTables | undefined {
  return holder.live;
}

export function setLiveTables(live: LiveTables | undefined): void {
  holder.live = live;
}

/** Tells the open browsers of a table that rows changed; never fails the write that caused it. */
export function announceChange(table: { projectId: number; dataset: string }, userId: number | null, ids: number[]): void {
  void getLiveTables()
    ?.changed(table.projectId, table.dataset, userId, ids)
    .catch(() => {});
}
