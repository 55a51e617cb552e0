import { describe, expect, it } from "vitest";
import type { Row } from "./columns";
import { cellChangeLabel, rowSaveLabel } from "./undo-labels";

const rows: Row[] = [
  { Id: 1, Parameter: "PierHeight", Version: 2, Item1: "8", Item2: "9" },
  { Id: 2, Parameter: "SkewAngle", Version: 4, Item1: "0.2" },
];

describe("what the Undo button names", () => {
  it("names the cell one typed value wrote", () => {
    expect(cellChangeLabel(rows, [{ id: 1, data: { Version: 2, Item2: "9.5" } }], "Edit")).toBe("PierHeight, Item2");
    expect(cellChangeLabel(rows, [{ id: 2, data: { Version: 4, Parameter: "SkewAngleAtBearing" } }], "Edit")).toBe("Rename of SkewAngle");
  });

  it("names what was done to one cell otherwise", () => {
    expect(cellChangeLabel(rows, [{ id: 1, data: { Version: 2, Item1: "" } }], "Clear")).toBe("Clear PierHeight, Item1");
  });

  it("counts the cells of a change of several, and names their row when they are all in one", () => {
    const paste = [
      { id: 1, data: { Version: 2, Item1: "1", Item2: "2" } },
      { id: 2, data: { Version: 4, Item1: "3", Item2: "4" } },
    ];
    expect(cellChangeLabel(rows, paste, "Paste")).toBe("Paste of 4 cells");
    expect(cellChangeLabel(rows, [{ id: 1, data: { Version: 2, Item1: "7", Item2: "7" } }], "Fill right")).toBe("Fill right of 2 cells in PierHeight");
  });

  it("names a row save by its cell, or its row and how many cells", () => {
    expect(rowSaveLabel("PierHeight", ["Item2"])).toBe("PierHeight, Item2");
    expect(rowSaveLabel("PierHeight", ["Item1", "Item2", "Item3"])).toBe("Edit PierHeight (3 cells)");
    expect(rowSaveLabel("SkewAngle", ["Parameter"])).toBe("Rename of SkewAngle");
  });
});
