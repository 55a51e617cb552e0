/**
 * `npm test`: a fresh production build, then every runner in turn (unit +
 * API integration with vitest, some of which start real server processes on
 * that build; then the browser end-to-end tests with Playwright), ending with
 * one line that sums them all: `N passed, N failed, N skipped`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type PlaywrightReport, playwrightFailures, type VitestReport, vitestFailures } from "./failures";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const results = path.join(root, "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
// Where CI's minutes go: each step's wall-clock time, printed with the summary (README "CI").
const timings: string[] = [];
const run = (command: string, args: string[], extraEnv: Record<string, string> = {}) => {
  const started = performance.now();
  const status = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } }).status ?? 1;
  timings.push(
    `${[command, ...args]
      .map((part) => path.basename(part))
      .join(" ")
      .slice(0, 40)}: ${Math.round((performance.now() - started) / 1000)} s`,
  );
  return status;
};

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

// 0. Lint and formatting: each counts as one test.
for (const script of ["lint", "lint:openapi", "format:check"]) {
  const status = run("npm", ["run", "--silent", script]);
  if (status === 0) total.passed += 1;
  else {
    console.error(`npm run ${script} failed.`);
    failures.push(`npm run ${script} failed (its output is above)`);
    total.failed += 1;
  }
}

// 1. A fresh production build: what `npm start` serves, and what the process and browser tests run.
const buildStatus = run(bin("next"), ["build"]);
if (buildStatus !== 0) {
  console.error("next build failed: the tests that need it cannot run.");
  failures.push("next build failed");
  broken = true;
}

// 2. Unit and API integration tests (both databases when TEST_DATABASE_URL is set).
const vitestStatus = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${path.join(results, "vitest.json")}`]);
const vitest = readJson("vitest.json") as
  (VitestReport & { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number }) | undefined;
failures.push(...vitestFailures(vitest, root));
if (vitest) {
  total.passed += vitest.numPassedTests;
  total.failed += vitest.numFailedTests + (vitest.numFailedTests === 0 && vitestStatus !== 0 ? Math.max(1, vitest.numFailedTestSuites) : 0);
  total.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  broken = true;
}

// 3. Browser end-to-end tests in Chromium at 1280 px and 390 px.
if (buildStatus === 0) {
  const playwrightStatus = run(bin("playwright"), ["test"]);
  const report = readJson("playwright.json") as
    (PlaywrightReport & { stats?: { expected: number; unexpected: number; skipped: number; flaky: number } }) | undefined;
  failures.push(...playwrightFailures(report));
  if (report?.stats) {
    total.passed += report.stats.expected + report.stats.flaky;
    total.failed += report.stats.unexpected;
    total.skipped += report.stats.skipped;
    if (playwrightStatus !== 0 && report.stats.unexpected === 0) total.failed += 1;
  } else {
    broken = true;
  }
}

if (broken) total.failed += 1;
if (failures.length > 0) {
  const text = `Failed (${failures.length}):\n${failures.map((line) => `- ${line}`).join("\n")}\n`;
  writeFileSync(path.join(results, "failures.txt"), text);
  console.log(text);
}
console.log(`Time: ${timings.join("; ")}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(total.failed > 0 ? 1 : 0);
