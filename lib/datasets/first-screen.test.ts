import { describe, expect, it } from "vitest";
import type { TableSnapshot } from "./snapshot";
import { FIRST_SCREEN_COLUMNS, FIRST_SCREEN_ROWS, firstScreen } from "./first-screen";

const snapshotOf = (rows: Record<string, string | number>[], columns: string[]): TableSnapshot => ({
  revision: 1,
  columns,
  rows: rows.map((r) => JSON.stringify({ CreatedAt: "c", UpdatedAt: "u", Version: 1, ...r })),
  kinds: new Map(),
  memo: new Map(),
});

describe("the first screenful the server renders into a table's page", () => {
  it("shows the grid's first columns (by number, none empty in every row), angles in degrees and each row's unit", () => {
    const snapshot = snapshotOf(
      [
        { Id: 1, Parameter: "PierHeight", Item10: "12.5", Item2: "3", Item1: "" },
        { Id: 2, Parameter: "SkewAngle", Item2: String(Math.PI / 6) },
      ],
      ["Item10", "Item1", "Item2", "Item3"],
    );
    expect(firstScreen(snapshot, "pier")).toEqual({
      columns: ["Item2", "Item10"],
      headers: ["Item2", "Item10"],
      rows: [
        { id: 1, parameter: "PierHeight", unit: "m", values: ["3", "12.5"] },
        { id: 2, parameter: "SkewAngle", unit: "°", values: ["30.00", ""] },
      ],
    });
  });

  it("heads each Item column with what the table's naming row says it stands for, as the grid will", () => {
    const snapshot = snapshotOf(
      [
        { Id: 1, Parameter: "PierHeight", Item1: "12.5", Item2: "13", Item3: "9" },
        // The naming row may be far down the table, past the first screenful.
        ...Array.from({ length: FIRST_SCREEN_ROWS }, (_, i) => ({ Id: i + 2, Parameter: `Row${i}`, Item1: "1" })),
        { Id: 99, Parameter: "PierName", Item1: "P1", Item2: "P2" },
      ],
      ["Item1", "Item2", "Item3"],
    );
    const screen = firstScreen(snapshot, "pier");
    expect(screen.columns).toEqual(["Item1", "Item2", "Item3"]);
    expect(screen.headers).toEqual(["Item1 · P1", "Item2 · P2", "Item3"]);
  });

  it("holds one screenful of a big table, built once per revision", () => {
    const columns = Array.from({ length: 300 }, (_, i) => `Item${i + 1}`);
    const rows = Array.from({ length: 2000 }, (_, r) => ({ Id: r + 1, Parameter: `P${r}`, ...Object.fromEntries(columns.map((c) => [c, "1.000"])) }));
    const snapshot = snapshotOf(rows, columns);
    const screen = firstScreen(snapshot, "pier");
    expect(screen.rows).toHaveLength(FIRST_SCREEN_ROWS);
    expect(screen.columns).toEqual(columns.slice(0, FIRST_SCREEN_COLUMNS));
    expect(firstScreen(snapshot, "pier")).toBe(screen);
  });
});
