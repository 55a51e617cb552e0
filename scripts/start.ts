/**
 * `npm start`: builds once if there is no production build yet, then starts the server on it: on PostgreSQL one
 * worker process per core (PONTIFEX_WORKERS), under a primary that migrates the database and serves nothing; on the
 * embedded database the one process.
 */
// First: the modules loaded below are marked `import "server-only"`, which only Next resolves by itself.
import "../lib/outside-next";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("No production build yet: running `next build` first (once).");
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const build = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { exitOnBadEnv, databaseOptions, shouldSeedDemo } = await import("../lib/env");
const config = exitOnBadEnv();
const { runPrimary, workerPlan } = await import("../lib/server/workers");
const plan = workerPlan(config, false);

if (plan.workers === 1) {
  const { logger } = await import("../lib/logger");
  logger().info({ workers: 1, why: plan.why }, "one server process");
  await import("../server");
} else {
  const [{ logger }, { closeConnection, connect }, { migrateDatabase }, { seedDemo }] = await Promise.all([
    import("../lib/logger"),
    import("../db/client"),
    import("../db/migrate"),
    import("../lib/demo/seed"),
  ]);
  const log = logger().child({ role: "primary" });
  // Migrated (and seeded) once, here, before any worker starts: a migration that fails stops the start with one
  // error, instead of every worker failing it in turn and being restarted. The workers skip it.
  const connection = connect(databaseOptions(config));
  try {
    await migrateDatabase(connection, async (db) => {
      if (shouldSeedDemo(config) && (await seedDemo(db))) log.info("demo account and parameter tables seeded");
    });
  } catch (error) {
    log.fatal({ err: error }, "Pontifex could not start");
    process.stderr.write(`Pontifex could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  } finally {
    await closeConnection(connection);
  }
  log.info({ workers: plan.workers, why: plan.why }, `starting ${plan.workers} worker processes`);
  const code = await runPrimary({
    workers: plan.workers,
    exec: path.join(root, "server.ts"),
    // The workers run TypeScript as this process does (tsx as a loader, whether through npm start's tsx or node --import tsx).
    execArgv: process.execArgv.some((arg) => arg.includes("tsx")) ? process.execArgv : [...process.execArgv, "--import", "tsx"],
    log,
  });
  process.exit(code);
}
