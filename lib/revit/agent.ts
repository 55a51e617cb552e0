import { EventEmitter } from "node:events";
import type http from "node:http";
import WebSocket from "ws";
import type { AckStatus, ErrorMessage, PushMessage, WelcomeMessage } from "./protocol";

/** A push with all its parts put together (rows merged by Id, in order). */
export type ReceivedPush = Omit<PushMessage, "part" | "parts" | "rows"> & { rows: Record<string, string | number>[]; parts: number };

export type AgentOptions = {
  url: string;
  token: string;
  client?: string;
  revitVersion?: string;
  document?: string;
  /**
   * What the agent does with a complete push; its answer is the final ack.
   * Default: 'applied'.
   */
  apply?: (push: ReceivedPush) => Promise<{ status: Exclude<AckStatus, "received">; errors?: { id?: number; parameter?: string; message: string }[] }>;
  reconnect?: boolean;
  /** First reconnect delay; doubles up to 30 s. */
  backoffMs?: number;
  /** Extra headers on the upgrade request (tests: a browser Origin). */
  headers?: Record<string, string>;
  /** The connection to upgrade (tests: one kept alive to a known one of `npm start`'s workers). */
  agent?: http.Agent;
};

/**
 * The reference add-in: what a Revit plug-in does, minus Revit. It connects
 * with its token, says hello, puts push parts together, ignores a push it
 * already has (delivery is at least once), acknowledges 'received' and then
 * 'applied', and reconnects with backoff. Used by `npm run revit:agent` and
 * the tests.
 *
 * Events: open, welcome (WelcomeMessage), push (ReceivedPush, once per
 * pushId), duplicate (pushId), error-message (ErrorMessage), refused (HTTP
 * status), close (code, reason).
 */
export class RevitAgent extends EventEmitter {
  private ws: WebSocket | undefined;
  private stopped = false;
  private delay: number;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly partial = new Map<string, { parts: number; got: Map<number, PushMessage> }>();
  /** Every pushId this agent has taken in, across reconnects. */
  readonly seen = new Set<string>();
  readonly received: ReceivedPush[] = [];

  constructor(readonly options: AgentOptions) {
    super();
    this.delay = options.backoffMs ?? 1000;
  }

  start(): this {
    this.stopped = false;
    this.connect();
    return this;
  }

  get socket(): WebSocket | undefined {
    return this.ws;
  }

  private connect(): void {
    const ws = new WebSocket(this.options.url, {
      headers: { Authorization: `Bearer ${this.options.token}`, ...this.options.headers },
      perMessageDeflate: false,
      ...(this.options.agent ? { agent: this.options.agent } : {}),
    });
    this.ws = ws;
    ws.on("unexpected-response", (_req, res) => {
      this.emit("refused", res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on("open", () => {
      this.emit("open");
      ws.send(
        JSON.stringify({
          v: 1,
          type: "hello",
          client: this.options.client ?? "Pontifex reference agent",
          revitVersion: this.options.revitVersion ?? "2025",
          document: this.options.document ?? "Bridge.rvt",
        }),
      );
    });
    // Frames already read when this socket was dropped still arrive: a push taken in from them could never be
    // acknowledged, and coming again after the reconnect it would pass for one applied before. It is sent again.
    ws.on("message", (data) => {
      if (ws.readyState === ws.OPEN) void this.onMessage(data.toString());
    });
    ws.on("error", () => {});
    ws.on("close", (code, reason) => {
      this.emit("close", code, reason.toString());
      this.partial.clear();
      if (!this.stopped && this.options.reconnect !== false) {
        this.retryTimer = setTimeout(() => this.connect(), this.delay);
        this.delay = Math.min(this.delay * 2, 30_000);
      }
    });
  }

  ack(pushId: string, status: AckStatus, errors?: { id?: number; parameter?: string; message: string }[]): void {
    this.ws?.send(JSON.stringify({ v: 1, type: "ack", pushId, status, ...(errors ? { errors } : {}) }));
  }

  private async onMessage(text: string): Promise<void> {
    const message = JSON.parse(text) as WelcomeMessage | PushMessage | ErrorMessage;
    if (message.type === "welcome") {
      this.delay = this.options.backoffMs ?? 1000;
      this.emit("welcome", message);
      return;
    }
    if (message.type === "error") {
      this.emit("error-message", message);
      return;
    }
    if (message.type !== "push") return;
    let entry = this.partial.get(message.pushId);
    if (!entry) this.partial.set(message.pushId, (entry = { parts: message.parts, got: new Map() }));
    entry.got.set(message.part, message);
    if (entry.got.size < entry.parts) return;
    this.partial.delete(message.pushId);
    if (this.seen.has(message.pushId)) {
      // Delivered again (at least once): already applied, so just confirm.
      this.ack(message.pushId, "received");
      this.emit("duplicate", message.pushId);
      return;
    }
    this.seen.add(message.pushId);
    const byId = new Map<unknown, Record<string, string | number>>();
    for (let part = 1; part <= entry.parts; part++) {
      for (const row of entry.got.get(part)!.rows) {
        // Pieces of a row too large for one frame share its Id: merge them.
        const earlier = byId.get(row.Id);
        if (earlier) Object.assign(earlier, row);
        else byId.set(row.Id, row);
      }
    }
    const { part: _part, rows: _rows, ...meta } = message;
    const push: ReceivedPush = { ...meta, parts: entry.parts, rows: [...byId.values()] };
    this.ack(push.pushId, "received");
    this.received.push(push);
    this.emit("push", push);
    const result = this.options.apply ? await this.options.apply(push) : { status: "applied" as const };
    this.ack(push.pushId, result.status, result.errors);
  }

  /** Disconnects and stops reconnecting. */
  stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const ws = this.ws;
    if (!ws || ws.readyState === ws.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      ws.once("close", () => resolve());
      ws.close(1000, "agent stopped");
      setTimeout(() => {
        ws.terminate();
        resolve();
      }, 1000).unref();
    });
  }

  /** Resolves with the next event of this name (tests and the CLI). */
  next<T = unknown>(event: string, timeoutMs = 10_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off(event, handler);
        reject(new Error(`no ${event} within ${timeoutMs} ms`));
      }, timeoutMs);
      const handler = (value: T) => {
        clearTimeout(timer);
        resolve(value);
      };
      this.once(event, handler);
    });
  }
}
