/**
 * A server process of Pontifex: pages, API and (from the relay on) the Revit
 * websocket on one port. `npm start` runs it on the production build (on
 * PostgreSQL as one of several workers, scripts/start.ts), `npm run dev`
 * with `--dev`.
 */
// First: the modules loaded below are marked `import "server-only"`, which only Next resolves by itself.
import "./lib/outside-next";
import cluster from "node:cluster";
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

const { databaseOptions, exitOnBadEnv, shouldSeedDemo } = await import("./lib/env");
const config = exitOnBadEnv();

const [
  { default: next },
  { closeConnection, connect, setConnection },
  { migrateDatabase },
  { seedDemo },
  { logger, routeConsoleToLogger },
  { dummyPasswordHash },
  { setPasswordHasher, WorkerHasher },
  { runHousekeeping },
  { LocalBus, PgBus },
  { RevitRelay },
  { setRelay },
  { WEBSOCKET_PATH },
  { CLIENT_ADDRESS_HEADER },
  { HOST_EXEMPT_PATHS, isAllowedOrigin, isHttpsRequest, isKnownHost, publicOrigins },
  { baseSecurityHeaders },
  { PRECOMPRESSED_HEADER },
  { getLiveTables, LiveTables, setLiveTables },
  { databaseDirectory },
  { staticAssets },
  { hashThreads },
  { shareTableChanges },
  { heldTable },
] = await Promise.all([
  import("next"),
  import("./db/client"),
  import("./db/migrate"),
  import("./lib/demo/seed"),
  import("./lib/logger"),
  import("./lib/auth/password"),
  import("./lib/auth/hash-pool"),
  import("./db/queries/housekeeping"),
  import("./lib/replica-bus"),
  import("./lib/revit/relay"),
  import("./lib/revit/registry"),
  import("./lib/revit/protocol"),
  import("./lib/http/route"),
  import("./lib/http/origins"),
  import("./lib/http/security-headers"),
  import("./lib/http/precompressed"),
  import("./lib/live/hub"),
  import("./lib/live/directory"),
  import("./lib/http/static-assets"),
  import("./lib/server/workers"),
  import("./lib/datasets/snapshot"),
  import("./lib/revit/service"),
]);

const log = logger();
// Next prints its own lines with console (`✓ Running next.config.mjs took ...`, `⨯` errors): JSON too, like ours.
if (!dev) routeConsoleToLogger(log);
const dir = path.dirname(fileURLToPath(import.meta.url));

export type Pontifex = { server: Server; close: () => Promise<void> };

/** Expired sessions, closed rate-limit windows and old push records are deleted this often. */
const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

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
  const connection = connect(databaseOptions(config));
  setConnection(connection);
  // One of `npm start`'s workers: the primary has migrated already (scripts/start.ts).
  if (!cluster.isWorker) {
    await migrateDatabase(connection, async (db) => {
      if (shouldSeedDemo(config) && (await seedDemo(db))) log.info("demo account and parameter tables seeded");
    });
  }
  // Password hashing runs in worker threads, off the event loop that serves everyone else; the cores are shared
  // between `npm start`'s workers.
  const hasher = new WorkerHasher(hashThreads(cluster.isWorker ? (config.PONTIFEX_WORKERS ?? 1) : 1));
  setPasswordHasher(hasher);
  void dummyPasswordHash();

  const housekeeping = () =>
    runHousekeeping().then(
      (report) => report.ran && log.info(report, "housekeeping done"),
      (error: unknown) => log.warn({ err: error }, "housekeeping failed"),
    );
  void housekeeping();
  const housekeepingTimer = setInterval(() => void housekeeping(), HOUSEKEEPING_INTERVAL_MS);
  housekeepingTimer.unref();

  // Replicas on one PostgreSQL tell each other about pushes through LISTEN/NOTIFY; the embedded database has one process.
  let bus: InstanceType<typeof LocalBus> | InstanceType<typeof PgBus>;
  if (connection.kind === "pg") {
    const pgBus = new PgBus(connection.url, connection.pool, (error) => log.warn({ err: error }, "relay bus connection problem"));
    await pgBus.start();
    bus = pgBus;
    // Other servers on this database hear of each table write, and keep their cached copy of the table current.
    shareTableChanges(bus);
  } else {
    bus = new LocalBus();
  }
  const relay = new RevitRelay({
    bus,
    log: log.child({ component: "relay" }),
    isAllowedOrigin: (origin) => isAllowedOrigin(origin),
    maxSocketsPerToken: config.MAX_SOCKETS_PER_TOKEN,
    heldTable,
  });
  setRelay(relay);
  // Open tables hear of each other's saves and viewers over the same bus.
  setLiveTables(new LiveTables(bus, databaseDirectory));

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
  // The build's scripts and styles: brotli 11 once, instead of gzip 1 on every request.
  const assets = dev ? undefined : staticAssets(path.join(dir, ".next"));
  let shuttingDown = false;
  const origins = publicOrigins();
  const server = createServer((req, res) => {
    // During shutdown, requests on kept-alive connections are still served, but the connection closes after.
    if (shuttingDown) res.setHeader("Connection", "close");
    const header = (name: string) => req.headers[name]?.toString();
    for (const [name, value] of Object.entries(baseSecurityHeaders(isHttpsRequest(header, origins)))) res.setHeader(name, value);
    const refusal = refuseRequest(req);
    if (refusal) {
      res.writeHead(refusal.status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ error: refusal.error }));
      return;
    }
    if (assets?.serve(req, res)) return;
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req);
    restorePrecompressed(res);
    compress(req as never, res as never, () => void handleRequest(req, res));
  });

  /** Refusals before anything else runs: a host we are not, a path no decoder can read. */
  function refuseRequest(req: IncomingMessage): { status: number; error: string } | undefined {
    const pathname = (req.url ?? "/").split("?")[0]!;
    if (!HOST_EXEMPT_PATHS.has(pathname) && !isKnownHost((name) => req.headers[name]?.toString(), origins)) {
      return { status: 421, error: "This server does not answer to that host name. Use the address the site is published at." };
    }
    try {
      // Every segment must decode: a stray % or an encoded surrogate would otherwise fail deep inside the framework.
      for (const segment of pathname.split("/")) decodeURIComponent(segment);
    } catch {
      return { status: 400, error: "The address contains malformed percent-encoding." };
    }
    return undefined;
  }

  /** The peer's address, or behind a trusted proxy the first X-Forwarded-For entry. */
  function clientAddressOf(req: IncomingMessage): string {
    const forwarded = origins.trustProxy ? req.headers["x-forwarded-for"]?.toString().split(",")[0]?.trim() : undefined;
    return (forwarded || req.socket.remoteAddress || "unknown").slice(0, 100);
  }

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    const pathname = (req.url ?? "/").split("?")[0];
    const refusal = refuseRequest(req);
    if (refusal) {
      const body = JSON.stringify({ error: refusal.error });
      socket.end(
        `HTTP/1.1 ${refusal.status} ${refusal.status === 421 ? "Misdirected Request" : "Bad Request"}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
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

  // An idle kept-alive connection is closed by the client or the proxy in front, not by us: when the server closed it
  // after Node's 5 s, a request sent on it at that moment could be reset (a test client's ECONNRESET in CI).
  // 65 s outlasts the usual proxies' 60 s; the headers timeout must be longer still.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
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
      getLiveTables()?.close();
      await relay.close();
      const timedOut = await Promise.race([drained.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), SHUTDOWN_GRACE_MS).unref())]);
      if (timedOut) {
        log.warn({ graceMs: SHUTDOWN_GRACE_MS }, "requests still open after the grace period: closing them");
        server.closeAllConnections();
        await drained;
      }
      clearInterval(idleSweep);
      clearInterval(housekeepingTimer);
      setRelay(undefined);
      setLiveTables(undefined);
      setPasswordHasher(undefined);
      await hasher.close();
      await app.close();
      await closeConnection(connection);
      log.info({ ms: Date.now() - started }, "shutdown complete");
    })());
  return { server, close };
}

const pontifex = await start().catch((error: unknown) => {
  log.fatal({ err: error }, "Pontifex could not start");
  // And one plain line for whoever started it (console now writes JSON).
  process.stderr.write(`Pontifex could not start: ${error instanceof Error ? error.message : String(error)}\n`);
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
