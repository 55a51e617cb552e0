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
  ) {
    super(message);
    this.name = "MidasError";
  }
}

/** The connection settings themselves are unusable (a URL that is not one, a host outside MIDAS_ALLOWED_HOSTS). */
export class MidasConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MidasConfigError";
  }
}

export const DEFAULT_MIDAS_BASE_URL = "https://moa-engineers.midasit.com:443/civil";
export const MIDAS_CLOUD_HOST = "moa-engineers.midasit.com";

/**
 * MIDAS_ALLOWED_HOSTS as a list: comma-separated host or host:port entries; unset
 * means the MIDAS cloud host, plus 127.0.0.1 and localhost while the embedded
 * database is in use (a workstation trying the simulator).
 */
export function parseAllowedHosts(value: string | undefined, options: { embeddedDatabase: boolean }): string[] {
  if (value !== undefined && value.trim() !== "") {
    return value
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== "");
  }
  return options.embeddedDatabase ? [MIDAS_CLOUD_HOST, "127.0.0.1", "localhost"] : [MIDAS_CLOUD_HOST];
}

function defaultPort(protocol: string): string {
  return protocol === "https:" ? "443" : "80";
}

function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, "");
}

/**
 * Throws unless the base URL is http(s), carries no user name or password,
 * query or fragment, and its host (and port) is one of the allowed entries. An
 * entry without a port allows any port of that host; "host:port" only that port.
 */
export function checkAllowedHost(baseUrl: string, allowedHosts: string[]): void {
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
  const host = normaliseHost(url.hostname);
  const port = url.port || defaultPort(url.protocol);
  if (port === "0") throw new MidasConfigError("The MIDAS base URL has port 0, which no server listens on.");
  const allowed = allowedHosts.some((entry) => {
    const e = entry.trim().toLowerCase();
    if (e === "") return false;
    const bracket = e.startsWith("[");
    const cut = bracket ? e.indexOf("]") + 1 : e.lastIndexOf(":");
    const hasPort = bracket ? e.length > cut && e[cut] === ":" : cut > 0 && /^\d+$/.test(e.slice(cut + 1));
    const entryHost = normaliseHost(hasPort ? e.slice(0, cut) : e);
    const entryPort = hasPort ? e.slice(cut + 1).replace(/^:/, "") : null;
    return entryHost === host && (entryPort === null || String(Number(entryPort)) === port);
  });
  if (!allowed) {
    throw new MidasConfigError(
      `${host}:${port} is not an allowed MIDAS host. Pontifex only calls the hosts listed in MIDAS_ALLOWED_HOSTS (now: ${allowedHosts.join(", ") || "none"}); ask your administrator to add it.`,
    );
  }
}

export type MidasClientOptions = {
  baseUrl: string;
  apiKey: string;
  /** Per request, default 30 s. */
  timeoutMs?: number;
  /** For /doc/ANAL, default 10 min. */
  analysisTimeoutMs?: number;
  fetch?: typeof fetch;
};

export type MidasVerification = {
  /** The program the key is connected to, as MIDAS reports it. */
  product: string;
  version: string;
  user: string | null;
  /** Whether the product reads as Civil NX (a Gen NX key also "verifies"). */
  isCivil: boolean;
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

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export class MidasClient {
  readonly baseUrl: string;
  readonly origin: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly analysisTimeoutMs: number;
  private readonly fetchImpl: typeof fetch;

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
  }

  /** GET /mapikey/verify at the root of the base URL's origin: who the key belongs to and which program it drives. */
  async verify(): Promise<MidasVerification> {
    const body = await this.request("GET", "/mapikey/verify", undefined, { root: true });
    if (!isObject(body)) throw new MidasError("bad-response", "MIDAS answered /mapikey/verify with something other than a JSON object.");
    const text = (...keys: string[]) => {
      for (const k of keys) {
        const found = findKey(body, k);
        if (found && (typeof body[found] === "string" || typeof body[found] === "number")) return String(body[found]);
      }
      return null;
    };
    const product = text("program", "product", "name");
    // An error can come back with HTTP 2xx: a body with a message and nothing about a program.
    const message = midasErrorText(body);
    if (product === null && message !== null) throw new MidasError("midas-error", `MIDAS did not verify the key: ${message || "(no text)"}`);
    if (product === null) throw new MidasError("bad-response", "MIDAS answered /mapikey/verify without naming a program. Check the base URL.");
    return { product, version: text("version", "ver") ?? "", user: text("user", "email"), isCivil: /civil/i.test(product), raw: body };
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

  /** DELETE /db/{table} with {"Assign": {"<id>": null}}. */
  delete(table: string, ids: (string | number)[]): Promise<Json> {
    return this.write("DELETE", table, Object.fromEntries(ids.map((id) => [String(id), null])));
  }

  /** POST /doc/SAVE, or /doc/SAVEAS with a path: Civil NX opens a dialog (and the API hangs) when it analyses an unsaved model. */
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

  private async write(method: "POST" | "PUT" | "DELETE", table: string, assign: Record<string, Record<string, unknown> | null>): Promise<Json> {
    const body = await this.request(method, `/db/${table}`, { Assign: assign });
    if (!isObject(body)) throw new MidasError("bad-response", `MIDAS answered ${method} /db/${table} with something other than a JSON object.`);
    const message = midasErrorText(body);
    // MIDAS reports refused writes with HTTP 200/201 and an error body instead of the table.
    if (!findKey(body, table) && message !== null) {
      throw new MidasError("midas-error", `MIDAS refused ${method} /db/${table}: ${message || "(no text)"}`);
    }
    return body;
  }

  private async request(method: string, path: string, body?: unknown, options: { root?: boolean; timeoutMs?: number } = {}): Promise<unknown> {
    const url = (options.root ? this.origin : this.baseUrl) + path;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const where = `${method} ${path}`;
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
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw new MidasError(
        "unreachable",
        `Cannot reach MIDAS at ${this.origin}${code ? ` (${code})` : ""}. Check the base URL and that the MIDAS server (the cloud relay or the workstation running Civil NX) is reachable from the Pontifex server.`,
      );
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
    if (status >= 300 && status < 400) {
      throw new MidasError(
        "bad-response",
        `MIDAS answered ${where} with a redirect (HTTP ${status}); Pontifex does not follow redirects. Use the final URL as the base URL.`,
        status,
      );
    }
    if (status < 200 || status >= 300) {
      throw new MidasError("midas-error", `MIDAS answered ${where} with HTTP ${status}${detail ? `: ${detail}` : ""}.`, status);
    }
    if (parsed === undefined) {
      if (text.trim() === "") return {};
      throw new MidasError(
        "bad-response",
        `MIDAS answered ${where} with HTTP ${status} but not JSON (it starts "${text.trim().slice(0, 60)}"). Check the base URL.`,
        status,
      );
    }
    return parsed;
  }
}
