import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MidasSimulator, startMidasSimulator } from "@/test/midas-sim";
import { checkAllowedHost, MidasClient, MidasConfigError, MidasError, parseAllowedHosts } from "./client";

const KEY = "sim-key-9f2c41e7b0";
let sim: MidasSimulator;

beforeAll(async () => {
  sim = await startMidasSimulator({ key: KEY });
});
afterAll(async () => {
  await sim.close();
});

const client = (options: Partial<ConstructorParameters<typeof MidasClient>[0]> = {}) =>
  new MidasClient({ baseUrl: sim.url, apiKey: KEY, timeoutMs: 5000, ...options });

async function failure(promise: Promise<unknown>): Promise<MidasError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(MidasError);
    const error = e as MidasError;
    // The key never travels in an error.
    expect(error.message).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(KEY);
    return error;
  }
  throw new Error("expected a MidasError");
}

/** A server that answers every request with a fixed status, headers and body. */
async function fixedServer(status: number, body: string, headers: Record<string, string> = {}) {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/civil`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("MidasClient against the simulator", () => {
  it("verifies the key at the root of the base URL's origin and reports the product and version", async () => {
    const before = sim.state.requests.length;
    const v = await client().verify();
    expect(v).toMatchObject({ product: "MIDAS Civil NX", version: "2026 v2.2 (simulator)", user: "engineer@example.com", isCivil: true });
    expect(sim.state.requests.slice(before)).toEqual([{ method: "GET", path: "/mapikey/verify" }]);
  });

  it("reads, creates, updates and deletes rows with the Assign envelope", async () => {
    const c = client();
    await c.put("UNIT", { "1": { FORCE: "KN", DIST: "M" } });
    const created = await c.post("NODE", { "501": { X: 1, Y: 2, Z: 3 } });
    expect(created).toEqual({ NODE: { "501": { X: 1, Y: 2, Z: 3 } } });
    await c.put("NODE", { "501": { X: 4 } });
    expect((await c.get("NODE"))["501"]).toEqual({ X: 4, Y: 2, Z: 3 });
    await c.delete("NODE", [501]);
    expect((await c.get("NODE"))["501"]).toBeUndefined();
  });

  it("reports a refused key as refused-key without repeating the key", async () => {
    const e = await failure(client({ apiKey: "wrong-key" }).get("NODE"));
    expect(e.kind).toBe("refused-key");
    expect(e.status).toBe(401);
    expect(e.message).toMatch(/MIDAS refused the MAPI-Key \(HTTP 401: MAPI-Key is not valid.\)/);
    expect(e.message).not.toContain("wrong-key");
  });

  it("reports MIDAS not connected (404 from the relay) as not-running", async () => {
    sim.state.notRunning = true;
    try {
      const e = await failure(client().verify());
      expect(e.kind).toBe("not-running");
      expect(e.message).toMatch(/Civil NX is not running or not connected to this key/);
    } finally {
      sim.state.notRunning = false;
    }
  });

  it("reports a server nobody listens on as unreachable", async () => {
    const gone = await fixedServer(200, "{}");
    await gone.close();
    const e = await failure(new MidasClient({ baseUrl: gone.url, apiKey: KEY }).get("NODE"));
    expect(e.kind).toBe("unreachable");
    expect(e.message).toMatch(/^Cannot reach MIDAS at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });

  it('reads an error body in place of the verify answer as a failure, not as a program called "unknown"', async () => {
    const refused = await fixedServer(200, JSON.stringify({ message: "The key has expired." }));
    const e = await failure(new MidasClient({ baseUrl: refused.url, apiKey: KEY }).verify());
    await refused.close();
    expect(e.kind).toBe("midas-error");
    expect(e.message).toBe("MIDAS did not verify the key: The key has expired.");
    const odd = await fixedServer(200, JSON.stringify({ hello: "world" }));
    const f = await failure(new MidasClient({ baseUrl: odd.url, apiKey: KEY }).verify());
    await odd.close();
    expect(f.kind).toBe("bad-response");
  });

  it("treats an error body in an HTTP 2xx answer as a MIDAS error with MIDAS's text", async () => {
    const c = client();
    const unknown = await failure(c.post("NOPE", { "1": { A: 1 } }));
    expect(unknown.kind).toBe("midas-error");
    expect(unknown.message).toBe("MIDAS refused POST /db/NOPE: Not Found Key: NOPE is not a table this program knows.");
    const malformed = await failure(c.post("NODE", { "1": "not an object" } as never));
    expect(malformed.message).toBe("MIDAS refused POST /db/NODE: Wrong Field: row 1 of NODE is not an object.");
    await c.post("NODE", { "600": { X: 0 } });
    const twice = await failure(c.post("NODE", { "600": { X: 0 } }));
    expect(twice.message).toMatch(/NODE 600 already exists/);
    await c.delete("NODE", [600]);
  });

  it("gives up after its timeout with a timeout failure", async () => {
    sim.state.delayMs = 3000;
    try {
      const e = await failure(client({ timeoutMs: 150 }).get("NODE"));
      expect(e.kind).toBe("timeout");
      expect(e.message).toMatch(/MIDAS did not answer GET \/db\/NODE within 0.2 s/);
    } finally {
      sim.state.delayMs = 0;
    }
  });

  it("saves before analysing, since Civil NX hangs on an unsaved model", async () => {
    const c = client({ analysisTimeoutMs: 300 });
    await c.post("NODE", { "700": { X: 0 } });
    const hung = await failure(c.runAnalysis({ save: false }));
    expect(hung.kind).toBe("timeout");
    expect(await c.runAnalysis()).toEqual({ message: "The analysis completed successfully." });
    await c.delete("NODE", [700]);
  });

  it("calls an answer that is not JSON, or a redirect, a bad response", async () => {
    const html = await fixedServer(200, "<html>login</html>", { "Content-Type": "text/html" });
    const moved = await fixedServer(302, "", { Location: "http://169.254.169.254/" });
    try {
      const e1 = await failure(new MidasClient({ baseUrl: html.url, apiKey: KEY }).get("NODE"));
      expect(e1.kind).toBe("bad-response");
      expect(e1.message).toMatch(/not JSON \(it starts "<html>login<\/html>"\)/);
      const e2 = await failure(new MidasClient({ baseUrl: moved.url, apiKey: KEY }).get("NODE"));
      expect(e2.kind).toBe("bad-response");
      expect(e2.message).toMatch(/redirect \(HTTP 302\); Pontifex does not follow redirects/);
    } finally {
      await html.close();
      await moved.close();
    }
  });

  it("reports a Gen NX key as verified but not Civil NX", async () => {
    const gen = await startMidasSimulator({ key: KEY, product: "MIDAS Gen NX" });
    try {
      expect(await new MidasClient({ baseUrl: gen.url, apiKey: KEY }).verify()).toMatchObject({ product: "MIDAS Gen NX", isCivil: false });
    } finally {
      await gen.close();
    }
  });
});

describe("checkAllowedHost", () => {
  const allowed = ["moa-engineers.midasit.com", "127.0.0.1", "midas.example.com:8443"];
  const ok = (url: string) => expect(() => checkAllowedHost(url, allowed)).not.toThrow();
  const refused = (url: string, message: RegExp) => {
    expect(() => checkAllowedHost(url, allowed)).toThrow(MidasConfigError);
    expect(() => checkAllowedHost(url, allowed)).toThrow(message);
  };

  it("allows the listed hosts: any port for a bare host, only the given port for host:port", () => {
    ok("https://moa-engineers.midasit.com:443/civil");
    ok("https://MOA-ENGINEERS.midasit.com./civil");
    ok("http://127.0.0.1:8090/civil");
    ok("https://midas.example.com:8443/civil");
  });

  it("refuses other hosts and ports, naming MIDAS_ALLOWED_HOSTS", () => {
    refused("http://169.254.169.254/latest", /169.254.169.254:80 is not an allowed MIDAS host.*MIDAS_ALLOWED_HOSTS/);
    refused("https://midas.example.com/civil", /midas.example.com:443 is not an allowed MIDAS host/);
    refused("http://localhost:8090/civil", /localhost:8090 is not an allowed MIDAS host/);
    refused("https://moa-engineers.midasit.com.evil.example/civil", /not an allowed MIDAS host/);
  });

  it("refuses other schemes, user names, queries and unusual host parts", () => {
    refused("file:///etc/passwd", /must start with https:\/\/ or http:\/\//);
    refused("ftp://127.0.0.1/civil", /must start with https:\/\/ or http:\/\//);
    refused("http://user:pw@127.0.0.1/civil", /must not contain a user name or password/);
    refused("http://127.0.0.1@evil.example/civil", /must not contain a user name or password/);
    refused("http://127.0.0.1/civil?x=1", /query/);
    refused("http://127.0.0.1:0/civil", /port 0/);
    refused("not a url", /is not a URL/);
  });

  it("reads MIDAS_ALLOWED_HOSTS, defaulting to the cloud host plus loopback on the embedded database", () => {
    expect(parseAllowedHosts(undefined, { embeddedDatabase: false })).toEqual(["moa-engineers.midasit.com"]);
    expect(parseAllowedHosts("", { embeddedDatabase: true })).toEqual(["moa-engineers.midasit.com", "127.0.0.1", "localhost"]);
    expect(parseAllowedHosts(" Midas.Example.com:8443 , 10.0.0.5 ", { embeddedDatabase: true })).toEqual(["midas.example.com:8443", "10.0.0.5"]);
  });
});
