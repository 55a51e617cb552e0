import { afterAll, beforeAll, expect, it } from "vitest";
import { api, ensureBuild, logIn, type ServerProcess, startServer } from "@/test/server-process";
import { processDatabase } from "./process-database";
import { report } from "./report";

/**
 * A server killed with SIGKILL while 2,000 creates are in flight: after a
 * restart every create it answered 201 is there, whole, and no row is
 * half-written.
 */
const CREATES = 2000;
const IN_FLIGHT = 64;
const COLUMNS = 24;
const PORT = 3451;

let database: Awaited<ReturnType<typeof processDatabase>>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  ensureBuild();
  database = await processDatabase();
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await database?.drop();
});

const valuesOf = (i: number) => Object.fromEntries(Array.from({ length: COLUMNS }, (_, c) => [`Item${c + 1}`, `${i}:${c}`]));

it(`SIGKILL during ${CREATES} creates loses no acknowledged row and leaves none half-written`, async () => {
  server = await startServer(database.env, PORT);
  const cookie = await logIn(server.url);
  const acknowledged = new Map<string, number>();
  let failed = 0;
  let next = 0;
  let killedAt = -1;
  const killAfter = Math.floor(CREATES / 3);

  const worker = async () => {
    while (next < CREATES) {
      const i = next++;
      try {
        const res = await api<{ data: { Id: number } }>(server!.url, cookie, "POST", "/api/database/box/create-element", {
          data: { Parameter: `Crash${String(i).padStart(4, "0")}`, ...valuesOf(i) },
        });
        if (res.status === 201) acknowledged.set(`Crash${String(i).padStart(4, "0")}`, res.body.data.Id);
        else failed++;
      } catch {
        failed++;
      }
      // Pull the plug in the middle of the stream of writes.
      if (acknowledged.size >= killAfter && killedAt < 0) {
        killedAt = acknowledged.size;
        server!.child.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  expect(killedAt).toBeGreaterThan(0);
  await new Promise<void>((resolve) =>
    server!.child.exitCode !== null || server!.child.signalCode !== null ? resolve() : server!.child.once("exit", () => resolve()),
  );

  server = await startServer(database.env, PORT);
  const after = await api<{ data: Record<string, string | number>[] }>(server.url, await logIn(server.url), "GET", "/api/database/box/fetch-all");
  expect(after.status).toBe(200);
  const crashRows = after.body.data.filter((r) => String(r.Parameter).startsWith("Crash"));
  const byParameter = new Map(crashRows.map((r) => [String(r.Parameter), r]));

  for (const [parameter, id] of acknowledged) {
    const row = byParameter.get(parameter);
    expect(row, `${parameter} was answered 201 but is gone`).toBeDefined();
    expect(row!.Id).toBe(id);
  }
  // Every row that is there, answered or not, is whole.
  for (const row of crashRows) {
    const i = Number(String(row.Parameter).slice("Crash".length));
    expect(row).toMatchObject({ ...valuesOf(i), Version: 1 });
  }
  report("crash", {
    database: database.kind,
    creates: CREATES,
    inFlight: IN_FLIGHT,
    acknowledgedBeforeKill: killedAt,
    acknowledged: acknowledged.size,
    failedOrCut: failed,
    presentAfterRestart: crashRows.length,
    committedButUnanswered: crashRows.length - acknowledged.size,
    lost: 0,
    halfWritten: 0,
  });
});
