/**
 * The MIDAS connection as a port scanner (issue 24, item 8) and the key's last 4 characters (item 14), through the real
 * server: whatever a user points their connection at, a target that is not allowed, not reachable or not MIDAS answers
 * one and the same text, nothing outside MIDAS_ALLOWED_HOSTS is called, and the list itself is never shown.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MidasSimulator, SIMULATOR_REPORT, startMidasSimulator } from "@/test/midas-sim";
import { api, ensureBuild, logIn, type ServerProcess, startServer } from "@/test/server-process";
import { processDatabase } from "./process-database";
import { report } from "./report";

const PORT = 3482;
const KEY = "sim-key-hardening-7Qx2";
/** A name only the administrator knows: no answer may ever contain it. */
const PRIVATE_ENTRY = "midas-ws-private.example.local:8090";

type Listener = { port: number; close: () => Promise<void> };

async function listen(server: net.Server): Promise<Listener> {
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An HTTP server that is not MIDAS: the same answer to every request. */
const httpServer = (status: number, body: string, headers: Record<string, string>) =>
  listen(
    http.createServer((_req, res) => {
      res.writeHead(status, headers);
      res.end(body);
    }),
  );

let database: Awaited<ReturnType<typeof processDatabase>>;
let server: ServerProcess;
let cookie: string;
let sim: MidasSimulator;
/** A MIDAS nobody allowed: reachable only through a loophole in the allow-list. */
let hidden: MidasSimulator;
let closedPort: number;
let garbage: Listener;
let html: Listener;
let notFound: Listener;
let redirect: Listener;
let allowList: string;

beforeAll(async () => {
  ensureBuild();
  sim = await startMidasSimulator({ key: KEY });
  hidden = await startMidasSimulator({ key: KEY });
  const gone = await listen(net.createServer());
  closedPort = gone.port;
  await gone.close();
  // Open, but not HTTP: a banner of another protocol, then the connection closes.
  garbage = await listen(net.createServer((socket) => socket.end("SSH-2.0-OpenSSH_9.6\r\n\u0000\u00ff\u0013 not http\r\n")));
  html = await httpServer(200, "<html><head><title>Build server admin</title></head><body>internal</body></html>", { "Content-Type": "text/html" });
  notFound = await httpServer(404, "Not Found", { "Content-Type": "text/plain" });
  redirect = await httpServer(302, "", { Location: `http://127.0.0.1:${hidden.port}/civil` });
  allowList = [
    `127.0.0.1:${sim.port}`,
    `127.0.0.1:${closedPort}`,
    `127.0.0.1:${garbage.port}`,
    `127.0.0.1:${html.port}`,
    `127.0.0.1:${notFound.port}`,
    `127.0.0.1:${redirect.port}`,
    "no-such-host.invalid:8090",
    PRIVATE_ENTRY,
    "localhost",
  ].join(", ");
  database = await processDatabase();
  server = await startServer({ ...database.env, SEED_DEMO: "1", MIDAS_ALLOWED_HOSTS: allowList }, PORT);
  cookie = await logIn(server.url);
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  for (const s of [sim, hidden, garbage, html, notFound, redirect]) await s?.close();
});

type Answer = { status: number; body: Record<string, unknown> };

const save = (baseUrl: string, apiKey = KEY) => api(server.url, cookie, "PUT", "/api/midas/connection", { baseUrl, apiKey });
const test = () => api(server.url, cookie, "POST", "/api/midas/connection/test");

/** Saves the connection and tests it: both answers, and how long the test took. */
async function tryTarget(baseUrl: string, apiKey = KEY): Promise<{ save: Answer; test: Answer; ms: number }> {
  const saved = await save(baseUrl, apiKey);
  const started = performance.now();
  const tested = await test();
  return { save: saved, test: tested, ms: performance.now() - started };
}

/** The allow-list, or an entry of it, nowhere in an answer (beside the base URL the user typed, which a saved connection shows). */
function expectNoAllowList(answer: Answer, where: string): void {
  const text = JSON.stringify({ ...answer.body, baseUrl: undefined });
  expect(text, where).not.toContain(allowList);
  expect(text, where).not.toContain(PRIVATE_ENTRY.split(":")[0]);
  expect(text, where).not.toContain(KEY);
}

describe("a MIDAS connection to a target that is not allowed, not reachable or not MIDAS", () => {
  it("answers one generic text, whether the port is closed, open but not HTTP, an HTTP server, not allowed or the host unknown", async () => {
    const targets: Record<string, string> = {
      "allowed, closed port": `http://127.0.0.1:${closedPort}/civil`,
      "allowed, open port that is not HTTP": `http://127.0.0.1:${garbage.port}/civil`,
      "allowed, HTTP server answering a web page": `http://127.0.0.1:${html.port}/civil`,
      "allowed, HTTP server answering 404 text": `http://127.0.0.1:${notFound.port}/civil`,
      "allowed, HTTP server answering a redirect": `http://127.0.0.1:${redirect.port}/civil`,
      "allowed host name that does not resolve": "http://no-such-host.invalid:8090/civil",
      "the same, upper case with a trailing dot": "http://NO-SUCH-HOST.Invalid.:8090/civil",
      "not allowed, a host name that does not resolve": "http://unknown-host.invalid/civil",
      "not allowed, the metadata address": "http://169.254.169.254/latest",
      "not allowed port of an allowed address (a MIDAS)": `http://127.0.0.1:${hidden.port}/civil`,
      "a host allowed without a port, on another port (a MIDAS)": `http://localhost:${hidden.port}/civil`,
      "a host allowed without a port, on another port (closed)": `http://localhost:${closedPort}/civil`,
      "a host allowed without a port, on another port (not HTTP)": `http://localhost:${garbage.port}/civil`,
      "a host allowed without a port, on another port (a web page)": `http://localhost:${html.port}/civil`,
      "decimal loopback, not allowed port (a MIDAS)": `http://2130706433:${hidden.port}/civil`,
      "hex loopback, not allowed port (a MIDAS)": `http://0x7f000001:${hidden.port}/civil`,
      "dotted hex loopback, not allowed port (a MIDAS)": `http://0x7f.1:${hidden.port}/civil`,
      "octal loopback, not allowed port (a MIDAS)": `http://0177.0.0.1:${hidden.port}/civil`,
      "short loopback, not allowed port (a MIDAS)": `http://127.1:${hidden.port}/civil`,
      "decimal loopback, allowed closed port": `http://2130706433:${closedPort}/civil`,
      "hex loopback, allowed port that is not HTTP": `http://0x7f000001:${garbage.port}/civil`,
      "short loopback, allowed web page": `http://127.1:${html.port}/civil`,
    };
    const answers: Record<string, Answer> = {};
    const saves: Record<string, Answer> = {};
    const times: Record<string, number> = {};
    for (const [name, baseUrl] of Object.entries(targets)) {
      const tried = await tryTarget(baseUrl);
      saves[name] = tried.save;
      answers[name] = tried.test;
      times[name] = Math.round(tried.ms);
    }
    const reference = answers["allowed, closed port"]!;
    // Every test answers exactly the same; saving contacts nothing, so it cannot tell them apart either.
    expect(answers).toEqual(Object.fromEntries(Object.keys(targets).map((name) => [name, reference])));
    expect(reference.status).toBe(502);
    expect(reference.body).toEqual({ kind: "unreachable", error: expect.stringMatching(/MIDAS_ALLOWED_HOSTS/) });
    expect(Object.values(saves).map((a) => a.status)).toEqual(Object.keys(targets).map(() => 200));
    for (const name of Object.keys(targets)) {
      expectNoAllowList(saves[name]!, name);
      expectNoAllowList(answers[name]!, name);
    }
    // Nothing outside the list was called, not even through the redirect.
    expect(hidden.state.requests).toEqual([]);
    report("midas-connection-generic", {
      targets: Object.keys(targets).length,
      distinctAnswers: new Set(Object.values(answers).map((a) => JSON.stringify(a))).size,
      testMsMin: Math.min(...Object.values(times)),
      testMsMax: Math.max(...Object.values(times)),
      testMs: times,
    });
  });

  it("still reaches an allowed MIDAS, by any spelling of its address, and says what a genuine MIDAS refused", async () => {
    const ok = await tryTarget(`http://127.0.0.1:${sim.port}/civil`);
    expect(ok.test).toEqual({
      status: 200,
      body: { ok: true, ...SIMULATOR_REPORT, isCivil: true, checkedWith: "/config/ver" },
    });
    for (const spelling of ["2130706433", "0x7f000001", "0x7f.1", "0177.0.0.1", "127.1"]) {
      const spelled = await tryTarget(`http://${spelling}:${sim.port}/civil`);
      expect(spelled.test.status, spelling).toBe(200);
    }

    const wrongKey = await tryTarget(`http://127.0.0.1:${sim.port}/civil`, "not-the-right-key-0123");
    expect(wrongKey.test.status).toBe(502);
    expect(wrongKey.test.body).toMatchObject({ kind: "refused-key", error: expect.stringMatching(/refused the MAPI-Key \(HTTP 401/) });
    expect(JSON.stringify(wrongKey.test.body)).not.toContain("not-the-right-key-0123");

    await save(`http://127.0.0.1:${sim.port}/civil`);
    sim.state.notRunning = true;
    try {
      const stopped = await test();
      expect(stopped.status).toBe(502);
      expect(stopped.body).toMatchObject({ kind: "not-running", error: expect.stringMatching(/Civil NX is not running/) });
    } finally {
      sim.state.notRunning = false;
    }
    for (const answer of [ok.test, wrongKey.test]) expectNoAllowList(answer, "a genuine MIDAS");
  });

  it("refuses file:, user names and IPv6 targets, and never calls them", async () => {
    for (const baseUrl of ["file:///etc/passwd", `http://user:pw@127.0.0.1:${hidden.port}/civil`, `http://[::1]:${hidden.port}/civil`]) {
      const tried = await tryTarget(baseUrl);
      expectNoAllowList(tried.save, baseUrl);
      expectNoAllowList(tried.test, baseUrl);
      // Either refused when saved, or refused before any call.
      if (tried.save.status !== 400) expect(tried.test.status, baseUrl).toBe(502);
    }
    expect(hidden.state.requests).toEqual([]);
  });
});

describe("the MAPI-Key", () => {
  it("must be at least 16 characters, and only its last 4 are shown", async () => {
    for (const apiKey of ["abcd1234", "fifteen-chars-x"]) {
      const refused = await save(`http://127.0.0.1:${sim.port}/civil`, apiKey);
      expect(refused.status, apiKey).toBe(400);
      expect(String(refused.body.error), apiKey).toMatch(/at least 16 characters/);
      expect(JSON.stringify(refused.body)).not.toContain(apiKey);
    }
    const saved = await save(`http://127.0.0.1:${sim.port}/civil`, KEY);
    expect(saved).toEqual({ status: 200, body: { baseUrl: `http://127.0.0.1:${sim.port}/civil`, keyLast4: "7Qx2", updatedAt: expect.any(String) } });
    const read = await api(server.url, cookie, "GET", "/api/midas/connection");
    expect(read.body.keyLast4).toBe("7Qx2");
    expect(JSON.stringify(read.body)).not.toContain(KEY);
  });
});
