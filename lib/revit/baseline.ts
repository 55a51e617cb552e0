import type { PushRowError } from "@/db/schema";
import { rowTextId } from "@/lib/datasets/row-text";

/**
 * What an add-in holds of a table after it applied a push: the baseline a
 * push preview compares the table with. Rows are JSON texts keyed by Id.
 * A whole-table push replaces the baseline with what it sent, except rows
 * the add-in reported as failed (those keep what it had before); a row push
 * replaces that one row, when it applied.
 */
export function nextBaseline(previous: readonly string[], pushed: readonly string[], mode: "all" | "one", errors: readonly PushRowError[] = []): string[] {
  const failedIds = new Set(errors.map((e) => e.id).filter((id): id is number => id !== undefined));
  const failedNames = new Set(errors.map((e) => e.parameter).filter((p): p is string => p !== undefined));
  const failed = (text: string, id: number) =>
    failedIds.has(id) || (failedNames.size > 0 && failedNames.has(String((JSON.parse(text) as { Parameter: unknown }).Parameter)));
  const before = new Map(previous.map((text) => [rowTextId(text), text]));
  if (mode === "one") {
    for (const text of pushed) {
      const id = rowTextId(text);
      if (!failed(text, id)) before.set(id, text);
    }
    return [...before.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text);
  }
  const next = new Map<number, string>();
  for (const text of pushed) {
    const id = rowTextId(text);
    if (!failed(text, id)) next.set(id, text);
    else if (before.has(id)) next.set(id, before.get(id)!);
  }
  return [...next.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text);
}

/** Whether the next baseline depends on the one before: a row push, or a whole-table push some rows of which failed. */
export function needsPreviousBaseline(mode: "all" | "one", errors: readonly PushRowError[] = []): boolean {
  return mode === "one" || errors.length > 0;
}

/** Rows of a push are stored in the outbox joined by \x01, which JSON text never contains. */
const ROW_SEPARATOR = "\u0001";

export function joinPayload(rows: readonly string[]): string {
  return rows.join(ROW_SEPARATOR);
}

export function splitPayload(payload: string): string[] {
  return payload === "" ? [] : payload.split(ROW_SEPARATOR);
}
