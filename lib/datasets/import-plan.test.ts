import { describe, expect, it } from "vitest";
import { displayValue } from "./angles";
import type { Row } from "./columns";
import { type Baseline, baselineOf, type FileTable, headerRowIndex, importedValue, type ImportLimits, planImport, readGrid } from "./import-plan";
import type { ExportMeta, Grid } from "./table-file";

const limits: ImportLimits = { maxRows: 100_000, maxColumns: 1_000, maxNewColumns: 400 };
const grid = (rows: string[][], kind: Grid["kind"] = "xlsx", sheet = "Revit_Pier Data"): Grid => ({
  kind,
  sheet,
  rows: rows.map((cells, i) => ({ row: i + 1, cells })),
});
const row = (id: number, parameter: string, version: number, values: Record<string, string> = {}): Row => ({
  Id: id,
  Parameter: parameter,
  CreatedAt: "2026-01-01T00:00:00.000Z",
  UpdatedAt: "2026-01-01T00:00:00.000Z",
  Version: version,
  ...values,
});
/** What the message of a refused grid says. */
const refusal = (rows: string[][], kind: Grid["kind"] = "xlsx") => {
  try {
    readGrid(grid(rows, kind), limits);
  } catch (error) {
    return { message: (error as Error).message, ...(error as { extra?: object }).extra };
  }
  throw new Error("expected the grid to be refused");
};

const SKEW_RADIANS = "0.2617993877991494"; // 15 degrees
const table = [
  row(1, "PierHeight", 3, { Item1: "12.4", Item2: "13.1" }),
  row(2, "SkewAngle", 1, { Item1: SKEW_RADIANS, Item2: "0.0174532925199" }),
  row(3, "BearingType", 2, { Item1: "Pot Guided", Item2: "Pot Free" }),
];
const columns = ["Item1", "Item2"];
/** The table as an export shows it (angles in degrees), with Id first. */
const exported = (): string[][] => [
  ["Id", "Parameter", "Item1", "Item2"],
  ...table.map((r) => [String(r.Id), String(r.Parameter), ...columns.map((c) => displayValue(String(r[c] ?? ""), r.Parameter === "SkewAngle"))]),
];
const meta = (versions: [number, number, string][] = table.map((r) => [Number(r.Id), Number(r.Version), String(r.Parameter)])): ExportMeta => ({
  projectId: 7,
  projectName: "Viaduct",
  dataset: "pier",
  table: "Revit_Pier Data",
  sheet: "Revit_Pier Data",
  exportedAt: "2026-05-01T10:00:00.000Z",
  revision: 9,
  rows: versions.map(([id, version, parameter]) => ({ id, version, parameter })),
});
const here = { projectId: 7, dataset: "pier", title: "Revit_Pier Data" };
const plan = (rows: string[][], current: Row[] = table, base: ExportMeta | null = meta()) => {
  const file = readGrid(grid(rows), limits, { known: (parameter) => current.some((r) => r.Parameter === parameter) });
  return planImport(file, current, columns, baselineOf(file, base, here), limits);
};

describe("reading a sheet as a table", () => {
  it("takes the first row as column names: Parameter, value columns, and Id/Version as what a row was exported as", () => {
    const file = readGrid(
      grid([
        ["Id", "parameter", "Item1", "Version"],
        ["4", " PierHeight ", "12", "3"],
        ["", "", "", ""],
      ]),
      limits,
    );
    expect(file.columns).toEqual([{ name: "Item1", column: 3 }]);
    expect(file.rows).toEqual([{ row: 2, parameter: "PierHeight", id: 4, version: 3, values: { Item1: "12" } }]);
  });

  it("refuses a sheet without a Parameter column, naming the sheet and the header row", () => {
    expect(
      refusal([
        ["Name", "Item1"],
        ["A", "1"],
      ]),
    ).toMatchObject({
      message: 'Sheet "Revit_Pier Data", row 1: there is no "Parameter" column. The header row must name the columns: Parameter, then Item1, Item2, ...',
      sheet: "Revit_Pier Data",
      row: 1,
    });
  });

  it("refuses a Parameter twice, naming both rows", () => {
    expect(
      refusal([
        ["Parameter", "Item1"],
        ["PierHeight", "1"],
        ["Width", "2"],
        ["PierHeight", "3"],
      ]),
    ).toMatchObject({
      message:
        'Sheet "Revit_Pier Data", row 4, column A (Parameter): "PierHeight" is also the Parameter of row 2. Each Parameter may appear once: rows are matched by it.',
      row: 4,
      column: "A",
    });
  });

  it("counts Parameters that look the same as the same (spaces, invisible characters)", () => {
    expect(refusal([["Parameter"], ["Pier\u200BHeight"], ["PierHeight "]]).message).toContain(
      'row 3, column A (Parameter): "PierHeight" is also the Parameter of row 2',
    );
  });

  it("refuses a value over 2,000 characters, naming its cell", () => {
    expect(
      refusal([
        ["Parameter", "Item1", "Item2"],
        ["A", "1", "x".repeat(2001)],
      ]),
    ).toMatchObject({
      message: 'Sheet "Revit_Pier Data", row 2, column C (Item2): the value is 2,001 characters long; a value is at most 2,000 characters.',
      column: "C",
    });
    expect(() =>
      readGrid(
        grid([
          ["Parameter", "Item1"],
          ["A", "x".repeat(2000)],
        ]),
        limits,
      ),
    ).not.toThrow();
  });

  it("refuses a Parameter over 255 characters", () => {
    expect(refusal([["Parameter"], ["P".repeat(256)]]).message).toBe(
      'Sheet "Revit_Pier Data", row 2, column A (Parameter): the Parameter is 256 characters long; a Parameter is at most 255 characters.',
    );
  });

  it("refuses column names the tables do not accept, and a column twice", () => {
    expect(
      refusal([
        ["Parameter", "Item 1"],
        ["A", "1"],
      ]).message,
    ).toBe(
      'Sheet "Revit_Pier Data", row 1, column B: "Item 1" is not a column name the tables accept: a letter, then letters, digits or _ (64 at most), e.g. Item12.',
    );
    expect(refusal([["Parameter", "Item1", "Item1"]]).message).toBe(
      'Sheet "Revit_Pier Data", row 1, column C (Item1): the column "Item1" appears twice (also column B). Each column may appear once.',
    );
  });

  it("refuses a value under a column without a name rather than dropping it", () => {
    expect(
      refusal([
        ["Parameter", "Item1"],
        ["A", "1", "stray"],
      ]).message,
    ).toBe(
      'Sheet "Revit_Pier Data", row 2, column C: this cell holds a value, but its column has no name in row 1. Name the column (e.g. Item12) or clear it.',
    );
  });

  it("refuses a row with values but no Parameter; skips a row left with only its Id", () => {
    expect(
      refusal([
        ["Id", "Parameter", "Item1"],
        ["5", "", "3"],
      ]).message,
    ).toBe('Sheet "Revit_Pier Data", row 2, column B (Parameter): this row has values but no Parameter. Every row needs a Parameter name.');
    expect(
      readGrid(
        grid([
          ["Id", "Parameter", "Item1"],
          ["5", "", ""],
        ]),
        limits,
      ).rows,
    ).toEqual([]);
  });

  it("refuses more columns or rows than a table holds", () => {
    const small = { ...limits, maxColumns: 2, maxRows: 2 };
    expect(() => readGrid(grid([["Parameter", "Item1", "Item2", "Item3"]]), small)).toThrow(
      "row 1, column D (Item3): the file has 3 value columns; a table has at most 2.",
    );
    expect(() => readGrid(grid([["Parameter"], ["A"], ["B"], ["C"]]), small)).toThrow("row 4: the file has 3 rows; a table has at most 2.");
  });

  it("names a CSV file as the file, not a sheet", () => {
    expect(refusal([["Item1"]], "csv").message).toMatch(/^File "Revit_Pier Data", row 1: there is no "Parameter" column/);
  });
});

describe("angle rows: the file holds degrees, the table radians", () => {
  it("keeps the stored radians of a value exported and re-imported unchanged (no drift)", () => {
    for (const stored of [SKEW_RADIANS, "0.0174532925199", "1", "-0.5", "0"]) {
      const shown = displayValue(stored, true);
      expect(importedValue(shown, stored, true)).toBe(stored);
      // Excel gives the number back without its trailing zeros.
      expect(importedValue(String(Number(shown)), stored, true)).toBe(stored);
    }
  });

  it("stores a changed degree value as radians, and leaves text and other rows alone", () => {
    expect(importedValue("30", SKEW_RADIANS, true)).toBe(String(Math.PI / 6));
    expect(importedValue("skewed", SKEW_RADIANS, true)).toBe("skewed");
    expect(importedValue("", SKEW_RADIANS, true)).toBe("");
    expect(importedValue("15.00", "12.4", false)).toBe("15.00");
  });
});

describe("numeric rows compare as numbers", () => {
  it('"1.8" for a stored "1.800" is no change, and the stored text stays', () => {
    expect(importedValue("1.8", "1.800", false, true)).toBe("1.800");
    expect(importedValue("12", "12.000", false, true)).toBe("12.000");
    expect(importedValue("1.85", "1.800", false, true)).toBe("1.85");
    expect(importedValue("TBC", "1.800", false, true)).toBe("TBC");
    // A text row keeps what the file says.
    expect(importedValue("1.8", "1.800", false, false)).toBe("1.8");
  });

  it("a spreadsheet's save of our file without trailing zeros plans no change", () => {
    const table = [{ Id: 1, Parameter: "PierHeight", CreatedAt: "", UpdatedAt: "", Version: 1, Item1: "11.590", Item2: "1.800" }];
    const file: FileTable = {
      kind: "csv",
      sheet: "Revit_Pier Data",
      headerRow: 1,
      columns: [
        { name: "Item1", column: 2 },
        { name: "Item2", column: 3 },
      ],
      rows: [{ parameter: "PierHeight", row: 2, values: { Item1: "11.59", Item2: "1.8" } }],
      structure: { total: 0, listed: [] },
      trimmed: { total: 0, listed: [] },
      leftOut: [],
    };
    const preview = planImport(file, table, ["Item1", "Item2"], null, limits, () => "length");
    expect(preview.changed).toEqual([]);
  });
});

describe("comparing a file with the table", () => {
  it("finds nothing to do in a file exported and re-imported unchanged", () => {
    expect(plan(exported())).toEqual({ added: [], changed: [], missing: [], conflicts: [], newColumns: [] });
  });

  it("lists exactly the changed cell, old and new stored value", () => {
    const rows = exported();
    rows[1]![2] = "12.6";
    expect(plan(rows).changed).toEqual([{ id: 1, parameter: "PierHeight", version: 3, cells: [{ column: "Item1", before: "12.4", after: "12.6" }] }]);
  });

  it("stores a changed angle in radians and keeps the untouched angle cell as stored", () => {
    const rows = exported();
    rows[2]![2] = "30";
    expect(plan(rows).changed).toEqual([
      { id: 2, parameter: "SkewAngle", version: 1, cells: [{ column: "Item1", before: SKEW_RADIANS, after: String(Math.PI / 6) }] },
    ]);
  });

  it("adds rows the table lacks (angles as radians, without empty values) and lists rows the file lacks", () => {
    const rows = exported().filter((r) => r[1] !== "BearingType");
    rows.push(["", "DeckAngle", "90", ""], ["", "Width", "7.5", ""]);
    const preview = plan(rows);
    expect(preview.added).toEqual([
      { parameter: "DeckAngle", values: { Item1: String(Math.PI / 2) } },
      { parameter: "Width", values: { Item1: "7.5" } },
    ]);
    expect(preview.missing).toEqual([{ id: 3, parameter: "BearingType", version: 2 }]);
  });

  it("leaves columns the file lacks as they are, and counts a missing value as empty", () => {
    const preview = plan([
      ["Parameter", "Item1"],
      ["PierHeight", "12.4"],
      ["SkewAngle", "15.00"],
      ["BearingType", ""],
    ]);
    expect(preview.changed).toEqual([{ id: 3, parameter: "BearingType", version: 2, cells: [{ column: "Item1", before: "Pot Guided", after: "" }] }]);
  });

  it("names the columns it adds, and refuses more than one import may add", () => {
    const rows = exported();
    rows[0]!.push("Item3", "Notes");
    rows[1]!.push("14.0", "");
    expect(plan(rows).newColumns).toEqual(["Item3"]);
    const wide = [
      ["Parameter", "A1", "A2", "A3"],
      ["PierHeight", "1", "2", "3"],
    ];
    const file = readGrid(grid(wide), limits);
    expect(() => planImport(file, table, columns, null, { ...limits, maxNewColumns: 2 })).toThrow(
      'Sheet "Revit_Pier Data", row 1, column D (A3): the file adds 3 new columns; one import may add at most 2.',
    );
  });
});

describe("conflicts: rows changed in Pontifex since the export are listed, not overwritten", () => {
  it("a row edited since the export that the file changes too", () => {
    const now = [row(1, "PierHeight", 4, { Item1: "12.5", Item2: "13.1" }), table[1]!, table[2]!];
    const rows = exported();
    rows[1]![3] = "13.3";
    const preview = plan(rows, now);
    expect(preview.changed).toEqual([]);
    expect(preview.conflicts).toEqual([
      {
        id: 1,
        parameter: "PierHeight",
        reason: "changed",
        exportedVersion: 3,
        currentVersion: 4,
        cells: [
          { column: "Item1", before: "12.5", after: "12.4" },
          { column: "Item2", before: "13.1", after: "13.3" },
        ],
      },
    ]);
  });

  it("a row edited since the export whose file row is unchanged is no conflict when they agree, and never a missing row to remove", () => {
    const now = [row(1, "PierHeight", 4, { Item1: "12.4", Item2: "13.1" }), table[1]!, row(3, "BearingType", 5, { Item1: "Fixed" })];
    const preview = plan(
      exported().filter((r) => r[1] !== "BearingType"),
      now,
    );
    expect(preview.conflicts).toEqual([{ id: 3, parameter: "BearingType", reason: "changed", exportedVersion: 2, currentVersion: 5, cells: [] }]);
    expect(preview.missing).toEqual([]);
  });

  it("rows added since the export are kept, and rows deleted since are not brought back", () => {
    const now = [table[0]!, table[1]!, row(9, "NewRow", 1, { Item1: "1" })];
    const preview = plan(exported(), now);
    expect(preview.conflicts).toEqual([
      { id: 3, parameter: "BearingType", reason: "deleted", exportedVersion: 2, currentVersion: null, cells: [] },
      { id: 9, parameter: "NewRow", reason: "added", exportedVersion: null, currentVersion: 1, cells: [] },
    ]);
    expect(preview.added).toEqual([]);
    expect(preview.missing).toEqual([]);
  });

  it("a row renamed in the file (same version) is a new row, the old name missing", () => {
    const rows = exported();
    rows[3]![1] = "BearingKind";
    const preview = plan(rows);
    expect(preview.added.map((r) => r.parameter)).toEqual(["BearingKind"]);
    expect(preview.missing.map((r) => r.parameter)).toEqual(["BearingType"]);
    expect(preview.conflicts).toEqual([]);
  });

  it("a CSV file's Id and Version columns speak for the row they name", () => {
    const csv = [
      ["Id", "Parameter", "Item1", "Item2", "Version"],
      ["1", "PierHeight", "99", "13.1", "2"],
      ["3", "BearingType", "Pot Guided", "Pot Free", "2"],
    ];
    const file = readGrid(grid(csv, "csv"), limits);
    const preview = planImport(file, table, columns, baselineOf(file, null, here), limits);
    expect(preview.conflicts.map((c) => [c.parameter, c.reason, c.exportedVersion, c.currentVersion])).toEqual([["PierHeight", "changed", 2, 3]]);
    expect(preview.missing.map((r) => r.parameter)).toEqual(["SkewAngle"]);
  });

  it("a file without a baseline is compared with the table as it is", () => {
    const rows = exported().map((r) => r.slice(1));
    rows[1]![1] = "12.6";
    const preview = plan(rows, table, null);
    expect(preview.changed.map((r) => r.parameter)).toEqual(["PierHeight"]);
    expect(preview.conflicts).toEqual([]);
  });

  it("a workbook of the same table in another project is a plain file; of another table, refused", () => {
    const file = readGrid(grid(exported()), limits);
    expect(baselineOf(file, { ...meta(), projectId: 99 }, here)).toBeNull();
    expect(() => baselineOf(file, { ...meta(), dataset: "abt", table: "Revit_Abt Data" }, here)).toThrow(
      'Sheet "Revit_Pier Data": this workbook was exported from the table "Revit_Abt Data" of "Viaduct", not from "Revit_Pier Data".',
    );
    const base = baselineOf(file, meta(), here) as Baseline;
    expect(base.complete).toBe(true);
  });
});

/** What a refused grid's answer lists: every problem, the count of those not listed. */
const problemsOf = (rows: string[][], kind: Grid["kind"] = "xlsx") =>
  refusal(rows, kind) as { message: string; problems: { row?: number; column?: string; message: string }[]; more?: number };

describe("the header row is the row holding Parameter; what is above it is reported", () => {
  it("finds the header below title rows, and reports each title row by sheet, row and column", () => {
    const file = readGrid(grid([["Bridge 7, pier data"], ["", "Revision C, issued for construction"], ["Parameter", "Item1"], ["PierHeight", "12"]]), limits);
    expect(file.headerRow).toBe(3);
    expect(file.rows).toEqual([{ row: 4, parameter: "PierHeight", id: undefined, version: undefined, values: { Item1: "12" } }]);
    expect(file.structure).toEqual({
      total: 2,
      listed: [
        {
          kind: "title",
          sheet: "Revit_Pier Data",
          row: 1,
          column: "A",
          what: '"Bridge 7, pier data" is above the header row (row 3): a title, not part of the table.',
        },
        {
          kind: "title",
          sheet: "Revit_Pier Data",
          row: 2,
          column: "B",
          what: '"Revision C, issued for construction" is above the header row (row 3): a title, not part of the table.',
        },
      ],
    });
  });

  it("takes the first row holding Parameter, whatever its case and spaces, and nothing above it as a column", () => {
    expect(headerRowIndex(grid([["Notes"], ["Item1", " parameter "], ["Parameter"]]).rows)).toBe(1);
    expect(headerRowIndex(grid([["Pier parameters"], ["Item1"]]).rows)).toBe(-1);
    const file = readGrid(
      grid([
        ["Pier parameters", "x"],
        ["Id", "PARAMETER", "Item2"],
        ["1", "PierHeight", "3"],
      ]),
      limits,
    );
    expect(file.columns).toEqual([{ name: "Item2", column: 3 }]);
    expect(file.structure.listed.map((s) => [s.kind, s.row, s.column])).toEqual([["title", 1, "A"]]);
  });

  it("refuses a sheet where no row holds Parameter, naming its first row", () => {
    expect(refusal([["Bridge 7"], ["Name", "Item1"], ["A", "1"]])).toMatchObject({
      message: 'Sheet "Revit_Pier Data", row 1: there is no "Parameter" column. The header row must name the columns: Parameter, then Item1, Item2, ...',
      row: 1,
    });
  });
});

describe("footnotes: rows with a Parameter and no value", () => {
  const rows = [
    ["Parameter", "Item1", "Item2"],
    ["PierHeight", "12", ""],
    ["BearingType", "", ""],
    ["* Heights in m, from drawing S-101", "", ""],
    ["", "", "", "see note 2"],
    ["", "", ""],
  ];

  it("reports a row of no value whose Parameter is no row of the table, and a note beside the table, by row and column", () => {
    const file = readGrid(grid(rows), limits, { known: (p) => p === "PierHeight" || p === "BearingType" });
    expect(file.structure.listed).toEqual([
      {
        kind: "footnote",
        sheet: "Revit_Pier Data",
        row: 4,
        column: "A",
        what: '"* Heights in m, from drawing S-101" has no value in any column: a footnote or a heading, not a row of the table.',
      },
      {
        kind: "footnote",
        sheet: "Revit_Pier Data",
        row: 5,
        column: "D",
        what: '"see note 2" has no value in any column: a footnote or a heading, not a row of the table.',
      },
    ]);
    // A row of the table without values is that row (its values cleared), not a footnote.
    expect(file.rows.map((r) => [r.parameter, r.values])).toEqual([
      ["PierHeight", { Item1: "12", Item2: "" }],
      ["BearingType", { Item1: "", Item2: "" }],
    ]);
  });

  it("never adds a footnote as a row, nor takes an exported row (with its Id) for one", () => {
    const preview = planImport(readGrid(grid(rows), limits, { known: (p) => table.some((r) => r.Parameter === p) }), table, columns, null, limits);
    expect(preview.added).toEqual([]);
    const exported = readGrid(
      grid([
        ["Id", "Parameter", "Item1"],
        ["9", "DeletedSinceRow", ""],
      ]),
      limits,
    );
    expect(exported.structure.total).toBe(0);
    expect(exported.rows.map((r) => r.parameter)).toEqual(["DeletedSinceRow"]);
  });

  it("reads a file of Parameters only (no value column) as rows, not footnotes", () => {
    const file = readGrid(grid([["Parameter"], ["PierHeight"], ["PierWidth"]]), limits);
    expect(file.rows.map((r) => r.parameter)).toEqual(["PierHeight", "PierWidth"]);
    expect(file.structure.total).toBe(0);
  });
});

describe("hidden rows and columns, merged cells: reported, left out, the table kept as it is there", () => {
  const hiddenGrid = (rows: string[][], layout: { rows?: number[]; columns?: number[]; merges?: [number, number, number, number][] }): Grid => ({
    ...grid(rows),
    layout: {
      hiddenRows: new Set(layout.rows ?? []),
      isHiddenColumn: (column) => (layout.columns ?? []).includes(column),
      merges: (layout.merges ?? []).map(([top, left, bottom, right]) => ({ top, left, bottom, right })),
    },
  });
  const file = [
    ["Id", "Parameter", "Item1", "Item2"],
    ["1", "PierHeight", "99", "98"],
    ["2", "SkewAngle", "45", "45"],
    ["3", "BearingType", "Elastomeric", ""],
  ];

  it("a hidden row: reported with its Parameter; its row of the table neither changed nor missing", () => {
    const read = readGrid(hiddenGrid(file, { rows: [2] }), limits);
    expect(read.structure.listed).toEqual([{ kind: "hidden-row", sheet: "Revit_Pier Data", row: 2, column: "A", what: 'row 2 ("PierHeight") is hidden.' }]);
    const preview = planImport(read, table, columns, null, limits);
    expect(preview.changed.map((r) => r.parameter)).toEqual(["SkewAngle", "BearingType"]);
    expect(preview.missing).toEqual([]);
  });

  it("a hidden value column: reported at its header; none of its cells read", () => {
    const read = readGrid(hiddenGrid(file, { columns: [4] }), limits);
    expect(read.structure.listed).toEqual([{ kind: "hidden-column", sheet: "Revit_Pier Data", row: 1, column: "D", what: "column D (Item2) is hidden." }]);
    expect(read.columns.map((c) => c.name)).toEqual(["Item1"]);
    expect(planImport(read, table, columns, null, limits).changed.flatMap((r) => r.cells.map((c) => c.column))).toEqual(["Item1", "Item1", "Item1"]);
  });

  it("a hidden column without a name that holds values is reported, not refused; a hidden Id column is read", () => {
    const rows = [
      ["Id", "Parameter", "Item1", ""],
      ["1", "PierHeight", "12.4", "=helper"],
    ];
    const read = readGrid(hiddenGrid(rows, { columns: [1, 4] }), limits);
    expect(read.structure.listed).toEqual([
      { kind: "hidden-column", sheet: "Revit_Pier Data", row: 1, column: "D", what: "column D is hidden and holds values (the first in row 2)." },
    ]);
    expect(read.rows[0]).toMatchObject({ id: 1, values: { Item1: "12.4" } });
  });

  it("a merged range: reported once, at its first cell; the cells it covers are left as the table has them", () => {
    const read = readGrid(hiddenGrid(file, { merges: [[4, 3, 4, 4]] }), limits);
    expect(read.structure.listed).toEqual([{ kind: "merged", sheet: "Revit_Pier Data", row: 4, column: "C", what: "cells C4:D4 are merged." }]);
    expect(read.rows.find((r) => r.parameter === "BearingType")!.values).toEqual({});
    expect(planImport(read, table, columns, null, limits).changed.map((r) => r.parameter)).toEqual(["PierHeight", "SkewAngle"]);
  });

  it("a merged Parameter leaves its rows out; a merged header leaves its columns out", () => {
    const down = readGrid(hiddenGrid(file, { merges: [[2, 2, 3, 2]] }), limits);
    expect(down.structure.listed.map((s) => [s.kind, s.row, s.column, s.what])).toEqual([["merged", 2, "B", "cells B2:B3 are merged."]]);
    expect(down.rows.map((r) => r.parameter)).toEqual(["BearingType"]);
    expect(down.leftOut).toEqual(["PierHeight", "SkewAngle"]);
    const across = readGrid(hiddenGrid(file, { merges: [[1, 3, 1, 4]] }), limits);
    expect(across.structure.listed.map((s) => s.what)).toEqual(["cells C1:D1 are merged."]);
    expect(across.columns).toEqual([]);
  });

  it("a merged range only within title or footnote rows is that row's, reported once", () => {
    const read = readGrid(hiddenGrid([["Bridge 7", "", ""], ...file], { merges: [[1, 1, 1, 3]] }), limits);
    expect(read.structure.listed.map((s) => s.kind)).toEqual(["title"]);
  });

  it("a formula in a hidden helper column is left out with the column, and refused anywhere the import reads", () => {
    const withFormula = (column: number, hidden: number[]): Grid => ({
      ...hiddenGrid([], { columns: hidden }),
      rows: [
        { row: 1, cells: ["Parameter", "Item1"] },
        { row: 2, cells: ["PierHeight", "1"], unreadable: [{ column, what: "formula", detail: "B2*2" }] },
      ],
    });
    expect(readGrid(withFormula(3, [3]), limits).structure.listed.map((s) => s.what)).toEqual(["column C is hidden and holds values (the first in row 2)."]);
    expect(() => readGrid(withFormula(2, [3]), limits)).toThrow(
      'Sheet "Revit_Pier Data", row 2, column B: cell B2 holds a formula (=B2*2). Pontifex imports values only',
    );
  });
});

describe("values are trimmed, and each trim shown", () => {
  it("reads a value without the spaces at its ends and lists where, what the file held and what was read", () => {
    const read = readGrid(
      grid([
        ["Parameter", "Item1", "Item2"],
        ["PierHeight", " 12.6 ", "13.1"],
        ["BearingType", "Pot Guided\u00a0", "\tPot Free"],
      ]),
      limits,
    );
    expect(read.rows.map((r) => r.values)).toEqual([
      { Item1: "12.6", Item2: "13.1" },
      { Item1: "Pot Guided", Item2: "Pot Free" },
    ]);
    expect(read.trimmed).toEqual({
      total: 3,
      listed: [
        { row: 2, column: "B", header: "Item1", parameter: "PierHeight", text: " 12.6 ", as: "12.6" },
        { row: 3, column: "B", header: "Item1", parameter: "BearingType", text: "Pot Guided\u00a0", as: "Pot Guided" },
        { row: 3, column: "C", header: "Item2", parameter: "BearingType", text: "\tPot Free", as: "Pot Free" },
      ],
    });
  });

  it("a stored value with spaces at its ends is no change against the same value trimmed", () => {
    const spaced = [row(3, "BearingType", 2, { Item1: "Pot Guided ", Item2: "Pot Free" })];
    const preview = planImport(
      readGrid(
        grid([
          ["Parameter", "Item1", "Item2"],
          ["BearingType", "Pot Guided", "Pot Free "],
        ]),
        limits,
      ),
      spaced,
      columns,
      null,
      limits,
    );
    expect(preview.changed).toEqual([]);
  });
});

describe("every problem of a file at once", () => {
  it("lists problems of every kind in one refusal, each with its place; the message names the first", () => {
    const refused = problemsOf([
      ["Parameter", "Item 1", "Item2", "Item2"],
      ["PierHeight", "1", "x".repeat(2001)],
      ["PierHeight", "2", "3"],
      ["", "", "4", "", "stray"],
    ]);
    expect(refused.problems.map((p) => [p.row, p.column])).toEqual([
      [1, "B"],
      [1, "D"],
      [2, "C"],
      [3, "A"],
      [4, "E"],
      [4, "A"],
    ]);
    expect(refused.message).toMatch(
      /^The file has 6 problems; nothing was imported\. Fix them and import it again\. The first: Sheet "Revit_Pier Data", row 1, column B: "Item 1" is not a column name/,
    );
    expect(refused.problems[3]!.message).toBe(
      'Sheet "Revit_Pier Data", row 3, column A (Parameter): "PierHeight" is also the Parameter of row 2. Each Parameter may appear once: rows are matched by it.',
    );
    expect(refused.more).toBeUndefined();
  });

  it("lists the first 100 and counts the rest", () => {
    const rows = [["Parameter", "Item1"], ...Array.from({ length: 130 }, () => ["Twice", "1"])];
    const refused = problemsOf(rows);
    expect(refused.problems).toHaveLength(100);
    expect(refused.more).toBe(29);
    expect(refused.message).toMatch(/^The file has 129 problems/);
  });
});
