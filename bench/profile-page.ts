/**
 * `npm run bench:profile-page`: where a table screen's main thread goes while it loads. Seeds the bench table,
 * starts the production server, loads /revitpier in a fresh Chromium tab (BENCH_PROFILE_WARM=1: a warm one) under
 * the CPU profiler and prints the self time per script and per function, and the page's own marks.
 * BENCH_PROFILE_ACTION=filter: the Parameter filter instead, on a loaded tab scrolled to the far corner (as
 * bench:tables times it). A tool for finding hot spots, not a benchmark: the profiler slows what it measures.
 */
import { writeFileSync } from "node:fs";
import { closeConnection, connect, drizzleFor } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { insertProject, setCurrentProject } from "@/db/queries/projects";
import { insertRows } from "@/db/queries/rows-copy";
import { seedDemo } from "@/lib/demo/seed";
import { filterOurGrid, launch, scrollOurGridToFarCorner, settled, timeUntilPainted, VIEWPORT } from "./browser";
import { benchDatabase, benchTable, ensureBuild, logIn, startServer } from "./support";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };

async function main() {
  ensureBuild();
  const database = await benchDatabase("pontifex_bench_profile");
  const connection = connect({ databaseUrl: database.url, pgliteDir: database.env.PGLITE_DIR });
  await migrateDatabase(connection, async (db) => void (await seedDemo(db)));
  const db = drizzleFor(connection);
  const demo = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "demo@pontifex.dev") });
  const project = await insertProject(`Profile ${Date.now()}`, demo!.id, db);
  await setCurrentProject(demo!.id, project.id, db);
  await insertRows({ projectId: project.id, dataset: "pier" }, benchTable(), db);
  await closeConnection(connection);
  const server = await startServer(database.env, Number(process.env.BENCH_PORT ?? 3391));
  const browser = await launch();
  try {
    const [name, value] = (await logIn(server.url)).split("=");
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addCookies([{ name: name!, value: value!, url: server.url }]);
    const page = await context.newPage();
    const url = `${server.url}${process.env.BENCH_PROFILE_PATH ?? "/revitpier"}`;
    const ready = () => page.waitForSelector('[data-row-id] [data-col="1"]', { timeout: 60_000 });
    const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    const filtering = process.env.BENCH_PROFILE_ACTION === "filter";
    if (process.env.BENCH_PROFILE_WARM || filtering) {
      await page.goto(url);
      await ready();
    }
    if (filtering) {
      await settled(page);
      await scrollOurGridToFarCorner(page);
      await settle();
    }
    /** What is profiled: the page's load, or the filter until the matching rows are drawn. */
    const act = filtering
      ? async () => console.log(`filter drawn after ${(await timeUntilPainted(page, () => filterOurGrid(page), "SkewAngle01")).toFixed(1)} ms`)
      : async () => {
          await page.goto(url, { waitUntil: "commit" });
          await ready();
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
        };
    if (process.env.BENCH_PROFILE_TRACE) {
      // Blink's own work (style, layout, paint, parsing) by event name, which the JS profiler lumps into "(program)".
      await browser.startTracing(page, { categories: ["devtools.timeline", "v8", "blink", "loading"] });
      await act();
      const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as {
        traceEvents: { name: string; ph: string; dur?: number; tid: number; ts: number }[];
      };
      const main = trace.traceEvents.find((e) => ["ParseHTML", "EvaluateScript", "EventDispatch"].includes(e.name))?.tid;
      const totals = new Map<string, number>();
      for (const e of trace.traceEvents) if (e.tid === main && e.ph === "X" && e.dur) totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
      console.log(
        [...totals]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 40)
          .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`)
          .join("\n"),
      );
      return;
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    const t0 = Date.now();
    await act();
    const wall = Date.now() - t0;
    const { profile } = (await cdp.send("Profiler.stop")) as {
      profile: { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
    };
    if (process.env.BENCH_PROFILE_OUT) writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    const perScript = new Map<string, number>();
    const perFunction = new Map<string, number>();
    for (const [id, t] of self) {
      const f = byId.get(id)!.callFrame;
      const script = f.url.replace(/^.*\/_next\/static\/chunks\//, "") || `(${f.functionName || "program"})`;
      perScript.set(script, (perScript.get(script) ?? 0) + t);
      const fn = `${f.functionName || "(anonymous)"} ${script}:${f.lineNumber}`;
      perFunction.set(fn, (perFunction.get(fn) ?? 0) + t);
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`)
        .join("\n");
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === "(idle)").reduce((a, [, t]) => a + t, 0);
    console.log(`wall ${wall} ms; profiled ${total.toFixed(0)} ms, not idle ${(total - idle).toFixed(0)} ms`);
    console.log(`\nper script:\n${top(perScript, 15)}\n\nper function:\n${top(perFunction, 40)}`);
    const marks = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((e) => e.name.includes("rows") || e.name.endsWith(".js"))
        .map(
          (e) =>
            `${e.startTime.toFixed(0).padStart(6)} .. ${e.responseEnd.toFixed(0).padStart(6)}  ${e.encodedBodySize.toString().padStart(8)}  ${e.name.replace(/^.*\//, "")}`,
        ),
    );
    console.log(`\nresources (start .. end ms, bytes):\n${marks.join("\n")}`);
    const navigation = await page.evaluate(() => {
      const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return `page: first byte ${n.responseStart.toFixed(0)} ms, last byte ${n.responseEnd.toFixed(0)} ms (${n.encodedBodySize} bytes), DOM interactive ${n.domInteractive.toFixed(0)} ms, load ${n.loadEventEnd.toFixed(0)} ms`;
    });
    console.log(navigation);
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
  }
}

await main();
process.exit(0);
