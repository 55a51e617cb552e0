import { describe, expect, it } from "vitest";
import type { Row } from "./columns";
import { ROW_KIND } from "./kinds";
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

  it("across the angle rule, show the values before and after, kept as they are or converted", () => {
    const [rename] = renamesIn(rows, [{ rowId: 1, column: "Parameter", text: "17.5" }]);
    // 0.261799387799 rad is 15.00° on screen; kept, it shows as stored; converted, the row stores 15 (what it showed).
    expect(rename!.values).toEqual([{ column: "Item1", stored: "0.261799387799", before: "15.00", kept: "0.261799387799", converted: "15" }]);
    expect(renameQuestion(rename!).description).toBe(
      "The Revit add-in matches rows by Parameter: pushes will no longer update SkewAngle. SkewAngle is an angle row (radians stored, degrees shown); 17.5 is not, so its numbers would be shown as they are stored.",
    );
    const [into] = renamesIn(rows, [{ rowId: 2, column: "Parameter", text: "PierAngle" }]);
    // 11.591 read as radians is 664.12°; converted, 11.591° is stored as 0.2023 rad.
    expect(into!.values).toEqual([{ column: "Item1", stored: "11.591", before: "11.591", kept: "664.12", converted: String((11.591 * Math.PI) / 180) }]);
    expect(renameQuestion(into!).description).toContain(
      "PierAngle is an angle row (radians stored, degrees shown); PierHeight is not, so its numbers would be read as radians.",
    );
  });

  it("never cross the angle rule on a row whose kind its engineers set: the kind stays with the row", () => {
    const set = { ...rows[1]!, [ROW_KIND]: { kind: "length", unit: "m", from: "set" } } as Row;
    const [rename] = renamesIn([set], [{ rowId: 2, column: "Parameter", text: "PierAngle" }]);
    expect(rename).toMatchObject({ crossesAngle: false, values: [] });
  });
});
