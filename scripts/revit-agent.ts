/**
 * `npm run revit:agent -- --url ws://localhost:3000/ws/revit --token T`
 *
 * A command-line stand-in for the Revit add-in: speaks protocol v1, prints
 * every push it receives as a table, acknowledges it, and reconnects with
 * backoff. See docs/revit-protocol.md.
 */
import { parseArgs } from "node:util";
import { RevitAgent, type ReceivedPush } from "@/lib/revit/agent";
import type { ErrorMessage, WelcomeMessage } from "@/lib/revit/protocol";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "ws://localhost:3000/ws/revit" },
    token: { type: "string", default: process.env.PONTIFEX_TOKEN },
    document: { type: "string", default: "Bridge.rvt" },
    "revit-version": { type: "string", default: "2025" },
    columns: { type: "string", default: "6" },
    // A stand-in for rows Revit cannot write (a family without that parameter): they are acknowledged as failed.
    "fail-parameters": { type: "string", default: "" },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help || !values.token) {
  console.log(
    "usage: npm run revit:agent -- --url ws://HOST:PORT/ws/revit --token TOKEN [--document NAME] [--revit-version V] [--columns N] [--fail-parameters P1,P2]",
  );
  console.log("Create a token on /settings (Revit add-in tokens). PONTIFEX_TOKEN works instead of --token.");
  process.exit(values.help ? 0 : 2);
}

const shownColumns = Math.max(1, Number(values.columns) || 6);

function printPush(push: ReceivedPush): void {
  const what = push.mode === "one" ? `row ${push.parameter}` : "whole table";
  console.log(
    `\npush ${push.pushId}: ${push.dataset}, ${what}, ${push.rowCount} row${push.rowCount === 1 ? "" : "s"} in ${push.parts} frame${push.parts === 1 ? "" : "s"} (${push.createdAt})`,
  );
  const valueColumns = Object.keys(push.rows[0] ?? {}).filter((k) => !["Id", "Parameter", "CreatedAt", "UpdatedAt", "Version"].includes(k));
  const columns = ["Id", "Parameter", ...valueColumns.slice(0, shownColumns)];
  console.table(push.rows.slice(0, 50).map((row) => Object.fromEntries(columns.map((c) => [c, row[c]]))));
  if (push.rows.length > 50) console.log(`... and ${push.rows.length - 50} more rows`);
  if (valueColumns.length > shownColumns) console.log(`(${valueColumns.length - shownColumns} more columns not shown; --columns N shows more)`);
}

const failing = new Set(
  values["fail-parameters"]!.split(",")
    .map((p) => p.trim())
    .filter(Boolean),
);

const agent = new RevitAgent({
  url: values.url!,
  token: values.token,
  document: values.document,
  revitVersion: values["revit-version"],
  // Rows named in --fail-parameters fail, as a family without that parameter would; the rest apply.
  apply: async (push) => {
    const errors = push.rows
      .filter((row) => failing.has(String(row.Parameter)))
      .map((row) => ({ id: Number(row.Id), parameter: String(row.Parameter), message: `The family has no parameter ${row.Parameter}` }));
    return { status: errors.length === 0 ? "applied" : errors.length === push.rows.length ? "failed" : "partial", errors };
  },
});
agent.on("open", () => console.log(`connected to ${values.url}`));
agent.on("welcome", (welcome: WelcomeMessage) =>
  console.log(`welcome ${welcome.user}: ${welcome.waiting} push${welcome.waiting === 1 ? "" : "es"} waiting (connection ${welcome.connectionId})`),
);
agent.on("push", (push: ReceivedPush) => {
  printPush(push);
  const failed = push.rows.filter((row) => failing.has(String(row.Parameter))).length;
  console.log(`acknowledged: received, ${failed === 0 ? "applied" : `${failed} row${failed === 1 ? "" : "s"} failed`}`);
});
agent.on("duplicate", (pushId: string) => console.log(`push ${pushId} again (already applied): acknowledged`));
agent.on("error-message", (error: ErrorMessage) => console.log(`server says: ${error.code}: ${error.message}`));
agent.on("refused", (status: number) => console.log(`connection refused: HTTP ${status}${status === 401 ? " (token unknown or revoked)" : ""}`));
agent.on("close", (code: number, reason: string) => console.log(`disconnected (${code}${reason ? ` ${reason}` : ""}); reconnecting with backoff`));
agent.start();

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void agent.stop().then(() => process.exit(0)));
}
