import { EventEmitter } from "node:events";
import pg from "pg";
import type { TableChange } from "@/db/queries/rows-write";
import type { LiveBusMessage } from "@/lib/live/messages";
import type { PushTable } from "@/lib/revit/relay";

/**
 * What the relay of one server tells the relays of all servers (itself
 * included). Messages carry ids only: receivers read the rest from Postgres,
 * and NOTIFY payloads stay far below their 8000-byte limit. The one exception,
 * a committed table change, goes only when it fits (fitsOnBus).
 */
export type BusMessage =
  /** A push was recorded; servers with add-ins of this user deliver it (a whole table's from memory if they hold `table`). */
  | { kind: "push"; userId: number; pushId: string; origin: string; table?: PushTable }
  /** A push changed state (delivered, received, applied, ...). */
  | { kind: "state"; userId: number; pushId: string }
  /** The user's set of connected add-ins changed. */
  | { kind: "connections"; userId: number }
  /** A token was revoked: its sockets close, wherever they are. */
  | { kind: "revoke"; tokenId: number }
  /** Live tables (lib/live): saves, who has a table open, streams ended. */
  | LiveBusMessage
  /** A write to a table committed on `server`: the others move their cached snapshot on with it (lib/datasets/snapshot.ts). */
  | { kind: "table-change"; server: string; projectId: number; dataset: string; change: TableChange };

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
export const MAX_BUS_PAYLOAD_BYTES = 7999;

/** Whether a message is small enough to publish (a table change with large rows is not). */
export function fitsOnBus(message: BusMessage): boolean {
  return Buffer.byteLength(JSON.stringify(message)) <= MAX_BUS_PAYLOAD_BYTES;
}

/** A message as it travels; one too large for NOTIFY is an error on either bus (the embedded one too, so tests find it). */
export function encodeBusMessage(message: BusMessage): string {
  const payload = JSON.stringify(message);
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_BUS_PAYLOAD_BYTES) throw new Error(`A "${message.kind}" bus message of ${bytes} bytes is past NOTIFY's limit of 8,000.`);
  return payload;
}

/** How the server processes on one database tell each other of pushes and table edits. */
export interface ReplicaBus {
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

/** One process (the embedded database): messages go round in memory. */
export class LocalBus implements ReplicaBus {
  private readonly emitter = new EventEmitter();

  async publish(message: BusMessage): Promise<void> {
    // Receivers get a copy, as over PostgreSQL.
    const payload = encodeBusMessage(message);
    queueMicrotask(() => this.emitter.emit("message", JSON.parse(payload) as BusMessage));
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
export class PgBus implements ReplicaBus {
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
    await this.pool.query("SELECT pg_notify($1, $2)", [BUS_CHANNEL, encodeBusMessage(message)]);
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
