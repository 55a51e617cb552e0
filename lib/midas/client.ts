/**
 * A client of the MIDAS Civil NX API (JSON over HTTP, header MAPI-Key). Every
 * failure is a MidasError whose kind says what to do about it; the key is sent
 * only as a header and never appears in a message.
 */

export type MidasErrorKind = "unreachable" | "timeout" | "refused-key" | "not-running" | "midas-error" | "bad-response";

export class MidasError extends Error {
  constructor(
    readonly kind: MidasErrorKind,
    message: string,
    /** The HTTP status MIDAS answered with, when it answered. */
    readonly status?: number,
    /** What really happened, for the server's log only: the generic answer hides it from the caller (never the key). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = "MidasError";
  }
}

/** The connection settings themselves are unusable (a URL that is not one, a scheme other than http(s), a user name in it). */
export class MidasConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MidasConfigError";
  }
}

export const DEFAULT_MIDAS_BASE_URL = "https://moa-engineers.midasit.com:443/civil";
export const MIDAS_CLOUD_HOST = "moa-engineers.midasit.com";
/** The port `npm run midas:sim` listens on unless told otherwise. */
export const MIDAS_SIM_PORT = 8090;

/**
 * The one answer to a base URL that leads to no MIDAS: not allowed, nothing listening, not HTTP, an HTTP server that
 * is not MIDAS, a redirect, an unknown host. Telling these apart would let any user map the ports of the server's
 * network through it, so the caller never learns which it was (the server's log does).
 */
export const MIDAS_UNREACHABLE =
  "Pontifex cannot reach a MIDAS server at this base URL. Check the base URL: its host and port must be ones your administrator allows (MIDAS_ALLOWED_HOSTS), it must be the final address (redirects are not followed), and MIDAS must be running and reachable from the Pontifex server.";

const unreachable = (detail: string) => new MidasError("unreachable", MIDAS_UNREACHABLE, undefined, detail);

function defaultPort(protocol: string): number {
  return protocol === "https:" ? 443 : 80;
}

/**
 * A host as the WHATWG URL parser writes it (IPv4 in any spelling, 2130706433, 0x7f.1, 0177.0.0.1 or 127.1, as
 * 127.0.0.1; IPv6 compressed in brackets; names lower case, punycode), without a trailing dot; null when it is not a
 * bare host.
 */
export function canonicalHost(host: string): string | null {
  if (host === "" || /[\s/?#@\\]/.test(host)) return null;
  // A port is not part of a host (the parser would drop a default one silently).
  if (host.startsWith("[") ? !/^\[[^\]]*\]$/.test(host) : host.includes(":")) return null;
  let url: URL;
  try {
    url = new URL(`http://${host}/`);
  } catch {
    return null;
  }
  if (url.port !== "" || url.username !== "" || url.password !== "" || url.pathname !== "/") return null;
  return url.hostname.replace(/\.$/, "");
}

type AllowedEntry = { host: string; port: number | null };

/** An entry of MIDAS_ALLOWED_HOSTS, `host` or `host:port`, canonical; null when it is neither. */
function parseEntry(entry: string): AllowedEntry | null {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!match) return null;
  const host = canonicalHost(match[1]!);
  const port = match[2] === undefined ? null : Number(match[2]);
  if (host === null || port === 0 || (port !== null && port > 65535)) return null;
  return { host, port };
}

/**
 * MIDAS_ALLOWED_HOSTS as a list of canonical entries: comma-separated `host` or `host:port`; unset means the MIDAS
 * cloud host, plus the simulator's port on 127.0.0.1 and localhost while the embedded database is in use (a
 * workstation trying `npm run midas:sim`).
 */
export function parseAllowedHosts(value: string | undefined, options: { embeddedDatabase: boolean }): string[] {
  if (value !== undefined && value.trim() !== "") {
    return value
      .split(",")
      .map((h) => parseEntry(h))
      .filter((e): e is AllowedEntry => e !== null)
      .map((e) => (e.port === null ? e.host : `${e.host}:${e.port}`));
  }
  return options.embeddedDatabase ? [MIDAS_CLOUD_HOST, `127.0.0.1:${MIDAS_SIM_PORT}`, `localhost:${MIDAS_SIM_PORT}`] : [MIDAS_CLOUD_HOST];
}

/**
 * Whether a URL's host and port are allowed: both sides canonical; an entry `host:port` allows that port (http or
 * https), an entry without a port only the scheme's default port (443 for https, 80 for http, written or not).
 */
export function isAllowedTarget(url: URL, allowedHosts: readonly string[]): boolean {
  const host = canonicalHost(url.hostname);
  if (host === null) return false;
  const port = url.port === "" ? defaultPort(url.protocol) : Number(url.port);
  return allowedHosts.some((raw) => {
    const entry = parseEntry(raw);
    return entry !== null && entry.host === host && port === (entry.port ?? defaultPort(url.protocol));
  });
}

/**
 * The base URL as a URL, or a MidasConfigError saying what is wrong with its shape: http(s) only, no user name or
 * password, query or fragment, no unusual host part, not port 0. Whether its host may be called is not decided here:
 * that answer must not differ from the one of a host that does not answer (see MIDAS_UNREACHABLE).
 */
export function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new MidasConfigError(`"${baseUrl}" is not a URL. The MIDAS base URL looks like ${DEFAULT_MIDAS_BASE_URL}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new MidasConfigError(`The MIDAS base URL must start with https:// or http://, not ${url.protocol}//.`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new MidasConfigError("The MIDAS base URL must not contain a user name or password; the MAPI-Key is entered separately.");
  }
  if (url.search !== "" || url.hash !== "" || baseUrl.includes("?") || baseUrl.includes("#")) {
    throw new MidasConfigError("The MIDAS base URL must not contain a query (?) or fragment (#).");
  }
  if (/[@\\]/.test(baseUrl.replace(/^[a-z]+:\/\//i, "").split("/")[0] ?? "")) {
    throw new MidasConfigError("The MIDAS base URL has an unusual host part; write it as https://host[:port]/civil.");
  }
  if (url.port === "0") throw new MidasConfigError("The MIDAS base URL has port 0, which no server listens on.");
  return url;
}

/** parseBaseUrl, then the MIDAS_UNREACHABLE failure unless the host and port are allowed. */
export function checkAllowedHost(baseUrl: string, allowedHosts: readonly string[]): void {
  const url = parseBaseUrl(baseUrl);
  if (!isAllowedTarget(url, allowedHosts)) throw unreachable(`${url.origin} is not in MIDAS_ALLOWED_HOSTS`);
}

export type MidasClientOptions = {
  baseUrl: string;
  apiKey: string;
  /** Per request, default 30 s. */
  timeoutMs?: number;
  /** For /doc/ANAL, default 10 min. */
  analysisTimeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * The hosts it may call (MIDAS_ALLOWED_HOSTS): any other fails as MIDAS_UNREACHABLE before anything is sent, like a
   * host that does not answer. Unset: any host (tests against a simulator on a random port); the server always sets it.
   */
  allowedHosts?: readonly string[];
};

export type MidasVerification = {
  /** The program the key is connected to, as MIDAS reports it. */
  product: string;
  version: string;
  user: string | null;
  company: string | null;
  /** Whether the product reads as Civil NX (a Gen NX key also "verifies"). */
  isCivil: boolean;
  checkedWith: "/config/ver" | "/mapikey/verify";
  raw: Record<string, unknown>;
};

/** Rows to write, keyed by MIDAS id. */
export type MidasAssign = Record<string, Record<string, unknown>>;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The error text of a MIDAS answer, if it is an error body ({"message": ...} or {"error": ...}). */
export function midasErrorText(body: unknown): string | null {
  if (!isObject(body)) return null;
  for (const key of ["message", "MESSAGE", "error", "ERROR"]) {
    const v = body[key];
    if (typeof v === "string") return v;
    if (isObject(v) && typeof v.message === "string") return v.message;
  }
  return null;
}

function findKey(body: Json, key: string): string | undefined {
  return Object.keys(body).find((k) => k.toUpperCase() === key.toUpperCase());
}

/** What a verify answer reports, whichever endpoint gave it. */
function verification(
  checkedWith: MidasVerification["checkedWith"],
  raw: Json,
  r: { product: string; version: string | null; user: string | null; company: string | null },
): MidasVerification {
  return { product: r.product, version: r.version ?? "", user: r.user, company: r.company, isCivil: /civil/i.test(r.product), checkedWith, raw };
}

/** The first of `keys` (any case) that holds a string or number, as text. */
const textOf =
  (body: Json) =>
  (...keys: string[]): string | null => {
    for (const k of keys) {
      const found = findKey(body, k);
      if (found && (typeof body[found] === "string" || typeof body[found] === "number")) return String(body[found]);
    }
    return null;
  };

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export class MidasClient {
  readonly baseUrl: string;
  readonly origin: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly analysisTimeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly allowedHosts: readonly string[] | undefined;

  constructor(options: MidasClientOptions) {
    let url: URL;
    try {
      url = new URL(options.baseUrl.trim());
    } catch {
      throw new MidasConfigError(`"${options.baseUrl}" is not a URL. The MIDAS base URL looks like ${DEFAULT_MIDAS_BASE_URL}.`);
    }
    this.baseUrl = url.href.replace(/\/+$/, "");
    this.origin = url.origin;
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.analysisTimeoutMs = options.analysisTimeoutMs ?? 600_000;
    this.fetchImpl = options.fetch ?? fetch;
    this.allowedHosts = options.allowedHosts;
  }

  /**
   * Who the key belongs to and which program it drives: GET {base}/config/ver, as the official client asks
   * (midas-civil-python, _mapi.py _checkUSER: VER.NAME, VERSION, USER, COMPANY), which goes through Civil NX itself;
   * only where that answers 404 (a server without it), GET /mapikey/verify at the origin, which the relay answers
   * even while Civil NX waits on a dialog.
   */
  async verify(): Promise<MidasVerification> {
    let body: unknown;
    try {
      body = await this.request("GET", "/config/ver");
    } catch (error) {
      if (error instanceof MidasError && error.kind === "not-running") return this.verifyKey();
      throw error;
    }
    if (!isObject(body)) throw unreachable(`${this.origin} answered /config/ver with something other than a JSON object`);
    const verKey = findKey(body, "VER");
    const ver = verKey ? body[verKey] : undefined;
    if (!isObject(ver)) {
      const message = midasErrorText(body);
      if (message !== null) throw new MidasError("midas-error", `MIDAS did not verify the key: ${message || "(no text)"}`);
      throw unreachable(`${this.origin} answered /config/ver without a VER object`);
    }
    const text = textOf(ver);
    const product = text("NAME");
    if (product === null) throw unreachable(`${this.origin} answered /config/ver without naming a program`);
    return verification("/config/ver", body, { product, version: text("VERSION"), user: text("USER"), company: text("COMPANY") });
  }

  /** GET /mapikey/verify at the root of the base URL's origin (where /config/ver is missing). */
  private async verifyKey(): Promise<MidasVerification> {
    const body = await this.request("GET", "/mapikey/verify", undefined, { root: true });
    if (!isObject(body)) throw unreachable(`${this.origin} answered /mapikey/verify with something other than a JSON object`);
    const text = textOf(body);
    const product = text("program", "product", "name");
    // An error can come back with HTTP 2xx: a body with a message and nothing about a program.
    const message = midasErrorText(body);
    if (product === null && message !== null) throw new MidasError("midas-error", `MIDAS did not verify the key: ${message || "(no text)"}`);
    // Some JSON, but nothing MIDAS would say: not MIDAS.
    if (product === null) throw unreachable(`${this.origin} answered /mapikey/verify without naming a program`);
    return verification("/mapikey/verify", body, { product, version: text("version", "ver"), user: text("user", "email"), company: text("company") });
  }

  /** GET /db/{table}: its rows by id ({} when the table is empty). */
  async get(table: string): Promise<MidasAssign> {
    const body = await this.request("GET", `/db/${table}`);
    if (!isObject(body)) throw new MidasError("bad-response", `MIDAS answered GET /db/${table} with something other than a JSON object.`);
    const key = findKey(body, table);
    if (key) {
      const rows = body[key];
      if (!isObject(rows)) throw new MidasError("bad-response", `MIDAS answered GET /db/${table} with a ${table} that is not an object of rows.`);
      return rows as MidasAssign;
    }
    const message = midasErrorText(body);
    // An empty table answers without the table's key.
    if (Object.keys(body).length === 0 || message === "") return {};
    if (message !== null) throw new MidasError("midas-error", `MIDAS refused GET /db/${table}: ${message}`);
    throw new MidasError("bad-response", `MIDAS answered GET /db/${table} without a "${table}" object.`);
  }

  post(table: string, assign: MidasAssign): Promise<Json> {
    return this.write("POST", table, assign);
  }

  put(table: string, assign: MidasAssign): Promise<Json> {
    return this.write("PUT", table, assign);
  }

  /**
   * DELETE /db/{table}/{id,id,...}: those rows, with the ids in the path and no body, as the official client deletes
   * (midas-civil-python, LoadCombination.delete). Civil NX deletes the WHOLE table for a DELETE /db/{table}, with or
   * without a body (measured: docs/midas.md, "Deletes"), so that request is never sent: no ids, no request. Ids go in
   * requests of at most DELETE_PATH_CHARS of path. An id that is not there answers {"message": ""}: nothing to delete.
   */
  async delete(table: string, ids: (string | number)[]): Promise<void> {
    for (const part of idPaths(ids.map((id) => encodeURIComponent(String(id))))) {
      const path = `/db/${table}/${part}`;
      const body = await this.request("DELETE", path);
      if (!isObject(body)) throw new MidasError("bad-response", `MIDAS answered DELETE ${path} with something other than a JSON object.`);
      const message = midasErrorText(body);
      if (!findKey(body, table) && message) throw new MidasError("midas-error", `MIDAS refused DELETE ${path}: ${message}`);
    }
  }

  /**
   * POST /doc/SAVE, or /doc/SAVEAS {"Argument": path}: Civil NX opens a dialog (and the API hangs) when it analyses an
   * unsaved model, and when it saves an untitled one without a path (model-file.ts).
   */
  async save(path?: string): Promise<void> {
    const body = await this.request("POST", path ? "/doc/SAVEAS" : "/doc/SAVE", { Argument: path ?? {} });
    const message = midasErrorText(body);
    if (message && /error|fail|cannot|unable|invalid/i.test(message)) throw new MidasError("midas-error", `MIDAS could not save the model: ${message}`);
  }

  /** Saves (unless told not to), then POST /doc/ANAL; resolves when MIDAS reports the analysis done. */
  async runAnalysis(options: { save?: boolean; savePath?: string } = {}): Promise<{ message: string | null }> {
    if (options.save !== false) await this.save(options.savePath);
    const body = await this.request("POST", "/doc/ANAL", {}, { timeoutMs: this.analysisTimeoutMs });
    const message = midasErrorText(body);
    if (isObject(body) && (findKey(body, "error") || (message && /error|fail|cannot|unable|singular|unstable/i.test(message)))) {
      throw new MidasError("midas-error", `The MIDAS analysis failed: ${message ?? JSON.stringify(body).slice(0, 300)}`);
    }
    return { message };
  }

  /** POST /post/TABLE with {"Argument": argument}: the raw answer, {"<TABLE_NAME>": {HEAD, DATA, ...}}. */
  async postTable(argument: Record<string, unknown>): Promise<Json> {
    const body = await this.request("POST", "/post/TABLE", { Argument: argument });
    if (!isObject(body)) throw new MidasError("bad-response", "MIDAS answered /post/TABLE with something other than a JSON object.");
    const name = typeof argument.TABLE_NAME === "string" ? argument.TABLE_NAME : null;
    const message = midasErrorText(body);
    if ((name === null || !findKey(body, name)) && message) {
      throw new MidasError("midas-error", `MIDAS could not produce the ${String(argument.TABLE_TYPE ?? "")} table: ${message}`);
    }
    return body;
  }

  private async write(method: "POST" | "PUT", table: string, assign: Record<string, Record<string, unknown> | null>): Promise<Json> {
    const body = await this.request(method, `/db/${table}`, { Assign: assign });
    if (!isObject(body)) throw new MidasError("bad-response", `MIDAS answered ${method} /db/${table} with something other than a JSON object.`);
    const message = midasErrorText(body);
    // MIDAS reports refused writes with HTTP 200/201 and an error body instead of the table.
    if (!findKey(body, table) && message !== null) {
      // {"message": ""}: Civil NX stored nothing and gave no reason (e.g. a vehicle under another code's MVLD_CODE).
      const why = message || "it stored nothing and gave no reason (an empty message)";
      throw new MidasError("midas-error", `MIDAS refused ${method} /db/${table}: ${why}`);
    }
    return body;
  }

  private async request(method: string, path: string, body?: unknown, options: { root?: boolean; timeoutMs?: number } = {}): Promise<unknown> {
    const url = (options.root ? this.origin : this.baseUrl) + path;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const where = `${method} ${path}`;
    if (this.allowedHosts && !isAllowedTarget(new URL(url), this.allowedHosts)) throw unreachable(`${this.origin} is not in MIDAS_ALLOWED_HOSTS`);
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers: { "MAPI-Key": this.apiKey, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "manual",
      });
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === "TimeoutError" || name === "AbortError") {
        throw new MidasError(
          "timeout",
          `MIDAS did not answer ${where} within ${seconds(timeoutMs)}. Civil NX may be busy or waiting on a dialog (a save prompt, a warning); look at the Civil NX window.`,
        );
      }
      // Refused, reset, not HTTP, unknown host, TLS: all the same to the caller.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw unreachable(`${this.origin}: ${cause?.code ?? cause?.message ?? name ?? "network error"}`);
    }
    let parsed: unknown = undefined;
    if (text.trim() !== "") {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    const status = response.status;
    // MIDAS answers every request, error or not, with a JSON object (or nothing, for some writes). Anything else, or a
    // redirect, is some other server: the same answer as no server at all, and none of its text is passed on.
    if (status >= 300 && status < 400) throw unreachable(`${this.origin} answered ${where} with a redirect (HTTP ${status})`);
    if (!isObject(parsed) && !(status >= 200 && status < 300 && text.trim() === "")) {
      throw unreachable(`${this.origin} answered ${where} with HTTP ${status} and no JSON object`);
    }
    const detail = midasErrorText(parsed);
    if (status === 401 || status === 403) {
      throw new MidasError(
        "refused-key",
        `MIDAS refused the MAPI-Key (HTTP ${status}${detail ? `: ${detail}` : ""}). Copy the current key from Civil NX (Apps > API Settings) and save it again; a Gen NX key does not work for Civil NX.`,
        status,
      );
    }
    if (status === 404) {
      throw new MidasError(
        "not-running",
        `MIDAS answered 404 for ${where}: Civil NX is not running or not connected to this key (start Civil NX, open a model, use Apps > Connect), or the base URL does not end in /civil.`,
        status,
      );
    }
    if (status < 200 || status >= 300) {
      throw new MidasError("midas-error", `MIDAS answered ${where} with HTTP ${status}${detail ? `: ${detail}` : ""}.`, status);
    }
    return parsed ?? {};
  }
}

/** The longest id list one DELETE carries in its path: well inside what servers and proxies take (8 KB and up). */
export const DELETE_PATH_CHARS = 1_500;

/** Ids joined by commas, in as few paths as fit DELETE_PATH_CHARS each. */
export function idPaths(ids: readonly string[]): string[] {
  const paths: string[] = [];
  let current = "";
  for (const id of ids) {
    if (current && current.length + 1 + id.length > DELETE_PATH_CHARS) {
      paths.push(current);
      current = "";
    }
    current = current ? `${current},${id}` : id;
  }
  if (current) paths.push(current);
  return paths;
}
