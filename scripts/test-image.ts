/**
 * `npm run test:image`: builds the Dockerfile as it is and checks the container as ops run it, against the local
 * PostgreSQL and against the embedded database on a volume. One `pass`/`FAIL` line per check, then the figures, then
 * `N passed, N failed`; exits 1 when a check failed.
 *
 * No Docker engine runs here and no image registry is reachable, so:
 * - buildah and podman come from Debian's packages, installed when missing (as root, or with sudo);
 * - node:20-bookworm-slim is a stand-in made once and kept in podman's image store: Debian bookworm (debootstrap from
 *   this machine's Debian mirror), this machine's Node 20 and npm 10.8.2 (the npm that image ships);
 * - the build's `npm ci` reaches the registry with this machine's CA bundle and a kept npm cache, mounted on
 *   /usr/local/etc (npm's global config folder, which exists and stays empty in the image).
 * TEST_IMAGE_NEW_BASE=1 makes the stand-in again; TEST_IMAGE_PORT moves the three ports used (default 3590-3592);
 * TEST_IMAGE_AFTER names a file whose appearance the container checks wait for (.ci/run: npm test has finished).
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { RevitAgent } from "../lib/revit/agent";
import type { WelcomeMessage } from "../lib/revit/protocol";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WORK = "/var/tmp/pontifex-image";
const BASE = "localhost/pontifex-standin:node20-bookworm-slim";
const FROM = "docker.io/library/node:20-bookworm-slim";
const IMAGE = "localhost/pontifex:image-test";
const CACHE = "localhost/pontifex:image-test-layers";
const NPM_VERSION = "10.8.2";
const SIZE_LIMIT_MB = 450;
const READY_WITHIN_S = 30;
const PORT = Number(process.env.TEST_IMAGE_PORT ?? 3590);
const ADMIN_URL = process.env.TEST_IMAGE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// What podman needs on this kind of machine (no systemd, no cgroup delegation, rlimits only lowered).
const PODMAN = ["--runtime", "/usr/sbin/runc", "--cgroup-manager", "cgroupfs", "--events-backend", "file"];
const RUN_OPTIONS = ["--network", "host", "--ulimit", "nofile=20000:20000", "--ulimit", "nproc=32768:32768", "--health-interval", "disable"];
const suffix = `${process.pid}`;
const RUN_STARTED = Math.floor(Date.now() / 1000);

type Result = { status: number | null; stdout: string; stderr: string; seconds: number };

function run(command: string, args: string[], options: SpawnSyncOptions & { log?: string } = {}): Result {
  const started = performance.now();
  const fd = options.log ? openSync(options.log, "a") : undefined;
  const result = spawnSync(command, args, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    ...options,
    ...(fd === undefined ? {} : { stdio: ["ignore", fd, fd] }),
  });
  if (fd !== undefined) closeSync(fd);
  return {
    status: result.error ? null : result.status,
    stdout: String(result.stdout ?? ""),
    stderr: String(result.stderr ?? "") + (result.error ? String(result.error) : ""),
    seconds: (performance.now() - started) / 1000,
  };
}
const podman = (args: string[], options: SpawnSyncOptions = {}) => run("podman", [...PODMAN, ...args], options);
const has = (command: string) => run("sh", ["-c", `command -v ${command}`]).status === 0;
const tail = (text: string, lines = 15) => text.trim().split("\n").slice(-lines).join("\n");

/** Resolves once `file` exists (at once without a file named). */
async function untilExists(file: string | undefined): Promise<void> {
  while (file && !existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 1000));
}

// ---- the checks -------------------------------------------------------------------------------------------------

const tally = { passed: 0, failed: 0 };
const figures: string[] = [];

function record(name: string, ok: boolean, detail = ""): boolean {
  if (ok) tally.passed += 1;
  else tally.failed += 1;
  console.log(`${ok ? "pass" : "FAIL"}  ${name}${detail ? ` (${detail})` : ""}`);
  return ok;
}

async function check(name: string, body: () => Promise<string | void> | string | void): Promise<boolean> {
  try {
    return record(name, true, (await body()) ?? "");
  } catch (error) {
    return record(name, false, error instanceof Error ? error.message : String(error));
  }
}

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

// ---- tools and the stand-in base ---------------------------------------------------------------------------------

function ensureTools(): string {
  const missing = ["buildah", "podman", "debootstrap"].filter((c) => !has(c));
  if (!existsSync("/usr/sbin/runc")) missing.push("runc");
  if (missing.length === 0) return "already installed";
  const aptGet = process.getuid?.() === 0 ? ["apt-get"] : ["sudo", "-n", "apt-get"];
  const options = { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }, log: path.join(WORK, "apt.log") };
  const update = run(aptGet[0]!, [...aptGet.slice(1), "update", "-qq"], options);
  const install = run(aptGet[0]!, [...aptGet.slice(1), "install", "-y", "-qq", "buildah", "podman", "debootstrap", "runc"], options);
  expect(install.status === 0, `apt-get install ${missing.join(" ")} failed: see ${options.log}`);
  figures.push(`buildah and podman installed in ${(update.seconds + install.seconds).toFixed(0)} s`);
  return `installed ${missing.join(", ")} from Debian's packages`;
}

/** The Debian mirror apt uses here (deb822 .sources or one-line .list), for bookworm's main archive. */
function debianMirror(): string {
  const candidates: { uri: string; suites: string[] }[] = [];
  const folder = "/etc/apt/sources.list.d";
  const files = ["/etc/apt/sources.list", ...(existsSync(folder) ? readdirSync(folder).map((f) => path.join(folder, f)) : [])];
  for (const file of files.filter((f) => /\.(list|sources)$/.test(f) && existsSync(f))) {
    const text = readFileSync(file, "utf8");
    if (file.endsWith(".sources")) {
      for (const stanza of text.split(/\n\s*\n/)) {
        const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(stanza)?.[1]?.trim().split(/\s+/) ?? [];
        if (!field("Types").includes("deb") || /^enabled:\s*no/im.test(stanza)) continue;
        for (const uri of field("URIs")) candidates.push({ uri, suites: field("Suites") });
      }
    } else {
      for (const line of text.split("\n")) {
        const m = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/.exec(line.trim());
        if (m) candidates.push({ uri: m[1]!, suites: [m[2]!] });
      }
    }
  }
  const main = candidates.filter((c) => !/security/.test(c.uri) && c.suites.some((s) => !/security/.test(s)));
  return (main.find((c) => c.suites.includes("bookworm")) ?? main.find((c) => /debian/.test(c.uri)))?.uri ?? "http://deb.debian.org/debian";
}

const ENTRYPOINT = `#!/bin/sh
set -e
# As in the node images: arguments that are not a command go to node.
if [ "\${1#-}" != "\${1}" ] || [ -z "$(command -v "\${1}")" ] || { [ -f "\${1}" ] && ! [ -x "\${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
`;

/** node:20-bookworm-slim's stand-in: what that image holds (Debian bookworm slimmed, Node 20, npm 10.8.2, user node). */
function makeBase(): string {
  expect(process.versions.node.startsWith("20."), `the stand-in needs this machine's Node 20, found ${process.version}`);
  const work = mkdtempSync(path.join(WORK, "base-"));
  const rootfs = path.join(work, "rootfs");
  const log = path.join(WORK, "base.log");
  const mirror = debianMirror();
  try {
    const bootstrap = run("debootstrap", ["--variant=minbase", "bookworm", rootfs, mirror], { log });
    expect(bootstrap.status === 0, `debootstrap bookworm from ${mirror} failed: see ${log}`);
    // As Docker's debian:bookworm-slim: no package lists, caches, documentation or translations.
    for (const dir of ["var/lib/apt/lists", "var/cache/apt", "var/log", "usr/share/doc", "usr/share/man", "usr/share/info", "usr/share/locale"]) {
      const full = path.join(rootfs, dir);
      for (const entry of existsSync(full) ? readdirSync(full) : []) rmSync(path.join(full, entry), { recursive: true, force: true });
    }
    const bin = path.join(rootfs, "usr/local/bin");
    copyFileSync(process.execPath, path.join(bin, "node"));
    chmodSync(path.join(bin, "node"), 0o755);
    const pack = run("npm", ["pack", `npm@${NPM_VERSION}`, "--pack-destination", work, "--silent"], { cwd: work });
    expect(pack.status === 0, `npm pack npm@${NPM_VERSION} failed: ${tail(pack.stderr, 5)}`);
    const npmDir = path.join(rootfs, "usr/local/lib/node_modules/npm");
    mkdirSync(npmDir, { recursive: true });
    expect(run("tar", ["-xzf", path.join(work, `npm-${NPM_VERSION}.tgz`), "-C", npmDir, "--strip-components=1"]).status === 0, "unpacking npm failed");
    symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(bin, "npm"));
    symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(bin, "npx"));
    writeFileSync(path.join(bin, "docker-entrypoint.sh"), ENTRYPOINT, { mode: 0o755 });
    expect(run("chroot", [rootfs, "groupadd", "--gid", "1000", "node"]).status === 0, "groupadd node failed");
    expect(
      run("chroot", [rootfs, "useradd", "--uid", "1000", "--gid", "node", "--shell", "/bin/bash", "--create-home", "node"]).status === 0,
      "useradd node failed",
    );
    const changes = [
      `ENV NODE_VERSION=${process.versions.node}`,
      "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      'ENTRYPOINT ["docker-entrypoint.sh"]',
      'CMD ["node"]',
    ].flatMap((c) => ["--change", c]);
    const quoted = [...PODMAN, "import", ...changes, "-", BASE].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
    const imported = run("sh", ["-c", `tar -C '${rootfs}' -c . | podman ${quoted}`], { log });
    expect(imported.status === 0, `podman import failed: see ${log}`);
    return `made from ${mirror}`;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** npm's global config for the build (its folder is mounted on /usr/local/etc): this machine's CAs, a kept cache. */
function npmConfigFolder(): string {
  const folder = path.join(WORK, "npm-etc");
  mkdirSync(path.join(folder, "npm-cache"), { recursive: true });
  const bundles = [...new Set(["/etc/ssl/certs/ca-certificates.crt", process.env.NODE_EXTRA_CA_CERTS].filter((f): f is string => !!f && existsSync(f)))];
  const lines = ["cache=/usr/local/etc/npm-cache", "prefer-offline=true"];
  if (bundles.length > 0) {
    writeFileSync(path.join(folder, "ca.crt"), bundles.map((f) => readFileSync(f, "utf8")).join("\n"));
    lines.push("cafile=/usr/local/etc/ca.crt");
  }
  writeFileSync(path.join(folder, "npmrc"), `${lines.join("\n")}\n`);
  return folder;
}

// ---- containers -------------------------------------------------------------------------------------------------

type Container = { name: string; url: string; started: number };

function startContainer(name: string, port: number, env: Record<string, string>, volume?: string): Container {
  podman(["rm", "-f", name]);
  const started = performance.now();
  const envArgs = Object.entries({ PORT: String(port), HOST: "127.0.0.1", ...env }).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
  const result = podman(["run", "-d", "--name", name, ...RUN_OPTIONS, ...envArgs, ...(volume ? ["-v", `${volume}:/data`] : []), IMAGE]);
  expect(result.status === 0, `podman run failed: ${tail(result.stderr, 5)}`);
  return { name, url: `http://127.0.0.1:${port}`, started };
}

async function waitReady(container: Container): Promise<number> {
  const deadline = container.started + READY_WITHIN_S * 1000;
  for (;;) {
    try {
      if ((await fetch(`${container.url}/api/ready`)).status === 200) return (performance.now() - container.started) / 1000;
    } catch {
      /* not listening yet */
    }
    if (performance.now() > deadline) {
      throw new Error(`not ready within ${READY_WITHIN_S} s: ${tail(logs(container.name).stdout + logs(container.name).stderr, 5)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const logs = (name: string) => podman(["logs", name]);

/** SIGTERM, as `docker stop` sends it: the exit code and how long the container took to exit. */
function terminate(name: string): { code: number; seconds: number } {
  const started = performance.now();
  podman(["kill", "--signal", "TERM", name]);
  const waited = podman(["wait", name], { timeout: 30_000 });
  return { code: Number(waited.stdout.trim().split("\n").pop()), seconds: (performance.now() - started) / 1000 };
}

function nonJsonLines(name: string): { lines: number; bad: string[] } {
  const { stdout, stderr } = logs(name);
  const lines = [...stdout.split("\n"), ...stderr.split("\n")].filter((l) => l.trim() !== "");
  const bad = lines.filter((l) => {
    try {
      return typeof JSON.parse(l) !== "object";
    } catch {
      return true;
    }
  });
  return { lines: lines.length, bad };
}

function errorLines(name: string): string[] {
  const { stdout, stderr } = logs(name);
  return [...stdout.split("\n"), ...stderr.split("\n")].filter((l) => {
    try {
      return (JSON.parse(l) as { level?: number }).level! >= 50;
    } catch {
      return l.trim() !== "";
    }
  });
}

/** The checks every running container gets, whichever database it is on; `meanwhile` runs before it is stopped. */
async function checkRunning(label: string, container: Container, readyFigure: string, meanwhile?: () => Promise<void>): Promise<void> {
  const ready = await check(`${label}: ready (GET /api/ready 200) within ${READY_WITHIN_S} s`, async () => {
    const seconds = await waitReady(container);
    figures.push(`${readyFigure} ${seconds.toFixed(1)} s`);
    return `${seconds.toFixed(1)} s`;
  });
  await check(`${label}: runs as a non-root user, node as PID 1`, () => {
    expect(ready, "not running");
    const id = podman(["exec", container.name, "id", "-un"]).stdout.trim();
    const uid = podman(["exec", container.name, "id", "-u"]).stdout.trim();
    const pid1 = podman(["exec", container.name, "cat", "/proc/1/cmdline"]).stdout.split("\0")[0];
    expect(uid !== "" && uid !== "0", `uid is ${uid || "unknown"}`);
    expect(pid1 === "node", `PID 1 is ${pid1}`);
    return `${id}, uid ${uid}`;
  });
  await check(`${label}: the image's HEALTHCHECK command succeeds`, () => {
    expect(ready, "not running");
    const health = podman(["healthcheck", "run", container.name]);
    expect(health.status === 0, `podman healthcheck run: ${health.stdout.trim() || health.stderr.trim()}`);
    return health.stdout.trim() || "healthy";
  });
  // The optimiser writes its cache after answering: whether that logged an error is read once the container stopped.
  const image = ready
    ? await fetch(`${container.url}/_next/image?url=%2Fapple-icon.png&w=64&q=75`, { headers: { accept: "image/webp,image/*" } }).then(
        (res) => ({ status: res.status, type: res.headers.get("content-type") ?? "" }),
        (error: unknown) => ({ status: 0, type: String(error) }),
      )
    : undefined;
  if (meanwhile) await meanwhile();
  const stopped = terminate(container.name);
  await check(`${label}: GET /_next/image answers an image and logs no error`, () => {
    expect(image, "not running");
    expect(image.status === 200 && image.type.startsWith("image/"), `status ${image.status}, ${image.type}`);
    const errors = errorLines(container.name);
    expect(errors.length === 0, `logged: ${errors[0]?.slice(0, 300)}`);
    return image.type;
  });
  await check(`${label}: SIGTERM exits 0`, () => {
    expect(stopped.code === 0, `exit code ${stopped.code}`);
    figures.push(`${label}: SIGTERM to exit ${stopped.seconds.toFixed(1)} s`);
    return `${stopped.seconds.toFixed(1)} s`;
  });
  await check(`${label}: every log line is JSON`, () => {
    const { lines, bad } = nonJsonLines(container.name);
    expect(lines > 0, "no log lines");
    expect(bad.length === 0, `${bad.length} of ${lines} are not: ${bad[0]?.slice(0, 200)}`);
    return `${lines} lines`;
  });
}

async function postJson(url: string, pathname: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A page, the demo account's API and a Revit add-in's websocket, as a person and an add-in use them. */
async function checkServes(label: string, container: Container): Promise<void> {
  await check(`${label}: serves pages, the API and the add-in websocket`, async () => {
    const home = await fetch(container.url);
    expect(home.status === 200 && (await home.text()).includes("engineering model interface"), `GET /: ${home.status}`);
    const login = await postJson(container.url, "/api/auth/login", { email: "demo@pontifex.dev", password: "pontifex-demo" });
    expect(login.status === 200, `demo login: ${login.status}`);
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const rows = await fetch(`${container.url}/api/database/pier/fetch-all`, { headers: { cookie } });
    expect(rows.status === 200, `GET /api/database/pier/fetch-all: ${rows.status}`);
    const created = await postJson(container.url, "/api/revit/tokens", { name: "image check" }, cookie);
    expect(created.status === 201, `POST /api/revit/tokens: ${created.status}`);
    const { token } = (await created.json()) as { token: string };
    const agent = new RevitAgent({ url: `${container.url.replace(/^http/, "ws")}/ws/revit`, token, reconnect: false });
    const welcome = agent.next<WelcomeMessage>("welcome");
    agent.start();
    try {
      const first = await Promise.race([welcome, new Promise<undefined>((r) => setTimeout(() => r(undefined), 10_000))]);
      expect(first?.type === "welcome", "no welcome on /ws/revit within 10 s");
    } finally {
      await agent.stop();
    }
  });
}

// ---- the run ----------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const names = {
    pg: `pontifex-image-pg-${suffix}`,
    first: `pontifex-image-embedded-1-${suffix}`,
    second: `pontifex-image-embedded-2-${suffix}`,
    bad: `pontifex-image-unwritable-${suffix}`,
  };
  const volume = `pontifex-image-data-${suffix}`;
  const database = `pontifex_image_${suffix}`;
  const unwritable = mkdtempSync(path.join(WORK, "unwritable-"));
  let databaseCreated = false;

  try {
    await check("Dockerfile has no `# syntax=` line (a build without Docker Hub starts)", () => {
      const directive = readFileSync(path.join(root, "Dockerfile"), "utf8")
        .split("\n")
        .find((l) => /^#\s*syntax\s*=/i.test(l));
      expect(!directive, directive ?? "");
    });

    const tools = await check("buildah, podman, debootstrap and runc are installed", () => ensureTools());
    const base = await check(`stand-in for node:20-bookworm-slim: Debian bookworm, Node 20, npm ${NPM_VERSION}`, () => {
      let how = "reused from podman's image store";
      const started = performance.now();
      if (process.env.TEST_IMAGE_NEW_BASE === "1") podman(["rmi", "-f", BASE, FROM]);
      if (podman(["image", "exists", BASE]).status !== 0) {
        how = makeBase();
        figures.push(`stand-in base made in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
      expect(podman(["tag", BASE, FROM]).status === 0, `podman tag ${BASE} ${FROM} failed`);
      const versions = podman(["run", "--rm", ...RUN_OPTIONS, FROM, "sh", "-c", "node --version; npm --version; cat /etc/debian_version"])
        .stdout.trim()
        .split("\n");
      expect(versions[0]?.startsWith("v20.") && versions[1] === NPM_VERSION && versions[2]?.startsWith("12."), `found ${versions.join(", ")}`);
      const size = Number(podman(["image", "inspect", BASE, "--format", "{{.Size}}"]).stdout.trim()) / 1e6;
      return `${how}; node ${versions[0]}, npm ${versions[1]}, Debian ${versions[2]}, ${size.toFixed(0)} MB`;
    });

    const built = await check("the Dockerfile builds, unchanged (its npm ci runs npm 10.8.2 on package-lock.json)", () => {
      expect(tools && base, "no tools or no base image");
      const log = path.join(WORK, "build.log");
      writeFileSync(log, "");
      // Niced: in CI it shares two cores with npm test, whose timings matter more than its own.
      const build = run(
        "nice",
        [
          "-n",
          "10",
          "buildah",
          "bud",
          "--layers",
          "--format",
          "docker", // keeps HEALTHCHECK (OCI image configs have no such field)
          "--pull=never",
          "--network",
          "host",
          "--runtime",
          "/usr/sbin/runc",
          "--ulimit",
          "nofile=20000:20000",
          "--ulimit",
          "nproc=32768:32768",
          "--volume",
          `${npmConfigFolder()}:/usr/local/etc`,
          "--tag",
          IMAGE,
          "--file",
          path.join(root, "Dockerfile"),
          root,
        ],
        { log, timeout: 30 * 60_000 },
      );
      expect(build.status === 0, `buildah bud failed:\n${tail(readFileSync(log, "utf8"), 25)}`);
      figures.push(`image build ${build.seconds.toFixed(0)} s`);
      return `${build.seconds.toFixed(0)} s`;
    });

    await check(`the image is under ${SIZE_LIMIT_MB} MB`, () => {
      expect(built, "not built");
      const size = Number(podman(["image", "inspect", IMAGE, "--format", "{{.Size}}"]).stdout.trim()) / 1e6;
      figures.push(`image size ${size.toFixed(0)} MB`);
      expect(size < SIZE_LIMIT_MB, `${size.toFixed(0)} MB`);
      return `${size.toFixed(0)} MB`;
    });

    await check("the image holds no build cache, test tools, dev dependencies or other platforms' binaries", () => {
      expect(built, "not built");
      const unwanted = podman([
        "run",
        "--rm",
        ...RUN_OPTIONS,
        "--entrypoint",
        "sh",
        IMAGE,
        "-c",
        // Build-time mounts on /usr/local/etc must leave nothing behind.
        "find /app/.next/cache /usr/local/etc -mindepth 1; find /app/.next/standalone -maxdepth 0;" +
          " find /app/node_modules -maxdepth 2 \\( -name '*musl*' -o -name '*wasm32*' -o -name 'swc-*' -o -name 'playwright*' -o -name '@playwright'" +
          " -o -name typescript -o -name vitest -o -name eslint -o -name drizzle-kit -o -name tailwindcss -o -name .cache \\) 2>/dev/null; true",
      ]);
      const found = unwanted.stdout.trim();
      expect(unwanted.status === 0 && found === "", found.split("\n").slice(0, 5).join(", ") || unwanted.stderr.trim());
    });

    await check("the image runs as a non-root user and keeps its HEALTHCHECK", () => {
      expect(built, "not built");
      const user = podman(["image", "inspect", IMAGE, "--format", "{{.Config.User}}"]).stdout.trim();
      const health = podman(["image", "inspect", IMAGE, "--format", "{{json .Config.Healthcheck}}"]).stdout.trim();
      expect(user !== "" && user !== "root" && user !== "0", `USER is "${user}"`);
      expect(health.includes("/api/health"), `HEALTHCHECK is ${health}`);
      return `USER ${user}`;
    });

    // The containers' checks time them (ready within 30 s): a figure of the image, not of a machine busy with other
    // tests. Beside `npm test` (.ci/run), they wait until it has finished.
    await untilExists(process.env.TEST_IMAGE_AFTER);

    // PostgreSQL: a scratch database on the local server.
    let pgContainer: Container | undefined;
    await check("PostgreSQL: a scratch database on 127.0.0.1:5432", async () => {
      expect(built, "not built");
      const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${database}`);
        databaseCreated = true;
      } finally {
        await admin.end();
      }
      const url = new URL(ADMIN_URL);
      url.pathname = `/${database}`;
      pgContainer = startContainer(names.pg, PORT, { DATABASE_URL: url.toString(), PONTIFEX_SECRET: randomBytes(36).toString("base64"), SEED_DEMO: "1" });
      return database;
    });
    const onPg = pgContainer as Container | undefined;
    if (onPg) await checkRunning("PostgreSQL", onPg, "ready on PostgreSQL in", () => checkServes("PostgreSQL", onPg));
    else
      for (const what of ["ready", "non-root", "HEALTHCHECK", "image optimiser", "pages, API and websocket", "SIGTERM", "JSON logs"])
        record(`PostgreSQL: ${what}`, false, "did not start");

    // Embedded database on a named volume: a user registered in one container logs in from the next one.
    const email = `image.${randomBytes(4).toString("hex")}@example.com`;
    const password = "image-check-password";
    let first: Container | undefined;
    await check("embedded database: a container on a new volume", () => {
      expect(built, "not built");
      expect(podman(["volume", "create", volume]).status === 0, "podman volume create failed");
      first = startContainer(names.first, PORT + 1, {}, volume);
    });
    let registered = false;
    if (first) {
      const container = first;
      await checkRunning("embedded database", container, "ready on the embedded database in", async () => {
        await checkServes("embedded database", container);
        await check("embedded database: registering a user", async () => {
          const res = await postJson(container.url, "/api/auth/register", { email, password });
          expect(res.status === 201, `POST /api/auth/register: ${res.status}`);
          registered = true;
        });
      });
    } else {
      for (const what of ["ready", "non-root", "HEALTHCHECK", "image optimiser", "pages, API and websocket", "register", "SIGTERM", "JSON logs"])
        record(`embedded database: ${what}`, false, "did not start");
    }
    await check("embedded database: data on the volume survives a new container (logging in there)", async () => {
      expect(registered, "no user was registered");
      const second = startContainer(names.second, PORT + 1, {}, volume);
      await waitReady(second);
      const res = await postJson(second.url, "/api/auth/login", { email, password });
      const stopped = terminate(second.name);
      expect(res.status === 200, `POST /api/auth/login: ${res.status}`);
      expect(stopped.code === 0, `the second container exited ${stopped.code} on SIGTERM`);
    });

    await check("embedded database: a /data it cannot write stops it with one line naming it", () => {
      expect(built, "not built");
      chmodSync(unwritable, 0o755); // root's: the container's user cannot write it
      podman(["rm", "-f", names.bad]);
      const result = podman(["run", "--name", names.bad, ...RUN_OPTIONS, "-e", `PORT=${PORT + 2}`, "-v", `${unwritable}:/data`, IMAGE], { timeout: 60_000 });
      const { stdout, stderr } = logs(names.bad);
      const plain = stderr
        .split("\n")
        .filter((l) => l.trim() !== "" && !l.startsWith("{"))
        .filter((l) => !/level=(error|warning)/.test(l));
      expect(result.status === 1, `exit code ${result.status}`);
      expect(
        plain.length === 1 && /^Pontifex could not start: the embedded database directory \/data \(PGLITE_DIR\) is not writable/.test(plain[0]!),
        `printed: ${plain.join(" | ").slice(0, 300)}`,
      );
      const fatal = stdout.split("\n").find((l) => l.includes('"level":60'));
      expect(fatal?.includes("/data"), "no JSON fatal line naming /data");
      return plain[0]!.split(". ")[0];
    });
  } finally {
    for (const name of Object.values(names)) podman(["rm", "-f", name]);
    podman(["volume", "rm", "-f", volume]);
    rmSync(unwritable, { recursive: true, force: true });
    if (databaseCreated) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect().then(
        () => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).finally(() => admin.end()),
        () => undefined,
      );
    }
    // The last build's layers stay for the next run's `buildah bud --layers`: the final image tagged CACHE, and the
    // build stage's untagged layers made or used by this run (an unchanged package-lock.json skips the npm ci layer,
    // an unchanged tree the whole build). Layers of earlier runs that nothing uses any more go.
    if (podman(["image", "exists", IMAGE]).status === 0) podman(["tag", IMAGE, CACHE]);
    // `untag IMAGE` alone would remove every name of that image, CACHE's too.
    if (process.env.TEST_IMAGE_KEEP !== "1") podman(["untag", IMAGE, IMAGE]);
    podman(["image", "prune", "-f", "--filter", `until=${RUN_STARTED}`]);
  }
}

await main().catch((error: unknown) => record("test:image ran to the end", false, error instanceof Error ? error.message : String(error)));
console.log(`figures: ${figures.join("; ")}`);
console.log(`${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed > 0 ? 1 : 0);
