import { describe, expect, it } from "vitest";
import type { Row } from "./columns";
import { ROW_KIND } from "./kinds";
import { problemsMessage, refusedValues } from "./value-problems";

const row = (id: number, parameter: string, kind: string, from = "template") =>
  ({ Id: id, Parameter: parameter, Version: 1, Item1: "1", [ROW_KIND]: { kind, unit: "", from } }) as unknown as Row;
const rows = [row(1, "PierHeight", "length"), row(2, "PierType", "text"), row(3, "Skew", "angle", "set"), { Id: 4, Parameter: "Fresh", Version: 1 }];

describe("the screen's check of an edit before it is sent", () => {
  it("refuses what the row's kind refuses, in the server's words", () => {
    const refused = refusedValues(rows, [
      { id: 1, data: { Version: 1, Item1: "2,5 m", Item2: "3.2" } },
      { id: 2, data: { Version: 1, Item1: "Twin Column, 15° skew" } },
      { id: 3, data: { Version: 1, Item1: "15°" } },
    ]);
    expect(refused.map((p) => `${p.parameter}.${p.column}`)).toEqual(["PierHeight.Item1", "Skew.Item1"]);
    expect(problemsMessage(refused)).toBe(
      '2 values do not fit their rows; nothing was saved. PierHeight, Item1: "2,5 m" is not a number (a length row takes numbers only); Skew, Item1: "15°" is not a number (an angle row takes numbers only).',
    );
  });

  it("leaves to the server a row it has no kind for, and a rename (the new name's kind may be its template's)", () => {
    expect(refusedValues(rows, [{ id: 4, data: { Item1: "TBC" } }])).toEqual([]);
    expect(refusedValues(rows, [{ id: 1, data: { Parameter: "PierNotes", Item1: "TBC" } }])).toEqual([]);
    // A kind its engineers set stays with the row through a rename: still checked.
    expect(refusedValues(rows, [{ id: 3, data: { Parameter: "PlanSkew", Item1: "TBC" } }])).toHaveLength(1);
  });
});
