import { type MidasAssign, type MidasClient, MidasError } from "./client";
import type { MidasModel } from "./model";
import { compareSent, type Difference, ITEMS_TABLES, type MidasPlan, orderedTables, type PlanWarning, previewModel, SINGLETON_TABLES } from "./plan";

export type TableOutcome = {
  outcome: "applied" | "mismatch" | "failed" | "unchanged";
  created: number;
  updated: number;
  deleted: number;
  /** Where the read-back differs from what was sent (at most MAX_DIFFERENCES per table; differenceCount has the total). */
  differences?: Difference[];
  differenceCount?: number;
  error?: string;
};

export type ApplyResult = {
  outcome: "applied" | "mismatch" | "failed";
  tables: Record<string, TableOutcome>;
  error?: string;
  warnings: PlanWarning[];
  /** What was planned (and sent, unless the run failed part way). */
  plan: MidasPlan;
};

export type ApplyProgress = { step: number; steps: number; table: string; action: "read" | "create" | "update" | "delete" | "verify" };

export const MAX_DIFFERENCES = 200;
/** Rows per request, so one huge table does not become one huge body. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const toAssign = (rows: { id: string; values: Record<string, unknown> }[]): MidasAssign => Object.fromEntries(rows.map((r) => [r.id, r.values]));

/**
 * Reads what MIDAS holds, writes the differences in dependency-safe order
 * (creates and updates table by table from UNIT on, then deletes in reverse
 * order so nothing still referenced goes first), then reads every written table
 * back and compares it with what was sent: MIDAS accepts unknown keys and some
 * errors silently, so only the read-back proves a write.
 */
export async function applyModel(client: MidasClient, model: MidasModel, onProgress?: (progress: ApplyProgress) => void): Promise<ApplyResult> {
  const tables = orderedTables(model);
  let step = 0;
  const readSteps = tables.length;
  let steps = readSteps;
  const progress = (table: string, action: ApplyProgress["action"]) => onProgress?.({ step: ++step, steps, table, action });

  const plan = await previewModel(client, model, (table) => progress(table, "read"));
  // Any delete (and the delete-then-post of an ITEMS table's update) is followed by a read-back of every table.
  const deletes = tables.some((t) => plan.changes[t]!.delete.length > 0 || (ITEMS_TABLES.has(t) && plan.changes[t]!.update.length > 0));
  const changed = tables.filter((t) => {
    const c = plan.changes[t]!;
    return c.create.length + c.update.length + c.delete.length > 0;
  });
  steps =
    readSteps +
    changed.reduce(
      (n, t) => n + (plan.changes[t]!.create.length ? 1 : 0) + (plan.changes[t]!.update.length ? 1 : 0) + (plan.changes[t]!.delete.length ? 1 : 0),
      0,
    ) +
    (deletes ? tables.length : changed.length);

  const result: Record<string, TableOutcome> = {};
  for (const t of tables) {
    const c = plan.changes[t]!;
    result[t] = { outcome: "unchanged", created: c.create.length, updated: c.update.length, deleted: c.delete.length };
  }
  const written: string[] = [];
  let error: string | undefined;

  const fail = (table: string, e: unknown) => {
    const message = e instanceof MidasError ? e.message : `Unexpected failure: ${(e as Error).message}`;
    result[table] = { ...result[table]!, outcome: "failed", error: message };
    error = `${table}: ${message}`;
  };

  // Creates and updates, UNIT first.
  for (const table of tables) {
    const c = plan.changes[table]!;
    if (c.create.length + c.update.length === 0) continue;
    try {
      if (SINGLETON_TABLES.has(table)) {
        if (c.create.length) progress(table, "create");
        if (c.update.length) progress(table, "update");
        await client.put(table, toAssign([...c.create, ...c.update]));
      } else {
        if (c.create.length) {
          progress(table, "create");
          for (const part of chunks(c.create)) await client.post(table, toAssign(part));
        }
        if (c.update.length) {
          progress(table, "update");
          if (ITEMS_TABLES.has(table)) {
            // PUT would merge the new ITEMS into the old ones; replace the rows instead.
            for (const part of chunks(c.update))
              await client.delete(
                table,
                part.map((u) => u.id),
              );
            for (const part of chunks(c.update)) await client.post(table, toAssign(part));
          } else {
            for (const part of chunks(c.update)) await client.put(table, toAssign(part));
          }
        }
      }
      written.push(table);
    } catch (e) {
      fail(table, e);
      break;
    }
  }

  // Deletes, last table first, once everything new is in place.
  if (!error) {
    for (const table of [...tables].reverse()) {
      const c = plan.changes[table]!;
      if (c.delete.length === 0) continue;
      progress(table, "delete");
      try {
        for (const part of chunks(c.delete))
          await client.delete(
            table,
            part.map((d) => d.id),
          );
        if (!written.includes(table)) written.push(table);
      } catch (e) {
        fail(table, e);
        break;
      }
    }
  }

  // Read back every table written and compare with what was sent, and every row's presence with the model: a delete
  // that took more than its rows (Civil NX deletes a whole table for a DELETE without ids in its path, and a node's
  // elements with it) shows as rows lost. After any delete, every table of the model is read back.
  const expected = new Map(model.map(({ table, assign }) => [table, assign]));
  for (const table of tables.filter((t) => written.includes(t) || deletes)) {
    progress(table, "verify");
    const c = plan.changes[table]!;
    let read: MidasAssign;
    try {
      read = await client.get(table);
    } catch (e) {
      const message = e instanceof MidasError ? e.message : (e as Error).message;
      result[table] = { ...result[table]!, outcome: "failed", error: `could not read the table back: ${message}` };
      error ??= `${table}: could not read the table back: ${message}`;
      continue;
    }
    const differences: Difference[] = [];
    for (const row of [...c.create, ...c.update]) {
      const got = read[row.id];
      if (got === undefined) differences.push({ id: row.id, field: "", sent: row.values, read: undefined });
      else for (const d of compareSent(row.values, got)) differences.push({ id: row.id, ...d });
    }
    for (const d of c.delete) if (read[d.id] !== undefined) differences.push({ id: d.id, field: "", sent: null, read: read[d.id] });
    if (!SINGLETON_TABLES.has(table)) {
      const want = expected.get(table) ?? {};
      const planned = new Set([...c.create, ...c.update, ...c.delete].map((row) => row.id));
      // Rows the plan kept as they were: still there, and nothing there the model does not hold.
      for (const [id, values] of Object.entries(want))
        if (!planned.has(id) && read[id] === undefined) differences.push({ id, field: "", sent: values, read: undefined });
      for (const id of Object.keys(read)) if (!(id in want) && !planned.has(id)) differences.push({ id, field: "", sent: null, read: read[id] });
    }
    const failedHere = result[table]!.outcome === "failed";
    // A table the run did not write and that still holds what it held stays "unchanged".
    if (!written.includes(table) && differences.length === 0) continue;
    result[table] = {
      ...result[table]!,
      outcome: failedHere ? "failed" : differences.length > 0 ? "mismatch" : "applied",
      ...(differences.length > 0 ? { differences: differences.slice(0, MAX_DIFFERENCES), differenceCount: differences.length } : {}),
    };
  }
  // A table the run never reached was not sent: say so rather than report it unchanged.
  if (error) {
    for (const table of tables) {
      const t = result[table]!;
      if (t.outcome === "unchanged" && t.created + t.updated + t.deleted > 0)
        result[table] = { ...t, outcome: "failed", error: "not sent: an earlier table failed" };
    }
  }

  const outcomes = Object.values(result).map((t) => t.outcome);
  const outcome = error || outcomes.includes("failed") ? "failed" : outcomes.includes("mismatch") ? "mismatch" : "applied";
  return { outcome, tables: result, ...(error ? { error } : {}), warnings: plan.warnings, plan: { changes: plan.changes, warnings: plan.warnings } };
}
