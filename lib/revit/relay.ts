import "server-only";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type pino from "pino";
import { type WebSocket, WebSocketServer } from "ws";
import {
  countConnections,
  deleteConnection,
  deleteServerConnections,
  deleteStaleConnections,
  expirePushes,
  findActiveToken,
  findPush,
  insertPush,
  isTokenActive,
  loadPushPayload,
  markConnectionReady,
  markDelivered,
  type PushRecord,
  recordAckWithBaseline,
  reserveConnection,
  touchConnections,
  touchToken,
  waitingPushes,
} from "@/db/queries/revit";
import { findUserById } from "@/db/queries/users";
import type { RevitToken } from "@/db/schema";
import { hashToken } from "@/lib/auth/tokens";
import { joinPayload, needsPreviousBaseline, nextBaseline, splitPayload } from "./baseline";
import type { BusMessage, ReplicaBus } from "@/lib/replica-bus";
import { frameOverhead, packPushBodies, type PushMeta, pushFrames } from "./frames";
import { summarisePush, type UserEvent } from "./summary";
import {
  type AckMessage,
  type ErrorMessage,
  HEARTBEAT_MS,
  HELLO_TIMEOUT_MS,
  type HelloMessage,
  MAX_FRAME_BYTES,
  MISSED_PONGS_LIMIT,
  PROTOCOL_VERSION,
  PUSH_TTL_MS,
  parseInbound,
  type WelcomeMessage,
} from "./protocol";

/**
 * Bytes a socket may have waiting in memory before the next frame waits for it
 * to drain: a whole large table goes out in one go, a slow reader holds at most this.
 */
export const HIGH_WATER_BYTES = 16 * MAX_FRAME_BYTES;
/** How long a push's outbox row may wait for the local add-ins' frames to go out before it is written anyway. */
const OUTBOX_WRITE_WAIT_MS = 250;

export type RelayOptions = {
  bus: ReplicaBus;
  /** Whether a browser Origin may open the websocket (add-ins send none). */
  isAllowedOrigin: (origin: string, request: IncomingMessage) => boolean;
  serverId?: string;
  heartbeatMs?: number;
  helloTimeoutMs?: number;
  /** A reader that takes longer than this to take one frame is cut off (its pushes stay waiting). */
  slowReaderMs?: number;
  /** How long a push request waits to hear that another server delivered it. */
  remoteDeliveryWaitMs?: number;
  /** Sockets one add-in token may hold open at once, over every server (MAX_SOCKETS_PER_TOKEN). */
  maxSocketsPerToken?: number;
  /**
   * A table's rows at one revision, if this server holds that revision in memory (with its frame bodies kept per
   * revision): a whole-table push made on another server is then sent from them instead of read back from the outbox.
   */
  heldTable?: (table: PushTable) => { rows: string[]; frameBodies: NonNullable<PushRequest["frameBodies"]> } | undefined;
  log?: pino.Logger;
};

/** Which table revision a whole-table push holds. */
export type PushTable = { projectId: number; dataset: string; revision: number };

type Connection = {
  id: string;
  ws: WebSocket;
  /** Every line about this socket carries the upgrade's requestId and the connectionId. */
  log: pino.Logger | undefined;
  userId: number;
  userEmail: string;
  tokenId: number;
  ready: boolean;
  missedPongs: number;
  helloTimer?: NodeJS.Timeout;
  /** Pushes go out one after the other on a socket. */
  sendChain: Promise<void>;
  /** Pushes this socket has been given (or is being given): never twice on one socket. */
  sent: Set<string>;
};

export type PushRequest = {
  userId: number;
  project: { id: number; name: string };
  dataset: string;
  mode: "all" | "one";
  parameter: string | null;
  /** Each row's JSON text, as fetch-all has them. */
  rows: string[];
  /**
   * The rows already packed into UTF-8 frame bodies for a push whose frames spend `overhead` bytes on header and
   * footer (packPushBodies): a whole-table push keeps them per table revision. Without it the rows are packed here.
   */
  frameBodies?: (overhead: number) => readonly Buffer[];
  /** The rows as the outbox stores them (joinPayload), when already joined. */
  payload?: string;
  /** The table revision the rows are (a whole-table push), for servers that hold it (RelayOptions.heldTable). */
  revision?: number;
};

export type PushOutcome = { pushId: string; projectId: number; dataset: string; rows: number; status: "delivered" | "queued"; deliveredTo: number };

/** Whether the outbox still holds a push's rows: they go when it is applied (or fails), expires or is replaced. */
function holdsRows(push: PushRecord): boolean {
  return push.status === "queued" || push.status === "delivered";
}

function refuse(socket: Duplex, status: number, reason: string, extra = ""): void {
  const body = JSON.stringify({ error: reason });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`,
  );
}

/**
 * The Revit relay of one server process: authenticates add-ins on the upgrade,
 * speaks the protocol, delivers pushes from the Postgres outbox at least once,
 * and tells other processes (and the browsers of the user) what happened.
 */
export class RevitRelay {
  readonly serverId: string;
  private readonly wss: WebSocketServer;
  private readonly connections = new Map<string, Connection>();
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly userEvents = new EventEmitter();
  /** Inserts of pushes being created here, awaited before anything updates their row. */
  private readonly pendingInserts = new Map<string, Promise<void>>();
  private readonly deliveryWaiters = new Map<string, () => void>();
  /**
   * Each push's state news is read and sent one after another: two reads
   * racing (delivered, then applied) could otherwise reach the browser in the
   * wrong order and turn "Applied" back into "sent".
   */
  private readonly stateNews = new Map<string, Promise<void>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly heartbeatMs: number;
  private readonly helloTimeoutMs: number;
  private readonly slowReaderMs: number;
  private readonly remoteDeliveryWaitMs: number;
  private closing = false;

  constructor(private readonly options: RelayOptions) {
    this.serverId = options.serverId ?? randomUUID();
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.helloTimeoutMs = options.helloTimeoutMs ?? HELLO_TIMEOUT_MS;
    this.slowReaderMs = options.slowReaderMs ?? 60_000;
    this.remoteDeliveryWaitMs = options.remoteDeliveryWaitMs ?? 2_000;
    this.userEvents.setMaxListeners(0);
    // ws answers frames over maxPayload by closing with 1009; no compression, so memory per frame is bounded.
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: false });
    options.bus.subscribe((message) => void this.onBusMessage(message).catch((error) => this.logError(error, "bus message")));
    this.heartbeat = setInterval(() => void this.tick().catch((error) => this.logError(error, "heartbeat")), this.heartbeatMs);
    this.heartbeat.unref();
  }

  private get log() {
    return this.options.log;
  }

  private logError(error: unknown, what: string): void {
    this.log?.error({ err: error }, `relay: ${what} failed`);
  }

  // ------------------------------------------------------------ connecting

  /** For the server's 'upgrade' event on /ws/revit: 401/403 before any websocket exists. */
  async handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on("error", () => socket.destroy());
    const requestId = String(request.headers["x-request-id"] ?? "").slice(0, 100) || randomUUID();
    const log = this.log?.child({ requestId });
    if (this.closing) return refuse(socket, 503, "Service Unavailable");
    const origin = request.headers.origin;
    if (origin !== undefined && !this.options.isAllowedOrigin(origin, request)) {
      log?.warn({ origin }, "relay: refused a foreign Origin");
      return refuse(socket, 403, "Forbidden");
    }
    const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(request.headers.authorization ?? "");
    let token: RevitToken | undefined;
    try {
      token = match ? await findActiveToken(hashToken(match[1]!)) : undefined;
    } catch (error) {
      this.logError(error, "token lookup");
      return refuse(socket, 503, "Service Unavailable");
    }
    if (!token) {
      log?.info({ hasToken: Boolean(match) }, "relay: refused an upgrade without a valid token");
      return refuse(socket, 401, "Unauthorized", 'WWW-Authenticate: Bearer realm="revit"\r\n');
    }
    const user = await findUserById(token.userId);
    if (!user || socket.destroyed) return refuse(socket, 401, "Unauthorized");
    const limit = this.options.maxSocketsPerToken ?? 5;
    // The place is taken before the handshake, in the same step as the count, on every replica.
    const id = randomUUID();
    let reserved: boolean;
    try {
      reserved = await reserveConnection({ id, userId: token.userId, tokenId: token.id, serverId: this.serverId }, limit);
    } catch (error) {
      this.logError(error, "socket reservation");
      return refuse(socket, 503, "Service Unavailable");
    }
    if (!reserved) {
      log?.warn({ tokenId: token.id, limit }, "relay: refused an add-in over the token's socket limit");
      return refuse(socket, 429, "Too Many Requests");
    }
    // A handshake that never completes (the client went away, a bad key) gives its place back; once open, onClose does.
    let settled = false;
    const release = () => {
      if (settled) return;
      settled = true;
      void deleteConnection(id).catch((error) => this.logError(error, "socket reservation release"));
    };
    socket.once("close", release);
    if (socket.destroyed || this.closing) {
      release();
      socket.destroy();
      return;
    }
    void touchToken(token.id).catch((error) => this.logError(error, "token touch"));
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      if (settled) return ws.terminate();
      settled = true;
      this.onConnection(id, ws, token, user.email, log);
    });
  }

  private onConnection(id: string, ws: WebSocket, token: RevitToken, userEmail: string, log: pino.Logger | undefined): void {
    const connection: Connection = {
      id,
      ws,
      log: log?.child({ connectionId: id }),
      userId: token.userId,
      userEmail,
      tokenId: token.id,
      ready: false,
      missedPongs: 0,
      sendChain: Promise.resolve(),
      sent: new Set(),
    };
    this.connections.set(connection.id, connection);
    let forUser = this.byUser.get(connection.userId);
    if (!forUser) this.byUser.set(connection.userId, (forUser = new Set()));
    forUser.add(connection);
    connection.log?.info({ userId: connection.userId, tokenId: token.id }, "relay: add-in connected");

    connection.helloTimer = setTimeout(() => {
      if (!connection.ready) ws.close(1008, "hello expected");
    }, this.helloTimeoutMs);
    ws.on("message", (data, isBinary) => void this.onMessage(connection, data as Buffer, isBinary).catch((error) => this.logError(error, "message")));
    ws.on("pong", () => {
      connection.missedPongs = 0;
    });
    ws.on("error", (error) => connection.log?.info({ err: error }, "relay: socket error"));
    ws.on("close", (code) => void this.onClose(connection, code).catch((error) => this.logError(error, "close")));
  }

  private async onClose(connection: Connection, code: number): Promise<void> {
    clearTimeout(connection.helloTimer);
    this.connections.delete(connection.id);
    const forUser = this.byUser.get(connection.userId);
    forUser?.delete(connection);
    if (forUser?.size === 0) this.byUser.delete(connection.userId);
    connection.log?.info({ userId: connection.userId, code }, "relay: add-in disconnected");
    // Ready or only holding its place: the place is free again.
    await deleteConnection(connection.id);
    if (connection.ready) await this.options.bus.publish({ kind: "connections", userId: connection.userId });
  }

  // ------------------------------------------------------------ messages

  private sendJson(connection: Connection, message: ErrorMessage | WelcomeMessage): void {
    if (connection.ws.readyState === connection.ws.OPEN) connection.ws.send(JSON.stringify(message));
  }

  private async onMessage(connection: Connection, data: Buffer, isBinary: boolean): Promise<void> {
    if (isBinary) {
      this.sendJson(connection, { v: PROTOCOL_VERSION, type: "error", code: "binary_not_supported", message: "Send JSON text frames, not binary ones." });
      return;
    }
    const parsed = parseInbound(data.toString("utf8"));
    if (!parsed.ok) {
      this.sendJson(connection, parsed.error);
      return;
    }
    if (parsed.message.type === "hello") await this.onHello(connection, parsed.message);
    else if (!connection.ready) {
      this.sendJson(connection, { v: PROTOCOL_VERSION, type: "error", code: "hello_first", message: "Say hello before acknowledging pushes." });
    } else await this.onAck(connection, parsed.message);
  }

  private async onHello(connection: Connection, hello: HelloMessage): Promise<void> {
    clearTimeout(connection.helloTimer);
    const first = !connection.ready;
    connection.ready = true;
    await markConnectionReady({
      id: connection.id,
      userId: connection.userId,
      tokenId: connection.tokenId,
      serverId: this.serverId,
      clientName: hello.client,
      revitVersion: hello.revitVersion,
      document: hello.document,
    });
    // The token may have been revoked while this socket was saying hello.
    if (!(await isTokenActive(connection.tokenId))) {
      connection.ws.close(1008, "token revoked");
      return;
    }
    const waiting = (await waitingPushes(connection.userId)).filter((p) => !connection.sent.has(p.id));
    this.sendJson(connection, {
      v: PROTOCOL_VERSION,
      type: "welcome",
      connectionId: connection.id,
      user: connection.userEmail,
      waiting: waiting.length,
      heartbeatSeconds: Math.round(this.heartbeatMs / 1000),
      maxFrameBytes: MAX_FRAME_BYTES,
    });
    if (first) await this.options.bus.publish({ kind: "connections", userId: connection.userId });
    for (const push of waiting) void this.deliver(connection, push);
  }

  private async onAck(connection: Connection, ack: AckMessage): Promise<void> {
    await this.pendingInserts.get(ack.pushId);
    // Applied (all or in part): what the add-in now holds becomes the table's baseline for the next push preview.
    const applied = ack.status === "applied" || ack.status === "partial";
    const payload = applied ? await loadPushPayload(ack.pushId) : null;
    // In one transaction: a client that sees the push acknowledged must not get the old baseline in its next preview.
    const push = await recordAckWithBaseline(
      connection.userId,
      ack.pushId,
      ack.status,
      ack.errors,
      payload === null
        ? null
        : async (acked, previousRows) => {
            const previousText = needsPreviousBaseline(acked.mode, ack.errors) ? await previousRows() : undefined;
            const previous = previousText ? (JSON.parse(previousText) as unknown[]).map((r) => JSON.stringify(r)) : [];
            return `[${nextBaseline(previous, splitPayload(payload), acked.mode, ack.errors).join(",")}]`;
          },
    );
    if (!push) {
      this.sendJson(connection, {
        v: PROTOCOL_VERSION,
        type: "error",
        code: "unknown_push",
        message: `No push ${ack.pushId} of yours to acknowledge.`,
        pushId: ack.pushId,
      });
      return;
    }
    connection.log?.info({ pushId: ack.pushId, status: ack.status }, "relay: push acknowledged");
    await this.options.bus.publish({ kind: "state", userId: connection.userId, pushId: ack.pushId });
  }

  // ------------------------------------------------------------ delivery

  /** Sends one frame; waits for the socket to drain when too much is already buffered. */
  private sendFrame(connection: Connection, frame: string | Buffer, waitForFlush: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const { ws } = connection;
      if (ws.readyState !== ws.OPEN) return reject(new Error("socket closed"));
      const mustWait = waitForFlush || ws.bufferedAmount + frame.length > HIGH_WATER_BYTES;
      const timer = mustWait
        ? setTimeout(() => {
            connection.log?.warn("relay: slow reader cut off");
            ws.terminate();
            reject(new Error("slow reader"));
          }, this.slowReaderMs)
        : undefined;
      // Frames are text frames of UTF-8 bytes already encoded: no copy on the way to the socket.
      ws.send(frame, { binary: false }, (error) => {
        clearTimeout(timer);
        if (!mustWait) return;
        if (error) reject(error);
        else resolve();
      });
      if (!mustWait) resolve();
    });
  }

  /**
   * Delivers a push to one socket, after whatever it is already sending.
   * Resolves true when all frames have been handed to the network; `onSent`
   * is called as soon as they have (or could not be).
   */
  private deliver(
    connection: Connection,
    push: PushMeta | PushRecord,
    rows?: string[],
    onSent?: () => void,
    frameBodies?: PushRequest["frameBodies"],
  ): Promise<boolean> {
    const pushId = "pushId" in push ? push.pushId : push.id;
    if (connection.sent.has(pushId)) {
      onSent?.();
      return Promise.resolve(false);
    }
    connection.sent.add(pushId);
    const result = connection.sendChain.then(async () => {
      try {
        const meta: PushMeta =
          "pushId" in push
            ? push
            : {
                pushId: push.id,
                project: { id: push.projectId, name: push.projectName },
                dataset: push.dataset,
                mode: push.mode,
                parameter: push.parameter,
                createdAt: push.createdAt.toISOString(),
                rowCount: push.rowCount,
              };
        let payloadRows = rows;
        if (!payloadRows) {
          const payload = await loadPushPayload(pushId);
          // Received by another add-in meanwhile, or expired: nothing left to deliver.
          if (payload === null) return false;
          payloadRows = splitPayload(payload);
        }
        const started = performance.now();
        const overhead = frameOverhead(meta);
        const bodies = frameBodies?.(overhead) ?? packPushBodies(payloadRows, overhead);
        const frames = pushFrames(meta, bodies);
        const built = performance.now();
        for (const [i, frame] of frames.entries()) await this.sendFrame(connection, frame, i === frames.length - 1);
        onSent?.();
        connection.log?.debug({ pushId, buildMs: Math.round(built - started), sendMs: Math.round(performance.now() - built) }, "relay: frames sent");
        await this.pendingInserts.get(pushId);
        const updated = await markDelivered(pushId, 1);
        // Whence the rows: memory (the request's, or a revision this server holds) or read back from the outbox.
        connection.log?.info({ pushId, frames: frames.length, rowsFrom: rows ? "memory" : "outbox" }, "relay: push delivered");
        if (updated) await this.options.bus.publish({ kind: "state", userId: connection.userId, pushId });
        return true;
      } catch (error) {
        onSent?.();
        connection.sent.delete(pushId);
        connection.log?.info({ pushId, err: error }, "relay: push not delivered");
        return false;
      }
    });
    connection.sendChain = result.then(() => undefined);
    return result;
  }

  private readyConnections(userId: number): Connection[] {
    return [...(this.byUser.get(userId) ?? [])].filter((c) => c.ready && c.ws.readyState === c.ws.OPEN);
  }

  /**
   * Records a push in the outbox and delivers it to the user's add-ins: here
   * at once, elsewhere through the bus. Answers whether any add-in got it now.
   */
  async createPush(request: PushRequest): Promise<PushOutcome> {
    const pushId = randomUUID();
    const createdAt = new Date();
    const meta: PushMeta = {
      pushId,
      project: request.project,
      dataset: request.dataset,
      mode: request.mode,
      parameter: request.parameter,
      createdAt: createdAt.toISOString(),
      rowCount: request.rows.length,
    };
    // Local add-ins get the rows first. The outbox row is written once their frames are out (storing a whole
    // table's 12 MB would compete with them for the CPU), and never later than OUTBOX_WRITE_WAIT_MS.
    const connections = this.readyConnections(request.userId);
    const onSent: (() => void)[] = [];
    const sends = connections.map(() => new Promise<void>((resolve) => onSent.push(resolve)));
    let waited: NodeJS.Timeout | undefined;
    let insertStarted = 0;
    const inserted = Promise.race([Promise.all(sends), new Promise((resolve) => (waited = setTimeout(resolve, OUTBOX_WRITE_WAIT_MS)))]).then(() => {
      clearTimeout(waited);
      insertStarted = performance.now();
      return insertPush({
        id: pushId,
        userId: request.userId,
        projectId: request.project.id,
        dataset: request.dataset,
        mode: request.mode,
        parameter: request.parameter,
        rowCount: request.rows.length,
        payload: request.payload ?? joinPayload(request.rows),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + PUSH_TTL_MS),
      });
    });
    // A local delivery marks the push delivered only once its row exists.
    this.pendingInserts.set(
      pushId,
      inserted.then(
        () => {},
        () => {},
      ),
    );
    const local = connections.map((c, i) => this.deliver(c, meta, request.rows, onSent[i], request.frameBodies));
    let superseded: Awaited<typeof inserted>;
    try {
      superseded = await inserted;
    } finally {
      this.pendingInserts.delete(pushId);
    }
    for (const push of superseded) void this.options.bus.publish({ kind: "state", userId: push.userId, pushId: push.id }).catch(() => {});
    this.log?.debug({ pushId, insertMs: Math.round(performance.now() - insertStarted) }, "relay: push inserted");
    this.log?.info({ pushId, userId: request.userId, dataset: request.dataset, mode: request.mode, rows: request.rows.length }, "relay: push recorded");

    const remote = (await countConnections(request.userId, undefined, this.serverId)) > 0;
    const remoteDelivered = remote ? this.waitForDelivery(pushId) : Promise.resolve();
    const table = request.revision === undefined ? undefined : { projectId: request.project.id, dataset: request.dataset, revision: request.revision };
    await this.options.bus.publish({ kind: "push", userId: request.userId, pushId, origin: this.serverId, ...(table && { table }) });
    await Promise.race([Promise.all([Promise.allSettled(local), remoteDelivered]), new Promise((r) => setTimeout(r, 10_000))]);
    const record = await findPush(pushId);
    const deliveredTo = record?.deliveredTo ?? 0;
    return {
      pushId,
      projectId: request.project.id,
      dataset: request.dataset,
      rows: request.rows.length,
      status: deliveredTo > 0 ? "delivered" : "queued",
      deliveredTo,
    };
  }

  private waitForDelivery(pushId: string): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.remoteDeliveryWaitMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.deliveryWaiters.set(pushId, () => {
        this.deliveryWaiters.delete(pushId);
        done();
      });
    });
  }

  // ------------------------------------------------------------ bus

  private async onBusMessage(message: BusMessage): Promise<void> {
    switch (message.kind) {
      case "push": {
        if (message.origin === this.serverId) return;
        const connections = this.readyConnections(message.userId);
        if (connections.length === 0) return;
        const push = await findPush(message.pushId);
        if (!push) return;
        // A whole table at a revision this server holds goes out from memory instead of being read back from the
        // outbox; a push applied, expired or replaced meanwhile goes the outbox's way, whose emptied payload stops it.
        const held = message.table && holdsRows(push) ? this.options.heldTable?.(message.table) : undefined;
        await Promise.all(connections.map((c) => this.deliver(c, push, held?.rows, undefined, held?.frameBodies)));
        return;
      }
      case "state": {
        this.deliveryWaiters.get(message.pushId)?.();
        if (this.userEvents.listenerCount(`user:${message.userId}`) === 0) return;
        const news = (this.stateNews.get(message.pushId) ?? Promise.resolve()).then(async () => {
          const push = await findPush(message.pushId);
          if (push) this.userEvents.emit(`user:${message.userId}`, { type: "push", push: summarisePush(push) } satisfies UserEvent);
        });
        const settled = news.catch(() => {});
        this.stateNews.set(message.pushId, settled);
        void settled.then(() => {
          if (this.stateNews.get(message.pushId) === settled) this.stateNews.delete(message.pushId);
        });
        return news;
      }
      case "connections": {
        if (this.userEvents.listenerCount(`user:${message.userId}`) === 0) return;
        const count = await countConnections(message.userId);
        this.userEvents.emit(`user:${message.userId}`, { type: "connections", count } satisfies UserEvent);
        return;
      }
      case "revoke": {
        for (const connection of this.connections.values()) {
          if (connection.tokenId === message.tokenId) connection.ws.close(1008, "token revoked");
        }
        return;
      }
    }
  }

  /** Closes every socket of a revoked token, in every server. */
  async tokenRevoked(tokenId: number): Promise<void> {
    await this.options.bus.publish({ kind: "revoke", tokenId });
  }

  /** Live events for one user's browsers; returns the unsubscribe. */
  subscribe(userId: number, listener: (event: UserEvent) => void): () => void {
    this.userEvents.on(`user:${userId}`, listener);
    return () => this.userEvents.off(`user:${userId}`, listener);
  }

  // ------------------------------------------------------------ heartbeat and housekeeping

  private async tick(): Promise<void> {
    for (const connection of this.connections.values()) {
      if (connection.missedPongs >= MISSED_PONGS_LIMIT) {
        connection.log?.info("relay: silent add-in dropped");
        connection.ws.terminate();
        continue;
      }
      connection.missedPongs += 1;
      connection.ws.ping();
    }
    // Every socket's row stays fresh, ready or still holding its place before hello.
    await touchConnections([...this.connections.keys()]);
    const ready = [...this.connections.values()].filter((c) => c.ready);
    for (const push of await expirePushes()) await this.options.bus.publish({ kind: "state", userId: push.userId, pushId: push.id });
    await deleteStaleConnections();
    // A safety net for NOTIFYs lost while the bus was reconnecting: deliver what is still waiting.
    for (const userId of new Set(ready.map((c) => c.userId))) {
      const waiting = await waitingPushes(userId);
      for (const connection of this.readyConnections(userId)) for (const push of waiting) void this.deliver(connection, push);
    }
  }

  /** True from the start of shutdown: /api/ready answers 503 and new add-ins are refused. */
  get isClosing(): boolean {
    return this.closing;
  }

  /** What this process holds for add-ins right now: sockets, and the most any one has waiting to be sent. */
  stats(): { connections: number; ready: number; maxBufferedBytes: number } {
    let ready = 0;
    let maxBufferedBytes = 0;
    for (const c of this.connections.values()) {
      if (c.ready) ready++;
      maxBufferedBytes = Math.max(maxBufferedBytes, c.ws.bufferedAmount);
    }
    return { connections: this.connections.size, ready, maxBufferedBytes };
  }

  /** Shutdown: sockets closed with 1001 (add-ins reconnect, to another replica if there is one). */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    // Browsers listening for live events reconnect (to another replica, if there is one).
    for (const name of this.userEvents.eventNames()) this.userEvents.emit(name, { type: "shutdown" } satisfies UserEvent);
    const sockets = [...this.connections.values()].map((c) => c.ws);
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === ws.CLOSED) return resolve();
            const timer = setTimeout(() => {
              ws.terminate();
              resolve();
            }, 1000);
            ws.once("close", () => {
              clearTimeout(timer);
              resolve();
            });
            ws.close(1001, "server shutting down");
          }),
      ),
    );
    await deleteServerConnections(this.serverId).catch((error) => this.logError(error, "connection cleanup"));
    this.wss.close();
    await this.options.bus.close();
  }
}
