/**
 * `npm run lint:openapi`: the document /api/openapi.json serves, written to a temporary file and linted by Redocly
 * with redocly.yaml. Passes only with no error and no warning.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openApiDocument } from "@/lib/openapi/document";

type Problem = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };
type Report = { totals: { errors: number; warnings: number }; problems: Problem[] };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(path.join(tmpdir(), "pontifex-openapi-"));
try {
  const file = path.join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
  const lint = spawnSync(
    path.join(root, "node_modules", ".bin", "redocly"),
    ["lint", file, "--config", path.join(root, "redocly.yaml"), "--lint-config", "error", "--format", "json", "--max-problems", "1000"],
    { cwd: root, encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
  );
  let report: Report | undefined;
  try {
    report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf("{"))) as Report;
  } catch {
    report = undefined;
  }
  if (!report) {
    console.error(`redocly lint gave no report (exit ${lint.status}):\n${lint.stdout}${lint.stderr}`);
    process.exitCode = 1;
  } else {
    for (const p of report.problems) console.error(`${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ""})`);
    const { errors, warnings } = report.totals;
    console.log(`OpenAPI document: ${errors} errors, ${warnings} warnings (redocly lint, redocly.yaml)`);
    if (errors + warnings > 0 || lint.status !== 0) process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
