/**
 * `npm run bench:profile-page`: where a table screen's main thread goes while it loads. Seeds the bench table,
 * starts the production server and warms it (four loads in throwaway tabs, as bench:tables' alternating loads do),
 * loads /revitpier in a fresh Chromium tab (BENCH_PROFILE_WARM=1: a warm one) under the CPU profiler and prints the
 * self time per script and per function, and the page's own marks.
 * BENCH_PROFILE_ACTION=filter: the Parameter filter instead, on a loaded tab scrolled to the far corner (as
 * bench:tables times it). BENCH_PROFILE_TRACE=1: Chromium's trace instead, its main-thread events summed by name;
 * BENCH_PROFILE_TRACE=timeline: the page's requests and the main thread's tasks in order. BENCH_PROFILE_OUT=<file>:
 * the profile (or trace) as JSON, e.g. to read against a build's source maps (`productionBrowserSourceMaps`).
 * A tool for finding hot spots, not a benchmark: the profiler slows what it measures.
 */
import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { closeConnection, connect, drizzleFor } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { insertProject, setCurrentProject } from "@/db/queries/projects";
import { insertRows } from "@/db/queries/rows-copy";
import { seedDemo } from "@/lib/demo/seed";
import { filterOurGrid, launch, scrollOurGridToFarCorner, settled, timeUntilPainted, VIEWPORT } from "./browser";
import { benchDatabase, benchTable, ensureBuild, logIn, startServer } from "./support";

type TraceEvent = {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  ts: number;
  args?: { data?: { url?: string; requestId?: string; timing?: { requestTime: number; receiveHeadersEnd: number } } };
};

/**
 * BENCH_PROFILE_TRACE=timeline: the page's requests (asked for, taken up by the network stack, headers, last byte)
 * and the main thread's tasks of 3 ms or more with their longest parts, in ms from the page's own request: where the
 * load waits, and on what.
 */
function printTimeline(events: TraceEvent[], main: number | undefined, pageUrl: string): void {
  const origin = events.findLast((e) => e.name === "ResourceSendRequest" && e.args?.data?.url === pageUrl)?.ts ?? 0;
  const at = (ts: number) => ((ts - origin) / 1000).toFixed(0).padStart(6);
  const requests = new Map<string, { url: string; sent: number; taken?: number; headers?: number; done?: number }>();
  for (const e of events) {
    const data = e.args?.data;
    if (!data?.requestId || e.ts < origin) continue;
    if (e.name === "ResourceSendRequest") requests.set(data.requestId, { url: data.url ?? "", sent: e.ts });
    const request = requests.get(data.requestId);
    if (!request) continue;
    if (e.name === "ResourceReceiveResponse" && data.timing) {
      request.taken = data.timing.requestTime * 1e6;
      request.headers = data.timing.requestTime * 1e6 + data.timing.receiveHeadersEnd * 1000;
    }
    if (e.name === "ResourceFinish") request.done = e.ts;
  }
  console.log("requests (asked, taken up, headers, last byte):");
  for (const r of requests.values()) {
    console.log(
      `${at(r.sent)} ${r.taken ? at(r.taken) : "     -"} ${r.headers ? at(r.headers) : "     -"} ${r.done ? at(r.done) : "     -"}  ${r.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 70)}`,
    );
  }
  console.log("\nmain thread tasks (start, duration, longest parts):");
  const mine = events.filter((e) => e.tid === main && e.ph === "X" && e.dur !== undefined && e.ts >= origin);
  for (const task of mine.filter((e) => /RunTask$/.test(e.name) && e.dur! >= 3000)) {
    const parts = mine
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e.dur! >= 2000 && !/RunTask$/.test(e.name))
      .slice(0, 8)
      .map((e) => `${e.name}${e.args?.data?.url ? `(${e.args.data.url.replace(/^.*\//, "").slice(0, 30)})` : ""} ${(e.dur! / 1000).toFixed(1)}`);
    console.log(`${at(task.ts)} +${(task.dur! / 1000).toFixed(1).padStart(6)} ms  ${parts.join(", ")}`);
  }
}

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
    const url = `${server.url}${process.env.BENCH_PROFILE_PATH ?? "/revitpier"}`;
    const newTab = async () => {
      const context = await browser.newContext({ viewport: VIEWPORT });
      await context.addCookies([{ name: name!, value: value!, url: server.url }]);
      return { context, page: await context.newPage() };
    };
    /** Until a tab shows the working grid's first row. */
    const gridIn = (tab: Page) => tab.waitForSelector('[data-row-id] [data-col="1"]', { timeout: 60_000 });
    // A warm server, as bench:tables measures it: every worker has read the table and loaded the page's code.
    for (let i = 0; i < 4; i++) {
      const warming = await newTab();
      await warming.page.goto(url);
      await gridIn(warming.page);
      await warming.context.close();
    }
    const { context, page } = await newTab();
    const ready = () => gridIn(page);
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
      await browser.startTracing(page, { categories: ["devtools.timeline", "v8", "blink", "loading", "toplevel"] });
      await act();
      const raw = (await browser.stopTracing()).toString("utf8");
      if (process.env.BENCH_PROFILE_OUT) writeFileSync(process.env.BENCH_PROFILE_OUT, raw);
      const trace = JSON.parse(raw) as { traceEvents: TraceEvent[] };
      // The page's main thread: the one that ran the most script (a fresh tab's first document is another process's).
      const scriptTime = new Map<number, number>();
      for (const e of trace.traceEvents)
        if (e.name === "EvaluateScript" || e.name === "FunctionCall") scriptTime.set(e.tid, (scriptTime.get(e.tid) ?? 0) + (e.dur ?? 0));
      const main = [...scriptTime].sort((a, b) => b[1] - a[1])[0]?.[0];
      if (process.env.BENCH_PROFILE_TRACE === "timeline") printTimeline(trace.traceEvents, main, url);
      else {
        const totals = new Map<string, number>();
        for (const e of trace.traceEvents) if (e.tid === main && e.ph === "X" && e.dur) totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
        console.log(
          [...totals]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 40)
            .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`)
            .join("\n"),
        );
      }
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
