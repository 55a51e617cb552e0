/** Real server processes for tests and benchmarks: `server.ts` on the production build, as `npm start` runs it. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The server secret of test servers (PONTIFEX_SECRET is required with PostgreSQL). */
export const TEST_SECRET = "test-secret-of-pontifex-test-servers-0123456789";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Builds the app once if there is no production build yet. */
export function ensureBuild(): void {
  if (existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const result = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error("next build failed");
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout (its JSON log lines). */
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Refuses a port something already listens on: a server left running by an earlier, interrupted run would answer
 * /api/health in place of the new one, and the test would go on against its database instead.
 */
async function ensurePortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(new Error(`port ${port} is taken (${error.code}): is a server from an earlier, interrupted test run still running?`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/** /api/health on a connection of its own (the cluster hands each new connection to the next worker): which worker answered. */
export function healthOf(url: string): Promise<{ status: string; worker?: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/api/health`, { agent: false }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () =>
          res.statusCode === 200 ? resolve(JSON.parse(body) as { status: string; worker?: number }) : reject(new Error(`health ${res.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

/**
 * Starts `server.ts` and waits until /api/health answers. With `workers`, starts it as `npm start` does
 * (scripts/start.ts, PONTIFEX_WORKERS) and waits until each of them has answered: that many on PostgreSQL, one
 * on the embedded database.
 */
export async function startServer(env: Record<string, string>, port: number, options: { workers?: number } = {}): Promise<ServerProcess> {
  await ensurePortFree(port);
  // node itself runs the server (tsx only as a loader), so a signal reaches the server and not a wrapper.
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (how a benchmark's hot spots are found).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const entry = options.workers ? "scripts/start.ts" : "server.ts";
  const child = spawn(process.execPath, [...profile, "--import", "tsx", entry], {
    cwd: root,
    env: {
      ...process.env,
      // BENCH_LOG_LEVEL=debug: the server's own timings (a push's build, send and insert) on stderr.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      VITEST: "",
      AUTH_ATTEMPTS_PER_MINUTE: "1000000",
      PUSHES_PER_MINUTE: "1000000",
      // Required with DATABASE_URL; a test's env may set its own.
      PONTIFEX_SECRET: TEST_SECRET,
      ...env,
      ...(options.workers ? { PONTIFEX_WORKERS: String(options.workers) } : {}),
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  const seen = new Set<number>();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output.slice(-2000)}`);
    try {
      if (!options.workers) {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } else {
        const expected = env.DATABASE_URL ? options.workers : 1;
        seen.add((await healthOf(url)).worker ?? 0);
        if (seen.size === expected) break;
      }
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not start within 90 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // Resolves once the process has exited and its output is all read ("close", not "exit"): output() is then final.
  const closed = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const stop = (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return closed;
  };
  return { url, port, child, output: () => output, stop };
}

/** Signs in through the API and returns the Session cookie pair (`Session=...`). */
export async function logIn(url: string, email = "demo@pontifex.dev", password = "pontifex-demo"): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

let registered = 0;

/** A fresh account (in its own first project), registered and signed in through the API. */
export async function newAccount(url: string, prefix = "engineer"): Promise<{ cookie: string; projectId: number; email: string }> {
  const email = `${prefix}-${++registered}-${Date.now()}@example.com`;
  const password = "a long enough password";
  const res = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  const cookie = await logIn(url, email, password);
  const current = await api<{ project: { id: number } }>(url, cookie, "GET", "/api/projects/current");
  return { cookie, projectId: current.body.project.id, email };
}

/** A JSON API call as the browser makes it: same Origin, the session cookie. */
export async function api<T = Record<string, unknown>>(
  url: string,
  cookie: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}${pathname}`, {
    method,
    headers: { cookie, origin: url, ...(method === "GET" ? {} : { "content-type": "application/json" }) },
    body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as T };
}
