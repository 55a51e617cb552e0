/**
 * The one process of Pontifex: pages, API and (from the relay on) the Revit
 * websocket on one port. `npm start` runs it on the production build,
 * `npm run dev` with `--dev`.
 */
import { EventEmitter } from "node:events";
import compression from "compression";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dev = process.argv.includes("--dev");
// Next reads NODE_ENV while loading, so it is settled before Next is imported.
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
// No phoning home: this runs where the internet may not be reachable.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const { exitOnBadEnv, shouldSeedDemo } = await import("./lib/env");
const config = exitOnBadEnv();

const [
  { default: next },
  { closeConnection, getConnection },
  { migrateDatabase },
  { seedDemo },
  { logger },
  { dummyPasswordHash },
  { LocalBus, PgBus },
  { RevitRelay },
  { setRelay },
  { WEBSOCKET_PATH },
  { originAllowed, ownOriginFromHeaders },
  { baseSecurityHeaders },
  { PRECOMPRESSED_HEADER },
] = await Promise.all([
  import("next"),
  import("./db/client"),
  import("./db/migrate"),
  import("./db/seed"),
  import("./lib/logger"),
  import("./lib/auth/password"),
  import("./lib/relay/bus"),
  import("./lib/relay/relay"),
  import("./lib/relay/registry"),
  import("./lib/relay/protocol"),
  import("./lib/http/route"),
  import("./lib/http/security-headers"),
  import("./lib/http/precompressed"),
]);

const log = logger();
const dir = path.dirname(fileURLToPath(import.meta.url));

export type Pontifex = { server: Server; close: () => Promise<void> };

/** How long requests in flight may take to finish on SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A route that gzipped its own answer says so in PRECOMPRESSED_HEADER (Next drops Content-Encoding): restore it. */
function restorePrecompressed(res: ServerResponse): void {
  for (const method of ["setHeader", "appendHeader"] as const) {
    const original = res[method].bind(res) as (name: string, value: string | number | readonly string[]) => ServerResponse;
    (res as unknown as Record<string, unknown>)[method] = (name: string, value: string | number | readonly string[]) =>
      name.toLowerCase() === PRECOMPRESSED_HEADER ? res.setHeader("Content-Encoding", String(value)) : original(name, value);
  }
}

async function start(): Promise<Pontifex> {
  const connection = getConnection();
  await migrateDatabase(connection, async (db) => {
    if (shouldSeedDemo(config) && (await seedDemo(db))) log.info("demo account and parameter tables seeded");
  });
  void dummyPasswordHash();

  // Replicas on one PostgreSQL tell each other about pushes through LISTEN/NOTIFY; the embedded database has one process.
  let bus: InstanceType<typeof LocalBus> | InstanceType<typeof PgBus>;
  if (connection.kind === "pg") {
    const pgBus = new PgBus(connection.url, connection.pool, (error) => log.warn({ err: error }, "relay bus connection problem"));
    await pgBus.start();
    bus = pgBus;
  } else {
    bus = new LocalBus();
  }
  const relay = new RevitRelay({
    bus,
    log: log.child({ component: "relay" }),
    isAllowedOrigin: (origin, request) =>
      originAllowed(origin, ownOriginFromHeaders((name) => request.headers[name] as string | undefined, "http", `localhost:${config.PORT}`)),
  });
  setRelay(relay);

  // Next 16 attaches its own 'upgrade' listener (HMR, and route matching that
  // may end foreign sockets) to the server it is given, on the first request.
  // It gets a private stand-in instead, and only the upgrades that are its own.
  const nextUpgrades = new EventEmitter();
  const app = next({ dev, dir, hostname: config.HOST, port: config.PORT, httpServer: nextUpgrades as unknown as Server });
  await app.prepare();
  const handleRequest = app.getRequestHandler();

  // gzip level 1: a 12 MB parameter table shrinks about 4x for ~60 ms of CPU; higher levels cost far more for little.
  const compress = compression({
    level: 1,
    // Next sets route handler headers with appendHeader, so Content-Type arrives as an array the default filter rejects.
    filter: (req, res) => {
      const type = res.getHeader("Content-Type");
      if (Array.isArray(type)) res.setHeader("Content-Type", type.join(", "));
      return compression.filter(req, res);
    },
  });
  let shuttingDown = false;
  const server = createServer((req, res) => {
    // During shutdown, requests on kept-alive connections are still served, but the connection closes after.
    if (shuttingDown) res.setHeader("Connection", "close");
    const https = (req.headers["x-forwarded-proto"]?.toString().split(",")[0]?.trim() ?? "") === "https";
    for (const [name, value] of Object.entries(baseSecurityHeaders(https))) res.setHeader(name, value);
    restorePrecompressed(res);
    compress(req as never, res as never, () => void handleRequest(req, res));
  });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    const pathname = (req.url ?? "/").split("?")[0];
    if (pathname === WEBSOCKET_PATH) {
      void relay.handleUpgrade(req, socket, head);
      return;
    }
    if (dev && pathname?.startsWith("/_next/") && nextUpgrades.listenerCount("upgrade") > 0) {
      nextUpgrades.emit("upgrade", req, socket, head);
      return;
    }
    socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  });

  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  log.info(
    { port: config.PORT, database: connection.kind === "pg" ? "postgresql" : `embedded (${connection.dataDir})`, dev },
    `Pontifex ready on http://localhost:${config.PORT}`,
  );

  // Shutdown: stop accepting, tell add-ins to go elsewhere (1001), let requests in
  // flight finish for up to 10 s, then close the database.
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const started = Date.now();
      shuttingDown = true;
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      // Kept-alive connections close as soon as they fall idle.
      const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
      await relay.close();
      const timedOut = await Promise.race([drained.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), SHUTDOWN_GRACE_MS).unref())]);
      if (timedOut) {
        log.warn({ graceMs: SHUTDOWN_GRACE_MS }, "requests still open after the grace period: closing them");
        server.closeAllConnections();
        await drained;
      }
      clearInterval(idleSweep);
      setRelay(undefined);
      await app.close();
      await closeConnection(connection);
      log.info({ ms: Date.now() - started }, "shutdown complete");
    })());
  return { server, close };
}

const pontifex = await start().catch((error: unknown) => {
  log.fatal({ err: error }, "Pontifex could not start");
  console.error(`Pontifex could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    log.info({ signal }, "shutting down");
    pontifex.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, "unclean shutdown");
        process.exit(1);
      },
    );
  });
}
