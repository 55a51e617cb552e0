import { EventEmitter } from "node:events";
import pg from "pg";

/**
 * What the relay of one server tells the relays of all servers (itself
 * included). Messages carry ids only: receivers read the rest from Postgres,
 * and NOTIFY payloads stay far below their 8000-byte limit.
 */
export type BusMessage =
  /** A push was recorded; servers with add-ins of this user deliver it. */
  | { kind: "push"; userId: number; pushId: string; origin: string }
  /** A push changed state (delivered, received, applied, ...). */
  | { kind: "state"; userId: number; pushId: string }
  /** The user's set of connected add-ins changed. */
  | { kind: "connections"; userId: number }
  /** A token was revoked: its sockets close, wherever they are. */
  | { kind: "revoke"; tokenId: number }
  /** Rows of a project's table were written (lib/live): open browsers reload them. */
  | { kind: "table-rows"; projectId: number; dataset: string; userId: number | null; name: string; ids: number[] }
  /** A browser tab started or stopped editing a row (lib/live): the server holding its stream tells the others. */
  | { kind: "table-editing"; projectId: number; dataset: string; client: string; userId: number; editing: number | null }
  /** Who has a table open on one server (lib/live). */
  | {
      kind: "table-presence";
      projectId: number;
      dataset: string;
      server: string;
      viewers: { client: string; userId: number; name: string; editing: number | null }[];
    };

export interface RelayBus {
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

/** One process (the embedded database): messages go round in memory. */
export class LocalBus implements RelayBus {
  private readonly emitter = new EventEmitter();

  async publish(message: BusMessage): Promise<void> {
    queueMicrotask(() => this.emitter.emit("message", message));
  }

  subscribe(handler: (message: BusMessage) => void): void {
    this.emitter.on("message", handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export const BUS_CHANNEL = "pontifex_relay";

/**
 * Several processes on one PostgreSQL: NOTIFY to publish, a dedicated
 * connection LISTENing (re-established with backoff if it drops; the relay's
 * periodic sweep delivers anything missed meanwhile).
 */
export class PgBus implements RelayBus {
  private listener: pg.Client | undefined;
  private readonly handlers: ((message: BusMessage) => void)[] = [];
  private closed = false;
  private retryMs = 500;

  constructor(
    private readonly connectionString: string,
    private readonly pool: pg.Pool,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (note) => {
      if (note.channel !== BUS_CHANNEL || !note.payload) return;
      let message: BusMessage;
      try {
        message = JSON.parse(note.payload) as BusMessage;
      } catch {
        return;
      }
      for (const handler of this.handlers) handler(message);
    });
    client.on("error", (error) => {
      this.onError(error);
      void this.reconnect(client);
    });
    client.on("end", () => void this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${BUS_CHANNEL}`);
    this.listener = client;
    this.retryMs = 500;
  }

  private async reconnect(dead: pg.Client): Promise<void> {
    if (this.closed || this.listener !== dead) return;
    this.listener = undefined;
    dead.removeAllListeners();
    dead.end().catch(() => {});
    while (!this.closed) {
      await new Promise((r) => setTimeout(r, this.retryMs));
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
      try {
        await this.start();
        return;
      } catch (error) {
        this.onError(error);
      }
    }
  }

  async publish(message: BusMessage): Promise<void> {
    await this.pool.query("SELECT pg_notify($1, $2)", [BUS_CHANNEL, JSON.stringify(message)]);
  }

  subscribe(handler: (message: BusMessage) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.listener;
    this.listener = undefined;
    if (client) {
      client.removeAllListeners();
      await client.end().catch(() => {});
    }
  }
}
