/**
 * The check every write of rows passes (typed, pasted, filled, imported, the assistant's Apply, the API): each value
 * written against its row's kind (kinds.ts, templates.ts). A refused write names every cell, up to MAX_LISTED. The
 * screen runs the same check before it sends an edit (refusedEdits), so a value its row cannot take is refused at once,
 * in the same words.
 */
import type { CellProblem } from "@/db/queries/rows-write";
import { DomainError } from "@/lib/errors";
import { isDatasetKey } from "./registry";
import { rowKind } from "./templates";
import { kindProblems, problemsMessage } from "./value-problems";

export { describeProblem } from "./value-problems";

const MAX_LISTED = 100;

/** The values of one row a write would store that its kind (as set, else its template's or name's) refuses. */
export function cellProblems(dataset: string, parameter: string, values: Record<string, string>, set: string | null = null): CellProblem[] {
  if (!isDatasetKey(dataset)) return [];
  return kindProblems(rowKind(dataset, parameter, set).kind, parameter, values);
}

/** The 400 of a write that holds values their rows cannot take: every cell named (the first MAX_LISTED, then a count). */
export function invalidValues(problems: readonly CellProblem[]): DomainError {
  const listed = problems.slice(0, MAX_LISTED);
  const more = problems.length - listed.length;
  return new DomainError("invalid", problemsMessage(problems), { problems: listed, ...(more > 0 ? { more } : {}) });
}
