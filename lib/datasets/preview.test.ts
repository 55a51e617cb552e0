import { describe, expect, it } from "vitest";
import type { TableSnapshot } from "./snapshot";
import { PREVIEW_COLUMNS, PREVIEW_ROWS, tablePreview } from "./preview";

const snapshotOf = (rows: Record<string, string | number>[], columns: string[]): TableSnapshot => ({
  revision: 1,
  columns,
  rows: rows.map((r) => JSON.stringify({ CreatedAt: "c", UpdatedAt: "u", Version: 1, ...r })),
  memo: new Map(),
});

describe("the first screenful the server renders into a table's page", () => {
  it("shows the grid's first columns (by number, none empty in every row) and angles in degrees", () => {
    const snapshot = snapshotOf(
      [
        { Id: 1, Parameter: "PierHeight", Item10: "12.5", Item2: "3", Item1: "" },
        { Id: 2, Parameter: "SkewAngle", Item2: String(Math.PI / 6) },
      ],
      ["Item10", "Item1", "Item2", "Item3"],
    );
    expect(tablePreview(snapshot)).toEqual({
      columns: ["Item2", "Item10"],
      rows: [
        { id: 1, parameter: "PierHeight", angle: false, values: ["3", "12.5"] },
        { id: 2, parameter: "SkewAngle", angle: true, values: ["30.00", ""] },
      ],
    });
  });

  it("holds one screenful of a big table, built once per revision", () => {
    const columns = Array.from({ length: 300 }, (_, i) => `Item${i + 1}`);
    const rows = Array.from({ length: 2000 }, (_, r) => ({ Id: r + 1, Parameter: `P${r}`, ...Object.fromEntries(columns.map((c) => [c, "1.000"])) }));
    const snapshot = snapshotOf(rows, columns);
    const preview = tablePreview(snapshot);
    expect(preview.rows).toHaveLength(PREVIEW_ROWS);
    expect(preview.columns).toEqual(columns.slice(0, PREVIEW_COLUMNS));
    expect(tablePreview(snapshot)).toBe(preview);
  });
});
