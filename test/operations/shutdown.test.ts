import { afterAll, beforeAll, expect, it } from "vitest";
import { RevitAgent } from "@/lib/revit/agent";
import { processDatabase } from "@/test/hardening/process-database";
import { report } from "@/test/hardening/report";
import { api, ensureBuild, logIn, type ServerProcess, startServer } from "@/test/server-process";

/** SIGTERM under load: add-ins told to go elsewhere (1001), requests in flight finished, exit 0, nothing acknowledged lost. */
const PORT = 3462;
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

it("SIGTERM while writes stream in: exit 0, add-ins closed with 1001, every acknowledged write still there", async () => {
  server = await startServer(database.env, PORT);
  const url = server.url;
  const cookie = await logIn(url);
  const token = await api<{ token: string }>(url, cookie, "POST", "/api/revit/tokens", { name: "shutdown" });
  const agent = new RevitAgent({ url: `ws://localhost:${PORT}/ws/revit`, token: token.body.token, reconnect: false });
  const welcome = agent.next("welcome");
  agent.start();
  await welcome;
  // No deadline of its own: the writes before the signal take as long as a busy machine needs (the test's timeout bounds it).
  const agentClosed = new Promise<number>((resolve) => agent.once("close", resolve));

  const acknowledged: string[] = [];
  let refused = 0;
  let next = 0;
  let signalledAt = 0;
  const child = server.child;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const worker = async () => {
    for (;;) {
      const name = `Term${String(next++).padStart(5, "0")}`;
      try {
        const res = await api(url, cookie, "POST", "/api/database/coresetup/create-element", { data: { Parameter: name, Item1: "1", Item2: "2" } });
        if (res.status === 201) acknowledged.push(name);
        else refused++;
      } catch {
        refused++;
        if (signalledAt) return;
      }
      if (acknowledged.length >= 150 && !signalledAt) {
        signalledAt = performance.now();
        child.kill("SIGTERM");
      }
      if (signalledAt && performance.now() - signalledAt > 15_000) return;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const code = await exited;
  const shutdownMs = performance.now() - signalledAt;
  expect(code).toBe(0);
  expect(await agentClosed).toBe(1001);

  server = await startServer(database.env, PORT);
  const rows = await api<{ data: { Parameter: string; Item2: string }[] }>(server.url, await logIn(server.url), "GET", "/api/database/coresetup/fetch-all");
  const present = new Map(rows.body.data.map((r) => [r.Parameter, r]));
  for (const name of acknowledged) {
    expect(present.get(name), `${name} was acknowledged before the shutdown`).toMatchObject({ Item2: "2" });
  }
  report("sigterm", {
    database: database.kind,
    acknowledged: acknowledged.length,
    refusedAfterSignal: refused,
    exitCode: code,
    addInCloseCode: 1001,
    shutdownMs,
    lost: 0,
  });
});
