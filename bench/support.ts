/** Shared pieces of the benchmarks: a build, a server process, a throw-away database, statistics. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function ensureBuild(): void {
  if (existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const result = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error("next build failed");
}

export type ServerProcess = { url: string; child: ChildProcess; stop: (signal?: NodeJS.Signals) => Promise<number | null> };

/** Starts `server.ts` (the same process as `npm start`) and waits until /api/health answers. */
export async function startServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const tsx = path.join(root, "node_modules", ".bin", "tsx");
  const child = spawn(tsx, ["server.ts"], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1", ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("server did not start within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = (signal: NodeJS.Signals = "SIGTERM") =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once("exit", (code) => resolve(code));
      child.kill(signal);
    });
  return { url, child, stop };
}

/**
 * A fresh database for a benchmark: on the PostgreSQL of BENCH_DATABASE_URL
 * (default: the local server) when it answers, else an embedded one.
 */
export async function benchDatabase(name: string): Promise<{ env: Record<string, string>; url?: string; drop: () => Promise<void> }> {
  const admin = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    const dir = mkdtempSync(path.join(os.tmpdir(), `pontifex-${name}-`));
    return { env: { PGLITE_DIR: dir, DATABASE_URL: "" }, drop: async () => {} };
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), SEED_DEMO: "1" },
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

export function printTable(title: string, rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${title}\n`);
  console.log(line(rows[0]!));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows.slice(1)) console.log(line(r));
}

export async function logIn(url: string, email = "demo@pontifex.dev", password = "pontifex-demo"): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}
