import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MidasSimulator, SIMULATOR_REPORT, startMidasSimulator } from "@/test/midas-sim";
import {
  canonicalHost,
  checkAllowedHost,
  DELETE_PATH_CHARS,
  idPaths,
  isAllowedTarget,
  MIDAS_UNREACHABLE,
  MidasClient,
  MidasConfigError,
  MidasError,
  parseAllowedHosts,
} from "./client";

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
  it("verifies the key with /config/ver under the base URL, as the official client does, and reports its product, version, user and company", async () => {
    const before = sim.state.requests.length;
    const v = await client().verify();
    expect(v).toMatchObject({ ...SIMULATOR_REPORT, isCivil: true, checkedWith: "/config/ver" });
    expect(sim.state.requests.slice(before)).toEqual([{ method: "GET", path: "/civil/config/ver" }]);
  });

  it("falls back to /mapikey/verify at the origin only where /config/ver is missing (404), and says so", async () => {
    const old = await startMidasSimulator({ key: KEY, noConfigVer: true, user: "ada@example.com" });
    try {
      const v = await new MidasClient({ baseUrl: old.url, apiKey: KEY }).verify();
      expect(v).toMatchObject({ product: "MIDAS Civil NX", user: "ada@example.com", company: null, checkedWith: "/mapikey/verify" });
      expect(old.state.requests).toEqual([
        { method: "GET", path: "/civil/config/ver" },
        { method: "GET", path: "/mapikey/verify" },
      ]);
    } finally {
      await old.close();
    }
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

  it("reports a server nobody listens on as unreachable, with the generic text (the cause only in its detail, for the log)", async () => {
    const gone = await fixedServer(200, "{}");
    await gone.close();
    const e = await failure(new MidasClient({ baseUrl: gone.url, apiKey: KEY }).get("NODE"));
    expect(e.kind).toBe("unreachable");
    expect(e.message).toBe(MIDAS_UNREACHABLE);
    expect(e.detail).toMatch(/^http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED$/);
  });

  it('reads an error body in place of the verify answer as a failure, and JSON that names no program as no MIDAS, not as a program called "unknown"', async () => {
    const refused = await fixedServer(200, JSON.stringify({ message: "The key has expired." }));
    const e = await failure(new MidasClient({ baseUrl: refused.url, apiKey: KEY }).verify());
    await refused.close();
    expect(e.kind).toBe("midas-error");
    expect(e.message).toBe("MIDAS did not verify the key: The key has expired.");
    const odd = await fixedServer(200, JSON.stringify({ hello: "world" }));
    const f = await failure(new MidasClient({ baseUrl: odd.url, apiKey: KEY }).verify());
    await odd.close();
    expect(f.kind).toBe("unreachable");
    expect(f.message).toBe(MIDAS_UNREACHABLE);
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

  it("saves before analysing, since Civil NX hangs on an unsaved model; an untitled model's first save is SAVEAS", async () => {
    const c = client({ analysisTimeoutMs: 300, timeoutMs: 300 });
    await c.post("NODE", { "700": { X: 0 } });
    const hung = await failure(c.runAnalysis({ save: false }));
    expect(hung.kind).toBe("timeout");
    // Untitled: a SAVE would wait on Civil NX's save dialog; SAVEAS with a path titles the model.
    sim.state.model.title = null;
    expect((await failure(c.save())).message).toMatch(/MIDAS did not answer POST \/doc\/SAVE within 0.3 s/);
    await c.save("C:\\Bridges\\Client test.mcb");
    expect(sim.state.model.title).toBe("C:\\Bridges\\Client test.mcb");
    expect(await c.runAnalysis()).toEqual({ message: "The analysis completed successfully." });
    await c.delete("NODE", [700]);
  });

  it("answers a server that is not MIDAS (not HTTP, a web page, text, a redirect) as one that does not answer, repeating none of its text", async () => {
    const servers = [
      await fixedServer(200, "<html>login</html>", { "Content-Type": "text/html" }),
      await fixedServer(404, "Not Found", { "Content-Type": "text/plain" }),
      await fixedServer(401, "Unauthorized", { "Content-Type": "text/plain" }),
      await fixedServer(500, "[1, 2]", { "Content-Type": "application/json" }),
      await fixedServer(302, "", { Location: "http://169.254.169.254/" }),
    ];
    // Open, but not HTTP: another protocol's banner.
    const sockets: net.Socket[] = [];
    const banner = net.createServer((socket) => {
      sockets.push(socket);
      socket.end("SSH-2.0-OpenSSH_9.6\r\n");
    });
    await new Promise<void>((resolve) => banner.listen(0, "127.0.0.1", resolve));
    const bannerUrl = `http://127.0.0.1:${(banner.address() as AddressInfo).port}/civil`;
    try {
      for (const url of [...servers.map((s) => s.url), bannerUrl]) {
        for (const call of [(c: MidasClient) => c.verify(), (c: MidasClient) => c.get("NODE"), (c: MidasClient) => c.post("NODE", { "1": { X: 0 } })]) {
          const e = await failure(call(new MidasClient({ baseUrl: url, apiKey: KEY })));
          expect({ kind: e.kind, message: e.message, status: e.status }).toEqual({ kind: "unreachable", message: MIDAS_UNREACHABLE, status: undefined });
        }
      }
    } finally {
      for (const server of servers) await server.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => banner.close(() => resolve()));
    }
  });

  it("calls no host outside its allowed hosts, failing as a host that does not answer", async () => {
    const before = sim.state.requests.length;
    const e = await failure(client({ allowedHosts: ["127.0.0.1", `localhost:${sim.port}`] }).verify());
    expect({ kind: e.kind, message: e.message }).toEqual({ kind: "unreachable", message: MIDAS_UNREACHABLE });
    expect(e.detail).toBe(`http://127.0.0.1:${sim.port} is not in MIDAS_ALLOWED_HOSTS`);
    expect(sim.state.requests.length).toBe(before);
    expect((await client({ allowedHosts: [`0x7f.1:${sim.port}`] }).verify()).product).toBe("MIDAS Civil NX");
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
  const ok = (url: string, list = allowed) => expect(() => checkAllowedHost(url, list), url).not.toThrow();
  const refused = (url: string, message: RegExp) => {
    expect(() => checkAllowedHost(url, allowed)).toThrow(MidasConfigError);
    expect(() => checkAllowedHost(url, allowed)).toThrow(message);
  };
  /** Not allowed: the same failure as a host that does not answer, naming neither the host nor the list. */
  const notAllowed = (url: string, list = allowed) => {
    let error: unknown;
    try {
      checkAllowedHost(url, list);
    } catch (e) {
      error = e;
    }
    expect(error, url).toBeInstanceOf(MidasError);
    expect({ kind: (error as MidasError).kind, message: (error as MidasError).message }, url).toEqual({ kind: "unreachable", message: MIDAS_UNREACHABLE });
  };

  it("allows a host without a port only on the scheme's default port (443 https, 80 http, written or not), host:port on that port only", () => {
    ok("https://moa-engineers.midasit.com:443/civil");
    ok("https://moa-engineers.midasit.com/civil");
    ok("https://MOA-ENGINEERS.midasit.com./civil");
    ok("http://127.0.0.1/civil");
    ok("http://127.0.0.1:80/civil");
    ok("https://127.0.0.1/civil");
    ok("https://midas.example.com:8443/civil");
    ok("http://midas.example.com:8443/civil");
    for (const url of [
      "http://127.0.0.1:8090/civil",
      "http://127.0.0.1:22/civil",
      "https://127.0.0.1:80/civil",
      "http://127.0.0.1:443/civil",
      "https://moa-engineers.midasit.com:8443/civil",
      "http://moa-engineers.midasit.com:443/civil",
      "https://midas.example.com/civil",
      "https://midas.example.com:8444/civil",
    ])
      notAllowed(url);
  });

  it("refuses other hosts with the generic text, never naming the host or the list", () => {
    for (const url of [
      "http://169.254.169.254/latest",
      "http://localhost/civil",
      "http://localhost:8090/civil",
      "http://0.0.0.0/civil",
      "http://[::1]/civil",
      "https://moa-engineers.midasit.com.evil.example/civil",
      "https://evil.example/moa-engineers.midasit.com",
    ])
      notAllowed(url);
    expect(MIDAS_UNREACHABLE).toMatch(/MIDAS_ALLOWED_HOSTS/);
    for (const entry of allowed) expect(MIDAS_UNREACHABLE).not.toContain(entry);
  });

  it("canonicalises addresses as the URL parser does, on the target and on the entries alike", () => {
    const table: [string, string | null][] = [
      ["127.0.0.1", "127.0.0.1"],
      ["2130706433", "127.0.0.1"],
      ["0x7f000001", "127.0.0.1"],
      ["0x7F000001", "127.0.0.1"],
      ["0x7f.1", "127.0.0.1"],
      ["0177.0.0.1", "127.0.0.1"],
      ["0177.1", "127.0.0.1"],
      ["127.1", "127.0.0.1"],
      ["127.0.1", "127.0.0.1"],
      ["127.0.0.1.", "127.0.0.1"],
      ["%31%32%37.0.0.1", "127.0.0.1"],
      ["LocalHost.", "localhost"],
      ["MOA-Engineers.MidasIT.com.", "moa-engineers.midasit.com"],
      ["[0:0:0:0:0:0:0:1]", "[::1]"],
      ["[::ffff:127.0.0.1]", "[::ffff:7f00:1]"],
      ["0", "0.0.0.0"],
      ["256.1.1.1", null],
      ["a b", null],
      ["host/path", null],
      ["user@host", null],
      ["host:80", null],
      ["", null],
    ];
    for (const [host, canonical] of table) expect(canonicalHost(host), host).toBe(canonical);

    for (const spelling of ["2130706433", "0x7f000001", "0x7f.1", "0177.0.0.1", "127.1", "127.0.0.1."]) {
      ok(`http://${spelling}/civil`);
      notAllowed(`http://${spelling}:8090/civil`);
      ok(`http://${spelling}:8090/civil`, ["127.0.0.1:8090"]);
    }
    for (const entry of ["0x7f.1:8090", "2130706433:8090", "127.1:8090", "127.0.0.1.:8090"]) ok("http://127.0.0.1:8090/civil", [entry]);
    ok("http://localhost:8090/civil", ["LOCALHOST.:8090"]);
    ok("http://[::1]:8090/civil", ["[0:0:0:0:0:0:0:1]:8090"]);
    notAllowed("http://[::1]:8091/civil", ["[::1]:8090"]);
    // An entry that is not a host allows nothing.
    notAllowed("http://127.0.0.1:8090/civil", ["127.0.0.1:0", "127.0.0.1:99999", "http://127.0.0.1:8090", ""]);
    expect(isAllowedTarget(new URL("http://127.0.0.1:8090/"), ["127.0.0.1:08090"])).toBe(true);
  });

  it("refuses other schemes, user names, queries and unusual host parts for what they are (their shape, not their host)", () => {
    refused("file:///etc/passwd", /must start with https:\/\/ or http:\/\//);
    refused("ftp://127.0.0.1/civil", /must start with https:\/\/ or http:\/\//);
    refused("http://user:pw@127.0.0.1/civil", /must not contain a user name or password/);
    refused("http://127.0.0.1@evil.example/civil", /must not contain a user name or password/);
    refused("http://127.0.0.1/civil?x=1", /query/);
    refused("http://127.0.0.1:0/civil", /port 0/);
    refused("not a url", /is not a URL/);
  });

  it("reads MIDAS_ALLOWED_HOSTS as canonical entries, defaulting to the cloud host plus the simulator's port on loopback on the embedded database", () => {
    expect(parseAllowedHosts(undefined, { embeddedDatabase: false })).toEqual(["moa-engineers.midasit.com"]);
    expect(parseAllowedHosts("", { embeddedDatabase: true })).toEqual(["moa-engineers.midasit.com", "127.0.0.1:8090", "localhost:8090"]);
    expect(parseAllowedHosts(" Midas.Example.com:8443 , 10.0.0.5 ", { embeddedDatabase: true })).toEqual(["midas.example.com:8443", "10.0.0.5"]);
    expect(parseAllowedHosts("0x7f.1:8090,Civil-WS.example.local.,[0:0::1]:8090", { embeddedDatabase: false })).toEqual([
      "127.0.0.1:8090",
      "civil-ws.example.local",
      "[::1]:8090",
    ]);
  });
});

describe("deletes name their rows in the path", () => {
  it("joins ids with commas in paths of at most DELETE_PATH_CHARS, and sends none for no ids", () => {
    expect(idPaths([])).toEqual([]);
    expect(idPaths(["1", "2", "30"])).toEqual(["1,2,30"]);
    const many = Array.from({ length: 1000 }, (_, i) => String(10001 + i));
    const paths = idPaths(many);
    expect(paths.length).toBeGreaterThan(1);
    for (const path of paths) expect(path.length).toBeLessThanOrEqual(DELETE_PATH_CHARS);
    expect(paths.join(",").split(",")).toEqual(many);
  });
});
