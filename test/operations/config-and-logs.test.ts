import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { RevitAgent } from "@/lib/revit/agent";
import { processDatabase } from "@/test/hardening/process-database";
import { report } from "@/test/hardening/report";
import { api, ensureBuild, logIn, root, startServer } from "@/test/server-process";

describe("configuration", () => {
  it("a missing or malformed variable stops the server with one line naming it", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: "eighty" }, /^Invalid environment variable PORT: expected a port number 1-65535 \(got "eighty"\)$/],
      [{ PORT: "70000" }, /^Invalid environment variable PORT: /],
      [{ DATABASE_URL: "mysql://db/x" }, /^Invalid environment variable DATABASE_URL: expected a postgres:\/\/ or postgresql:\/\/ connection URL/],
      [{ LOG_LEVEL: "loud" }, /^Invalid environment variable LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent/],
      [{ ALLOWED_ORIGINS: "not a url" }, /^Invalid environment variable ALLOWED_ORIGINS: expected comma-separated origins/],
      [{ SUPER_T_URL: "ftp://x" }, /^Invalid environment variable SUPER_T_URL: expected an http\(s\) URL/],
      [{ SEED_DEMO: "yes" }, /^Invalid environment variable SEED_DEMO: expected "1" or "0"/],
      [{ DATABASE_URL: "postgres://db.example.com/x" }, /^Invalid environment variable PONTIFEX_SECRET: required when DATABASE_URL is set/],
      [{ PONTIFEX_SECRET: "too-short" }, /^Invalid environment variable PONTIFEX_SECRET: expected at least 32 characters .*\(got 9 characters\)$/],
      [{ MIDAS_ALLOWED_HOSTS: "https://midas.example.com/civil" }, /^Invalid environment variable MIDAS_ALLOWED_HOSTS: expected comma-separated host/],
    ];
    for (const [env, message] of cases) {
      const run = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
        cwd: root,
        env: { PATH: process.env.PATH, ...env } as unknown as NodeJS.ProcessEnv,
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.status, JSON.stringify(env)).toBe(1);
      const lines = run.stderr.trim().split("\n");
      expect(lines, JSON.stringify(env)).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    }
    report("configuration", { badValuesTried: cases.length, allStoppedWithOneLine: true });
  });

  it("an embedded database directory the server cannot write stops it with one line naming it", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "pontifex-unwritable-"));
    // Root may write anywhere: run as nobody then, as a container runs as its own user on a root-owned mount.
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) chmodSync(dataDir, 0o555);
    try {
      const run = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
        cwd: root,
        env: { PATH: process.env.PATH, PGLITE_DIR: dataDir } as unknown as NodeJS.ProcessEnv,
        encoding: "utf8",
        timeout: 60_000,
        ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
      });
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Pontifex could not start: the embedded database directory ${dataDir} (PGLITE_DIR) is not writable`);
      expect(lines[0]).toContain("EACCES");
      const entries = run.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { level: number; err?: { message: string } });
      expect(entries.find((e) => e.level === 60)?.err?.message).toContain(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("logs", () => {
  it("are JSON lines with a request id on every API request and websocket event, and never carry a secret", async () => {
    ensureBuild();
    const database = await processDatabase();
    const server = await startServer({ ...database.env, LOG_LEVEL: "info" }, 3463);
    try {
      const cookie = await logIn(server.url);
      const session = cookie.split("=")[1]!;
      await api(server.url, cookie, "GET", "/api/database/pier/fetch-all");
      await fetch(`${server.url}/api/auth/me`, { headers: { cookie, "x-request-id": "trace-me-123" } });
      const token = (await api<{ token: string }>(server.url, cookie, "POST", "/api/revit/tokens", { name: "logs" })).body.token;
      const agent = new RevitAgent({ url: `ws://localhost:3463/ws/revit`, token, reconnect: false });
      const welcome = agent.next("welcome");
      agent.start();
      await welcome;
      await agent.stop();
      // The server logs the disconnect when it sees the close: wait for that line (a busy machine may take a while).
      await vi.waitFor(() => expect(server.output()).toContain('"relay: add-in disconnected"'), { timeout: 15_000, interval: 50 });

      // Every line, Next's own included.
      const lines = server.output().trim().split("\n");
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(entries.length).toBeGreaterThan(5);
      expect(entries).toContainEqual(expect.objectContaining({ source: "console", msg: expect.stringMatching(/^Running next\.config\.mjs took/) }));
      const apiLines = entries.filter((e) => e.msg === "api request");
      expect(apiLines.length).toBeGreaterThanOrEqual(4);
      for (const e of apiLines) expect(e.requestId).toEqual(expect.any(String));
      expect(apiLines.some((e) => e.requestId === "trace-me-123" && e.path === "/api/auth/me")).toBe(true);
      const relayLines = entries.filter((e) => String(e.msg).startsWith("relay: add-in"));
      expect(relayLines.length).toBeGreaterThanOrEqual(2);
      for (const e of relayLines) expect(e).toMatchObject({ requestId: expect.any(String), connectionId: expect.any(String) });
      const everything = server.output();
      expect(everything).not.toContain(session);
      expect(everything).not.toContain(token);
      expect(everything).not.toContain("pontifex-demo");
      report("logs", { lines: entries.length, apiRequestsWithId: apiLines.length, websocketEventsWithId: relayLines.length, secretsFound: 0 });
    } finally {
      await server.stop();
      await database.drop();
    }
  });

  it("LOG_LEVEL=warn leaves out the request lines", async () => {
    const database = await processDatabase();
    const server = await startServer({ ...database.env, LOG_LEVEL: "warn" }, 3464);
    try {
      await fetch(`${server.url}/api/health`);
      // Stopped first: everything it was going to log about that request has been written.
      await server.stop();
      expect(server.output()).not.toContain('"api request"');
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});
