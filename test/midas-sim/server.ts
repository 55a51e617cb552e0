/**
 * A stand-in for MIDAS Civil NX's API over real HTTP, for tests and trials: the
 * /db tables Pontifex writes, /doc/SAVE and /doc/ANAL, /post/TABLE and
 * /mapikey/verify, with the envelopes and traps of the real thing (see store.ts
 * and post.ts). A test double of a commercial program: never part of lib/ or app/.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type AnalysisResults, analyse, AnalysisError } from "./analysis";
import { resultTable } from "./post";
import { canonicalTable, RefusedWrite, SilentRefusal, SimModel, type SimUnit, TABLES } from "./store";

export type MidasSimulatorOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  key: string;
  /** What /config/ver (and /mapikey/verify) report: the program, its version, the key's user and company. */
  product?: string;
  version?: string;
  user?: string;
  company?: string;
  /** /config/ver answers 404, as a relay without it would: the client falls back to /mapikey/verify. */
  noConfigVer?: boolean;
  /** Result tables with the other column names some Civil NX builds use (post.ts, ALTERNATIVE_HEADS). */
  alternativeColumns?: boolean;
  /** The unit a new model opens in (Civil NX keeps the last one used): N and mm unless told otherwise. */
  defaultUnit?: Partial<SimUnit>;
  /** Like Civil NX, /doc/ANAL on a model changed since the last save waits on a dialog and never answers. Default true. */
  hangOnUnsavedAnalysis?: boolean;
  /**
   * Like Civil NX, /doc/SAVE on an untitled model opens a save dialog and never answers (the official client's
   * Model.save: the first save needs a location, /doc/SAVEAS). Default true.
   */
  hangOnUntitledSave?: boolean;
  /** The file the model opens as (default: untitled, as a new model). */
  title?: string;
  /** Delay before every answer, ms (to test timeouts). */
  delayMs?: number;
  /** Answer 404 to everything, as the cloud relay does when Civil NX is not connected. */
  notRunning?: boolean;
};

/** A refusal MIDAS reports with HTTP 200 and {"message": ...}, for the requests it matches. */
export type ErrorBodyRule = { method?: string; path: RegExp; message: string };

export type SimulatorState = {
  model: SimModel;
  results: AnalysisResults | null;
  /** Requests seen, in order: method and path. */
  requests: { method: string; path: string }[];
  notRunning: boolean;
  delayMs: number;
  hangOnUnsavedAnalysis: boolean;
  hangOnUntitledSave: boolean;
  /** Requests that get an error body with HTTP 200 instead of their answer (tests set it). */
  errorBody: ErrorBodyRule | null;
};

export type MidasSimulator = {
  /** Base URL to configure: http://host:port/civil */
  url: string;
  origin: string;
  port: number;
  state: SimulatorState;
  /** The stored rows of a table as GET shows them (all tables when none is named). */
  inspect(table?: string): Record<string, Record<string, Record<string, unknown>>>;
  close(): Promise<void>;
};

const BASE = "/civil";

/** What the simulator reports of itself unless told otherwise (/config/ver's VER, /mapikey/verify). */
export const SIMULATOR_REPORT = {
  product: "MIDAS Civil NX",
  version: "2026 v2.2 (simulator)",
  user: "engineer@example.com",
  company: "Simulator Engineering",
} as const;

export async function startMidasSimulator(options: MidasSimulatorOptions): Promise<MidasSimulator> {
  const unit: SimUnit = { FORCE: "N", DIST: "MM", HEAT: "KJ", TEMPER: "C", ...options.defaultUnit };
  const state: SimulatorState = {
    model: new SimModel(unit),
    results: null,
    requests: [],
    notRunning: options.notRunning ?? false,
    delayMs: options.delayMs ?? 0,
    hangOnUnsavedAnalysis: options.hangOnUnsavedAnalysis ?? true,
    hangOnUntitledSave: options.hangOnUntitledSave ?? true,
    errorBody: null,
  };
  if (options.title) state.model.save(options.title);
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = () => handle(req, Buffer.concat(chunks).toString("utf8"), res, state, options);
      if (state.delayMs > 0) {
        const t = setTimeout(() => {
          timers.delete(t);
          answer();
        }, state.delayMs);
        timers.add(t);
      } else answer();
    });
  });
  // Idle connections kept two minutes, as servers such as Kestrel (130 s) and IIS (120 s) keep them, not Node's 5 s:
  // with 5 s, a client that reused a connection idle for about that long (a test's steps between two MIDAS calls, on a
  // busy machine) could send its request as the simulator closed it, and get ECONNRESET ("MIDAS unreachable").
  server.keepAliveTimeout = 130_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  const origin = `http://${host}:${port}`;
  let closed = false;
  return {
    url: `${origin}${BASE}`,
    origin,
    port,
    state,
    inspect(table) {
      const names = table ? [canonicalTable(table) ?? table] : Object.keys(TABLES);
      return Object.fromEntries(names.map((t) => [t, state.model.read(t)]));
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** How Civil NX answers a refused write: {"error": {"message"}} with the write's own 2xx status, or {"message": ""}. */
function refusal(e: RefusedWrite): unknown {
  return e instanceof SilentRefusal ? { message: "" } : { error: { message: e.message } };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse, state: SimulatorState, options: MidasSimulatorOptions): void {
  const url = new URL(req.url ?? "/", "http://simulator");
  const path = url.pathname;
  const method = (req.method ?? "GET").toUpperCase();
  state.requests.push({ method, path });
  if (req.headers["mapi-key"] !== options.key) return send(res, 401, { message: "MAPI-Key is not valid." });
  if (state.notRunning) return send(res, 404, { message: "The program is not connected." });
  const rule = state.errorBody;
  if (rule && (!rule.method || rule.method === method) && rule.path.test(path)) return send(res, 200, { message: rule.message });

  if (path === "/mapikey/verify" && method === "GET") {
    return send(res, 200, {
      user: options.user ?? SIMULATOR_REPORT.user,
      program: options.product ?? SIMULATOR_REPORT.product,
      version: options.version ?? SIMULATOR_REPORT.version,
    });
  }
  if (!path.startsWith(`${BASE}/`)) return send(res, 404, { message: "Not Found" });
  const rest = path.slice(BASE.length);

  let body: unknown = undefined;
  if (raw.trim() !== "") {
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 200, { message: "The request body is not JSON." });
    }
  }
  const arg = (body as { Argument?: unknown; Assign?: unknown } | undefined) ?? {};

  // What the official client reads (midas-civil-python, _mapi.py _checkUSER: VER.NAME, VERSION, USER, COMPANY).
  if (rest === "/config/ver" && method === "GET") {
    if (options.noConfigVer) return send(res, 404, { message: "Not Found" });
    return send(res, 200, {
      VER: {
        NAME: options.product ?? SIMULATOR_REPORT.product,
        VERSION: options.version ?? SIMULATOR_REPORT.version,
        USER: options.user ?? SIMULATOR_REPORT.user,
        COMPANY: options.company ?? SIMULATOR_REPORT.company,
      },
    });
  }
  // Civil NX never expects a body on a DELETE (the official client sends none): one is refused here, so that a
  // client sending one fails loudly (the real program empties the whole table: docs/midas.md, "Deletes").
  if (method === "DELETE" && raw.trim() !== "")
    return send(res, 200, { error: { message: "A DELETE takes no body: name the rows in the path, /db/TABLE/id,id." } });

  // DELETE /db/{table}/{id[,id...]}: those rows only (the official client's form, verified live for one id).
  const rowsPath = /^\/db\/([^/]+)\/([^/]+)$/.exec(rest);
  if (rowsPath && method === "DELETE") {
    const table = canonicalTable(decodeURIComponent(rowsPath[1]!));
    if (!table) return send(res, 200, { message: `Not Found Key: ${rowsPath[1]} is not a table this program knows.` });
    const ids = decodeURIComponent(rowsPath[2]!).split(",").filter(Boolean);
    try {
      const echo = state.model.deleteRows(table, ids);
      if (Object.keys(echo).length > 0) state.results = null;
      return send(res, 200, Object.keys(echo).length > 0 ? { [table]: echo } : { message: "" });
    } catch (e) {
      if (e instanceof RefusedWrite) return send(res, 200, refusal(e));
      throw e;
    }
  }
  const db = /^\/db\/([^/]+)$/.exec(rest);
  if (db) {
    const table = canonicalTable(decodeURIComponent(db[1]!));
    if (!table) return send(res, 200, { message: `Not Found Key: ${db[1]} is not a table this program knows.` });
    if (method === "GET") {
      const rows = state.model.read(table);
      // An empty table answers {"message": ""} (the official client compares with exactly that).
      return send(res, 200, Object.keys(rows).length > 0 ? { [table]: rows } : { message: "" });
    }
    if (method !== "POST" && method !== "PUT" && method !== "DELETE") return send(res, 200, { message: `${method} is not supported.` });
    // No ids in the path: the whole table, as the official client's delete() means it.
    if (method === "DELETE") {
      try {
        const echo = state.model.deleteRows(table, Object.keys(state.model.read(table)));
        state.results = null;
        return send(res, 200, { [table]: echo });
      } catch (e) {
        if (e instanceof RefusedWrite) return send(res, 200, refusal(e));
        throw e;
      }
    }
    try {
      const echo = state.model.write(method, table, arg.Assign);
      if (table !== "UNIT") state.results = null;
      return send(res, method === "POST" ? 201 : 200, { [table]: echo });
    } catch (e) {
      if (e instanceof RefusedWrite) return send(res, method === "POST" ? 201 : 200, refusal(e));
      throw e;
    }
  }

  if (method === "POST" && /^\/doc\/SAVEAS$/i.test(rest)) {
    const path = typeof arg.Argument === "string" ? arg.Argument.trim() : "";
    if (!/\.mcb[xz]?$/i.test(path))
      return send(res, 200, { error: { message: "SAVEAS needs the path of a model file (.mcbx, .mcb, .mcbz) as its Argument." } });
    state.model.save(path);
    return send(res, 200, { message: `The model was saved as ${path}.` });
  }
  if (method === "POST" && /^\/doc\/SAVE$/i.test(rest)) {
    // An untitled model makes Civil NX ask where to save it; the API call never returns.
    if (state.model.title === null && state.hangOnUntitledSave) return;
    state.model.save();
    return send(res, 200, { message: "The model was saved." });
  }
  if (method === "POST" && /^\/doc\/NEW$/i.test(rest)) {
    state.model.reset();
    state.results = null;
    return send(res, 200, { message: "A new model was opened." });
  }
  if (method === "POST" && /^\/doc\/ANAL$/i.test(rest)) {
    // An unsaved model makes Civil NX ask where to save; the API call never returns.
    if (state.model.dirty && state.hangOnUnsavedAnalysis) return;
    try {
      state.results = analyse(state.model);
      return send(res, 200, { message: "The analysis completed successfully." });
    } catch (e) {
      if (e instanceof AnalysisError) return send(res, 200, { message: e.message.startsWith("Error") ? e.message : `Error: ${e.message}` });
      throw e;
    }
  }
  if (method === "POST" && /^\/post\/TABLE$/i.test(rest)) {
    const results = state.results && state.results.revision === state.model.revision ? state.results : null;
    const answer = resultTable(results, arg.Argument, { alternativeColumns: options.alternativeColumns });
    return send(res, answer.status, answer.body);
  }
  return send(res, 404, { message: "Not Found" });
}
