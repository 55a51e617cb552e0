/**
 * `npm run bench:live`: what an engineer pasting into a 2,000 x 300 table, and
 * a colleague with the same table open, wait for; and a long row history.
 *
 *  - save: PATCH .../rows with a 50 x 20 block (50 rows, 20 cells each, every
 *    Version checked), from the request to the answer;
 *  - seen on the second browser: from the same request until the colleague's
 *    open events stream (GET .../events) delivers the `rows` event, and until
 *    the colleague's table has loaded again (what the screen does then);
 *  - the history of a row with 1,000 versions (GET .../rows/{id}/history).
 *
 * Measured at the HTTP API, through the production server: the browser's own
 * drawing of the reloaded rows is what `npm run bench:tables` measures.
 */
import { closeConnection, connect, drizzleFor } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { insertProject, setCurrentProject } from "@/db/queries/projects";
import type { FlatRow } from "@/db/queries/rows";
import { insertRows } from "@/db/queries/rows-copy";
import { updateRow } from "@/db/queries/rows-write";
import { seedDemo } from "@/lib/demo/seed";
import { tableSnapshot } from "@/lib/datasets/snapshot";
import { BENCH_COLUMNS as COLUMNS, BENCH_ROWS as ROWS, benchDatabase, benchTable, ensureBuild, logIn, median, ms, printTable, startServer } from "./support";
import { serverSentEvents } from "@/test/sse";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3642);
const BLOCK_ROWS = 50;
const BLOCK_COLUMNS = 20;
const VERSIONS = 1000;

/** An open events stream: resolves `next(type)` when the next event of that type arrives. */
async function openEvents(url: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`events answered ${res.status}: ${await res.text()}`);
  const waiting: { type: string; resolve: () => void }[] = [];
  void (async () => {
    for await (const { event } of serverSentEvents(res.body!)) {
      const i = waiting.findIndex((w) => w.type === event);
      if (i !== -1) waiting.splice(i, 1)[0]!.resolve();
    }
  })();
  return {
    next: (type: string) => new Promise<void>((resolve) => waiting.push({ type, resolve })),
    close: () => controller.abort(),
  };
}

async function main() {
  ensureBuild();
  const database = await benchDatabase("pontifex_bench_live");
  console.log(`Seeding ${ROWS} x ${COLUMNS} into pier and a row with ${VERSIONS} versions (${database.url ? "PostgreSQL" : "embedded database"})...`);
  const connection = connect({ databaseUrl: database.url, pgliteDir: database.env.PGLITE_DIR });
  await migrateDatabase(connection, async (db) => {
    await seedDemo(db);
  });
  const db = drizzleFor(connection);
  const demo = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "demo@pontifex.dev") });
  const project = await insertProject(`Bench live ${Date.now()}`, demo!.id, db);
  await setCurrentProject(demo!.id, project.id, db);
  const ref = { projectId: project.id, dataset: "pier" as const };
  await insertRows(ref, benchTable(), db);
  const rows = (await tableSnapshot(ref, db)).rows.map((row) => JSON.parse(row) as FlatRow);
  const historied = rows[1]!;
  // Fixture rows carry no "create" entry: each of these edits is one version of the history.
  for (let v = 0; v < VERSIONS; v++) {
    await updateRow(ref, historied.Id, { values: { Item1: `${v}.5` } }, { maxBytes: 1024 ** 3 }, { userId: demo!.id }, db);
  }
  await closeConnection(connection);

  const server = await startServer(database.env, PORT);
  try {
    const cookie = await logIn(server.url);
    const table = `${server.url}/api/projects/${project.id}/datasets/pier`;
    const versions = new Map<number, number>();
    const loadTable = async () => {
      const res = await fetch(`${table}/rows`, { headers: { cookie, "accept-encoding": "gzip" } });
      if (res.status !== 200) throw new Error(`rows answered ${res.status}`);
      for (const row of ((await res.json()) as { data: FlatRow[] }).data) versions.set(row.Id, row.Version);
    };
    await loadTable();
    const colleague = await openEvents(`${table}/events?client=bench-colleague`, cookie);

    const save: number[] = [];
    const event: number[] = [];
    const seen: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      // A 50 x 20 block, as pasted from Excel, at a different place each run.
      const block = rows.slice(100 + run * BLOCK_ROWS, 100 + (run + 1) * BLOCK_ROWS).map((row) => ({
        id: row.Id,
        data: {
          Version: versions.get(row.Id)!,
          ...Object.fromEntries(Array.from({ length: BLOCK_COLUMNS }, (_, c) => [`Item${10 + c}`, `${run}.${c}25`])),
        },
      }));
      const announced = colleague.next("rows");
      const started = performance.now();
      const res = await fetch(`${table}/rows`, {
        method: "PATCH",
        headers: { cookie, origin: server.url, "content-type": "application/json" },
        body: JSON.stringify({ rows: block }),
      });
      if (res.status !== 200) throw new Error(`save answered ${res.status}: ${await res.text()}`);
      const saved = performance.now() - started;
      await announced;
      const heard = performance.now() - started;
      await loadTable();
      const loaded = performance.now() - started;
      if (run === 0) continue; // warm-up
      save.push(saved);
      event.push(heard);
      seen.push(loaded);
    }
    colleague.close();

    const history: number[] = [];
    let count = 0;
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now();
      const res = await fetch(`${table}/rows/${historied.Id}/history`, { headers: { cookie, "accept-encoding": "gzip" } });
      count = ((await res.json()) as { versions: unknown[] }).versions.length;
      if (run > 0) history.push(performance.now() - started);
    }
    if (count !== VERSIONS) throw new Error(`history has ${count} versions, expected ${VERSIONS}`);

    const load = (await import("node:fs")).readFileSync("/proc/loadavg", "utf8").split(" ")[0];
    printTable(
      `bench:live: ${ROWS} rows x ${COLUMNS} columns (${database.url ? "PostgreSQL" : "embedded PGlite"}), medians of ${RUNS}; load average at the end ${load}`,
      [
        ["measure", "time", "target"],
        [`save a ${BLOCK_ROWS} x ${BLOCK_COLUMNS} block (PATCH .../rows, versions checked)`, ms(median(save)), "< 1000 ms"],
        ["the colleague's open table told (events stream)", ms(median(event)), ""],
        ["the colleague's table loaded again (seen on the second browser)", ms(median(seen)), "< 1000 ms"],
        [`history of a row with ${VERSIONS} versions`, ms(median(history)), "< 300 ms"],
      ],
    );
  } finally {
    await server.stop();
    await database.drop();
  }
}

await main();
process.exit(0);
