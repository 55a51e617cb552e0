/**
 * `import "server-only"` marks the modules that reach the database or secrets: Next's build fails when one of
 * them ends up in the browser's bundle, and on the server Next resolves the import to an empty module. Plain
 * Node has no such resolution (the package's default export throws, and Next only aliases it inside its own
 * bundles), so a process Next does not load (server.ts, the CLIs, the benchmarks) imports this module before
 * any marked one is resolved: first and statically, then the rest dynamically (server.ts, scripts/migrate.ts),
 * or with `tsx --import ./lib/outside-next.ts` (package.json). Vitest aliases the import instead
 * (vitest.config.ts).
 */
import { register } from "node:module";

const hooks = `export async function resolve(specifier, context, next) {
  return specifier === "server-only" ? { url: "data:text/javascript,", shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
