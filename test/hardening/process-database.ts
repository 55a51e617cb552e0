import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase } from "@/test/pg-database";

/**
 * The database a server process under test runs on: a scratch PostgreSQL
 * database when TEST_DATABASE_URL is set, else an embedded one in a fresh
 * directory. `env` goes to startServer().
 */
export async function processDatabase(): Promise<{ env: Record<string, string>; kind: "pg" | "pglite"; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_KIND === "pg" && process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchDatabase({ prefix: "pontifex_hard", migrated: true });
    return { env: { DATABASE_URL: scratch.url, SEED_DEMO: "1" }, kind: "pg", drop: scratch.drop };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "pontifex-hard-"));
  return { env: { PGLITE_DIR: dir, DATABASE_URL: "" }, kind: "pglite", drop: async () => rmSync(dir, { recursive: true, force: true }) };
}
