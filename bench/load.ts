/**
 * `npm run bench:load`: 100 engineers at once for 60 s (BENCH_SECONDS,
 * BENCH_USERS), each reading a 300 x 60 table (fetch-all) or saving one of
 * their rows, then thinking for 1 to 3 s (BENCH_THINK_MS, the mean;
 * 0 makes every user fire back to back, a saturation test). Reports
 * throughput, latency percentiles per kind of request, and errors. The
 * hardening tests run the same load for 10 s in CI.
 *
 * The first BENCH_WARMUP_SECONDS (10) run the same load uncounted: each
 * worker's first requests load its route code, open its database connections
 * and read the table once, which a server pays once per start, not per
 * request (with two workers these cold requests alone were over 1 % of a
 * paced minute, so the p99 measured the start). They are reported apart.
 */
import http from "node:http";
import { pathToFileURL } from "node:url";
import { closeConnection, connect, drizzleFor } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { insertMember, insertProject, setCurrentProject } from "@/db/queries/projects";
import { insertRows } from "@/db/queries/rows-copy";
import { insertSession } from "@/db/queries/sessions";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { fetchAllRows } from "@/lib/datasets/snapshot";
import { ensureBuild, type ServerProcess } from "@/test/server-process";
import { ms, percentile, printTable, recordFigures, startServer } from "./support";

export type LoadFigures = {
  seconds: number;
  warmupSeconds: number;
  /** Requests answered during the warm-up (not in the figures above), and their slowest. */
  warmup: { requests: number; maxMs: number };
  users: number;
  thinkMs: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  errorSamples: string[];
  fetchAll: { count: number; p50: number; p95: number; p99: number };
  edit: { count: number; p50: number; p95: number; p99: number };
};

const ROWS = 300;
const COLUMNS = 60;

/** Seeds the table and one session per user straight into the database the server will use. */
async function prepare(connectOptions: { databaseUrl?: string; pgliteDir?: string }, userCount: number) {
  const connection = connect(connectOptions);
  await migrateDatabase(connection);
  const db = drizzleFor(connection);
  const passwordHash = await hashPassword("load-password");
  const sessions: string[] = [];
  const userIds: number[] = [];
  for (let i = 0; i < userCount; i++) {
    const [user] = await db
      .insert(users)
      .values({ email: `load${i}-${Date.now()}@example.com`, passwordHash })
      .returning();
    userIds.push(user!.id);
    const token = newToken();
    await insertSession({ tokenHash: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) }, db);
    sessions.push(`Session=${token}`);
  }
  // Everyone works on one project's table: the first user owns it, the others edit it.
  const project = await insertProject(`Load ${Date.now()}`, userIds[0]!, db);
  for (const [i, id] of userIds.entries()) {
    if (i > 0) await insertMember(project.id, id, "editor", db);
    await setCurrentProject(id, project.id, db);
  }
  const table = { projectId: project.id, dataset: "abt" as const };
  await insertRows(
    table,
    Array.from({ length: ROWS }, (_, r) => ({
      parameter: `Load${String(r).padStart(3, "0")}`,
      values: Object.fromEntries(Array.from({ length: COLUMNS }, (_, c) => [`Item${c + 1}`, ((r * 7 + c) % 97).toFixed(3)])),
    })),
    db,
  );
  const ids = (await fetchAllRows(table, db)).map((r) => r.Id).sort((a, b) => a - b);
  await closeConnection(connection);
  // Each user owns every userCount-th row: their saves never conflict with anyone else's.
  return { sessions, rowsOf: (user: number) => ids.filter((_, i) => i % userCount === user) };
}

/**
 * A request over a kept-alive connection, body read as raw bytes: like a load
 * tool, the client neither unzips nor parses big answers, so its own CPU does
 * not hold the measurement back.
 */
function request(
  agent: http.Agent,
  url: string,
  options: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method, headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

export async function runLoad(
  server: ServerProcess,
  connectOptions: { databaseUrl?: string; pgliteDir?: string },
  seconds: number,
  userCount: number,
  thinkMs = 2000,
  alreadyPrepared?: Awaited<ReturnType<typeof prepare>>,
  editShare = Number(process.env.BENCH_EDIT_SHARE ?? 0.5),
  warmupSeconds = 0,
): Promise<LoadFigures> {
  const { sessions, rowsOf } = alreadyPrepared ?? (await prepare(connectOptions, userCount));
  const fetchTimes: number[] = [];
  const editTimes: number[] = [];
  const errorSamples: string[] = [];
  const warmupTimes: number[] = [];
  let errors = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const warmupEnd = performance.now() + warmupSeconds * 1000;
  const deadline = warmupEnd + seconds * 1000;

  await Promise.all(
    sessions.map(async (cookie, user) => {
      const rows = rowsOf(user).map((id) => ({ id, version: 1 }));
      // Engineers do not all start at the same instant: spread the first requests over one thinking time.
      if (thinkMs > 0) await new Promise((r) => setTimeout(r, Math.random() * thinkMs));
      let round = 0;
      while (performance.now() < deadline) {
        round++;
        const edit = Math.random() < editShare && rows.length > 0;
        const t0 = performance.now();
        const counted = t0 >= warmupEnd;
        try {
          if (edit) {
            const row = rows[round % rows.length]!;
            const res = await request(agent, `${server.url}/api/database/abt/edit-element`, {
              method: "POST",
              headers: { cookie, origin: server.url, "content-type": "application/json" },
              body: JSON.stringify({ id: row.id, data: { Version: row.version, Item1: `${user}.${round}` } }),
            });
            const body = JSON.parse(res.body.toString()) as { data?: { Version: number }; error?: string };
            if (res.status !== 200) throw new Error(`edit ${res.status}: ${body.error}`);
            row.version = body.data!.Version;
            (counted ? editTimes : warmupTimes).push(performance.now() - t0);
          } else {
            const res = await request(agent, `${server.url}/api/database/abt/fetch-all`, { method: "GET", headers: { cookie, "accept-encoding": "gzip" } });
            if (res.status !== 200 || res.body.length < 1000) throw new Error(`fetch-all ${res.status}`);
            (counted ? fetchTimes : warmupTimes).push(performance.now() - t0);
          }
        } catch (error) {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(String(error));
        }
        // An engineer reads the table or types before the next request: between half and one and a half times the mean.
        if (thinkMs > 0) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
      }
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - warmupEnd) / 1000;
  const stats = (times: number[]) => ({ count: times.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) });
  return {
    seconds: elapsed,
    warmupSeconds,
    warmup: { requests: warmupTimes.length, maxMs: Math.max(0, ...warmupTimes) },
    users: userCount,
    thinkMs,
    requests: fetchTimes.length + editTimes.length + errors,
    requestsPerSecond: (fetchTimes.length + editTimes.length) / elapsed,
    errors,
    errorSamples,
    fetchAll: stats(fetchTimes),
    edit: stats(editTimes),
  };
}

export { prepare as prepareLoad };

export function printLoad(figures: LoadFigures, database: string): void {
  const pace =
    figures.thinkMs > 0 ? `thinking ${figures.thinkMs / 2}-${(figures.thinkMs * 3) / 2} ms between requests` : "no pause between requests (saturation)";
  printTable(`bench:load: ${figures.users} users ${pace}, ${figures.seconds.toFixed(0)} s, ${ROWS} x ${COLUMNS} table (${database})`, [
    ["measure", "result", "target"],
    ["requests per second", figures.requestsPerSecond.toFixed(0), ""],
    ["requests", String(figures.requests), ""],
    ["errors", String(figures.errors), "0"],
    ...(figures.warmupSeconds > 0
      ? [[`before these: warm-up of ${figures.warmupSeconds} s, uncounted (requests, slowest)`, `${figures.warmup.requests}, ${ms(figures.warmup.maxMs)}`, ""]]
      : []),
    [`fetch-all p50 / p95 / p99 (${figures.fetchAll.count})`, `${ms(figures.fetchAll.p50)} / ${ms(figures.fetchAll.p95)} / ${ms(figures.fetchAll.p99)}`, ""],
    [`edit p50 / p95 / p99 (${figures.edit.count})`, `${ms(figures.edit.p50)} / ${ms(figures.edit.p95)} / ${ms(figures.edit.p99)}`, "p99 < 250 ms"],
  ]);
}

async function main() {
  ensureBuild();
  const { benchDatabase } = await import("./support");
  const database = await benchDatabase("pontifex_bench_load");
  const seconds = Number(process.env.BENCH_SECONDS ?? 60);
  const userCount = Number(process.env.BENCH_USERS ?? 100);
  const thinkMs = Number(process.env.BENCH_THINK_MS ?? 2000);
  const connectOptions = { databaseUrl: database.url, pgliteDir: database.env.PGLITE_DIR };
  const prepared = await prepare(connectOptions, userCount);
  const server = await startServer(database.env, Number(process.env.BENCH_PORT ?? 3313));
  try {
    const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
    const figures = await runLoad(server, connectOptions, seconds, userCount, thinkMs, prepared, undefined, warmupSeconds);
    printLoad(figures, database.url ? "PostgreSQL" : "embedded PGlite");
    recordFigures(thinkMs > 0 ? "load-paced" : "load-saturation", {
      requestsPerSecond: figures.requestsPerSecond,
      errors: figures.errors,
      editP99: figures.edit.p99,
      fetchAllP99: figures.fetchAll.p99,
    });
    if (figures.errors) console.log("error samples:", figures.errorSamples);
  } finally {
    await server.stop();
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main();
  process.exit(0);
}
