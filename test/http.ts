import { expect } from "vitest";

export const ORIGIN = "http://localhost:3000";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  body?: unknown;
  /** A raw body, sent as is. */
  rawBody?: string;
  /** A multipart form (a file upload): sent with the browser's multipart/form-data Content-Type. */
  form?: FormData;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** null: no Origin header at all. */
  origin?: string | null;
  contentType?: string | null;
  signal?: AbortSignal;
};

/** A browser stand-in: keeps the cookies the routes set and sends them back, like fetch with credentials. */
export class TestClient {
  cookies = new Map<string, string>();

  cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async call(handler: Handler, path: string, options: CallOptions = {}): Promise<Response> {
    const method = options.method ?? "GET";
    const headers = new Headers({ host: new URL(ORIGIN).host, ...options.headers });
    // Like the app's own client: a POST always sends a JSON body, a DELETE only when given one.
    const hasBody = options.rawBody !== undefined || options.body !== undefined || !["GET", "HEAD", "DELETE"].includes(method);
    if (method !== "GET" && method !== "HEAD") {
      if (options.origin !== null) headers.set("origin", options.origin ?? ORIGIN);
      if (hasBody && options.contentType !== null && (!options.form || options.contentType))
        headers.set("content-type", options.contentType ?? "application/json");
    }
    const cookie = this.cookieHeader();
    if (cookie && !headers.has("cookie")) headers.set("cookie", cookie);
    const body = options.form ?? (hasBody ? (options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : "{}")) : undefined);
    const request = new Request(new URL(path, ORIGIN), { method, headers, body, signal: options.signal });
    const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/max-age=0/i.test(setCookie) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(handler: Handler, path: string, options: Omit<CallOptions, "method"> = {}) {
    return this.call(handler, path, { ...options, method: "GET" });
  }

  post(handler: Handler, path: string, options: Omit<CallOptions, "method"> = {}) {
    return this.call(handler, path, { ...options, method: "POST" });
  }

  delete(handler: Handler, path: string, options: Omit<CallOptions, "method"> = {}) {
    return this.call(handler, path, { ...options, method: "DELETE" });
  }
}

/** Asserts the status and that a failure carries a JSON `{error}` message; returns the body. */
export async function expectJson<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`expected JSON, got ${response.status}: ${text.slice(0, 200)}`);
  }
  expect({ status: response.status, body }).toMatchObject({ status });
  if (status >= 400) expect(typeof (body as { error?: unknown }).error).toBe("string");
  return body as T;
}
