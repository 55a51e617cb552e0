import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RevitAgent } from "@/lib/relay/agent";
import type { WelcomeMessage } from "@/lib/relay/protocol";
import { report } from "@/test/hardening/report";
import { ensureBuild, logIn, root } from "@/test/server-process";

/**
 * No container engine runs here, so this does what the Dockerfile's runtime
 * stage does: the build output and the files it copies in a fresh folder,
 * production dependencies only (npm ci --omit=dev), started with the image's
 * CMD. Then it serves pages, the API and the websocket.
 */
const PORT = 3461;
let folder: string;
let dataDir: string;

/** What the runtime stage copies from the build context or the build stage (everything but node_modules). */
function runtimeCopies(): string[] {
  const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
  const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"));
  const sources: string[] = [];
  for (const line of runtime.split("\n")) {
    const copy = /^COPY\s+(--from=\S+\s+)?(.+)$/.exec(line.trim());
    if (!copy) continue;
    const parts = copy[2]!.split(/\s+/);
    parts.pop(); // the destination
    for (const source of parts) {
      const relative = source.replace(/^\/app\//, "");
      if (relative !== "node_modules") sources.push(relative);
    }
  }
  return sources;
}

beforeAll(() => {
  ensureBuild();
  folder = mkdtempSync(path.join(os.tmpdir(), "pontifex-image-"));
  dataDir = mkdtempSync(path.join(os.tmpdir(), "pontifex-image-data-"));
  for (const source of runtimeCopies()) cpSync(path.join(root, source), path.join(folder, source), { recursive: true });
  execFileSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: folder, stdio: "pipe" });
}, 300_000);

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

it("the image's runtime (production build, production dependencies only) serves pages, API and websocket", async () => {
  const copied = runtimeCopies();
  expect(copied).toEqual(expect.arrayContaining([".next", "server.ts", "lib", "db"]));
  // Only production dependencies: no compiler, test runner or bundler.
  for (const devOnly of ["typescript", "vitest", "drizzle-kit", "tailwindcss", "fast-check"]) {
    expect(existsSync(path.join(folder, "node_modules", devOnly)), devOnly).toBe(false);
  }

  const cmd = JSON.parse(/^CMD (\[.+\])$/m.exec(readFileSync(path.join(root, "Dockerfile"), "utf8"))![1]!) as string[];
  expect(cmd[0]).toBe("node");
  const child = spawn(process.execPath, cmd.slice(1), {
    cwd: folder,
    env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: String(PORT), HOST: "127.0.0.1", PGLITE_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d));
  child.stderr!.on("data", (d: Buffer) => (output += d));
  const url = `http://127.0.0.1:${PORT}`;
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${output}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        /* starting */
      }
      if (Date.now() > deadline) throw new Error(`did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const home = await fetch(url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("engineering model interface");
    const ready = await fetch(`${url}/api/ready`);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: { database: "ok", relay: "listening" } });

    const cookie = await logIn(url);
    const rows = await fetch(`${url}/api/database/pier/fetch-all`, { headers: { cookie } });
    expect(((await rows.json()) as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(25);
    const token = (await (
      await fetch(`${url}/api/revit/tokens`, { method: "POST", headers: { cookie, origin: url, "content-type": "application/json" }, body: JSON.stringify({ name: "image test" }) })
    ).json()) as { token: string };
    const agent = new RevitAgent({ url: `ws://127.0.0.1:${PORT}/ws/revit`, token: token.token, reconnect: false });
    const welcome = agent.next<WelcomeMessage>("welcome");
    agent.start();
    expect((await welcome).type).toBe("welcome");
    await agent.stop();

    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    report("image", { copied, productionDependenciesOnly: true, pages: 200, api: 200, websocket: "welcome", exitOnSigterm: 0 });
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});
