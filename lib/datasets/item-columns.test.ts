import { describe, expect, it } from "vitest";
import type { Row } from "./columns";
import { itemName, nextItem, nextItemName, NO_NAMING_ROW } from "./item-columns";

const row = (id: number, parameter: string, values: Record<string, string>): Row => ({ Id: id, Parameter: parameter, Version: 3, ...values });

describe("the item Add item column adds", () => {
  it("is the Item column after the last one holding a value, named in the naming row", () => {
    const rows = [row(1, "PierName", { Item1: "P1", Item2: "P2" }), row(2, "PierHeight", { Item1: "8.2", Item2: "9.1", Item3: "" })];
    expect(nextItem(rows, "pier")).toEqual({ column: "Item3", name: "P3", naming: rows[0] });
  });

  it("takes again a column blank in every row (hidden, so not there for the engineer) and passes other columns by", () => {
    const rows = [row(1, "SpanName", { Item1: "S1", Item2: "", Notes: "x" }), row(2, "SpanLength", { Item1: "36", Item2: "" })];
    expect(nextItem(rows, "box")).toMatchObject({ column: "Item2", name: "S2" });
  });

  it("gives the same item from the table's column list as from its rows' keys (the screen passes the list)", () => {
    const rows = [row(1, "PierName", { Item1: "P1", Item2: "P2" }), row(2, "PierHeight", { Item1: "8.2", Item2: "9.1", Item3: "", Item7: "" })];
    expect(nextItem(rows, "pier", ["Item1", "Item2", "Item3", "Item7"])).toEqual(nextItem(rows, "pier"));
  });

  it("counts on from a value of another row when the naming row is shorter", () => {
    const rows = [row(1, "PierName", { Item1: "P1" }), row(2, "PierHeight", { Item1: "8", Item2: "9", Item3: "10" })];
    expect(nextItem(rows, "pier")).toMatchObject({ column: "Item4", name: "P4" });
  });

  it("refuses, saying why, in a table with no row naming its items", () => {
    expect(nextItem([row(1, "PierHeight", { Item1: "8" })], "pier")).toEqual({ refusal: NO_NAMING_ROW });
    expect(nextItem([], "pier")).toEqual({ refusal: NO_NAMING_ROW });
    // Model Setup's items are not named by a row (item-labels.ts), whatever its rows are called.
    expect(nextItem([row(1, "PierName", { Item1: "P1" })], "midassetup")).toEqual({ refusal: NO_NAMING_ROW });
  });
});

describe("the next item's name", () => {
  it("counts the last name on when its number is its column's, keeping its zeros", () => {
    expect(nextItemName("pier", row(1, "PierName", { Item1: "P1", Item11: "P11" }), 12)).toBe("P12");
    expect(nextItemName("coresetup", row(1, "SegmentName", { Item9: "SEG09" }), 10)).toBe("SEG10");
    expect(nextItemName("midaspsc", row(1, "SectionName", { Item1: "BOX-1", Item2: "BOX-2" }), 3)).toBe("BOX-3");
  });

  it("else follows the table's style: B6-A2 in Item12 is no count of items, nor is a name without a number", () => {
    expect(nextItemName("abt", row(1, "AbutmentName", { Item12: "B6-A2" }), 13)).toBe("A13");
    expect(nextItemName("box", row(1, "SpanName", { Item1: "Main" }), 2)).toBe("S2");
    expect(nextItemName("box", row(1, "SpanName", {}), 1)).toBe("S1");
    expect(nextItemName("midaspt", row(1, "TendonGroupName", { Item1: "Cont" }), 2)).toBe("Item 2");
  });

  it("is P1, A1, S1 and SEG01 for the Revit tables' first items", () => {
    expect(["pier", "abt", "box", "coresetup"].map((d) => itemName(d as "pier", 1))).toEqual(["P1", "A1", "S1", "SEG01"]);
  });
});
