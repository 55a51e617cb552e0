/**
 * `npm run bench:goals`: the performance goals of issue 31 in one table. Runs bench:tables, bench:load (paced, then
 * saturation) and bench:relay one after the other (each prints its own tables too), then sets each of our figures
 * beside its anchor from the same run (AG Grid's page, a bare `ws` send) or beside the goal. Takes about 12 minutes.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ms, printTable } from "./support";

const file = path.join(mkdtempSync(path.join(os.tmpdir(), "pontifex-goals-")), "figures.jsonl");
const runs: [script: string, env: Record<string, string>][] = [
  ["bench:tables", { BENCH_RUNS: process.env.BENCH_RUNS ?? "5" }],
  ["bench:load", { BENCH_SECONDS: "60", BENCH_THINK_MS: "2000" }],
  ["bench:load", { BENCH_SECONDS: "30", BENCH_THINK_MS: "0" }],
  ["bench:relay", {}],
];
const started = new Date();
for (const [script, env] of runs) {
  const result = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit", env: { ...process.env, ...env, BENCH_JSON: file } });
  if (result.status !== 0) throw new Error(`${script} failed (${result.status})`);
}

const figures = new Map<string, Record<string, number>>();
for (const line of readFileSync(file, "utf8").trim().split("\n")) {
  const { bench, ...rest } = JSON.parse(line) as { bench: string } & Record<string, number>;
  figures.set(bench, rest);
}
const t = figures.get("tables")!;
const paced = figures.get("load-paced")!;
const saturation = figures.get("load-saturation")!;
const relay = figures.get("relay")!;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const met = (ok: boolean) => (ok ? "met" : "NOT met");
const ratioRow = (measure: string, ours: number, anchor: number, goal: number, unit = ms): string[] => [
  measure,
  unit(ours),
  unit(anchor),
  (ours / anchor).toFixed(2),
  `<= ${goal.toFixed(1)}`,
  met(ours / anchor <= goal),
];

printTable(
  `bench:goals: issue 31's goals, ${started.toISOString().slice(0, 16).replace("T", " ")} UTC, ${process.env.BENCH_WORKERS ?? os.availableParallelism()} server worker(s), load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
  [
    ["measure", "ours", "anchor", "ratio", "goal", ""],
    ratioRow("first row seen / AG Grid's first row (fresh tab)", t.firstRowFresh!, t.agFirstRowFresh!, 0.5),
    ratioRow("first row seen / AG Grid's first row (warm tab)", t.firstRowWarm!, t.agFirstRowWarm!, 0.5),
    ratioRow("working grid's first row / AG Grid's (fresh tab)", t.gridFresh!, t.agFirstRowFresh!, 1),
    ratioRow("working grid's first row / AG Grid's (warm tab)", t.gridWarm!, t.agFirstRowWarm!, 1),
    ratioRow("far scroll to the last cell / AG Grid's", t.scroll!, t.agScroll!, 1),
    ["Parameter filter to rows drawn (AG Grid's beside it)", ms(t.filter), ms(t.agFilter), "", "< 30 ms", met(t.filter! < 30)],
    ["JavaScript before the grid's rows, /revitpier (wire)", kb(t["js:/revitpier"]!), "", "", "<= 150 KB", met(t["js:/revitpier"]! <= 150 * 1024)],
    ["the same for /midas/chatbot", kb(t["js:/midas/chatbot"]!), "", "", "<= 200 KB", met(t["js:/midas/chatbot"]! <= 200 * 1024)],
    [
      "saturation (100 clients, no think time), requests/s",
      saturation.requestsPerSecond!.toFixed(0),
      "180 (2026-11-23)",
      (saturation.requestsPerSecond! / 180).toFixed(2),
      ">= 360",
      met(saturation.requestsPerSecond! >= 360),
    ],
    ["  edit p99 at saturation", ms(saturation.editP99), "", "", "< 250 ms", met(saturation.editP99! < 250)],
    ["paced 100 users, edit p99", ms(paced.editP99), "", "", "<= 30 ms", met(paced.editP99! <= 30)],
    ratioRow("push of 2,000 x 300 / bare ws, same bytes", relay.pushMs!, relay.bareMs!, 1.2),
    ratioRow("  the same, every worker having answered the table", relay.heldPushMs!, relay.heldBareMs!, 1.2),
  ],
);
if (saturation.errors || paced.errors) console.log(`errors: ${paced.errors} paced, ${saturation.errors} at saturation`);
