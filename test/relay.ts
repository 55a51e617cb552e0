import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";
import { databaseDirectory } from "@/lib/live/directory";
import { LiveTables, setLiveTables } from "@/lib/live/hub";
import { type ReplicaBus, LocalBus, PgBus } from "@/lib/replica-bus";
import { WEBSOCKET_PATH } from "@/lib/revit/protocol";
import { setRelay } from "@/lib/revit/registry";
import { type RelayOptions, RevitRelay } from "@/lib/revit/relay";
import type { TestDatabase } from "./database";
import { ORIGIN } from "./http";

export type TestRelay = { relay: RevitRelay; wsUrl: string; server: http.Server; stop: () => Promise<void> };

/**
 * Starts relays for a test file and stops them after its tests, before the
 * test database closes (call it after useTestDatabase()).
 */
export function useTestRelays(database: TestDatabase) {
  const running: TestRelay[] = [];
  afterAll(async () => {
    for (const r of running.splice(0)) await r.stop();
  });
  return async (options: Partial<RelayOptions> = {}, install = true) => {
    const relay = await startTestRelay(database, options, install);
    running.push(relay);
    return relay;
  };
}

/**
 * A relay on its own HTTP server, as server.ts sets it up, installed as the
 * process-wide relay (the route handlers find it there). On PostgreSQL it
 * talks to other relays through LISTEN/NOTIFY, like separate processes.
 */
async function startTestRelay(database: TestDatabase, options: Partial<RelayOptions>, install: boolean): Promise<TestRelay> {
  let bus: ReplicaBus;
  if (database.connection.kind === "pg") {
    const pgBus = new PgBus(database.connection.url, database.connection.pool);
    await pgBus.start();
    bus = pgBus;
  } else {
    bus = new LocalBus();
  }
  const relay = new RevitRelay({ bus, isAllowedOrigin: (origin) => origin === ORIGIN, ...options });
  const server = http.createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  server.on("upgrade", (req, socket, head) => {
    if ((req.url ?? "").split("?")[0] === WEBSOCKET_PATH) void relay.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // As in server.ts: the live tables share the relay's bus.
  const live = install ? new LiveTables(bus, databaseDirectory) : undefined;
  if (install) {
    setRelay(relay);
    setLiveTables(live);
  }
  let stopped = false;
  const handle: TestRelay = {
    relay,
    server,
    wsUrl: `ws://127.0.0.1:${port}${WEBSOCKET_PATH}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      live?.close();
      await relay.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return handle;
}
