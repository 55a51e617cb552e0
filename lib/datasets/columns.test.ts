import { describe, expect, it } from "vitest";
import { columnNumber, deriveColumns, presetColumns } from "./columns";

const row = (id: number, values: Record<string, string>) => ({ Id: id, Parameter: `P${id}`, CreatedAt: "", UpdatedAt: "", Version: 1, ...values });

describe("deriveColumns", () => {
  it("orders columns by the number inside their name, not alphabetically", () => {
    const rows = [row(1, { Item10: "a", Item2: "b", Item1: "c", Item11: "d", Item3: "e" })];
    expect(deriveColumns(rows)).toEqual(["Item1", "Item2", "Item3", "Item10", "Item11"]);
  });

  it("never shows Id, Parameter, CreatedAt, UpdatedAt or Version as value columns", () => {
    expect(deriveColumns([row(1, { Item1: "x" })])).toEqual(["Item1"]);
  });

  it("hides columns that are empty in every row, keeps those with a value in any row", () => {
    const rows = [row(1, { Item1: "1", Item2: "", Item3: "" }), row(2, { Item1: "", Item2: "", Item3: "7" })];
    expect(deriveColumns(rows)).toEqual(["Item1", "Item3"]);
  });

  it("takes the column set from the first row", () => {
    const rows = [row(1, { Item1: "1" }), row(2, { Item1: "2", Item9: "9" })];
    expect(deriveColumns(rows)).toEqual(["Item1"]);
  });

  it("puts names without a number first, then adds the columns an edit introduces", () => {
    const rows = [row(1, { Item2: "1", Unit: "m", Item1: "2" })];
    expect(deriveColumns(rows, ["Item13", "Item1"])).toEqual(["Unit", "Item1", "Item2", "Item13"]);
  });

  it("has no columns for an empty table", () => {
    expect(deriveColumns([])).toEqual([]);
  });
});

describe("columnNumber", () => {
  it("reads the first run of digits", () => {
    expect(columnNumber("Item12")).toBe(12);
    expect(columnNumber("Span_3_left")).toBe(3);
    expect(columnNumber("Unit")).toBe(0);
  });
});

describe("presetColumns", () => {
  const columns = Array.from({ length: 14 }, (_, i) => `Item${i + 1}`);
  it("First Column shows the first 3 value columns, First 10 Columns the first 10, All Columns all", () => {
    expect(presetColumns(columns, "first3")).toEqual(["Item1", "Item2", "Item3"]);
    expect(presetColumns(columns, "first10")).toHaveLength(10);
    expect(presetColumns(columns, "all")).toEqual(columns);
    expect(presetColumns(["Item1"], "first10")).toEqual(["Item1"]);
  });
});
