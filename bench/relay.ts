/**
 * `npm run bench:relay`: how fast a push reaches the add-in.
 *
 *  1. From POST (push one row / push a 2,000 x 300 table) to the reference
 *     add-in holding the parsed rows, against a bare `ws` server in its own
 *     process sending the very same frames to a bare client. With several
 *     workers, measured twice: as the server starts (the add-in's worker may
 *     not have read the table: its push comes back from the outbox), then
 *     with every worker having answered the table (as when it is open there).
 *  2. 200 add-ins of 200 users connected at once; each user pushes one row at
 *     the same moment: time until every add-in has its push.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { closeConnection, connect, drizzleFor } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { insertMember, insertProject, setCurrentProject } from "@/db/queries/projects";
import { insertRows } from "@/db/queries/rows-copy";
import { insertToken } from "@/db/queries/revit";
import { insertSession } from "@/db/queries/sessions";
import { seedDemo } from "@/lib/demo/seed";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { RevitAgent, type ReceivedPush } from "@/lib/revit/agent";
import { benchDatabase, benchTable, benchWorkers, ensureBuild, logIn, median, ms, percentile, printTable, recordFigures, startServer } from "./support";

const PORT = Number(process.env.BENCH_PORT ?? 3312);
const RUNS = 7;
const USERS = Number(process.env.BENCH_USERS ?? 200);

async function post(url: string, cookie: string, pathname: string): Promise<{ pushId: string; rows: number; status: string }> {
  const res = await fetch(`${url}${pathname}`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/json" },
    body: JSON.stringify({ user: "bench" }),
  });
  if (res.status !== 202) throw new Error(`push answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { pushId: string; rows: number; status: string };
}

/** A plain ws server in its own process that sends the given frames when told "go". */
function bareSender(framesFile: string, port: number): Promise<ChildProcess> {
  const script = `
    const { WebSocketServer } = require("ws");
    const frames = JSON.parse(require("fs").readFileSync(${JSON.stringify(framesFile)}, "utf8"));
    const wss = new WebSocketServer({ port: ${port}, perMessageDeflate: false });
    wss.on("connection", (ws) => ws.on("message", () => { for (const f of frames) ws.send(f); }));
    wss.on("listening", () => process.send("ready"));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "inherit", "inherit", "ipc"], cwd: path.resolve(".") });
  return new Promise((resolve) => child.once("message", () => resolve(child)));
}

async function bareRoundTrip(port: number, parts: number): Promise<number> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
  await new Promise((r) => ws.once("open", r));
  const started = performance.now();
  const done = new Promise<void>((resolve) => {
    let got = 0;
    const rows: unknown[] = [];
    ws.on("message", (data) => {
      rows.push(...(JSON.parse(data.toString()) as { rows: unknown[] }).rows);
      if (++got === parts) resolve();
    });
  });
  ws.send("go");
  await done;
  const elapsed = performance.now() - started;
  ws.close();
  return elapsed;
}

async function main() {
  ensureBuild();
  const database = await benchDatabase("pontifex_bench_relay");
  console.log(`Seeding a ${benchTable().length}-row table and ${USERS} users (${database.url ? "PostgreSQL" : "embedded database"})...`);
  const connection = connect({ databaseUrl: database.url, pgliteDir: database.env.PGLITE_DIR });
  await migrateDatabase(connection, async (db) => {
    await seedDemo(db);
  });
  const db = drizzleFor(connection);
  const demo = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "demo@pontifex.dev") });
  // One project holds the bench table; the demo account owns it, every bench user edits it.
  const project = await insertProject(`Bench ${Date.now()}`, demo!.id, db);
  await setCurrentProject(demo!.id, project.id, db);
  await insertRows({ projectId: project.id, dataset: "pier" }, benchTable(), db);
  // 200 users straight into the database: one bcrypt hash shared, sessions and tokens made here.
  const passwordHash = await hashPassword("bench-password");
  const people: { cookie: string; token: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const [user] = await db
      .insert(users)
      .values({ email: `bench${i}@example.com`, passwordHash })
      .returning();
    await insertMember(project.id, user!.id, "editor", db);
    await setCurrentProject(user!.id, project.id, db);
    const session = newToken();
    await insertSession({ tokenHash: hashToken(session), userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) }, db);
    const token = newToken("pfx_");
    await insertToken({ userId: user!.id, name: "bench", tokenHash: hashToken(token) }, 50, db);
    people.push({ cookie: `Session=${session}`, token });
  }
  const demoToken = newToken("pfx_");
  await insertToken({ userId: demo!.id, name: "bench", tokenHash: hashToken(demoToken) }, 50, db);
  await closeConnection(connection);

  const server = await startServer(database.env, PORT);
  const wsUrl = `ws://localhost:${PORT}/ws/revit`;
  try {
    const cookie = await logIn(server.url);
    const agent = new RevitAgent({ url: wsUrl, token: demoToken });
    const welcome = agent.next("welcome");
    agent.start();
    await welcome;

    /** From sending the POST to the add-in holding the parsed rows; the 202 answer is timed apart. */
    const timePush = async (pathname: string) => {
      const started = performance.now();
      const received = agent.next<ReceivedPush>("push", 60_000);
      const answered = post(server.url, cookie, pathname).then(() => performance.now() - started);
      const push = await received;
      const held = performance.now() - started;
      const answeredMs = await answered;
      await applied(push.pushId);
      return { ms: held, answeredMs, push };
    };
    /**
     * Until the server has taken in the add-in's "applied" (the new baseline written): the next push starts on a
     * quiet server, as the bare server's send does, and not while this one's acknowledgement is still being stored.
     */
    const applied = async (pushId: string) => {
      for (let tries = 0; tries < 600; tries++) {
        const res = await fetch(`${server.url}/api/revit/pushes`, { headers: { cookie } });
        const { pushes } = (await res.json()) as { pushes: { pushId: string; status: string }[] };
        if (pushes.find((p) => p.pushId === pushId)?.status === "applied") return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`push ${pushId} never applied`);
    };

    // Warm-up (and the table snapshot into the server's cache, as after the screen loaded it).
    await timePush("/api/websocket/pier/fetch-one/Param0001");
    await timePush("/api/websocket/pier/fetch-all");

    const oneRow: number[] = [];
    const oneRowAnswered: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = await timePush("/api/websocket/pier/fetch-one/Param0001");
      oneRow.push(t.ms);
      oneRowAnswered.push(t.answeredMs);
    }
    // One whole-table push recording its frames exactly as they arrived: the bare server sends these.
    const frames: string[] = [];
    const record = (data: Buffer) => frames.push(data.toString());
    agent.socket!.on("message", record);
    const recorded = await timePush("/api/websocket/pier/fetch-all");
    agent.socket!.off("message", record);
    const tableFrames = frames.filter((f) => f.includes(`"pushId":"${recorded.push.pushId}"`));
    const tableBytes = tableFrames.reduce((n, f) => n + Buffer.byteLength(f), 0);
    const framesFile = path.join(os.tmpdir(), "pontifex-bench-frames.json");
    writeFileSync(framesFile, JSON.stringify(tableFrames));
    const sender = await bareSender(framesFile, PORT + 1);
    await bareRoundTrip(PORT + 1, tableFrames.length);

    // Ours and the bare server's in turn, so both see the same machine (a noisy neighbour hits both alike).
    const table: number[] = [];
    const tableAnswered: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = await timePush("/api/websocket/pier/fetch-all");
      table.push(t.ms);
      tableAnswered.push(t.answeredMs);
      bare.push(await bareRoundTrip(PORT + 1, tableFrames.length));
    }
    // Every worker answers the table once (the cluster deals new connections out in turn), then the same again.
    const workers = benchWorkers(database.env);
    for (let i = 0; i < 2 * workers; i++) {
      await new Promise<void>((resolve, reject) =>
        http
          .get(`${server.url}/api/database/pier/fetch-all`, { agent: false, headers: { cookie } }, (res) => res.resume().on("end", resolve))
          .on("error", reject),
      );
    }
    const held: number[] = [];
    const heldBare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      held.push((await timePush("/api/websocket/pier/fetch-all")).ms);
      heldBare.push(await bareRoundTrip(PORT + 1, tableFrames.length));
    }
    sender.kill();
    await agent.stop();
    if (process.env.BENCH_LOG_LEVEL) for (const line of server.output().split("\n")) if (line.includes('"relay:')) console.error(line);

    // 200 users, 200 add-ins, one push each at the same moment.
    const agents = people.map((p) => new RevitAgent({ url: wsUrl, token: p.token, backoffMs: 500 }));
    await Promise.all(
      agents.map((a) => {
        const w = a.next("welcome", 60_000);
        a.start();
        return w;
      }),
    );
    const arrivals = agents.map((a) => a.next<ReceivedPush>("push", 120_000));
    const fanStarted = performance.now();
    const perPush: number[] = [];
    await Promise.all(
      people.map(async (p, i) => {
        const t0 = performance.now();
        await post(server.url, p.cookie, "/api/websocket/pier/fetch-one/Param0002");
        await arrivals[i];
        perPush.push(performance.now() - t0);
      }),
    );
    const fanTotal = performance.now() - fanStarted;
    await Promise.all(agents.map((a) => a.stop()));

    const tableMs = median(table);
    const bareMs = median(bare);
    const heldMs = median(held);
    const heldBareMs = median(heldBare);
    recordFigures("relay", { pushMs: tableMs, bareMs, ratio: tableMs / bareMs, heldPushMs: heldMs, heldBareMs });
    printTable(`bench:relay (${database.url ? "PostgreSQL" : "embedded PGlite"}), medians of ${RUNS}`, [
      ["measure", "result", "target"],
      ["POST to add-in holding 1 row", ms(median(oneRow)), ""],
      ["  202 answer of that POST", ms(median(oneRowAnswered)), ""],
      [`POST to add-in holding the ${benchTable().length} x ${Object.keys(benchTable(1)[0]!.values).length} table`, ms(tableMs), ""],
      ["  202 answer of that POST (after the outbox row is written)", ms(median(tableAnswered)), ""],
      [`  frames / bytes`, `${tableFrames.length} / ${(tableBytes / 1024 / 1024).toFixed(2)} MiB`, "<= 1 MiB each"],
      ["bare ws send of the same frames, parsed", ms(bareMs), ""],
      ["ratio table push / bare ws", (tableMs / bareMs).toFixed(2), "<= 1.2"],
      [
        `  the same once every worker has answered the table (${workers} worker(s))`,
        `${ms(heldMs)} / ${ms(heldBareMs)} = ${(heldMs / heldBareMs).toFixed(2)}`,
        "<= 1.2",
      ],
      [`${USERS} add-ins of ${USERS} users, one push each at once: all delivered`, ms(fanTotal), ""],
      ["  per push, p50 / p99", `${ms(percentile(perPush, 50))} / ${ms(percentile(perPush, 99))}`, ""],
    ]);
  } finally {
    await server.stop();
    await database.drop();
  }
}

await main();
process.exit(0);
