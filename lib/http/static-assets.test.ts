import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticAssets } from "./static-assets";

const script = `console.log(${JSON.stringify("a chunk of the build ".repeat(2000))});`;
let url: string;
let server: http.Server;
let assets: ReturnType<typeof staticAssets>;

beforeAll(async () => {
  const buildDir = mkdtempSync(path.join(os.tmpdir(), "pontifex-static-"));
  mkdirSync(path.join(buildDir, "static", "chunks"), { recursive: true });
  writeFileSync(path.join(buildDir, "static", "chunks", "app.js"), script);
  writeFileSync(path.join(buildDir, "secret.txt"), "not served");
  assets = staticAssets(buildDir);
  // What is not ours to answer falls through to "the framework": here a 299 with the raw file's name.
  server = http.createServer((req, res) => {
    if (!assets.serve(req, res)) res.writeHead(299).end("framework");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(pathname: string, encoding: string, method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${pathname}`, { method, headers: { "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the build's scripts, compressed once", () => {
  it("leaves the first request to the framework, then answers brotli or gzip from memory, cacheable for a year", async () => {
    expect((await get("/_next/static/chunks/app.js", "gzip, br")).status).toBe(299);
    await assets.settled();

    const br = await get("/_next/static/chunks/app.js", "gzip, deflate, br, zstd");
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 20);

    const gz = await get("/_next/static/chunks/app.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const head = await get("/_next/static/chunks/app.js", "br", "HEAD");
    expect([head.status, head.body.length, Number(head.headers["content-length"])]).toEqual([200, 0, br.body.length]);
  });

  it("leaves to the framework a client that takes no compression, a missing file, and any path outside the build's static folder", async () => {
    expect((await get("/_next/static/chunks/app.js", "identity")).status).toBe(299);
    for (const pathname of [
      "/_next/static/chunks/missing.js",
      "/_next/static/..%2Fsecret.txt",
      "/_next/static/%2e%2e/secret.txt",
      "/_next/static/%E0%A4%A",
      "/login",
    ]) {
      expect((await get(pathname, "br")).status).toBe(299);
      await assets.settled();
      expect((await get(pathname, "br")).status).toBe(299);
    }
  });
});
