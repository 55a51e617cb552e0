import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // Modules that reach the database or secrets say `import "server-only"`; tests run on the server side, where
  // Next resolves it to this same empty module (lib/outside-next.ts does it for the processes Next does not load).
  "server-only": "next/dist/compiled/server-only/empty.js",
};
const HARDENING = ["test/hardening/**/*.test.ts", "test/operations/**/*.test.ts"];
const exclude = ["node_modules/**", ".next/**", "e2e/**", ".data/**", "test/hardening/**", "test/operations/**"];
/**
 * Hardening tests whose assertions are times (a login's timing, requests answered during a login flood) or that
 * drive the server as hard as they can (load): alone on the machine. The memory bounds of the others are of their
 * own processes, which other tests beside them do not change.
 */
const MEASURED = [
  "test/hardening/auth-abuse.test.ts",
  "test/hardening/load.test.ts",
  "test/hardening/security.test.ts",
  // Its slow reader is cut off after 1.5 s of not reading: beside the browser tests with a CPU hog, 2 of 2 failed.
  "test/hardening/websocket-abuse.test.ts",
];

// API integration tests (*.api.test.ts) run on the embedded database, and
// again on a real PostgreSQL when TEST_DATABASE_URL is set, with the tests
// that need one (*.pg.test.ts: several server processes on one database).
const projects = [
  {
    resolve: { alias },
    extends: true as const,
    test: { name: "unit+api (embedded db)", include: ["**/*.test.ts"], exclude: [...exclude, "**/*.pg.test.ts"], env: { TEST_DB_KIND: "pglite" } },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          resolve: { alias },
          extends: true as const,
          test: { name: "api (postgresql)", include: ["**/*.api.test.ts", "**/*.pg.test.ts"], exclude, env: { TEST_DB_KIND: "pg" } },
        },
      ]
    : []),
  // Faults, abuse and load (docs/reliability.md), and operations (docs/deploy.md), through server processes of the
  // production build: once, on PostgreSQL when there is one, else embedded. Those that only check what comes back
  // run beside the API tests; those that assert times or load the server to its limit (MEASURED) after everything, one at a time.
  {
    resolve: { alias },
    extends: true as const,
    test: {
      name: "hardening",
      include: HARDENING,
      exclude: MEASURED,
      env: { TEST_DB_KIND: process.env.TEST_DATABASE_URL ? "pg" : "pglite" },
      execArgv: ["--expose-gc"],
      testTimeout: 300_000,
      hookTimeout: 300_000,
    },
  },
  {
    resolve: { alias },
    extends: true as const,
    test: {
      name: "hardening (measured)",
      // After the other projects, not beside them: these assert times or load the server to its limit.
      sequence: { groupOrder: 1 },
      include: MEASURED,
      env: { TEST_DB_KIND: process.env.TEST_DATABASE_URL ? "pg" : "pglite" },
      fileParallelism: false,
      execArgv: ["--expose-gc"],
      testTimeout: 300_000,
      hookTimeout: 300_000,
    },
  },
];

export default defineConfig({
  resolve: { alias },
  test: {
    // Thousands of sign-ins and pushes from one address: the tests of the limits set their own.
    // PONTIFEX_SECRET: the tests never make one in a data folder.
    env: {
      AUTH_ATTEMPTS_PER_MINUTE: "1000000",
      PUSHES_PER_MINUTE: "1000000",
      CHAT_MESSAGES_PER_MINUTE: "1000000",
      PONTIFEX_SECRET: "test-secret-of-pontifex-vitest-runs-0123456789",
    },
    projects,
    // A test's budget on 2 cores shared by the browser tests and CI's image build: a dozen cost-12 bcrypt hashes or a
    // database migrated from nothing take 5-10 s alone, and took over 30 s there with a CPU hog beside them.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // bcrypt at cost 12 and WASM Postgres are CPU-bound: more workers than cores only thrash.
    maxWorkers: 2,
  },
});
