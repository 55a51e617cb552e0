/**
 * `npm run bench:tables`: a 2,000 x 300 pier table, measured end to end.
 *
 *  - The server against the driver, like with like: a fetch-all right after
 *    a write (the server must read the table) against the same read and JSON
 *    body straight through `pg`; the cached path (table unchanged) on its own
 *    row, compared with nothing.
 *  - The size of each answer on the wire.
 *  - In one headless Chromium run, our /revitpier and a MIDAS table's screen
 *    (the same 2,000 x 300 rows in midaspsc, read through the project-scoped
 *    route) against AG Grid Community showing the same bytes
 *    (bench/ag-grid-page.ts), alternating, on a fresh tab and on a warm one:
 *    first data row painted, the data request, script time, first-load
 *    JavaScript, a far scroll and the Parameter filter.
 *  - The first-load JavaScript of the main pages.
 */
import http from "node:http";
import type { Page } from "@playwright/test";
import { and, eq, sql } from "drizzle-orm";
import { closeConnection, connect, drizzleFor } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { insertProject, setCurrentProject } from "@/db/queries/projects";
import { insertRows } from "@/db/queries/rows-copy";
import { datasetStates } from "@/db/schema";
import { seedDemo } from "@/lib/demo/seed";
import { fetchAllJson } from "@/lib/datasets/answers";
import { readTableSnapshot } from "@/lib/datasets/snapshot";
import { AG_ROW_SELECTOR, startAgGridServer } from "./ag-grid-page";
import {
  filterOurGrid,
  firstLoadScriptBytes,
  launch,
  type Load,
  measureLoad,
  newSideContext,
  scrollOurGridToFarCorner,
  settled,
  type Side,
  timeUntilPainted,
} from "./browser";
import {
  BENCH_COLUMNS as COLUMNS,
  BENCH_ROWS as ROWS,
  benchDatabase,
  benchTable,
  ensureBuild,
  logIn,
  median,
  ms,
  printTable,
  recordFigures,
  startServer,
} from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const MIDAS_DATASET = "midaspsc" as const;
const PORT = Number(process.env.BENCH_PORT ?? 3311);
const AG_PORT = PORT + 1;

function get(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number; status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ ms: performance.now() - started, bytes: body.length, status: res.statusCode ?? 0, body });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const ratio = (ours: number, theirs: number) => (Number.isFinite(ours / theirs) ? (ours / theirs).toFixed(2) : "-");

async function main() {
  ensureBuild();
  const database = await benchDatabase("pontifex_bench_tables");
  console.log(`Seeding ${ROWS} x ${COLUMNS} into pier (${database.url ? "PostgreSQL" : "embedded database"})...`);
  const connection = connect({ databaseUrl: database.url, pgliteDir: database.env.PGLITE_DIR });
  await migrateDatabase(connection, async (db) => {
    await seedDemo(db);
  });
  const db = drizzleFor(connection);
  const demo = await db.query.users.findFirst({ where: (u, { eq: is }) => is(u.email, "demo@pontifex.dev") });
  const project = await insertProject(`Bench ${Date.now()}`, demo!.id, db);
  await setCurrentProject(demo!.id, project.id, db);
  const benchRef = { projectId: project.id, dataset: "pier" as const };
  await insertRows(benchRef, benchTable(), db);
  // The same rows in a MIDAS table: its screen and routes are the project-scoped ones.
  await insertRows({ projectId: project.id, dataset: MIDAS_DATASET }, benchTable(), db);

  // The driver alone: the table read (no cache) and the fetch-all body built, as the server does after a write.
  const direct: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const body = fetchAllJson(await readTableSnapshot(benchRef, db));
    direct.push(performance.now() - t);
    if (body.length < 10) throw new Error("empty");
  }
  // The embedded database belongs to one process: the server's, from here on.
  const shared = Boolean(database.url);
  if (!shared) await closeConnection(connection);
  /** A write by someone else, as the server sees it: the table's revision moves on, so its cached snapshot is stale. */
  const touch = (dataset: string = "pier") =>
    db
      .update(datasetStates)
      .set({ revision: sql`${datasetStates.revision} + 1` })
      .where(and(eq(datasetStates.projectId, project.id), eq(datasetStates.dataset, dataset)));

  const server = await startServer(database.env, PORT);
  let agGrid: Awaited<ReturnType<typeof startAgGridServer>> | undefined;
  const browser = await launch();
  try {
    const cookie = await logIn(server.url);
    const fetchAll = `${server.url}/api/database/pier/fetch-all`;
    // AG Grid's page gets the columns form (each row an array: what its grid takes, its best case); our screen the lines.
    const screenRows = `${server.url}/api/projects/${project.id}/datasets/pier/rows?format=columns`;
    const screenLines = `${server.url}/api/projects/${project.id}/datasets/pier/rows?format=lines`;
    const scopedRows = `${server.url}/api/projects/${project.id}/datasets/${MIDAS_DATASET}/rows`;
    const identity = { cookie, "accept-encoding": "identity" };
    const gzip = { cookie, "accept-encoding": "gzip" };

    const afterWrite: number[] = [];
    const scopedAfterWrite: number[] = [];
    if (shared) {
      for (let i = 0; i < RUNS; i++) {
        await touch();
        const res = await get(fetchAll, identity);
        if (res.status !== 200) throw new Error(`fetch-all answered ${res.status}`);
        afterWrite.push(res.ms);
        await touch(MIDAS_DATASET);
        const scoped = await get(scopedRows, identity);
        if (scoped.status !== 200) throw new Error(`project-scoped rows answered ${scoped.status}`);
        scopedAfterWrite.push(scoped.ms);
      }
    }
    await get(fetchAll, gzip); // builds the gzip of this revision
    const sample = async (url: string, headers: Record<string, string>) => {
      const times: number[] = [];
      let last = await get(url, headers);
      for (let i = 0; i < RUNS; i++) times.push((last = await get(url, headers)).ms);
      if (last.status !== 200) throw new Error(`${url} answered ${last.status}`);
      return { ms: median(times), bytes: last.bytes, body: last.body };
    };
    const cachedPlain = await sample(fetchAll, identity);
    const cachedGzip = await sample(fetchAll, gzip);
    const compactPlain = await sample(screenRows, identity);
    const compactGzip = await sample(screenRows, gzip);
    const linesPlain = await sample(screenLines, identity);
    const linesGzip = await sample(screenLines, gzip);
    const scopedPlain = await sample(scopedRows, identity);
    const scopedGzip = await sample(scopedRows, gzip);

    // ---------------------------------------------------------------- our screen and AG Grid, side by side
    agGrid = await startAgGridServer(compactPlain.body, AG_PORT);
    const [cookieName, cookieValue] = cookie.split("=");
    const maxIdOf = (body: Buffer) => Math.max(...(JSON.parse(body.toString("utf8")) as { rows: unknown[][] }).rows.map((r) => Number(r[0])));
    const maxIds = {
      pier: maxIdOf(compactPlain.body),
      [MIDAS_DATASET]: maxIdOf((await get(scopedRows.replace("/rows", "/rows?format=columns"), identity)).body),
    };
    /** One of our table screens: they share the grid, so the same selectors and gestures. */
    const screen = (path: string, dataset: keyof typeof maxIds): Side => ({
      name: path,
      url: `${server.url}${path}`,
      // The first value cell (data-col counts Parameter as 0), of the server-rendered first screenful or of the grid.
      rowSelector: '[data-first-screen-row-id] [data-first-screen-col="1"], [data-row-id] [data-col="1"]',
      gridSelector: '[data-row-id] [data-col="1"]',
      dataUrlPart: `/datasets/${dataset}/rows?format=lines`,
      cookies: [{ name: cookieName!, value: cookieValue!, url: server.url }],
      farScroll: async (page) => {
        await scrollOurGridToFarCorner(page);
        return `[data-row-id="${maxIds[dataset]}"] [data-col="${COLUMNS}"]`;
      },
      filter: filterOurGrid,
    });
    const ours = screen("/revitpier", "pier");
    const midas = screen(`/midas/${MIDAS_DATASET}`, MIDAS_DATASET);
    const ag: Side = {
      name: "AG Grid page",
      url: `${agGrid.url}/grid`,
      rowSelector: AG_ROW_SELECTOR,
      gridSelector: AG_ROW_SELECTOR,
      dataUrlPart: "/rows.json",
      farScroll: async (page) => {
        const [index, column] = await page.evaluate(() => {
          const w = window as unknown as {
            __grid: { ensureIndexVisible: (i: number, p: string) => void; ensureColumnVisible: (c: string, p: string) => void };
            __rowCount: number;
            __lastColumn: string;
          };
          w.__grid.ensureIndexVisible(w.__rowCount - 1, "bottom");
          w.__grid.ensureColumnVisible(w.__lastColumn, "end");
          return [w.__rowCount - 1, w.__lastColumn] as const;
        });
        return `.ag-row[row-index="${index}"] [col-id="${column}"]`;
      },
      filter: async (page) => {
        await page.evaluate(() => {
          const w = window as unknown as { __grid: { setColumnFilterModel: (c: string, m: unknown) => Promise<void>; onFilterChanged: () => void } };
          void w.__grid
            .setColumnFilterModel("Parameter", { filterType: "text", type: "contains", filter: "skewangle01" })
            .then(() => w.__grid.onFilterChanged());
        });
        return '.ag-row [col-id="Parameter"]';
      },
    };

    type Figures = { fresh: Load[]; warm: Load[]; scroll: number[]; filter: number[] };
    const sides = [ours, midas, ag];
    const figures = new Map<Side, Figures>(sides.map((side) => [side, { fresh: [], warm: [], scroll: [], filter: [] }]));
    const warmPages = new Map<Side, Page>();
    for (const side of sides) {
      const page = await (await newSideContext(browser, side)).newPage();
      await measureLoad(page, side); // fills its cache
      warmPages.set(side, page);
    }
    const editTimes: number[] = [];
    console.log(`Chromium: ${RUNS} alternating navigations per side, fresh and warm...`);
    for (let i = 0; i < RUNS; i++) {
      for (const side of sides) {
        const f = figures.get(side)!;
        const context = await newSideContext(browser, side);
        const page = await context.newPage();
        f.fresh.push(await measureLoad(page, side));
        await context.close();

        const warm = warmPages.get(side)!;
        f.warm.push(await measureLoad(warm, side));
        // The scroll and the filter on a page done loading (our screen fetches its editing code once idle).
        await settled(warm);
        f.scroll.push(await timeUntilPainted(warm, () => side.farScroll(warm)));
        await warm.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
        f.filter.push(await timeUntilPainted(warm, () => side.filter(warm), "SkewAngle01"));
        if (side === ours) {
          editTimes.push(await enterEditMode(warm));
          await warm.keyboard.press("Escape");
        }
      }
    }

    const pages = ["/login", "/", "/revitpier", "/midas/midassetup", "/calculations/concreteshear", "/midas/chatbot"];
    const pageBytes: [string, number][] = [];
    for (const path of pages) {
      const signedOut = path === "/login";
      pageBytes.push([path, await firstLoadScriptBytes(browser, `${server.url}${path}`, signedOut ? undefined : ours.cookies)]);
    }

    // ---------------------------------------------------------------- report
    const serverAfterWrite = median(afterWrite);
    const directMs = median(direct);
    const db_ = database.url ? "PostgreSQL" : "embedded PGlite";
    printTable(`bench:tables: ${ROWS} rows x ${COLUMNS} columns (${db_}), server side, medians of ${RUNS}`, [
      ["measure", "result", "target"],
      ["fetch-all through the server right after a write (table read from the database)", shared ? ms(serverAfterWrite) : "-", ""],
      ["the same read and JSON body straight through the driver (no server, no cache)", ms(directMs), ""],
      ["ratio server / driver (like with like)", shared ? ratio(serverAfterWrite, directMs) : "-", "<= 1.5"],
      ["fetch-all through the server, table unchanged (cached snapshot), identity", ms(cachedPlain.ms), ""],
      ["the same, gzip", ms(cachedGzip.ms), ""],
      ["?format=columns (AG Grid's page reads this), table unchanged, identity / gzip", `${ms(compactPlain.ms)} / ${ms(compactGzip.ms)}`, ""],
      ["the screen's ?format=lines, table unchanged, identity / gzip", `${ms(linesPlain.ms)} / ${ms(linesGzip.ms)}`, ""],
      ["fetch-all on the wire, plain / gzip", `${mib(cachedPlain.bytes)} / ${mib(cachedGzip.bytes)}`, ""],
      ["?format=columns on the wire, plain / gzip", `${mib(compactPlain.bytes)} / ${mib(compactGzip.bytes)}`, ""],
      ["?format=lines on the wire, plain / gzip", `${mib(linesPlain.bytes)} / ${mib(linesGzip.bytes)}`, ""],
      [`project-scoped rows of ${MIDAS_DATASET} right after a write / unchanged`, shared ? `${ms(median(scopedAfterWrite))} / ${ms(scopedPlain.ms)}` : "-", ""],
      [`  the same, gzip (unchanged)`, ms(scopedGzip.ms), ""],
    ]);

    const a = figures.get(ag)!;
    const o = figures.get(ours)!;
    const medianOf = (list: Load[], pick: (l: Load) => number) => median(list.map(pick));
    recordFigures("tables", {
      firstRowFresh: medianOf(o.fresh, (l) => l.firstRow),
      firstRowWarm: medianOf(o.warm, (l) => l.firstRow),
      gridFresh: medianOf(o.fresh, (l) => l.gridReady),
      gridWarm: medianOf(o.warm, (l) => l.gridReady),
      scroll: median(o.scroll),
      filter: median(o.filter),
      agFirstRowFresh: medianOf(a.fresh, (l) => l.firstRow),
      agFirstRowWarm: medianOf(a.warm, (l) => l.firstRow),
      agScroll: median(a.scroll),
      agFilter: median(a.filter),
      ...Object.fromEntries(pageBytes.map(([path, bytes]) => [`js:${path}`, bytes])),
    });
    for (const side of [ours, midas]) {
      const o = figures.get(side)!;
      const row = (label: string, pick: (f: Figures) => number[], unit: (n: number) => string = ms) => {
        const x = median(pick(o));
        const y = median(pick(a));
        return [label, unit(x), unit(y), ratio(x, y)];
      };
      printTable(`bench:tables: ${side.name} against AG Grid Community 36 on the same bytes, one Chromium run, medians of ${RUNS} alternating navigations`, [
        ["measure (median)", side.name, "AG Grid page", "ratio"],
        row("fresh tab: navigation -> first data row painted", (f) => f.fresh.map((l) => l.firstRow)),
        row("warm tab: navigation -> first data row painted", (f) => f.warm.map((l) => l.firstRow)),
        row("fresh tab: navigation -> working grid's first row painted", (f) => f.fresh.map((l) => l.gridReady)),
        row("warm tab: navigation -> working grid's first row painted", (f) => f.warm.map((l) => l.gridReady)),
        row("data request starts after navigation (fresh)", (f) => f.fresh.map((l) => l.requestStart)),
        row("data request duration (fresh)", (f) => f.fresh.map((l) => l.requestMs)),
        row("JSON received -> working grid's first row painted (fresh)", (f) => f.fresh.map((l) => l.receivedToRow)),
        row("scroll to the far right and bottom -> last cell painted", (f) => f.scroll),
        row("Parameter filter -> matching rows painted", (f) => f.filter),
        row("data request starts after navigation (warm)", (f) => f.warm.map((l) => l.requestStart)),
        row("data request duration (warm)", (f) => f.warm.map((l) => l.requestMs)),
        row("JSON received -> working grid's first row painted (warm)", (f) => f.warm.map((l) => l.receivedToRow)),
        row("main-thread script during load (fresh)", (f) => f.fresh.map((l) => l.scriptMs)),
        row("main-thread script during load (warm)", (f) => f.warm.map((l) => l.scriptMs)),
        row("first-load JS on the wire (fresh)", (f) => f.fresh.map((l) => l.scriptBytes), kb),
      ]);
    }
    printTable("bench:tables: our screen alone", [
      ["measure", "result", "target"],
      ["enter edit mode on a row", ms(median(editTimes)), "< 50 ms"],
    ]);
    printTable("bench:tables: first-load JavaScript per page (fresh tab, compressed, on the wire)", [
      ["page", "JavaScript", "target"],
      ...pageBytes.map(([path, bytes]) => [path, kb(bytes), path === "/login" || path === "/" ? "< 150 KB" : "<= 150 KB"]),
    ]);
  } finally {
    await browser.close();
    await agGrid?.close();
    await server.stop();
    if (shared) await closeConnection(connection);
    await database.drop();
  }
}

/** Clicks a row's Edit button and waits for its inputs to be painted. */
function enterEditMode(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const button = document.querySelector<HTMLButtonElement>('[data-row-id] button[aria-label^="Edit "]')!;
    const t0 = performance.now();
    button.click();
    while (!document.querySelector("[data-testid=edit-row] input")) await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - t0;
  });
}

await main();
process.exit(0);
