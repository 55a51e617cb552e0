import { afterAll, beforeAll, expect, it } from "vitest";
import { menuRoutes } from "@/lib/navigation";
import { ensureBuild, logIn, type ServerProcess, startServer } from "@/test/server-process";
import { processDatabase } from "./process-database";
import { report } from "./report";

const PORT = 3452;
let database: Awaited<ReturnType<typeof processDatabase>>;
let server: ServerProcess;
let cookie: string;

beforeAll(async () => {
  ensureBuild();
  database = await processDatabase();
  // Behind a TLS-terminating proxy, which is the only one believed about HTTPS (TRUST_PROXY).
  server = await startServer({ ...database.env, SEED_DEMO: "1", TRUST_PROXY: "1" }, PORT);
  cookie = await logIn(server.url);
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

function expectBaseHeaders(headers: Headers, where: string) {
  expect(headers.get("x-content-type-options"), where).toBe("nosniff");
  expect(headers.get("referrer-policy"), where).toBe("strict-origin-when-cross-origin");
  expect(headers.get("x-frame-options"), where).toBe("DENY");
}

it("every HTML page carries a nonce CSP (no 'unsafe-inline' for scripts), nosniff, a Referrer-Policy and frame-ancestors 'none'", async () => {
  const pages = [...menuRoutes(), "/about", "/contact", "/register", "/no-such-page"];
  let inlineScripts = 0;
  for (const page of pages) {
    const res = await fetch(`${server.url}${page}`, { headers: { cookie } });
    expect(res.headers.get("content-type"), page).toMatch(/^text\/html/);
    expectBaseHeaders(res.headers, page);
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc, page).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(scriptSrc, page).not.toContain("'unsafe-inline'");
    expect(csp, page).toContain("frame-ancestors 'none'");
    expect(csp, page).toContain("object-src 'none'");
    // Every script in the page carries this response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1];
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, page).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, page).toContain(`nonce="${nonce}"`);
    inlineScripts += scripts.filter((t) => !t.includes(" src=")).length;
    expect(res.headers.get("strict-transport-security"), page).toBeNull();
  }
  // The nonce is new for every response.
  const [a, b] = await Promise.all([fetch(`${server.url}/login`), fetch(`${server.url}/login`)]);
  expect(a.headers.get("content-security-policy")).not.toBe(b.headers.get("content-security-policy"));
  report("headers-html", { pages: pages.length, inlineScriptsAllNonced: inlineScripts, freshNoncePerResponse: true });
});

it("API answers and static files carry nosniff and the Referrer-Policy too; HSTS only over HTTPS", async () => {
  const api = await fetch(`${server.url}/api/health`);
  expectBaseHeaders(api.headers, "/api/health");
  const html = await (await fetch(`${server.url}/login`)).text();
  const asset = /<script src="(\/_next\/static\/[^"]+)"/.exec(html)![1]!;
  const file = await fetch(`${server.url}${asset}`);
  expect(file.status).toBe(200);
  expectBaseHeaders(file.headers, asset);
  for (const path of ["/login", "/api/health", asset]) {
    const https = await fetch(`${server.url}${path}`, { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers.get("strict-transport-security"), path).toBe("max-age=63072000; includeSubDomains");
  }
  report("headers-other", { api: true, staticFiles: true, hstsOverHttps: true, hstsOverHttp: false });
});
