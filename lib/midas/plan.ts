import type { MidasAssign, MidasClient } from "./client";
import { MIDAS_TABLE_ORDER, type MidasModel, type MidasApiTable } from "./model";

/** Tables that hold one setting under id 1 and take only GET and PUT. */
export const SINGLETON_TABLES: ReadonlySet<string> = new Set(["UNIT", "MVCD"]);
/** Tables whose rows carry ITEMS that PUT merges into instead of replacing: changed rows are deleted and posted again. */
export const ITEMS_TABLES: ReadonlySet<string> = new Set(["CONS", "NSPR", "BMLD", "CNLD", "TDPL"]);

export type TableChanges = {
  create: { id: string; values: Record<string, unknown> }[];
  update: { id: string; values: Record<string, unknown>; fields: string[] }[];
  delete: { id: string }[];
};
export type PlanWarning = { table: string; id: string; message: string };
export type MidasPlan = { changes: Record<string, TableChanges>; warnings: PlanWarning[] };
export type Difference = { id: string; field: string; sent: unknown; read: unknown };

const TOLERANCE = 1e-6;

function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}

function asNumber(v: unknown): number | null {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/**
 * Where `read` differs from what was `sent`: only the fields sent are compared
 * (MIDAS adds defaults), numbers within a relative 1e-6, keys MIDAS dropped show
 * up as read `undefined`.
 */
export function compareSent(sent: unknown, read: unknown, path = ""): { field: string; sent: unknown; read: unknown }[] {
  if (sent === undefined) return [];
  if (typeof sent === "number" || typeof read === "number") {
    const a = asNumber(sent);
    const b = asNumber(read);
    return a !== null && b !== null && sameNumber(a, b) ? [] : [{ field: path, sent, read }];
  }
  if (Array.isArray(sent)) {
    if (!Array.isArray(read) || read.length !== sent.length) return [{ field: path, sent, read }];
    return sent.flatMap((s, i) => compareSent(s, read[i], `${path}[${i}]`));
  }
  if (typeof sent === "object" && sent !== null) {
    if (typeof read !== "object" || read === null || Array.isArray(read)) return [{ field: path, sent, read }];
    const r = read as Record<string, unknown>;
    return Object.entries(sent).flatMap(([k, v]) => compareSent(v, r[k], path ? `${path}.${k}` : k));
  }
  return sent === read ? [] : [{ field: path, sent, read }];
}

/** What to send so that each table of the model holds exactly the model's rows, given what MIDAS holds now. */
export function planChanges(model: MidasModel, current: Record<string, MidasAssign>): MidasPlan {
  const changes: Record<string, TableChanges> = {};
  for (const { table, assign } of model) {
    const now = current[table] ?? {};
    const c: TableChanges = { create: [], update: [], delete: [] };
    for (const [id, values] of Object.entries(assign)) {
      const existing = now[id];
      if (existing === undefined) c.create.push({ id, values });
      else {
        const diffs = compareSent(values, existing);
        if (diffs.length > 0) c.update.push({ id, values, fields: [...new Set(diffs.map((d) => d.field.split(/[.[]/)[0]!))] });
      }
    }
    if (!SINGLETON_TABLES.has(table)) {
      for (const id of Object.keys(now)) if (!(id in assign)) c.delete.push({ id });
    }
    changes[table] = c;
  }
  return { changes, warnings: cascadeWarnings(changes, current) };
}

function list(ids: string[]): string {
  return ids.length > 8 ? `${ids.slice(0, 8).join(", ")} and ${ids.length - 8} more` : ids.join(", ");
}

/** MIDAS deletes a node's elements, links and supports with it, and an element's beam loads with the element. */
function cascadeWarnings(changes: Record<string, TableChanges>, current: Record<string, MidasAssign>): PlanWarning[] {
  const warnings: PlanWarning[] = [];
  const deleted = (table: string) => new Set((changes[table]?.delete ?? []).map((d) => d.id));
  const nodes = deleted("NODE");
  const elems = deleted("ELEM");
  const nodeRefs = (row: Record<string, unknown>) => (Array.isArray(row.NODE) ? (row.NODE as unknown[]).map(String) : []);
  for (const node of nodes) {
    const hit: string[] = [];
    for (const [id, row] of Object.entries(current.ELEM ?? {})) if (nodeRefs(row).includes(node)) hit.push(`element ${id}`);
    for (const [id, row] of Object.entries(current.ELNK ?? {})) if (nodeRefs(row).includes(node)) hit.push(`elastic link ${id}`);
    if ((current.CONS ?? {})[node]) hit.push("its support");
    if (hit.length > 0) {
      warnings.push({ table: "NODE", id: node, message: `Deleting node ${node} also deletes ${list(hit)} in MIDAS (the plan deletes or replaces them too).` });
    }
  }
  for (const elem of elems) {
    if ((current.BMLD ?? {})[elem]) warnings.push({ table: "ELEM", id: elem, message: `Deleting element ${elem} also deletes its beam loads in MIDAS.` });
  }
  return warnings;
}

/** Reads each table of the model from MIDAS and plans the changes; nothing is written. */
export async function previewModel(
  client: MidasClient,
  model: MidasModel,
  onRead?: (table: string) => void,
): Promise<MidasPlan & { current: Record<string, MidasAssign> }> {
  const current: Record<string, MidasAssign> = {};
  for (const { table } of model) {
    onRead?.(table);
    current[table] = await client.get(table);
  }
  return { ...planChanges(model, current), current };
}

export function orderedTables(model: MidasModel): MidasApiTable[] {
  const present = new Set(model.map((r) => r.table));
  return MIDAS_TABLE_ORDER.filter((t) => present.has(t));
}

/** Counts per table, for a preview summary. */
export function changeCounts(plan: MidasPlan): Record<string, { create: number; update: number; delete: number }> {
  return Object.fromEntries(Object.entries(plan.changes).map(([t, c]) => [t, { create: c.create.length, update: c.update.length, delete: c.delete.length }]));
}
