import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptHints, addLink, HINT_HEADER, preloadLink } from "./response-hints";

const ROWS = "/api/projects/7/datasets/pier/rows?format=lines";
const ROWS_LINK = preloadLink(ROWS, { as: "fetch", crossOrigin: "use-credentials", fetchPriority: "high" });

/** What a page does while it renders: add its link under the id its request carries, then answer. */
let page: (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    acceptHints(req, res);
    page(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function renderWithLink(req: IncomingMessage, res: ServerResponse): void {
  addLink(req.headers[HINT_HEADER]?.toString(), ROWS_LINK);
  res.end("<!doctype html>");
}

describe("a page's Link header", () => {
  it("is on the page's response as the preload of its rows", async () => {
    page = renderWithLink;
    const response = await fetch(`${base}/revitpier?project=7`);
    expect(ROWS_LINK).toBe("</api/projects/7/datasets/pier/rows?format=lines>; rel=preload; as=fetch; crossorigin=use-credentials; fetchpriority=high");
    expect(response.headers.get("link")).toBe(ROWS_LINK);
  });

  it("is not given to the API, Next's files or a client navigation's RSC request", async () => {
    page = renderWithLink;
    for (const [path, headers] of [["/api/projects", {}], ["/_next/static/chunks/a.js", {}], ["/revitpier", { rsc: "1" }]] as const) {
      const response = await fetch(`${base}${path}`, { headers });
      expect(response.headers.get("link"), path).toBeNull();
    }
  });

  it("cannot be steered by a hint id the client sends", async () => {
    let seen: string | undefined;
    page = (req, res) => {
      seen = req.headers[HINT_HEADER]?.toString();
      res.end();
    };
    await fetch(`${base}/revitpier`, { headers: { [HINT_HEADER]: "chosen-by-the-client" } });
    expect(seen).toMatch(/^[0-9a-f-]{36}$/);
    await fetch(`${base}/api/projects`, { headers: { [HINT_HEADER]: "chosen-by-the-client" } });
    expect(seen).toBeUndefined();
  });

  it("is left out, without an error, once the response's head has gone; and nothing is kept after the response", async () => {
    page = (req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.write("<!doctype html>");
      // The page asks too late: its own <link> element does the preload.
      addLink(req.headers[HINT_HEADER]?.toString(), ROWS_LINK);
      res.end();
    };
    const response = await fetch(`${base}/revitpier`);
    await response.text();
    expect(response.headers.get("link")).toBeNull();
    const open = (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for("pontifex.response-hints")];
    await expect.poll(() => open?.size).toBe(0);
  });

  it("refuses a URL that would break out of the header's <...>", () => {
    expect(() => preloadLink("/rows>; rel=stylesheet", { as: "fetch" })).toThrow();
    expect(() => preloadLink("/rows\r\nSet-Cookie: a=b", { as: "fetch" })).toThrow();
  });
});
