/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // server.ts compresses every response (Next would only compress pages, not API answers).
  compress: false,
  reactStrictMode: true,
  // Loaded from node_modules at run time rather than bundled: PGlite ships WASM
  // next to its JS, and pg/pino/ws use Node internals.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pino", "ws", "bcryptjs", "drizzle-orm"],
};

export default nextConfig;
