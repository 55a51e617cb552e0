import { afterAll, beforeAll, expect, it } from "vitest";
import { prepareLoad, runLoad } from "@/bench/load";
import { ensureBuild, type ServerProcess, startServer } from "@/test/server-process";
import { processDatabase } from "./process-database";
import { report } from "./report";

/** The load of `npm run bench:load`, 10 s instead of 60: 100 users, 300 x 60 table, fetch-all and saves. */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const USERS = 100;
let database: Awaited<ReturnType<typeof processDatabase>>;
let server: ServerProcess;

beforeAll(async () => {
  ensureBuild();
  database = await processDatabase();
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

it(`${USERS} users for ${SECONDS} s: no errors (latencies reported)`, async () => {
  const connectOptions = { databaseUrl: database.env.DATABASE_URL || undefined, pgliteDir: database.env.PGLITE_DIR };
  const prepared = await prepareLoad(connectOptions, USERS);
  server = await startServer(database.env, 3453);
  const figures = await runLoad(server, connectOptions, SECONDS, USERS, 2000, prepared);
  report("load", { database: database.kind, ...figures });
  expect(figures.errorSamples).toEqual([]);
  expect(figures.errors).toBe(0);
  expect(figures.edit.count).toBeGreaterThan(0);
  expect(figures.fetchAll.count).toBeGreaterThan(0);
});
