import { randomUUID } from "node:crypto";
import type pino from "pino";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { processSingleton } from "@/lib/process-singleton";
import type { ProjectRole } from "@/db/schema";
import type { BusMessage, ReplicaBus } from "@/lib/replica-bus";
import { type LiveEvent, type RevokeReason, type Viewer, type ViewerId, viewerKey } from "./events";
import { type BusViewer, PRESENCE_BATCH } from "./messages";

export type { LiveEvent, RevokeReason, Viewer } from "./events";

/** How often each server repeats who has its tables open (and re-checks its streams' memberships); a viewer not repeated for three rounds is forgotten. */
export const PRESENCE_HEARTBEAT_MS = 20_000;
const PRESENCE_TTL_MS = 3 * PRESENCE_HEARTBEAT_MS;
/** Presence changes are gathered this long and told at once: N tabs opening cost N small messages, not N lists of N. */
export const PRESENCE_COALESCE_MS = 250;
const NAME_CACHE_MS = 60_000;
const MAX_CACHED_NAMES = 10_000;
/** What a refused stream's client is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

/** What the live tables read from the database: people's names, and who is a member of which project with what role. */
export type LiveDirectory = {
  nameOf(userId: number): Promise<string>;
  /** The roles of these (project, user) pairs, keyed `${projectId}:${userId}`; a pair missing is no longer a member. */
  rolesOf(pairs: { projectId: number; userId: number }[]): Promise<Map<string, ProjectRole>>;
};

export type LiveLimits = { streamsPerUser: number; streamsPerServer: number };

/** A browser tab with a table open on this server, as it joins: who, and with which role it was let in. */
export type Joining = { client: string; userId: number; name: string; role: ProjectRole };

type Stream = Joining & { editing: number | null; table: Table; send: (event: LiveEvent) => void; end: () => void };

type Table = {
  key: string;
  projectId: number;
  dataset: string;
  streams: Set<Stream>;
  /** The other servers' viewers: server id to viewer key to the viewer and when last heard of. */
  remote: Map<string, Map<string, { viewer: BusViewer; at: number }>>;
  /** This server's viewers as last told to the others. */
  published: Map<string, BusViewer>;
  /** Everyone, as last told to this server's browsers (what a new stream starts from). */
  shown: Map<string, Viewer>;
  /** Tell the others every viewer again (heartbeat, or another server asked). */
  resend: boolean;
  /** Ask the others to tell this server theirs (it has just opened the table). */
  sync: boolean;
  timer: NodeJS.Timeout | undefined;
  flushing: boolean;
  /** A change arrived during a flush: another follows. */
  again: boolean;
};

const tableKey = (projectId: number, dataset: string) => `${projectId}:${dataset}`;
const memberKey = (projectId: number, userId: number) => `${projectId}:${userId}`;

/**
 * Live tables: who has a project's table open, and what others saved, told to
 * every open browser without a reload. Servers share it over the relay's bus
 * (LISTEN/NOTIFY on PostgreSQL), so replicas without sticky sessions agree.
 *
 * Bounded: streams per user and per server (429 past either); presence travels
 * as changes, coalesced per table, with ids only between servers; a stream's
 * end releases all it held (`stats()` says what is held).
 */
export class LiveTables {
  private readonly serverId = randomUUID();
  /** Tables with a stream open on this server; nothing is kept of the others. */
  private readonly tables = new Map<string, Table>();
  /** Open streams by viewer key: a tab that reconnects replaces its old stream. */
  private readonly streams = new Map<string, Stream>();
  private readonly perUser = new Map<number, number>();
  private readonly names = new Map<number, { name: string; at: number }>();
  private readonly nameReads = new Map<number, Promise<void>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly limits: LiveLimits;
  private readonly log: pino.Logger;
  private closed = false;

  constructor(
    private readonly bus: ReplicaBus,
    private readonly directory: LiveDirectory,
    options: { limits?: LiveLimits; log?: pino.Logger } = {},
  ) {
    this.limits = options.limits ?? { streamsPerUser: env().LIVE_STREAMS_PER_USER, streamsPerServer: env().LIVE_STREAMS_PER_SERVER };
    this.log = options.log ?? logger().child({ component: "live" });
    bus.subscribe((message) => this.onBus(message));
    this.heartbeat = setInterval(() => this.beat(), PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * A browser opened a table: it is told who has it open now, then every change.
   * Throws 429 (DomainError) past a limit. The returned function releases it.
   */
  subscribe(projectId: number, dataset: string, joining: Joining, send: (event: LiveEvent) => void, end: () => void): () => void {
    if (this.closed) throw new DomainError("unavailable", "This server is shutting down. Try again shortly.");
    const id = viewerKey(joining);
    // The same tab reconnecting (its old connection not yet noticed as gone) takes its old stream's place.
    const old = this.streams.get(id);
    if (old) this.end(old);
    const { streamsPerUser, streamsPerServer } = this.limits;
    if (this.streams.size >= streamsPerServer) {
      throw new DomainError(
        "rate-limited",
        `This server already holds ${streamsPerServer} live table streams, its limit (LIVE_STREAMS_PER_SERVER=${streamsPerServer}). The table works without live updates; try again in a minute.`,
        { limit: streamsPerServer },
        RETRY_AFTER_SECONDS,
      );
    }
    if ((this.perUser.get(joining.userId) ?? 0) >= streamsPerUser) {
      throw new DomainError(
        "rate-limited",
        `You already have ${streamsPerUser} live table streams open on this server, the limit per person (LIVE_STREAMS_PER_USER=${streamsPerUser}). Close some tabs of Pontifex's tables.`,
        { limit: streamsPerUser },
        RETRY_AFTER_SECONDS,
      );
    }
    const key = tableKey(projectId, dataset);
    let table = this.tables.get(key);
    if (!table) {
      table = {
        key,
        projectId,
        dataset,
        streams: new Set(),
        remote: new Map(),
        published: new Map(),
        shown: new Map(),
        resend: false,
        sync: true,
        timer: undefined,
        flushing: false,
        again: false,
      };
      this.tables.set(key, table);
    }
    const stream: Stream = { ...joining, editing: null, table, send, end };
    table.streams.add(stream);
    this.streams.set(id, stream);
    this.perUser.set(joining.userId, (this.perUser.get(joining.userId) ?? 0) + 1);
    this.remember(joining.userId, joining.name);
    send({ type: "presence", viewers: [...table.shown.values()] });
    this.schedule(table);
    // Let in with the role read by the request: a removal committed since then ends it at once.
    void this.verify([stream]);
    return () => this.release(stream);
  }

  /** Which row a browser tab is editing now (null: none); its events stream may be on another server. */
  async setEditing(projectId: number, dataset: string, client: string, userId: number, editing: number | null): Promise<void> {
    const stream = this.streams.get(viewerKey({ client, userId }));
    if (stream && stream.table.key === tableKey(projectId, dataset)) return this.edit(stream, editing);
    try {
      await this.bus.publish({ kind: "table-editing", projectId, dataset, client, userId, editing });
    } catch (error) {
      this.log.error({ err: error, projectId, dataset }, "live tables: a tab's editing could not be told to the other servers");
      throw new DomainError("unavailable", "Which row you are editing could not be told to the others. Try again in a moment.");
    }
  }

  /** Rows of a table were written (after the transaction committed). */
  async changed(projectId: number, dataset: string, userId: number | null, ids: number[]): Promise<void> {
    // Past 200 ids the browsers reload without highlighting each row: a message stays far below NOTIFY's limit.
    await this.bus.publish({ kind: "table-rows", projectId, dataset, userId, ids: ids.length > 200 ? [] : ids });
  }

  /**
   * A member lost access to a project or changed role (`userId`), or the project was deleted (null):
   * their open streams of it get a last `revoked` event and end, on this server at once and on the others over the bus.
   */
  async revoke(projectId: number, userId: number | null, reason: RevokeReason): Promise<void> {
    this.revokeHere(projectId, userId, reason);
    await this.bus.publish({ kind: "table-revoke", projectId, userId, reason });
  }

  /** What the live tables hold now: all zero once every stream has closed (and their departures were told). */
  stats() {
    let timers = 0;
    let remoteViewers = 0;
    let shown = 0;
    for (const table of this.tables.values()) {
      if (table.timer) timers++;
      shown += table.shown.size;
      for (const viewers of table.remote.values()) remoteViewers += viewers.size;
    }
    return { streams: this.streams.size, users: this.perUser.size, tables: this.tables.size, timers, shown, remoteViewers, nameReads: this.nameReads.size };
  }

  /** Shutting down: every open stream ends (browsers reconnect to another server), and the others hear they left. */
  close(): void {
    clearInterval(this.heartbeat);
    for (const stream of [...this.streams.values()]) this.end(stream);
    this.closed = true;
  }

  /** Ends a stream from this side, after a last event if any. */
  private end(stream: Stream, last?: LiveEvent): void {
    if (last) stream.send(last);
    this.release(stream);
    stream.end();
  }

  private release(stream: Stream): void {
    const { table } = stream;
    if (!table.streams.delete(stream)) return;
    const id = viewerKey(stream);
    if (this.streams.get(id) === stream) this.streams.delete(id);
    const count = (this.perUser.get(stream.userId) ?? 1) - 1;
    if (count > 0) this.perUser.set(stream.userId, count);
    else this.perUser.delete(stream.userId);
    // The last one here: its departure is told now, and the table let go.
    if (table.streams.size === 0) void this.flush(table);
    else this.schedule(table);
  }

  private edit(stream: Stream, editing: number | null): void {
    if (stream.editing === editing) return;
    stream.editing = editing;
    this.schedule(stream.table);
  }

  private revokeHere(projectId: number, userId: number | null, reason: RevokeReason): void {
    for (const stream of [...this.streams.values()]) {
      if (stream.table.projectId === projectId && (userId === null || stream.userId === userId)) this.end(stream, { type: "revoked", reason });
    }
  }

  /** Ends the streams whose user is no longer a member of the project, or whose role changed. */
  private async verify(streams: Stream[]): Promise<void> {
    if (streams.length === 0) return;
    let roles: Map<string, ProjectRole>;
    try {
      roles = await this.directory.rolesOf(streams.map((s) => ({ projectId: s.table.projectId, userId: s.userId })));
    } catch (error) {
      this.log.warn({ err: error }, "live tables: memberships of open streams could not be checked");
      return;
    }
    for (const stream of streams) {
      if (!stream.table.streams.has(stream)) continue;
      const role = roles.get(memberKey(stream.table.projectId, stream.userId));
      if (role !== stream.role) this.end(stream, { type: "revoked", reason: role === undefined ? "removed" : "role-changed" });
    }
  }

  private beat(): void {
    for (const table of this.tables.values()) {
      table.resend = true;
      this.schedule(table);
    }
    // A revocation missed on the bus (its connection was down) is caught here.
    void this.verify([...this.streams.values()]);
  }

  private schedule(table: Table): void {
    if (table.flushing) table.again = true;
    else if (!table.timer && !this.closed) {
      table.timer = setTimeout(() => void this.flush(table), PRESENCE_COALESCE_MS);
      table.timer.unref();
    }
  }

  /** Tells the other servers, then this server's browsers, what changed in who has the table open. */
  private async flush(table: Table): Promise<void> {
    clearTimeout(table.timer);
    table.timer = undefined;
    if (table.flushing) {
      table.again = true;
      return;
    }
    table.flushing = true;
    table.again = false;
    let told: boolean;
    try {
      told = await this.publishPresence(table);
      if (table.streams.size > 0) await this.tellBrowsers(table);
    } finally {
      table.flushing = false;
    }
    if (table.streams.size === 0) {
      // Someone left while this was being told: that is told too. A failure is logged; the others forget them after PRESENCE_TTL_MS.
      if (told && table.published.size > 0) return this.flush(table);
      clearTimeout(table.timer);
      if (this.tables.get(table.key) === table) this.tables.delete(table.key);
    } else if (table.again) this.schedule(table);
  }

  /** This server's viewers of the table that the others have not heard of (or all of them, when due), in messages of bounded size. */
  private async publishPresence(table: Table): Promise<boolean> {
    const local = new Map<string, BusViewer>();
    for (const s of table.streams) local.set(viewerKey(s), { client: s.client, userId: s.userId, editing: s.editing });
    const viewers: BusViewer[] = [];
    const left: ViewerId[] = [];
    for (const [key, viewer] of local) {
      const told = table.published.get(key);
      if (table.resend || !told || told.editing !== viewer.editing) viewers.push(viewer);
    }
    for (const [key, told] of table.published) if (!local.has(key)) left.push({ client: told.client, userId: told.userId });
    const { sync } = table;
    if (viewers.length === 0 && left.length === 0 && !sync) return true;
    table.resend = false;
    table.sync = false;
    const batches: { viewers: BusViewer[]; left: ViewerId[] }[] = [];
    for (let i = 0; i < viewers.length; i += PRESENCE_BATCH) batches.push({ viewers: viewers.slice(i, i + PRESENCE_BATCH), left: [] });
    for (let i = 0; i < left.length; i += PRESENCE_BATCH) batches.push({ viewers: [], left: left.slice(i, i + PRESENCE_BATCH) });
    if (batches.length === 0) batches.push({ viewers: [], left: [] });
    try {
      const { projectId, dataset } = table;
      for (const [i, batch] of batches.entries()) {
        await this.bus.publish({ kind: "table-presence", projectId, dataset, server: this.serverId, ...batch, ...(i === 0 && sync && { sync }) });
      }
      table.published = local;
      return true;
    } catch (error) {
      // Never dropped silently: logged, and everything told again on the next flush.
      table.resend = true;
      table.sync ||= sync;
      this.log.error(
        { err: error, projectId: table.projectId, dataset: table.dataset, viewers: viewers.length, left: left.length },
        "live tables: who has a table open could not be told to the other servers",
      );
      return false;
    }
  }

  /** Everyone with the table open now: this server's streams (named), and the other servers' viewers heard of lately. */
  private everyone(table: Table): Map<string, BusViewer & { name?: string }> {
    const all = new Map<string, BusViewer & { name?: string }>();
    const stale = Date.now() - PRESENCE_TTL_MS;
    for (const [server, viewers] of table.remote) {
      for (const [key, entry] of viewers) {
        if (entry.at < stale) viewers.delete(key);
        else all.set(key, entry.viewer);
      }
      if (viewers.size === 0) table.remote.delete(server);
    }
    for (const s of table.streams) all.set(viewerKey(s), { client: s.client, userId: s.userId, editing: s.editing, name: s.name });
    return all;
  }

  /** One presence-change event, the same object for every browser of the table (serialised once). */
  private async tellBrowsers(table: Table): Promise<void> {
    const unnamed = [...this.everyone(table).values()].filter((v) => v.name === undefined && !this.names.has(v.userId)).map((v) => v.userId);
    if (unnamed.length > 0) await this.readNames(unnamed);
    const changed: Viewer[] = [];
    const left: ViewerId[] = [];
    const now = this.everyone(table);
    for (const [key, viewer] of now) {
      const name = viewer.name ?? this.nameNow(viewer.userId);
      // Came while names were read: told next time.
      if (name === undefined) {
        table.again = true;
        continue;
      }
      const shown = table.shown.get(key);
      if (shown && shown.editing === viewer.editing && shown.name === name) continue;
      const next: Viewer = { client: viewer.client, userId: viewer.userId, name, editing: viewer.editing };
      table.shown.set(key, next);
      changed.push(next);
    }
    for (const [key, shown] of table.shown) {
      if (now.has(key)) continue;
      table.shown.delete(key);
      left.push({ client: shown.client, userId: shown.userId });
    }
    if (changed.length === 0 && left.length === 0) return;
    const event: LiveEvent = { type: "presence-change", changed, left };
    for (const s of table.streams) s.send(event);
  }

  private onBus(message: BusMessage): void {
    switch (message.kind) {
      case "table-rows": {
        const table = this.tables.get(tableKey(message.projectId, message.dataset));
        if (table) void this.tellRows(table, message.userId, message.ids);
        return;
      }
      case "table-editing": {
        const stream = this.streams.get(viewerKey(message));
        if (stream && stream.table.key === tableKey(message.projectId, message.dataset)) this.edit(stream, message.editing);
        return;
      }
      case "table-presence": {
        const table = this.tables.get(tableKey(message.projectId, message.dataset));
        if (!table || message.server === this.serverId) return;
        let viewers = table.remote.get(message.server);
        if (!viewers) table.remote.set(message.server, (viewers = new Map()));
        const at = Date.now();
        for (const viewer of message.viewers) viewers.set(viewerKey(viewer), { viewer, at });
        for (const gone of message.left ?? []) viewers.delete(viewerKey(gone));
        if (viewers.size === 0) table.remote.delete(message.server);
        if (message.sync) table.resend = true;
        this.schedule(table);
        return;
      }
      case "table-revoke":
        this.revokeHere(message.projectId, message.userId, message.reason);
        return;
    }
  }

  private async tellRows(table: Table, userId: number | null, ids: number[]): Promise<void> {
    let name = "Pontifex";
    if (userId !== null) {
      if (!this.names.has(userId)) await this.readNames([userId]);
      name = this.nameNow(userId) ?? "someone";
    }
    const event: LiveEvent = { type: "rows", userId, name, ids };
    for (const s of table.streams) s.send(event);
  }

  private remember(userId: number, name: string): void {
    if (this.names.size >= MAX_CACHED_NAMES && !this.names.has(userId)) this.names.clear();
    this.names.set(userId, { name, at: Date.now() });
  }

  /** A name known now (read again in the background once a minute old), or undefined when never read. */
  private nameNow(userId: number): string | undefined {
    const known = this.names.get(userId);
    if (known && Date.now() - known.at > NAME_CACHE_MS) void this.readNames([userId]);
    return known?.name;
  }

  /** Reads names from the database, each once however many ask at the same time. */
  private async readNames(userIds: number[]): Promise<void> {
    await Promise.all(
      [...new Set(userIds)].map((userId) => {
        let read = this.nameReads.get(userId);
        if (!read) {
          read = this.directory
            .nameOf(userId)
            .then(
              (name) => this.remember(userId, name),
              (error: unknown) => {
                this.log.warn({ err: error, userId }, "live tables: a viewer's name could not be read");
                if (!this.names.has(userId)) this.remember(userId, "someone");
              },
            )
            .finally(() => this.nameReads.delete(userId));
          this.nameReads.set(userId, read);
        }
        return read;
      }),
    );
  }
}

// Created by server.ts; Next's bundled route handlers reach the same instance here.
const holder = processSingleton<{ live?: LiveTables }>("live", () => ({}));

export function getLiveTables(): LiveTables | undefined {
  return holder.live;
}

export function setLiveTables(live: LiveTables | undefined): void {
  holder.live = live;
}

/** Tells the open browsers of a table that rows changed; never fails the write that caused it (a failure is logged). */
export function announceChange(table: { projectId: number; dataset: string }, userId: number | null, ids: number[]): void {
  getLiveTables()
    ?.changed(table.projectId, table.dataset, userId, ids)
    .catch((error: unknown) => logger().error({ err: error, ...table }, "live tables: a change could not be announced to open browsers"));
}

/**
 * After a membership change is committed: the member's open streams of the project (every member's, for
 * `userId` null: the project is gone) get a last `revoked` event and end, on every server. Never fails the
 * change: a failure to tell the other servers is logged, and their heartbeat's membership check ends those
 * streams within PRESENCE_HEARTBEAT_MS.
 */
export async function revokeStreams(projectId: number, userId: number | null, reason: RevokeReason): Promise<void> {
  await getLiveTables()
    ?.revoke(projectId, userId, reason)
    .catch((error: unknown) => logger().error({ err: error, projectId, userId, reason }, "live tables: a revocation could not be told to the other servers"));
}
