/**
 * `npm test`: every check, ending with one line that sums them all: `N passed, N failed, N skipped`.
 *
 * 1. Lint, the OpenAPI lint and formatting (each one test) beside a fresh production build: what `npm start` serves,
 *    and what the process and browser tests run.
 * 2. Beside each other: the unit, API and hardening tests that only check what comes back (vitest), and the browser
 *    tests (Playwright, Chromium at 1280 px, and at 390 px what a phone does differently).
 * 3. Alone on the machine: the hardening tests that assert times or load the server to its limit (vitest's
 *    "hardening (measured)").
 *
 * With TEST_DATABASE_URL, the browser tests' server runs on a fresh PostgreSQL database of that server (dropped after),
 * as in production; without it, on a fresh embedded database.
 *
 * The steps that run beside each other keep their output and print it, whole, when they end. The summary says how
 * long each step took and how busy the CPU was meanwhile (README, "CI").
 */
import { spawn } from "node:child_process";
import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type PlaywrightReport, playwrightFailures, type VitestReport, vitestFailures } from "./failures";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const results = path.join(root, "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

/** CPU time of the whole machine so far (all cores), from os.cpus(): busy and total, in ms. */
function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

/** Where CI's minutes go: each step's (or group of steps') wall-clock time and how busy the cores were. */
const timings: string[] = [];
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const cpu = cpuTimes();
  const value = await work();
  const now = cpuTimes();
  const busy = now.total > cpu.total ? Math.round((100 * (now.busy - cpu.busy)) / (now.total - cpu.total)) : 0;
  timings.push(`${label} ${Math.round((performance.now() - started) / 1000)} s (CPU ${busy} % busy)`);
  return value;
}

/**
 * Runs a command to its end. Alone, its output goes straight through; beside others (`quiet`), to a log file
 * printed whole when it ends, so that the outputs of runners side by side do not interleave.
 */
function run(command: string, args: string[], { quiet = false, extraEnv = {} }: { quiet?: boolean; extraEnv?: Record<string, string> } = {}): Promise<number> {
  const name = path.basename(args.find((a) => !a.startsWith("-") && a !== "run") ?? command);
  const log = quiet ? path.join(results, `${name.replace(/[^\w.-]+/g, "_")}.log`) : undefined;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...env, ...extraEnv } });
    if (log) {
      const file = createWriteStream(log);
      child.stdout?.pipe(file, { end: false });
      child.stderr?.pipe(file, { end: false });
      child.on("close", (code) => file.end(() => resolve(code ?? 1)));
    } else {
      child.on("close", (code) => resolve(code ?? 1));
    }
    child.on("error", () => resolve(1));
  }).then((status) => {
    if (log) process.stdout.write(`\n---- ${[path.basename(command), ...args].join(" ").slice(0, 120)} (exit ${status}) ----\n${readFileSync(log, "utf8")}`);
    return status as number;
  });
}

type Tally = { passed: number; failed: number; skipped: number };
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
// What failed, one line each, printed again just above the summary: CI keeps only the end of a long log.
const failures: string[] = [];

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(path.join(results, file), "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Next's build cache (.next/cache: Turbopack's and the type check's), kept on this machine between runs as Next asks
 * of CI (nextjs.org/docs/messages/no-cache): a fresh clone then compiles only what changed since the last run. It is
 * replaced by each build's own, and not kept past CACHE_LIMIT_MB (a cache that only grows would cost more than it
 * saves). PONTIFEX_BUILD_CACHE=0 builds from nothing.
 */
const buildCache = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "pontifex", "next-build");
const CACHE_LIMIT_MB = 1024;
const useBuildCache = process.env.PONTIFEX_BUILD_CACHE !== "0";
async function nextBuild(): Promise<number> {
  const local = path.join(root, ".next", "cache");
  if (useBuildCache && existsSync(buildCache) && !existsSync(local)) cpSync(buildCache, local, { recursive: true });
  const status = await run(bin("next"), ["build"], { quiet: true });
  if (useBuildCache && status === 0 && existsSync(local) && sizeMb(local) <= CACHE_LIMIT_MB) {
    rmSync(buildCache, { recursive: true, force: true });
    cpSync(local, buildCache, { recursive: true });
  }
  return status;
}
function sizeMb(folder: string): number {
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes / 1e6;
}

// 1. Lint and formatting (each counts as one test) beside the production build.
const checks = ["lint", "lint:openapi", "format:check"];
const [buildStatus, ...checkStatuses] = await timed("lint, formatting and next build", () =>
  Promise.all([nextBuild(), ...checks.map((script) => run("npm", ["run", "--silent", script], { quiet: true }))]),
);
checks.forEach((script, i) => {
  if (checkStatuses[i] === 0) total.passed += 1;
  else {
    console.error(`npm run ${script} failed.`);
    failures.push(`npm run ${script} failed (its output is above)`);
    total.failed += 1;
  }
});
if (buildStatus !== 0) {
  console.error("next build failed: the tests that need it cannot run.");
  failures.push("next build failed");
  broken = true;
}

type VitestJson = VitestReport & { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };

async function vitest(projects: string[], report: string, quiet: boolean): Promise<void> {
  const status = await run(
    bin("vitest"),
    ["run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=${path.join(results, report)}`],
    { quiet },
  );
  const json = readJson(report) as VitestJson | undefined;
  failures.push(...vitestFailures(json, root));
  if (!json) {
    broken = true;
    return;
  }
  total.passed += json.numPassedTests;
  total.failed += json.numFailedTests + (json.numFailedTests === 0 && status !== 0 ? Math.max(1, json.numFailedTestSuites) : 0);
  total.skipped += json.numPendingTests + json.numTodoTests;
}

/** A fresh database on the TEST_DATABASE_URL server for `work`, dropped after (undefined without that server). */
async function scratchDatabase<T>(work: (url: string | undefined) => Promise<T>): Promise<T> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return work(undefined);
  const name = `pontifex_e2e_${process.pid}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const sql = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await sql(`CREATE DATABASE ${name}`);
  try {
    return await work(url.toString());
  } finally {
    await sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}

async function playwright(): Promise<void> {
  const status = await scratchDatabase((url) => run(bin("playwright"), ["test"], { quiet: true, extraEnv: url ? { E2E_DATABASE_URL: url } : {} }));
  const report = readJson("playwright.json") as
    (PlaywrightReport & { stats?: { expected: number; unexpected: number; skipped: number; flaky: number } }) | undefined;
  failures.push(...playwrightFailures(report));
  if (!report?.stats) {
    broken = true;
    return;
  }
  total.passed += report.stats.expected + report.stats.flaky;
  total.failed += report.stats.unexpected;
  total.skipped += report.stats.skipped;
  if (status !== 0 && report.stats.unexpected === 0) total.failed += 1;
}

// 2. The tests that only check what comes back, beside the browser tests (which need the build).
const checking = ["unit+api (embedded db)", ...(process.env.TEST_DATABASE_URL ? ["api (postgresql)"] : []), "hardening"];
await timed("vitest (unit, API, hardening) beside Playwright", () =>
  Promise.all([vitest(checking, "vitest.json", buildStatus === 0), ...(buildStatus === 0 ? [playwright()] : [])]),
);

// 3. What measures time or memory, alone.
await timed("vitest (hardening, measured)", () => vitest(["hardening (measured)"], "vitest-measured.json", false));

if (broken) total.failed += 1;
if (failures.length > 0) {
  const text = `Failed (${failures.length}):\n${failures.map((line) => `- ${line}`).join("\n")}\n`;
  writeFileSync(path.join(results, "failures.txt"), text);
  console.log(text);
}
console.log(`Time: ${timings.join("; ")}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(total.failed > 0 ? 1 : 0);
