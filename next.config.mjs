/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The container build (Dockerfile) traces what Next's server loads, to ship only that (scripts/runtime-modules.ts).
  // Only there: under "standalone", `next()` in server.ts warns that `next start` does not work.
  ...(process.env.PONTIFEX_STANDALONE === "1" ? { output: "standalone" } : {}),
  // The container build compiles what npm test has type-checked (Dockerfile).
  ...(process.env.PONTIFEX_SKIP_TYPECHECK === "1" ? { typescript: { ignoreBuildErrors: true } } : {}),
  // server.ts compresses every response (Next would only compress pages, not API answers).
  compress: false,
  reactStrictMode: true,
  // Loaded from node_modules at run time rather than bundled: PGlite ships WASM
  // next to its JS, and pg/pino/ws use Node internals.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pino", "ws", "bcryptjs", "drizzle-orm", "rate-limiter-flexible"],
};

export default nextConfig;
