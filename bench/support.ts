/** Shared pieces of the benchmarks: a throw-away database, statistics, and (from test/) server processes. */
import { appendFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase } from "@/test/pg-database";

import { startServer as startServerProcess } from "@/test/server-process";

export { ensureBuild, logIn } from "@/test/server-process";

/**
 * The server as `npm start` runs it: on PostgreSQL one worker per core, else one process. BENCH_WORKERS=N sets the
 * number of workers (1: server.ts alone, as before 2026-11-29).
 */
export function startServer(env: Record<string, string>, port: number) {
  const workers = benchWorkers(env);
  return startServerProcess(env, port, workers > 1 ? { workers } : {});
}

/** How many server processes startServer runs on the database of `env`. */
export function benchWorkers(env: Record<string, string>): number {
  return process.env.BENCH_WORKERS ? Number(process.env.BENCH_WORKERS) : env.DATABASE_URL ? os.availableParallelism() : 1;
}

/**
 * A fresh database for a benchmark: on the PostgreSQL of BENCH_DATABASE_URL
 * (default: the local server) when it answers, else an embedded one.
 */
export async function benchDatabase(name: string): Promise<{ env: Record<string, string>; url?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  try {
    // BENCH_DB_SUFFIX: two benchmarks of the same kind side by side (two checkouts) each get their own database.
    const { url, drop } = await createScratchDatabase({ name: `${name}${process.env.BENCH_DB_SUFFIX ?? ""}`, adminUrl });
    return { env: { DATABASE_URL: url, SEED_DEMO: "1" }, url, drop };
  } catch {
    const dir = mkdtempSync(path.join(os.tmpdir(), `pontifex-${name}-`));
    return { env: { PGLITE_DIR: dir, DATABASE_URL: "" }, drop: async () => {} };
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "-" : `${n.toFixed(1)} ms`);

export function printTable(title: string, rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${title}\n`);
  console.log(line(rows[0]!));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows.slice(1)) console.log(line(r));
}

export const BENCH_ROWS = Number(process.env.BENCH_ROWS ?? 2000);
export const BENCH_COLUMNS = Number(process.env.BENCH_COLUMNS ?? 300);

/** The benchmark table: BENCH_ROWS x BENCH_COLUMNS of three-decimal values, every tenth row an angle row. */
export function benchTable(rows = BENCH_ROWS, columns = BENCH_COLUMNS) {
  return Array.from({ length: rows }, (_, r) => {
    const values: Record<string, string> = {};
    const angle = r % 10 === 0;
    for (let c = 1; c <= columns; c++) values[`Item${c}`] = angle ? String(((r + c) % 60) * 0.0174532925199) : ((r * 0.37 + c * 1.13) % 100).toFixed(3);
    return { parameter: angle ? `SkewAngle${String(r).padStart(4, "0")}` : `Param${String(r).padStart(4, "0")}`, values };
  });
}

/** BENCH_JSON=<file>: a benchmark appends its headline figures there as one JSON line (bench/goals.ts reads them). */
export function recordFigures(bench: string, figures: Record<string, number>): void {
  if (process.env.BENCH_JSON) appendFileSync(process.env.BENCH_JSON, `${JSON.stringify({ bench, ...figures })}\n`);
}
