import type { ApiResult } from "@/lib/api-client";
import { datasetsApi } from "@/lib/datasets/api";
import type { Row } from "@/lib/datasets/columns";
import type { DatasetKey } from "@/lib/datasets/registry";
import { groupCellsByRow } from "@/lib/datasets/row-changes";
import { callApi } from "@/lib/http/contract";
import { midasApi } from "@/lib/midas/api";
import type { TablesConflict } from "@/lib/openapi/errors";
import { revitApi } from "@/lib/revit/api";
import type { ActionOutcome, Proposal, RowEdit } from "./cards";

/**
 * What the proposal cards' buttons do (Apply, Confirm, Discard), in the browser, through the application's own
 * API: the assistant's server side proposes and never acts.
 */

/** One row's part of an Apply: saved only if the row is still at `version`. */
export type RowEditRequest = { rowId: number; version: number; values: Record<string, string> };

export type ActionResult = { ok: true; message: string } | { ok: false; error: string; conflict?: { rowId: number; current: Row } };

/**
 * What the cards' buttons do, through the application's normal API and its
 * checks (role, Origin, versions). The assistant's server side has no way to
 * do any of it.
 */
export type AssistantActions = {
  applyRowEdits(dataset: string, rows: RowEditRequest[]): Promise<ActionResult>;
  pushToRevit(dataset: string, parameter?: string): Promise<ActionResult>;
  createMidasModel(): Promise<ActionResult>;
  runMidasAnalysis(): Promise<ActionResult>;
};

/** The edits of a proposal, one change per row, with the values Apply writes (radians on angle rows). */
export function rowEditRequests(edits: RowEdit[]): RowEditRequest[] {
  return groupCellsByRow(
    edits.map((edit) => ({ row: edit, column: edit.column, value: edit.newStored })),
    (edit) => edit.rowId,
  ).map(({ row, values }) => ({ rowId: row.rowId, version: row.version, values }));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * AssistantActions over the project-scoped routes of the project the page
 * shows: saves with the version check (409 carries the current rows), pushes,
 * and the MIDAS build and analysis. Each one is the same call the
 * application's own screens make, with the same role checks.
 */
export function projectActions(projectId: number): AssistantActions {
  return {
    async applyRowEdits(dataset, rows) {
      // One change: every row saved, or none (a row saved by someone since the proposal leaves them all as they were).
      const result = await callApi(datasetsApi.writeRows, {
        params: { id: projectId },
        body: { tables: [{ dataset: dataset as DatasetKey, edit: rows.map((row) => ({ id: row.rowId, data: { ...row.values, Version: row.version } })) }] },
      });
      if (!result.ok) {
        const conflicts = (result.status === 409 ? (result.body as TablesConflict | null)?.conflicts : undefined) ?? [];
        const changed = conflicts.find((c) => c.data !== null);
        return { ok: false, error: result.error, ...(changed ? { conflict: { rowId: changed.id, current: changed.data! } } : {}) };
      }
      return {
        ok: true,
        message: `Saved ${plural(
          rows.reduce((n, r) => n + Object.keys(r.values).length, 0),
          "change",
        )} in ${plural(rows.length, "row")}.`,
      };
    },
    async pushToRevit(dataset, parameter) {
      const result = await callApi(revitApi.push, { params: { id: projectId }, body: { dataset, ...(parameter !== undefined ? { parameter } : {}) } });
      if (!result.ok) return { ok: false, error: result.error };
      const { rows, status, deliveredTo } = result.data;
      return {
        ok: true,
        message:
          status === "queued"
            ? `${plural(rows, "row")} queued: no add-in is connected yet.`
            : `${plural(rows, "row")} sent to ${plural(deliveredTo, "add-in")}.`,
      };
    },
    async createMidasModel() {
      const result = await callApi(midasApi.apply, { params: { id: projectId } });
      if (!result.ok) return { ok: false, error: midasRefusal(result) };
      const { outcome, tables = {}, error } = result.data;
      const count = Object.keys(tables).length;
      if (outcome === "applied") return { ok: true, message: `The MIDAS model was built: ${plural(count, "table")} written and read back unchanged.` };
      if (outcome === "mismatch") {
        const differing = Object.entries(tables)
          .filter(([, t]) => t.outcome !== "applied")
          .map(([name]) => name);
        return { ok: false, error: `The model was sent, but MIDAS holds something else in ${differing.join(", ") || "some tables"}: see the change log.` };
      }
      return { ok: false, error: error ?? "MIDAS did not build the model: see the change log." };
    },
    async runMidasAnalysis() {
      const result = await callApi(midasApi.analysis, { params: { id: projectId } });
      if (!result.ok) return { ok: false, error: midasRefusal(result) };
      if (result.data.outcome === "done") return { ok: true, message: "The analysis ran; its results can be read now." };
      return { ok: false, error: result.data.error ?? "The analysis failed in MIDAS." };
    },
  };
}

/** A refused MIDAS call: its sentence, with the problems the build lists (422). */
function midasRefusal(result: Extract<ApiResult<unknown>, { ok: false }>): string {
  if (result.status === 404 && result.body?.error === undefined) return "This server cannot build or run MIDAS models yet.";
  const problems = Array.isArray(result.body?.problems) ? (result.body.problems as { message?: unknown }[]) : [];
  if (problems.length === 0) return result.error;
  const first = problems
    .slice(0, 3)
    .map((p) => String(p.message ?? ""))
    .filter(Boolean);
  return `${result.error} ${first.join(" ")}${problems.length > 3 ? ` (and ${problems.length - 3} more: open Create Midas)` : ""}`.trim();
}

/**
 * Runs the engineer's decision on a proposal card through the actions and
 * says what came of it, for the tool's output (the card shows it, and the
 * model reads it on the next turn). Never throws.
 */
export async function decide(proposal: Proposal, decision: "confirm" | "discard", actions: AssistantActions, now: Date = new Date()): Promise<ActionOutcome> {
  const at = now.toISOString();
  if (decision === "discard") return { ok: false, declined: true, message: "The engineer discarded this proposal; nothing was changed.", at };
  if (!proposal.applicable) return { ok: false, message: proposal.reason, at };
  let result: ActionResult;
  try {
    if (proposal.kind === "rowEdits") result = await actions.applyRowEdits(proposal.dataset, rowEditRequests(proposal.edits));
    else if (proposal.action === "pushToRevit") result = await actions.pushToRevit(proposal.dataset ?? "", proposal.parameter);
    else if (proposal.action === "createMidasModel") result = await actions.createMidasModel();
    else result = await actions.runMidasAnalysis();
  } catch {
    result = { ok: false, error: "Cannot reach the server. Check your connection and try again." };
  }
  if (result.ok) return { ok: true, message: result.message, at };
  return { ok: false, message: result.error, at, ...(result.conflict ? { conflict: result.conflict } : {}) };
}

/** The message the chat sends for the engineer after Apply/Confirm, so the assistant hears what happened (as the engineer's words). */
export function actionReport(proposal: Proposal, outcome: ActionOutcome): string {
  const what = proposal.kind === "rowEdits" ? `Apply on the proposed changes to ${proposal.title}` : `Confirm on "${proposal.title}"`;
  return outcome.ok ? `I pressed ${what}. Result: ${outcome.message}` : `I pressed ${what}. It failed: ${outcome.message}`;
}
