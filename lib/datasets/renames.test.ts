import { describe, expect, it } from "vitest";
import type { Row } from "./columns";
import { renameQuestion, renamesIn } from "./renames";

const rows: Row[] = [
  { Id: 1, Parameter: "SkewAngle", CreatedAt: "", UpdatedAt: "", Version: 2, Item1: "0.261799387799", Item2: "" },
  { Id: 2, Parameter: "PierHeight", CreatedAt: "", UpdatedAt: "", Version: 1, Item1: "11.591" },
];

describe("renames typed, pasted or filled into the Parameter column", () => {
  it("are found among cell edits; values and unchanged or empty names are not renames", () => {
    const renames = renamesIn(rows, [
      { rowId: 1, column: "Parameter", text: "17.5" },
      { rowId: 2, column: "Parameter", text: " PierHeight " },
      { rowId: 2, column: "Item1", text: "12" },
      { rowId: 2, column: "Parameter", text: "" },
    ]);
    expect(renames.map((r) => [r.from, r.to])).toEqual([["SkewAngle", "17.5"]]);
  });

  it("ask with the Revit add-in's reason: it matches rows by Parameter", () => {
    const [rename] = renamesIn(rows, [{ rowId: 2, column: "Parameter", text: "PierHeightTotal" }]);
    expect(renameQuestion(rename!)).toEqual({
      title: "Rename PierHeight to PierHeightTotal?",
      description: "The Revit add-in matches rows by Parameter: pushes will no longer update PierHeight.",
    });
  });

  it("across the angle rule, show the values before and after, kept as they are", () => {
    const [rename] = renamesIn(rows, [{ rowId: 1, column: "Parameter", text: "17.5" }]);
    expect(rename!.values).toEqual([{ column: "Item1", before: "15.00", after: "0.261799387799" }]);
    expect(renameQuestion(rename!).description).toBe(
      "The Revit add-in matches rows by Parameter: pushes will no longer update SkewAngle. SkewAngle is an angle row (radians stored, degrees shown); 17.5 is not, so its numbers will be shown as they are stored (Item1 15.00 → 0.261799387799). The numbers are kept as they are.",
    );
    const [into] = renamesIn(rows, [{ rowId: 2, column: "Parameter", text: "PierAngle" }]);
    expect(renameQuestion(into!).description).toContain(
      "PierAngle is an angle row (radians stored, degrees shown); PierHeight is not, so its numbers will be read as radians (Item1 11.591 → 664.12)",
    );
  });
});
