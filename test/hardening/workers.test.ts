import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeConnection, connect, drizzleFor } from "@/db/client";
import { insertMember } from "@/db/queries/projects";
import { RevitAgent, type ReceivedPush } from "@/lib/revit/agent";
import { WEBSOCKET_PATH } from "@/lib/revit/protocol";
import { applyPresence, type Viewer } from "@/lib/live/events";
import { ensureBuild, healthOf, newAccount, type ServerProcess, startServer } from "@/test/server-process";
import { serverSentEvents, type ServerSentEvent } from "@/test/sse";
import { processDatabase } from "./process-database";

/**
 * `npm start` with two workers on one PostgreSQL (scripts/start.ts, lib/server/workers.ts): what one worker knows,
 * the other knows too: sessions, rate limits, pushes to an add-in connected to the other worker and their news,
 * live tables' saves and presence. The cluster hands each new connection to the next worker, so every client here
 * keeps one connection open and asks /api/health which worker it reached. On the embedded database `npm start`
 * runs one process, and says why.
 */
const PORT = 3472;
const onPostgres = process.env.TEST_DB_KIND === "pg" && Boolean(process.env.TEST_DATABASE_URL);
const PUSHES_PER_MINUTE = 3;

let database: Awaited<ReturnType<typeof processDatabase>>;
let server: ServerProcess;
const opened: Pinned[] = [];

beforeAll(async () => {
  ensureBuild();
  database = await processDatabase();
  server = await startServer(
    { ...database.env, SEED_DEMO: "1", LOG_LEVEL: "info", PUSHES_PER_MINUTE: String(PUSHES_PER_MINUTE), AUTH_ATTEMPTS_PER_MINUTE: "1000" },
    PORT,
    { workers: 2 },
  );
});

afterAll(async () => {
  for (const client of opened) client.close();
  await server?.stop("SIGKILL");
  await database?.drop();
});

type Answer = { status: number; body: Record<string, unknown>; cookies: string[] };

/** A client whose requests all go over one kept-alive connection, hence to one worker. */
class Pinned {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly requests: http.ClientRequest[] = [];

  constructor(readonly url: string) {
    opened.push(this);
  }

  request(method: string, pathname: string, options: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.url}${pathname}`,
        {
          method,
          agent: this.agent,
          headers: {
            origin: this.url,
            ...(options.cookie ? { cookie: options.cookie } : {}),
            ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
              cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!),
            }),
          );
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  /** An event stream, as a browser's EventSource reads it: this connection is then the stream's alone. */
  stream(pathname: string, cookie: string): Promise<Stream> {
    return new Promise((resolve, reject) => {
      const req = http.get(`${this.url}${pathname}`, { agent: this.agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${pathname}: ${res.statusCode}`));
        else resolve(new Stream(Readable.toWeb(res) as ReadableStream<Uint8Array>));
      });
      this.requests.push(req);
      req.on("error", reject);
    });
  }

  close(): void {
    for (const req of this.requests) req.destroy();
    this.agent.destroy();
  }
}

class Stream {
  readonly events: ServerSentEvent[] = [];

  constructor(body: ReadableStream<Uint8Array>) {
    void (async () => {
      for await (const event of serverSentEvents(body)) this.events.push(event);
    })();
  }

  /** Waits until an event seen so far satisfies `wanted`. */
  async until(wanted: (event: ServerSentEvent) => boolean, what: string): Promise<ServerSentEvent> {
    return until(
      () => this.events.find(wanted),
      () => `${what}; events so far: ${JSON.stringify(this.events).slice(-1500)}`,
    );
  }

  /** Who has the table open, as a browser keeps the list from presence events. */
  viewers(): Viewer[] {
    let viewers = new Map<string, Viewer>();
    for (const { event, data } of this.events) {
      if (event === "presence" || event === "presence-change") viewers = applyPresence(viewers, { type: event, ...(data as object) } as never);
    }
    return [...viewers.values()];
  }
}

/** Polls `probe` until it gives something (20 s at most, then fails saying what was awaited). */
async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: () => string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for: ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A client pinned to `worker` (new connections until one reaches it: the cluster deals them out in turn). */
async function on(worker: number): Promise<Pinned> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const client = new Pinned(server.url);
    const health = await client.request("GET", "/api/health");
    if ((health.body.worker ?? 1) === worker) return client;
    client.close();
  }
  throw new Error(`no connection reached worker ${worker}`);
}

/** Where the server's log says the rows of a delivered push came from (memory, or read back from the outbox). */
function deliveredFrom(pushId: string): string | undefined {
  for (const line of server.output().split("\n")) {
    if (!line.includes(pushId) || !line.includes("relay: push delivered")) continue;
    return (JSON.parse(line) as { rowsFrom?: string }).rowsFrom;
  }
  return undefined;
}

async function signIn(client: Pinned, email = "demo@pontifex.dev", password = "pontifex-demo"): Promise<string> {
  const answer = await client.request("POST", "/api/auth/login", { body: { email, password } });
  expect(answer.status).toBe(200);
  return answer.cookies[0]!;
}

if (onPostgres) {
  describe("npm start with two workers on PostgreSQL", () => {
    it("starts two workers that share the port, each naming itself in its log lines", async () => {
      const seen = new Set<number | undefined>();
      await until(
        async () => (seen.add((await healthOf(server.url)).worker), seen.has(1) && seen.has(2)),
        () => `both workers answering, saw ${[...seen].join(", ")}`,
      );
      expect(server.output()).toContain("starting 2 worker processes");
      const ready = server
        .output()
        .split("\n")
        .filter((line) => line.includes("Pontifex ready"))
        .map((line) => (JSON.parse(line) as { worker?: number }).worker)
        .sort();
      expect(ready).toEqual([1, 2]);
    });

    it("a session made on one worker is known to the other, and signing out on that one ends it on both", async () => {
      const one = await on(1);
      const two = await on(2);
      const cookie = await signIn(one);
      const me = await two.request("GET", "/api/auth/me", { cookie });
      expect(me.status).toBe(200);
      expect((me.body.user as { email: string }).email).toBe("demo@pontifex.dev");
      expect((await two.request("POST", "/api/auth/logout", { cookie })).status).toBeLessThan(300);
      expect((await one.request("GET", "/api/auth/me", { cookie })).status).toBe(401);
    });

    it("failed sign-ins and pushes are counted across both workers", async () => {
      const one = await on(1);
      const two = await on(2);
      // 10 failed sign-ins per e-mail: 5 on each worker use them up, the 11th is refused on either.
      const email = `guessed-${Date.now()}@example.com`;
      for (const client of [one, two, one, two, one, two, one, two, one, two]) {
        expect((await client.request("POST", "/api/auth/login", { body: { email, password: "not the password" } })).status).toBe(401);
      }
      expect((await one.request("POST", "/api/auth/login", { body: { email, password: "not the password" } })).status).toBe(429);

      const { cookie, projectId } = await newAccount(server.url, "pusher");
      expect(
        (await one.request("POST", `/api/projects/${projectId}/datasets/pier/rows`, { cookie, body: { data: { Parameter: "PierHeight", Item1: "12" } } }))
          .status,
      ).toBe(201);
      const push = (client: Pinned) => client.request("POST", "/api/websocket/pier/fetch-all", { cookie, body: { user: "x" } });
      const answers = [];
      for (const client of [one, two, one]) answers.push((await push(client)).status);
      expect(answers).toEqual([202, 202, 202]);
      expect((await push(two)).status).toBe(429);
    });

    it("a push made on one worker reaches the add-in connected to the other, and its news reaches browsers on both", async () => {
      const one = await on(1);
      const cookie = await signIn(one);
      const token = await one.request("POST", "/api/revit/tokens", { cookie, body: { name: "workers test" } });
      expect(token.status).toBe(201);
      const newsOnOne = await (await on(1)).stream("/api/revit/events", cookie);
      const newsOnTwo = await (await on(2)).stream("/api/revit/events", cookie);

      const addIn = new RevitAgent({ url: `ws://localhost:${PORT}${WEBSOCKET_PATH}`, token: token.body.token as string, agent: (await on(2)).agent });
      const received = addIn.next<ReceivedPush>("push", 20_000);
      addIn.start();
      try {
        await newsOnOne.until((e) => e.event === "connections" && (e.data as { count: number }).count === 1, "worker 1 told of the add-in on worker 2");
        // Worker 2 holds the table at its current revision (it has answered it): it sends the rows from memory.
        const two = await on(2);
        expect((await two.request("GET", "/api/database/pier/fetch-all", { cookie })).status).toBe(200);
        const answer = await one.request("POST", "/api/websocket/pier/fetch-all", { cookie, body: { user: "x" } });
        expect(answer.status).toBe(202);
        const pushId = answer.body.pushId as string;
        const push = await received;
        expect(push.pushId).toBe(pushId);
        expect(push.rows).toEqual((await one.request("GET", "/api/database/pier/fetch-all", { cookie })).body.data);
        // (The worker logs the delivery once the add-in has the frames and the outbox row says so.)
        expect(
          await until(
            () => deliveredFrom(pushId),
            () => `worker 2's log line of delivering ${pushId}`,
          ),
        ).toBe("memory");
        const applied = (e: ServerSentEvent) =>
          e.event === "push" && (e.data as { pushId: string; status: string }).pushId === pushId && (e.data as { status: string }).status === "applied";
        await newsOnOne.until(applied, "worker 1's stream told the push was applied");
        await newsOnTwo.until(applied, "worker 2's stream told the push was applied");

        // A table worker 2 has not read: the rows come back from the outbox, the same rows.
        const next = addIn.next<ReceivedPush>("push", 20_000);
        const abutments = await one.request("POST", "/api/websocket/abt/fetch-all", { cookie, body: { user: "x" } });
        expect(abutments.status).toBe(202);
        const abutmentPush = await next;
        expect(abutmentPush.pushId).toBe(abutments.body.pushId);
        expect(abutmentPush.rows).toEqual((await one.request("GET", "/api/database/abt/fetch-all", { cookie })).body.data);
        expect(
          await until(
            () => deliveredFrom(abutments.body.pushId as string),
            () => "worker 2's log line of the abutments' push",
          ),
        ).toBe("outbox");
      } finally {
        await addIn.stop();
      }
    });

    it("a live table hears of a save made through the other worker, lists viewers of both, and reads the saved row as that worker does", async () => {
      const ownerOn2 = await on(2);
      const owner = await signIn(ownerOn2);
      const project = (await ownerOn2.request("GET", "/api/projects/current", { cookie: owner })).body.project as { id: number };
      const colleague = await newAccount(server.url, "colleague");
      const colleagueOn1 = await on(1);
      const colleagueId = ((await colleagueOn1.request("GET", "/api/auth/me", { cookie: colleague.cookie })).body.user as { id: number }).id;
      const connection = connect({ databaseUrl: database.env.DATABASE_URL });
      try {
        await insertMember(project.id, colleagueId, "editor", drizzleFor(connection));
      } finally {
        await closeConnection(connection);
      }

      const table = `/api/projects/${project.id}/datasets/pier`;
      const ownerTab = await (await on(2)).stream(`${table}/events?client=owner-tab`, owner);
      const colleagueTab = await (await on(1)).stream(`${table}/events?client=colleague-tab`, colleague.cookie);
      const both = (stream: Stream) => () => {
        const ids = stream.viewers().map((v) => v.client);
        return ids.includes("owner-tab") && ids.includes("colleague-tab") ? ids : undefined;
      };
      await until(both(ownerTab), () => `owner's tab (worker 2) lists both, has ${JSON.stringify(ownerTab.viewers())}`);
      await until(both(colleagueTab), () => `colleague's tab (worker 1) lists both, has ${JSON.stringify(colleagueTab.viewers())}`);

      // The owner's worker has the table in its cache before the colleague's save.
      const before = await ownerOn2.request("GET", `${table}/rows`, { cookie: owner });
      expect(before.status).toBe(200);
      expect(JSON.stringify(before.body)).not.toContain("SavedOnWorkerOne");
      const saved = await colleagueOn1.request("POST", `${table}/rows`, {
        cookie: colleague.cookie,
        body: { data: { Parameter: "SavedOnWorkerOne", Item1: "7" } },
      });
      expect(saved.status).toBe(201);
      await ownerTab.until((e) => e.event === "rows" && (e.data as { userId: number }).userId === colleagueId, "owner's tab told of the colleague's save");
      const after = await ownerOn2.request("GET", `${table}/rows`, { cookie: owner });
      expect(JSON.stringify(after.body)).toContain("SavedOnWorkerOne");
      // Worker 2's copy of the table (moved on by the change worker 1 sent over the bus) is exactly worker 1's.
      const onOne = await colleagueOn1.request("GET", `${table}/rows`, { cookie: colleague.cookie });
      expect(after.body).toEqual(onOne.body);
    });

    it("a worker that dies is restarted in its place, and the other serves meanwhile", async () => {
      // The primary's children that run server.ts (tsx may have a helper process of its own).
      const pids = execFileSync("pgrep", ["-P", String(server.child.pid)])
        .toString()
        .trim()
        .split("\n")
        .map(Number)
        .filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server.ts"));
      expect(pids).toHaveLength(2);
      const from = server.output().length;
      process.kill(pids[0]!, "SIGKILL");
      const since = () => server.output().slice(from);
      await until(
        () => since().includes("worker died: restarting it"),
        () => `the primary noticing, log: ${since().slice(-1500)}`,
      );
      expect((await healthOf(server.url)).status).toBe("ok");
      await until(
        () => since().includes("Pontifex ready"),
        () => `the replacement ready, log: ${since().slice(-1500)}`,
        // As long as a start may take (startServer's 90 s): Next loads its build first.
        90_000,
      );
      const seen = new Set<number | undefined>();
      await until(
        async () => (seen.add((await healthOf(server.url)).worker), seen.has(1) && seen.has(2)),
        () => `both workers answering again, saw ${[...seen].join(", ")}`,
      );
    });

    it("SIGTERM: every worker shuts down gracefully, then the primary exits 0", async () => {
      for (const client of opened.splice(0)) client.close();
      expect(await server.stop("SIGTERM")).toBe(0);
      expect(server.output().match(/"shutdown complete"/g)).toHaveLength(2);
      expect(server.output()).toContain("all workers stopped");
    });
  });
} else {
  describe("npm start on the embedded database", () => {
    it("runs one process whatever PONTIFEX_WORKERS says, and says so", async () => {
      expect(server.output()).toContain("embedded database: one process (PONTIFEX_WORKERS ignored)");
      expect((await healthOf(server.url)).worker).toBeUndefined();
      expect(await server.stop("SIGTERM")).toBe(0);
    });
  });
}
