import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Row } from "./columns";
import { diffTables, rowChanges } from "./diff";
import { clearRange, editsToChanges, fillDown, fillRight, moveSelection, newColumnsOf, parseTsv, pasteBlock, rangeToTsv, rect, type Selection } from "./sheet";

const row = (id: number, parameter: string, values: Record<string, string> = {}): Row => ({
  Id: id,
  Parameter: parameter,
  CreatedAt: "",
  UpdatedAt: "",
  Version: id * 10,
  ...values,
});
const rows = [
  row(1, "PierHeight", { Item1: "12.4", Item2: "13.1", Item3: "" }),
  row(2, "SkewAngle", { Item1: "0.261799387799", Item2: "0.5235987756", Item3: "" }),
  row(3, "BearingType", { Item1: "Pot Guided", Item2: "Pot Free", Item3: "Fixed" }),
];
const columns = ["Parameter", "Item1", "Item2", "Item3"];
const at = (r: number, c: number): Selection => ({ anchor: { row: r, col: c }, focus: { row: r, col: c } });
const bounds = { rows: 3, cols: 4 };

describe("moving the selected cell", () => {
  it("arrows move one cell and stop at the edges; Shift+arrows extend the range from the anchor", () => {
    expect(moveSelection(at(0, 0), "ArrowDown", false, bounds)).toEqual(at(1, 0));
    expect(moveSelection(at(0, 0), "ArrowUp", false, bounds)).toEqual(at(0, 0));
    expect(moveSelection(at(2, 3), "ArrowRight", false, bounds)).toEqual(at(2, 3));
    const extended = moveSelection(moveSelection(at(0, 1), "ArrowDown", true, bounds), "ArrowRight", true, bounds);
    expect(extended).toEqual({ anchor: { row: 0, col: 1 }, focus: { row: 1, col: 2 } });
    expect(rect(extended)).toEqual({ top: 0, left: 1, bottom: 1, right: 2 });
    // A plain arrow collapses the range to one cell again.
    expect(moveSelection(extended, "ArrowLeft", false, bounds)).toEqual(at(0, 0));
  });

  it("Tab moves right and wraps to the next row (Shift+Tab back); Enter moves down, Shift+Enter up; Home and End", () => {
    expect(moveSelection(at(0, 3), "Tab", false, bounds)).toEqual(at(1, 0));
    expect(moveSelection(at(1, 0), "Tab", true, bounds)).toEqual(at(0, 3));
    expect(moveSelection(at(0, 2), "Enter", false, bounds)).toEqual(at(1, 2));
    expect(moveSelection(at(1, 2), "Enter", true, bounds)).toEqual(at(0, 2));
    expect(moveSelection(at(1, 2), "Home", false, bounds)).toEqual(at(1, 0));
    expect(moveSelection(at(1, 2), "End", false, bounds)).toEqual(at(1, 3));
  });
});

describe("copy and paste with Excel", () => {
  it("copies a range as tab-separated lines, angles in degrees as shown, special cells quoted", () => {
    expect(rangeToTsv(rows, columns, { top: 0, left: 0, bottom: 1, right: 2 })).toBe("PierHeight\t12.4\t13.1\r\nSkewAngle\t15.00\t30.00\r\n");
    const odd = [row(9, 'Note "A"', { Item1: "two\tcells", Item2: "two\nlines" })];
    expect(rangeToTsv(odd, columns, { top: 0, left: 0, bottom: 0, right: 2 })).toBe('"Note ""A"""\t"two\tcells"\t"two\nlines"\r\n');
  });

  it("reads what Excel writes: tabs, CRLF, quoted fields with tabs, line breaks and quotes, a trailing line break", () => {
    expect(parseTsv("a\tb\r\nc\td\r\n")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(parseTsv('"x\ty"\t"line1\nline2"\t"say ""hi"""\n1\t\t3')).toEqual([
      ["x\ty", "line1\nline2", 'say "hi"'],
      ["1", "", "3"],
    ]);
    expect(parseTsv("Pot Guided")).toEqual([["Pot Guided"]]);
    expect(parseTsv("")).toEqual([]);
  });

  it("round-trips any block through copy and paste", () => {
    const cellText = fc.string({ unit: fc.constantFrom("a", "b", " ", "\t", "\n", '"', "1", ".", "é") });
    fc.assert(
      fc.property(fc.array(fc.array(cellText, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (raw) => {
        const width = raw[0]!.length;
        const block = raw.map((line) => Array.from({ length: width }, (_, i) => line[i] ?? ""));
        const table = block.map((line, i) => row(i + 1, `P${i}`, Object.fromEntries(line.map((v, c) => [`Item${c + 1}`, v]))));
        const cols = ["Parameter", ...Array.from({ length: width }, (_, c) => `Item${c + 1}`)];
        const text = rangeToTsv(table, cols, { top: 0, left: 1, bottom: block.length - 1, right: width });
        expect(parseTsv(text)).toEqual(block);
      }),
    );
  });

  it("pastes a block at the selected cell, creating the Item columns it needs", () => {
    const pasted = pasteBlock(rows, columns, { row: 1, col: 2 }, [
      ["1", "2", "3"],
      ["4", "5", "6"],
    ]);
    expect(pasted).toEqual({
      ok: true,
      newColumns: ["Item4"],
      edits: [
        { rowId: 2, column: "Item2", text: "1" },
        { rowId: 2, column: "Item3", text: "2" },
        { rowId: 2, column: "Item4", text: "3" },
        { rowId: 3, column: "Item2", text: "4" },
        { rowId: 3, column: "Item3", text: "5" },
        { rowId: 3, column: "Item4", text: "6" },
      ],
    });
  });

  it("refuses to paste past the last row, saying by how many rows", () => {
    const result = pasteBlock(rows, columns, { row: 2, col: 1 }, [["1"], ["2"], ["3"]]);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/3 rows, 2 more than the table has below the selected cell/) });
    expect(pasteBlock(rows, columns, { row: 0, col: 0 }, [[""]])).toEqual({ ok: false, error: expect.stringMatching(/Parameter name empty/) });
  });
});

describe("fill and clear", () => {
  it("fills down from the first row and right from the first column, never copying a name down", () => {
    expect(fillDown(rows, columns, { top: 0, left: 0, bottom: 2, right: 1 })).toEqual([
      { rowId: 2, column: "Item1", text: "12.4" },
      { rowId: 3, column: "Item1", text: "12.4" },
    ]);
    expect(fillRight(rows, columns, { top: 2, left: 1, bottom: 2, right: 3 })).toEqual([
      { rowId: 3, column: "Item2", text: "Pot Guided" },
      { rowId: 3, column: "Item3", text: "Pot Guided" },
    ]);
  });

  it("Delete clears the values of the range but never a Parameter name", () => {
    expect(clearRange(rows, columns, { top: 0, left: 0, bottom: 0, right: 1 })).toEqual([{ rowId: 1, column: "Item1", text: "" }]);
  });
});

describe("saving cell edits as one batch", () => {
  it("groups them per row with the row's Version, converts degrees back to radians, and drops what does not change", () => {
    const changes = editsToChanges(rows, [
      { rowId: 1, column: "Item1", text: "12.6" },
      { rowId: 1, column: "Item2", text: "13.1" },
      { rowId: 2, column: "Item1", text: "15.00" },
      { rowId: 2, column: "Item2", text: "45" },
      { rowId: 3, column: "Item9", text: "New" },
      { rowId: 3, column: "Parameter", text: " BearingKind " },
    ]);
    expect(changes).toEqual([
      { id: 1, data: { Version: 10, Item1: "12.6" } },
      { id: 2, data: { Version: 20, Item2: String((45 * Math.PI) / 180) } },
      { id: 3, data: { Version: 30, Item9: "New", Parameter: "BearingKind" } },
    ]);
    expect(
      newColumnsOf(
        [
          { rowId: 3, column: "Item10", text: "" },
          { rowId: 3, column: "Item9", text: "" },
          { rowId: 1, column: "Item1", text: "" },
        ],
        columns,
      ),
    ).toEqual(["Item9", "Item10"]);
  });
});

describe("table diffs", () => {
  it("lists added, changed (with every changed cell) and removed rows, matched by Parameter or by Id", () => {
    const after = [
      row(1, "PierHeight", { Item1: "12.5", Item2: "13.1" }),
      row(4, "New", { Item1: "1" }),
      row(3, "BearingType", { Item1: "Pot Guided", Item2: "Pot Free", Item3: "Fixed" }),
    ];
    const byName = diffTables(rows, after, "Parameter");
    expect(byName.added.map((r) => r.Parameter)).toEqual(["New"]);
    expect(byName.removed.map((r) => r.Parameter)).toEqual(["SkewAngle"]);
    expect(byName.changed).toEqual([{ id: 1, parameter: "PierHeight", cells: [{ column: "Item1", before: "12.4", after: "12.5" }], renamed: null }]);
    const renamed = diffTables([row(1, "Old", { Item1: "1" })], [row(1, "New", { Item1: "1" })], "Id");
    expect(renamed.changed).toEqual([
      { id: 1, parameter: "New", cells: [{ column: "Parameter", before: "Old", after: "New" }], renamed: { from: "Old", to: "New" } },
    ]);
    expect(rowChanges(row(1, "A", { Item1: "" }), row(1, "A", {}))).toEqual([]);
  });
});
