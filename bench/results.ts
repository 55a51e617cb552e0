/**
 * `npm run bench:results`: a 12-span girder of 10 elements a span, 13
 * supports with 4 piles of 5 elements under each pier, 20 cases and
 * combinations (every fifth an envelope, giving a max and a min series), stored
 * as the analysis stores them. Measured after the results are stored:
 *
 *  - the chart data of each page computed from the stored table (no React);
 *  - the JSON answer of GET /api/projects/{id}/midas/results/{kind} through the server;
 *  - in headless Chromium: navigation to each results page until its chart is
 *    drawn, and switching to every case ("All") until it is drawn again.
 */
import { chromium } from "@playwright/test";
import { closeConnection, connect, drizzleFor } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { insertProject, setCurrentProject } from "@/db/queries/projects";
import { saveResults } from "@/db/queries/midas";
import { seedDemo } from "@/lib/demo/seed";
import type { KeyPoint, StoredResultData } from "@/lib/midas/analysis";
import type { ResultKind } from "@/lib/midas/results";
import { extremesBy, girderLines, groupedBars, keyPointValues, lineEnvelope } from "@/lib/midas/results-series";
import { filterCases, tableCases } from "@/lib/midas/results-view";
import { benchDatabase, ensureBuild, logIn, median, ms, printTable, startServer } from "./support";

const SPANS = 12;
const ELEMENTS = 10;
const SPAN_LENGTH = 40;
const CASES = 20;
const PILES = 4;
const PILE_ELEMENTS = 5;
const RUNS = 5;
const PORT = Number(process.env.BENCH_PORT ?? 3612);

const round = (v: number) => Math.round(v * 1e4) / 1e4;

/** The load labels: 20 cases, every fifth an envelope (max and min). */
function loads(): string[] {
  const out: string[] = [];
  for (let c = 0; c < CASES; c++) {
    const name = c < 5 ? ["DL", "SDL", "PS", "TEMP", "SHR"][c]! : `ULS${c - 4}`;
    if (c % 5 === 4) out.push(`${name}(max)`, `${name}(min)`);
    else out.push(name);
  }
  return out;
}

function supports(): { name: string; chainage: number }[] {
  return Array.from({ length: SPANS + 1 }, (_, i) => ({ name: i === 0 ? "Abutment A" : i === SPANS ? "Abutment B" : `Pier ${i}`, chainage: i * SPAN_LENGTH }));
}

function data(kind: ResultKind): StoredResultData {
  const L = loads();
  const units = { force: "kN", length: "m" };
  const rows: (string | number)[][] = [];
  const f = (l: number, k: number) => round(Math.sin(l * 1.3 + k * 0.7) * 1000 + l * 50);
  if (kind === "reaction") {
    supports().forEach((s, k) =>
      L.forEach((load, l) => rows.push([s.name, s.chainage, load, f(l, k) / 10, f(l, k + 1) / 10, 2000 + f(l, k), f(l, k + 2), f(l, k + 3), f(l, k + 4), 4])),
    );
    return { units, columns: ["Support", "Chainage", "Load", "FX", "FY", "FZ", "MX", "MY", "MZ", "Nodes"], rows, cases: [], missing: [] };
  }
  if (kind === "bearing") {
    supports().forEach((s, k) =>
      L.forEach((load, l) => {
        const v = f(l, k) + 300;
        rows.push([s.name, s.chainage, 1000 + k, load, v, f(l, k + 1) / 10, f(l, k + 2) / 10, k === 0 ? "Fixed" : "Sliding", v < 0 ? "yes" : "no"]);
      }),
    );
    return {
      units,
      columns: ["Support", "Chainage", "Link", "Load", "Vertical", "Longitudinal", "Transverse", "Fixity", "Uplift"],
      rows,
      cases: [],
      missing: [],
    };
  }
  if (kind === "girder") {
    const size = SPAN_LENGTH / ELEMENTS;
    for (let e = 0; e < SPANS * ELEMENTS; e++) {
      for (const part of ["I", "J"]) {
        const x = (e + (part === "J" ? 1 : 0)) * size;
        const local = x % SPAN_LENGTH;
        L.forEach((load, l) => {
          const w = 100 + l * 7;
          const moment = round((w * local * (SPAN_LENGTH - local)) / 2 - (w * SPAN_LENGTH ** 2) / 10);
          const shear = round(w * (SPAN_LENGTH / 2 - local));
          rows.push([e + 1, Math.floor(e / ELEMENTS) + 1, part, x, load, f(l, e) / 100, shear, moment, f(l, e) / 50]);
        });
      }
    }
    const keyPoints: KeyPoint[] = [];
    for (let s = 0; s <= SPANS; s++) {
      keyPoints.push({ label: supports()[s]!.name, chainage: s * SPAN_LENGTH, elem: Math.max(1, s * ELEMENTS), part: s === 0 ? "I" : "J" });
      if (s < SPANS) keyPoints.push({ label: `Span ${s + 1} mid`, chainage: s * SPAN_LENGTH + SPAN_LENGTH / 2, elem: s * ELEMENTS + ELEMENTS / 2, part: "J" });
    }
    return { units, columns: ["Elem", "Span", "Part", "Chainage", "Load", "Axial", "Shear", "Moment", "Torsion"], rows, cases: [], missing: [], keyPoints };
  }
  let elem = 10_000;
  supports()
    .slice(1, -1)
    .forEach((s, k) => {
      for (let p = 0; p < PILES; p++) {
        for (let e = 0; e < PILE_ELEMENTS; e++) {
          elem++;
          for (const part of ["I", "J"]) {
            L.forEach((load, l) =>
              rows.push([
                s.name,
                "PG-1",
                `R${Math.floor(p / 2) + 1}C${(p % 2) + 1}`,
                elem,
                part,
                (e + (part === "J" ? 1 : 0)) * 3,
                load,
                -f(l, k) - 2000,
                ...[1, 2, 3, 4, 5].map((j) => f(l, k + j + e) / 10),
              ]),
            );
          }
        }
      }
    });
  return {
    units,
    columns: ["Support", "PileGroup", "Pile", "Elem", "Part", "Depth", "Load", "Axial", "ShearY", "ShearZ", "Torsion", "MomentY", "MomentZ"],
    rows,
    cases: [],
    missing: [],
  };
}

/** What each page computes from its table for its chart and side tables (three cases chosen, as a page opens). */
function pageData(kind: ResultKind, table: StoredResultData, chosen: string[]): number {
  const t = filterCases(table, chosen);
  switch (kind) {
    case "reaction":
      return groupedBars(t, ["Support"], "FZ").data.length + extremesBy(t, "Support", "FZ").length;
    case "bearing":
      return groupedBars(t, ["Support"], "Vertical").data.length;
    case "girder": {
      const { lines } = girderLines(t, "Moment");
      return lineEnvelope(lines).max.length + keyPointValues(t, table.keyPoints ?? []).length;
    }
    case "pile":
      return groupedBars(t, ["Support"], "Axial").data.length;
  }
}

const PAGES: Record<ResultKind, string> = {
  reaction: "/midas/midasresultreaction",
  bearing: "/midas/midasresultbearing",
  girder: "/midas/midasresultgirder",
  pile: "/midas/midasresultpile",
};

async function main() {
  ensureBuild();
  const database = await benchDatabase("pontifex_bench_results");
  const connection = connect({ databaseUrl: database.url, pgliteDir: database.env.PGLITE_DIR });
  await migrateDatabase(connection, async (db) => {
    await seedDemo(db);
  });
  const db = drizzleFor(connection);
  const demo = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "demo@pontifex.dev") });
  const project = await insertProject(`Bench results ${Date.now()}`, demo!.id, db);
  await setCurrentProject(demo!.id, project.id, db);
  const kinds = Object.keys(PAGES) as ResultKind[];
  const tables = {} as Record<ResultKind, StoredResultData>;
  for (const kind of kinds) {
    const table = data(kind);
    table.cases = tableCases(table);
    tables[kind] = table;
    await saveResults(
      {
        projectId: project.id,
        kind,
        analysisId: null,
        buildId: null,
        fetchedBy: demo!.id,
        source: "analysis",
        data: table as unknown as Record<string, unknown>,
      },
      db,
    );
  }
  await closeConnection(connection);

  const compute: Record<string, number[]> = {};
  for (const kind of kinds) {
    compute[kind] = [];
    for (let i = 0; i < RUNS * 4; i++) {
      const t0 = performance.now();
      pageData(kind, tables[kind], tables[kind].cases.slice(0, 3));
      pageData(kind, tables[kind], tables[kind].cases);
      compute[kind].push(performance.now() - t0);
    }
  }

  const server = await startServer(database.env, PORT);
  const apiTimes: Record<string, number[]> = {};
  const bytes: Record<string, number> = {};
  const first: Record<string, number[]> = {};
  const all: Record<string, number[]> = {};
  const ttfb: Record<string, number[]> = {};
  try {
    const cookie = await logIn(server.url);
    for (const kind of kinds) {
      apiTimes[kind] = [];
      const url = `${server.url}/api/projects/${project.id}/midas/results/${kind}`;
      await fetch(url, { headers: { cookie, origin: server.url } });
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { headers: { cookie, origin: server.url } });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
        apiTimes[kind].push(performance.now() - t0);
        bytes[kind] = text.length;
      }
    }

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value!, url: server.url }]);
    const page = await context.newPage();
    for (const kind of kinds) {
      first[kind] = [];
      all[kind] = [];
      ttfb[kind] = [];
      for (let i = 0; i < RUNS + 1; i++) {
        const t0 = Date.now();
        await page.goto(`${server.url}${PAGES[kind]}`);
        await page.waitForSelector("[data-slot=chart] .recharts-surface");
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
        const loaded = Date.now() - t0;
        const served = await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseEnd);
        const switched = await page.evaluate(async () => {
          const button = [...document.querySelectorAll<HTMLButtonElement>("[data-testid=case-choice] button")].find((b) => b.textContent === "All")!;
          const t = performance.now();
          button.click();
          while (document.querySelectorAll("[data-testid=case-choice] input:not(:checked)").length > 0) await new Promise((r) => setTimeout(r, 0));
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          return performance.now() - t;
        });
        // The first navigation warms the server and the browser's cache of the chart code.
        if (i > 0) {
          first[kind].push(loaded);
          ttfb[kind].push(served);
          all[kind].push(switched);
        }
      }
    }
    await browser.close();
  } finally {
    await server.stop();
    await database.drop();
  }

  const rows = kinds.map((kind) => [
    kind,
    String(tables[kind].rows.length),
    ms(median(compute[kind]!)),
    `${ms(median(apiTimes[kind]!))} (${(bytes[kind]! / 1024).toFixed(0)} KiB)`,
    `${ms(median(first[kind]!))} (page served in ${ms(median(ttfb[kind]!))})`,
    ms(median(all[kind]!)),
  ]);
  printTable(
    `bench:results: ${SPANS} spans x ${ELEMENTS} elements, ${CASES} cases/combinations (${database.url ? "PostgreSQL" : "embedded PGlite"}), medians of ${RUNS}; target: each page drawn in < 1000 ms`,
    [
      ["page", "rows stored", "chart data (3 cases + all)", "GET results (JSON)", "Chromium: navigation to chart drawn", "Chromium: switch to all 20 cases"],
      ...rows,
    ],
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
