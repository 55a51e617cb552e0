/**
 * `npm run bench:tables`: a 2,000 x 300 pier table, measured end to end.
 *
 *  - fetch-all through the whole server (HTTP, session, Next, Drizzle) against
 *    the same SQL run directly with `pg` plus wrapping it into the response,
 *    and against the naive way (rows with `pg`, flattened and JSON.stringify'd);
 *  - the size of the answer on the wire, plain and gzip;
 *  - in headless Chromium: navigation to the first rows drawn, entering edit
 *    mode on a row, and applying the Parameter filter.
 */
import http from "node:http";
import { chromium } from "@playwright/test";
import { sql } from "drizzle-orm";
import { closeConnection, connect, drizzleFor, queryRows } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { insertProject, setCurrentProject } from "@/db/queries/projects";
import { insertRows, tableSnapshot } from "@/db/queries/rows";
import { rowsJson } from "@/lib/datasets/answers";
import { parameterRows } from "@/db/schema";
import { seedDemo } from "@/db/seed";
import { BENCH_COLUMNS as COLUMNS, BENCH_ROWS as ROWS, benchDatabase, benchTable, ensureBuild, logIn, median, ms, printTable, startServer } from "./support";

const RUNS = 10;
const PORT = 3311;

function get(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ ms: performance.now() - started, bytes, status: res.statusCode ?? 0 }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

async function main() {
  ensureBuild();
  const database = await benchDatabase("pontifex_bench_tables");
  console.log(`Seeding ${ROWS} x ${COLUMNS} into pier (${database.url ? "PostgreSQL" : "embedded database"})...`);
  const connection = connect({ databaseUrl: database.url, pgliteDir: database.env.PGLITE_DIR });
  await migrateDatabase(connection, async (db) => {
    await seedDemo(db);
  });
  const db = drizzleFor(connection);
  const demo = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "demo@pontifex.dev") });
  const project = await insertProject(`Bench ${Date.now()}`, demo!.id, db);
  await setCurrentProject(demo!.id, project.id, db);
  const benchRef = { projectId: project.id, dataset: "pier" as const };
  await insertRows(benchRef, benchTable(), db);

  // Baselines, without the server: the same SQL straight through `pg` (or PGlite).
  const direct: number[] = [];
  const naive: number[] = [];
  const table = parameterRows;
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const body = rowsJson(await tableSnapshot(benchRef, db));
    direct.push(performance.now() - t);
    if (body.length < 10) throw new Error("empty");
    t = performance.now();
    const rows = await queryRows<{ id: number; parameter: string; values: Record<string, string>; version: number; created_at: Date; updated_at: Date }>(
      db,
      sql`SELECT id, parameter, "values", version, created_at, updated_at FROM ${table} WHERE project_id = ${project.id} AND dataset = 'pier' ORDER BY id`,
    );
    const blank = Object.fromEntries(Array.from({ length: COLUMNS }, (_, c) => [`Item${c + 1}`, ""]));
    JSON.stringify({
      data: rows.map((r) => ({
        ...blank,
        ...r.values,
        Id: r.id,
        Parameter: r.parameter,
        CreatedAt: r.created_at,
        UpdatedAt: r.updated_at,
        Version: r.version,
      })),
    });
    naive.push(performance.now() - t);
  }
  await closeConnection(connection);

  const server = await startServer(database.env, PORT);
  try {
    const cookie = await logIn(server.url);
    const url = `${server.url}/api/database/pier/fetch-all`;
    const viaServer: number[] = [];
    let plainBytes = 0;
    await get(url, { cookie }); // warm-up: first request compiles nothing, but fills caches
    for (let i = 0; i < RUNS; i++) {
      const res = await get(url, { cookie, "accept-encoding": "identity" });
      if (res.status !== 200) throw new Error(`fetch-all answered ${res.status}`);
      viaServer.push(res.ms);
      plainBytes = res.bytes;
    }
    const gzip = await get(url, { cookie, "accept-encoding": "gzip" });
    const gzipTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) gzipTimes.push((await get(url, { cookie, "accept-encoding": "gzip" })).ms);

    // The browser: first rows drawn, edit mode, filter.
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value!, url: server.url }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __firstRows?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector("[data-row-id]")) {
          requestAnimationFrame(() => (w.__firstRows ??= performance.now()));
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const firstRows: number[] = [];
    const editTimes: number[] = [];
    const filterTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${server.url}/revitpier`);
      await page.waitForSelector("[data-row-id]");
      await page.waitForFunction(() => (window as unknown as { __firstRows?: number }).__firstRows !== undefined);
      firstRows.push(await page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows));

      editTimes.push(
        await page.evaluate(async () => {
          const button = document.querySelector<HTMLButtonElement>('[data-row-id] button[aria-label^="Edit "]')!;
          const t0 = performance.now();
          button.click();
          while (!document.querySelector("[data-testid=edit-row] input")) await new Promise((r) => setTimeout(r, 0));
          await new Promise((r) => requestAnimationFrame(r));
          return performance.now() - t0;
        }),
      );
      await page.keyboard.press("Escape");

      filterTimes.push(
        await page.evaluate(async () => {
          const input = document.querySelector<HTMLInputElement>('input[placeholder="Filter Parameters..."]')!;
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
          const t0 = performance.now();
          setter.call(input, "skewangle01");
          input.dispatchEvent(new Event("input", { bubbles: true }));
          // (No named helpers in here: tsx would wrap them in a __name() the page does not have.)
          while (![...document.querySelectorAll("[data-row-id] [data-column=Parameter]")].every((c) => c.textContent?.startsWith("SkewAngle01"))) {
            await new Promise((r) => setTimeout(r, 0));
          }
          await new Promise((r) => requestAnimationFrame(r));
          return performance.now() - t0;
        }),
      );
    }
    await browser.close();

    const serverMs = median(viaServer);
    const directMs = median(direct);
    printTable(`bench:tables: ${ROWS} rows x ${COLUMNS} columns (${database.url ? "PostgreSQL" : "embedded PGlite"}), medians of ${RUNS}`, [
      ["measure", "result", "target"],
      ["fetch-all through the server (HTTP, identity)", ms(serverMs), ""],
      ["same query + JSON body, direct driver", ms(directMs), ""],
      ["ratio server / direct", (serverMs / directMs).toFixed(2), "<= 1.5"],
      ["naive: rows via driver + flatten + JSON.stringify", ms(median(naive)), ""],
      ["fetch-all through the server (HTTP, gzip)", ms(median(gzipTimes)), ""],
      ["response size on the wire, plain", `${(plainBytes / 1024 / 1024).toFixed(2)} MiB`, ""],
      ["response size on the wire, gzip", `${(gzip.bytes / 1024 / 1024).toFixed(2)} MiB`, ""],
      ["Chromium: navigation to first rows drawn", ms(median(firstRows)), "< 1500 ms"],
      ["Chromium: enter edit mode on a row", ms(median(editTimes)), "< 100 ms"],
      ["Chromium: apply the Parameter filter", ms(median(filterTimes)), "< 100 ms"],
    ]);
  } finally {
    await server.stop();
    await database.drop();
  }
}

await main();
process.exit(0);
