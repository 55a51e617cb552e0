/**
 * `npm run bench:import`: a 2,000 x 300 pier table exported as XLSX and
 * imported back to its preview, through the production server.
 *
 *  - export: GET .../export?format=xlsx (the workbook's bytes received);
 *  - preview of the exported workbook unchanged (no changes found);
 *  - preview of the workbook with 20 cells changed (what an engineer does);
 *  - preview of the workbook into an empty table of another project (2,000
 *    rows to add: the largest answer and stored plan);
 *  - for comparison: reading the workbook alone, in this process (exceljs).
 *
 * Time is from the request's first byte to the answer's last, medians; and
 * the CPU time the server process spent on it (Linux: /proc), which other
 * programs on a shared machine do not inflate.
 */
import { readFileSync } from "node:fs";
import { closeConnection, connect, drizzleFor } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { insertProject, setCurrentProject } from "@/db/queries/projects";
import { type FlatRow } from "@/db/queries/rows";
import { insertRows } from "@/db/queries/rows-copy";
import { seedDemo } from "@/lib/demo/seed";
import { tableSnapshot } from "@/lib/datasets/snapshot";
import { readTableFile, writeXlsx } from "@/lib/datasets/table-file";
import { BENCH_COLUMNS as COLUMNS, BENCH_ROWS as ROWS, benchDatabase, benchTable, ensureBuild, logIn, median, ms, printTable, startServer } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3641);
const CHANGED_CELLS = 20;

/** CPU milliseconds a process has used so far (user + system), or NaN where /proc is not there. */
function cpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms (USER_HZ)
  } catch {
    return Number.NaN;
  }
}

type Preview = { importId: string; added: unknown[]; changed: { cells: unknown[] }[]; missing: unknown[]; conflicts: unknown[] };

let serverPid: number | undefined;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; cpu: number; value: T }> {
  const started = performance.now();
  const cpu = cpuMs(serverPid);
  const value = await work();
  return { ms: performance.now() - started, cpu: cpuMs(serverPid) - cpu, value };
}

async function main() {
  ensureBuild();
  const database = await benchDatabase("pontifex_bench_import");
  console.log(`Seeding ${ROWS} x ${COLUMNS} into pier (${database.url ? "PostgreSQL" : "embedded database"})...`);
  const connection = connect({ databaseUrl: database.url, pgliteDir: database.env.PGLITE_DIR });
  await migrateDatabase(connection, async (db) => {
    await seedDemo(db);
  });
  const db = drizzleFor(connection);
  const demo = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "demo@pontifex.dev") });
  const project = await insertProject(`Bench ${Date.now()}`, demo!.id, db);
  const empty = await insertProject(`Bench empty ${Date.now()}`, demo!.id, db);
  await setCurrentProject(demo!.id, project.id, db);
  const ref = { projectId: project.id, dataset: "pier" as const };
  await insertRows(ref, benchTable(), db);

  // The same export with 20 cells changed, as an engineer saves it from Excel (made in-process: exceljs takes long to edit a sheet this size).
  const snapshot = await tableSnapshot(ref, db);
  const rows = snapshot.rows.map((row) => JSON.parse(row) as FlatRow);
  const edited = rows.map((row) => ({ ...row }));
  for (let i = 0; i < CHANGED_CELLS; i++) {
    const row = edited[1 + i * 97]!;
    row[`Item${1 + i * 13}`] = `${i}.125`;
  }
  const changedWorkbook = await writeXlsx({
    project,
    dataset: { key: "pier", title: "Revit_Pier Data" },
    revision: snapshot.revision,
    exportedAt: new Date(),
    rows: edited,
    columns: snapshot.columns,
  });
  await closeConnection(connection);

  const server = await startServer(database.env, PORT);
  serverPid = server.child.pid;
  try {
    const cookie = await logIn(server.url);
    const exportUrl = `${server.url}/api/projects/${project.id}/datasets/pier/export?format=xlsx`;
    const download = async () => {
      const res = await fetch(exportUrl, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      return new Uint8Array(await res.arrayBuffer());
    };
    const preview = async (projectId: number, bytes: Uint8Array): Promise<Preview> => {
      const form = new FormData();
      form.append("file", new Blob([bytes as BlobPart]), "pier.xlsx");
      const res = await fetch(`${server.url}/api/projects/${projectId}/datasets/pier/import`, {
        method: "POST",
        headers: { cookie, origin: server.url },
        body: form,
      });
      if (res.status !== 200) throw new Error(`import answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as Preview;
    };

    const exported = await download(); // warm-up
    const exportTimes: { ms: number; cpu: number }[] = [];
    for (let i = 0; i < RUNS; i++) exportTimes.push(await timed(download));

    await preview(project.id, exported); // warm-up
    const unchanged: { ms: number; cpu: number }[] = [];
    const changed: { ms: number; cpu: number }[] = [];
    const intoEmpty: { ms: number; cpu: number }[] = [];
    const reading: { ms: number; cpu: number }[] = [];
    let checks = { unchanged: -1, cells: -1, added: -1 };
    for (let i = 0; i < RUNS; i++) {
      const a = await timed(() => preview(project.id, exported));
      unchanged.push(a);
      const b = await timed(() => preview(project.id, changedWorkbook));
      changed.push(b);
      const c = await timed(() => preview(empty.id, exported));
      intoEmpty.push(c);
      const started = process.cpuUsage();
      const read = await timed(() => readTableFile(exported, "pier.xlsx", { title: "Revit_Pier Data", key: "pier" }));
      const used = process.cpuUsage(started);
      reading.push({ ms: read.ms, cpu: (used.user + used.system) / 1000 });
      checks = {
        unchanged: a.value.added.length + a.value.changed.length + a.value.missing.length + a.value.conflicts.length,
        cells: b.value.changed.reduce((n, row) => n + row.cells.length, 0),
        added: c.value.added.length,
      };
    }
    if (checks.unchanged !== 0 || checks.cells !== CHANGED_CELLS || checks.added !== ROWS) throw new Error(`unexpected previews: ${JSON.stringify(checks)}`);

    const both = (runs: { ms: number; cpu: number }[]) => [ms(median(runs.map((r) => r.ms))), ms(median(runs.map((r) => r.cpu)))];
    const load = readFileSync("/proc/loadavg", "utf8").split(" ")[0];
    printTable(
      `bench:import: ${ROWS} rows x ${COLUMNS} columns (${database.url ? "PostgreSQL" : "embedded PGlite"}), medians of ${RUNS}; load average at the end ${load}`,
      [
        ["measure", "time", "server CPU", "target"],
        [`export as XLSX (${(exported.byteLength / 1024 / 1024).toFixed(2)} MiB)`, ...both(exportTimes), ""],
        ["import to preview: the export unchanged (no changes)", ...both(unchanged), "< 3000 ms"],
        [`import to preview: the export with ${CHANGED_CELLS} cells changed`, ...both(changed), "< 3000 ms"],
        [`import to preview: into an empty table (${ROWS} rows to add)`, ...both(intoEmpty), ""],
        ["for comparison: reading the workbook alone (exceljs, in the bench process)", ...both(reading), ""],
      ],
    );
  } finally {
    await server.stop();
    await database.drop();
  }
}

await main();
process.exit(0);
