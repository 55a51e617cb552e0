/**
 * The node_modules of the container's runtime stage (Dockerfile): only what the server loads.
 *
 * - What Next traced for its own server and for every route: a build with PONTIFEX_STANDALONE=1
 *   (`output: "standalone"`, next.config.mjs) copies exactly those files to .next/standalone/node_modules.
 * - The packages that server.ts and scripts/start.ts import (following their imports through lib/ and db/), and tsx,
 *   which the image's CMD loads: each whole, with the dependencies it declares. Next itself comes from its trace
 *   only: the whole package is 210 MB, mostly build tooling.
 * - Nothing built for another platform: npm 10 installs the musl and wasm builds of sharp and of Next's compiler too.
 *
 * Usage (build stage, after `PONTIFEX_STANDALONE=1 next build`): node --import tsx scripts/runtime-modules.ts <dir>
 */
import { cpSync, existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ENTRIES = ["server.ts", "scripts/start.ts"];
/** Loaded by the image's CMD (`node --import tsx`), not imported. */
const LOADERS = ["tsx"];
/** Never loaded: lib/outside-next.ts resolves it to an empty module (Next does the same inside its bundles). */
const RESOLVED_AWAY = new Set(["server-only"]);
/** Copied from Next's own trace, never whole. */
const TRACED_BY_NEXT = new Set(["next"]);
/**
 * What Next's trace leaves out because its standalone server.js skips loading next.config, while `next()` in
 * server.ts loads it: config-utils.js first aliases `webpack` and `@babel/runtime` to Next's compiled copies.
 */
function nextConfigLoading(): string[] {
  const source = readFileSync(path.join(root, "node_modules", "next", "dist", "server", "config-utils.js"), "utf8");
  return [...new Set([...source.matchAll(/["'](next\/dist\/compiled\/(?:@[^/"']+\/)?[^/"']+)/g)].map((m) => m[1]!))];
}

type Manifest = {
  name?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

const manifest = (folder: string): Manifest => JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as Manifest;

const libc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime ? "glibc" : "musl";

/** npm's reading of `os`, `cpu` and `libc`: a list of allowed values, or of `!excluded` ones. */
function allows(list: string[] | undefined, value: string): boolean {
  if (!list?.length) return true;
  if (list.includes(`!${value}`)) return false;
  const allowed = list.filter((v) => !v.startsWith("!"));
  return allowed.length === 0 || allowed.includes(value);
}

const forThisPlatform = (m: Manifest) => allows(m.os, process.platform) && allows(m.cpu, process.arch) && allows(m.libc, libc);

/**
 * Names of the packages built for another platform, and of those only such packages depend on (sharp's wasm32 build
 * declares no platform, but only its FreeBSD and WebContainers builds want it).
 */
function otherPlatforms(): Set<string> {
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as { packages: Record<string, Manifest> };
  const nameOf = (at: string) => at.slice(at.lastIndexOf("node_modules/") + "node_modules/".length);
  // The installed manifest: the lockfile leaves out `libc`.
  const entries = Object.entries(lock.packages).map(
    ([at, m]) => [at, existsSync(path.join(root, at, "package.json")) ? manifest(path.join(root, at)) : m] as const,
  );
  const foreign = new Set(entries.filter(([at, m]) => at !== "" && !forThisPlatform(m)).map(([at]) => nameOf(at)));
  for (let changed = true; changed;) {
    changed = false;
    for (const [at] of entries) {
      const name = nameOf(at);
      if (at === "" || foreign.has(name)) continue;
      const dependents = entries.filter(([, m]) => name in (m.dependencies ?? {}) || name in (m.optionalDependencies ?? {}));
      if (dependents.length > 0 && dependents.every(([other]) => other !== "" && foreign.has(nameOf(other)))) {
        foreign.add(name);
        changed = true;
      }
    }
  }
  return foreign;
}
const foreign = otherPlatforms();
const wanted = (m: Manifest) => forThisPlatform(m) && !(m.name && foreign.has(m.name));

const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

function sourceFile(base: string): string {
  for (const suffix of ["", ".ts", ".tsx", "/index.ts", "/index.tsx", ".js", ".mjs"]) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`cannot resolve ${path.relative(root, base)}`);
}

/** The npm packages the entries import, directly or through our own modules (`./x`, `@/x`). */
function packagesImportedBy(entries: string[]): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.join(root, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(ts|tsx|js|mjs)$/.test(file)) continue;
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      if (isBuiltin(specifier) || RESOLVED_AWAY.has(specifier)) continue;
      if (specifier.startsWith(".")) queue.push(sourceFile(path.resolve(path.dirname(file), specifier)));
      else if (specifier.startsWith("@/")) queue.push(sourceFile(path.join(root, specifier.slice(2))));
      else packages.add(packageName(specifier));
    }
  }
  return packages;
}

/** Where `name` resolves from a package folder, as Node looks it up: the folder's own node_modules, then its parents'. */
function locate(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return candidate;
    if (dir === root || dir === path.dirname(dir)) return undefined;
  }
}

/** The package folders to copy whole: the roots and everything they depend on, for this platform. */
function packageFolders(roots: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  const visit = (folder: string) => {
    if (folders.has(folder)) return;
    const m = manifest(folder);
    if (!wanted(m)) return;
    folders.add(folder);
    const requiredPeers = Object.keys(m.peerDependencies ?? {}).filter((name) => !m.peerDependenciesMeta?.[name]?.optional);
    const optional = new Set(Object.keys(m.optionalDependencies ?? {}));
    for (const name of new Set([...Object.keys(m.dependencies ?? {}), ...optional, ...requiredPeers])) {
      if (TRACED_BY_NEXT.has(name)) continue;
      const found = locate(name, folder);
      if (found) visit(found);
      else if (!optional.has(name)) throw new Error(`${m.name} needs ${name}, which is not installed`);
    }
  };
  for (const name of roots) {
    if (TRACED_BY_NEXT.has(name)) continue;
    const found = locate(name, root);
    if (!found) throw new Error(`the server imports ${name}, which is not installed`);
    visit(found);
  }
  return folders;
}

/** Type declarations and source maps: Next's trace leaves them out, and so do we. */
const declarationOrMap = (source: string) => /\.(d\.[cm]?ts|map)$/.test(source) && lstatSync(source).isFile();

function sizeOf(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

const out = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
const traced = path.join(root, ".next", "standalone", "node_modules");
if (!out) throw new Error("usage: node --import tsx scripts/runtime-modules.ts <output node_modules folder>");
if (!existsSync(traced)) throw new Error("no .next/standalone/node_modules: build with PONTIFEX_STANDALONE=1 first");
rmSync(out, { recursive: true, force: true });

// 1. Next's trace, less the packages for another platform, and what loading next.config needs.
cpSync(traced, out, {
  recursive: true,
  verbatimSymlinks: true,
  filter: (source) => !existsSync(path.join(source, "package.json")) || source === traced || wanted(manifest(source)),
});

for (const folder of nextConfigLoading()) {
  cpSync(path.join(root, "node_modules", folder), path.join(out, folder), { recursive: true, filter: (source) => !declarationOrMap(source) });
}

// 2. The server's own packages, whole (their nested node_modules are packages of their own, copied only if needed).
const modules = path.join(root, "node_modules");
const folders = packageFolders([...LOADERS, ...packagesImportedBy(ENTRIES)]);
for (const folder of folders) {
  cpSync(folder, path.join(out, path.relative(modules, folder)), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => source !== path.join(folder, "node_modules") && !declarationOrMap(source),
  });
}

// 3. The packages Next's bundles load from node_modules (serverExternalPackages) are links in .next/node_modules.
const externals = path.join(root, ".next", "node_modules");
for (const entry of existsSync(externals) ? readdirSync(externals, { recursive: true, encoding: "utf8" }) : []) {
  const link = path.join(externals, entry);
  if (!lstatSync(link).isSymbolicLink()) continue;
  const target = path.relative(modules, path.resolve(path.dirname(link), readlinkSync(link)));
  if (!existsSync(path.join(out, target, "package.json"))) throw new Error(`.next/node_modules/${entry} points at ${target}, which is missing`);
}

console.log(`runtime node_modules: ${folders.size} packages whole + Next's trace, ${(sizeOf(out) / 1e6).toFixed(1)} MB in ${out}`);
