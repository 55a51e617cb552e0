import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "@/test/server-process";

/**
 * Prints a hardening test's figures and keeps them in test-results/hardening/
 * (docs/reliability.md quotes a full run).
 */
export function report(name: string, figures: Record<string, unknown>): void {
  const line = Object.entries(figures)
    .map(([k, v]) => `${k}=${typeof v === "number" ? Number(v.toFixed(2)) : JSON.stringify(v)}`)
    .join(" ");
  console.log(`[hardening] ${name}: ${line}`);
  const dir = path.join(root, "test-results", "hardening");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    JSON.stringify({ name, at: new Date().toISOString(), database: process.env.TEST_DB_KIND, ...figures }, null, 2),
  );
}
