/**
 * Values a row's kind refuses, and how a refusal says so: shared by the server's check of every write (values.ts)
 * and the screen's check of an edit before it is sent (the same words either way).
 */
import type { CellProblem } from "@/db/queries/rows-write";
import { carriedKind, type RowKind, valueProblem } from "./kinds";
import type { Row } from "./columns";

/** The values of one row a write would store that a row of this kind refuses. */
export function kindProblems(kind: RowKind, parameter: string, values: Record<string, string>): CellProblem[] {
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

/** What a refused write says: how many values, the first three named, nothing saved. */
export function problemsMessage(problems: readonly CellProblem[]): string {
  const head = problems.length === 1 ? "A value does not fit its row" : `${problems.length} values do not fit their rows`;
  return `${head}; nothing was saved. ${problems.slice(0, 3).map(describeProblem).join("; ")}${problems.length > 3 ? `; and ${problems.length - 3} more` : ""}.`;
}

/**
 * The values of a set of row changes (the `data` of each, by row Id) that their rows refuse, where the screen knows the
 * row's kind from the server. A rename leaves the check to the server: the new name's kind may be its template's.
 */
export function refusedValues(rows: readonly Row[], changes: readonly { id: number; data: Record<string, string | number> }[]): CellProblem[] {
  const byId = new Map(rows.map((row) => [Number(row.Id), row]));
  return changes.flatMap(({ id, data }) => {
    const row = byId.get(id);
    const kind = row && carriedKind(row);
    if (!row || !kind || (data.Parameter !== undefined && data.Parameter !== row.Parameter && kind.from !== "set")) return [];
    const values = Object.fromEntries(
      Object.entries(data)
        .filter(([column]) => column !== "Parameter" && column !== "Version")
        .map(([column, value]) => [column, String(value)]),
    );
    return kindProblems(kind.kind, String(row.Parameter), values);
  });
}
