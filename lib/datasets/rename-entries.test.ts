import { describe, expect, it } from "vitest";
import type { Row } from "./columns";
import { diffTables } from "./diff";
import { cellsBesideRename, renamedIn, renameText, withRename } from "./rename-entries";

const row = (id: number, parameter: string, values: Record<string, string> = {}): Row => ({ Id: id, Parameter: parameter, Version: 1, ...values });

describe("a rename told as a rename", () => {
  it("is a Parameter changed from one name to another; a create or a deletion is not one", () => {
    const renamed = [
      { column: "Parameter", before: "SkewAngle", after: "SkewAngleAtBearing" },
      { column: "Item1", before: "0.26", after: "0.3" },
    ];
    expect(renamedIn(renamed)).toEqual({ from: "SkewAngle", to: "SkewAngleAtBearing" });
    expect(renameText(renamedIn(renamed)!)).toBe("Renamed SkewAngle → SkewAngleAtBearing");
    // The rename is said once: the other cells are listed beside it, without a Parameter cell.
    expect(cellsBesideRename(renamed, renamedIn(renamed))).toEqual([{ column: "Item1", before: "0.26", after: "0.3" }]);
    expect(renamedIn([{ column: "Parameter", before: "", after: "PierHeight" }])).toBeNull();
    expect(renamedIn([{ column: "Parameter", before: "PierHeight", after: "" }])).toBeNull();
    expect(renamedIn([{ column: "Item1", before: "1", after: "2" }])).toBeNull();
    expect(cellsBesideRename([{ column: "Parameter", before: "", after: "New" }], null)).toHaveLength(1);
  });

  it("comes with a history entry, kept as it was otherwise", () => {
    const entry = { version: 2, changes: [{ column: "Parameter", before: "A", after: "B" }] };
    expect(withRename(entry)).toEqual({ ...entry, renamed: { from: "A", to: "B" } });
    expect(withRename({ version: 1, changes: [] }).renamed).toBeNull();
  });

  it("is a changed row of a push preview (rows matched by Id), with its other cells", () => {
    const diff = diffTables(
      [row(1, "SkewAngle", { Item1: "0.26" }), row(2, "PierHeight", { Item1: "12" })],
      [row(1, "SkewAngleAtBearing", { Item1: "0.3" }), row(2, "PierHeight", { Item1: "13" })],
      "Id",
    );
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.changed).toEqual([
      {
        id: 1,
        parameter: "SkewAngleAtBearing",
        cells: [
          { column: "Parameter", before: "SkewAngle", after: "SkewAngleAtBearing" },
          { column: "Item1", before: "0.26", after: "0.3" },
        ],
        renamed: { from: "SkewAngle", to: "SkewAngleAtBearing" },
      },
      { id: 2, parameter: "PierHeight", cells: [{ column: "Item1", before: "12", after: "13" }], renamed: null },
    ]);
  });
});
