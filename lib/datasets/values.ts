/**
 * The check every write of rows passes (typed, pasted, filled, imported, the assistant's Apply, the API): each value
 * written against its row's kind (kinds.ts, templates.ts). A refused write names every cell, up to MAX_LISTED.
 */
import type { CellProblem } from "@/db/queries/rows-write";
import { DomainError } from "@/lib/errors";
import { valueProblem } from "./kinds";
import { isDatasetKey } from "./registry";
import { rowKind } from "./templates";

const MAX_LISTED = 100;

/** The values of one row a write would store that its kind refuses. */
export function cellProblems(dataset: string, parameter: string, values: Record<string, string>, set: string | null = null): CellProblem[] {
  if (!isDatasetKey(dataset)) return [];
  const { kind } = rowKind(dataset, parameter, set);
  const problems: CellProblem[] = [];
  for (const [column, value] of Object.entries(values)) {
    const problem = valueProblem(kind, value);
    if (problem) problems.push({ parameter, column, value, problem });
  }
  return problems;
}

/** One line per cell: `SkewAngle, Item3: "15°" is not a number (an angle row takes numbers only)`. */
export function describeProblem(p: CellProblem): string {
  return `${p.parameter}, ${p.column}: ${JSON.stringify(p.value)} ${p.problem}`;
}

/** The 400 of a write that holds values their rows cannot take: every cell named (the first MAX_LISTED, then a count). */
export function invalidValues(problems: readonly CellProblem[]): DomainError {
  const listed = problems.slice(0, MAX_LISTED);
  const more = problems.length - listed.length;
  const head = problems.length === 1 ? "A value does not fit its row" : `${problems.length} values do not fit their rows`;
  return new DomainError(
    "invalid",
    `${head}; nothing was saved. ${listed.slice(0, 3).map(describeProblem).join("; ")}${problems.length > 3 ? `; and ${problems.length - 3} more` : ""}.`,
    { problems: listed, ...(more > 0 ? { more } : {}) },
  );
}
