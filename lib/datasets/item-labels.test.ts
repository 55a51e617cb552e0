import { describe, expect, it } from "vitest";
import type { Row } from "./columns";
import { readGrid } from "./import-plan";
import { columnFromHeader, columnHeader, isNamingParameter, itemNames, namingRow } from "./item-labels";
import { type ExportInput, readTableFile, writeCsv, writeXlsx } from "./table-file";

const row = (id: number, parameter: string, values: Record<string, string>): Row => ({ Id: id, Parameter: parameter, Version: 1, ...values });
const pier = [
  row(1, "PierName", { Item1: "P1", Item2: "P2", Item3: "" }),
  row(2, "PierHeight", { Item1: "12.4", Item2: "13.1", Item3: "9" }),
  row(3, "BearingName", { Item1: "B-one", Item2: "B-two" }),
];

describe("the row that names a table's items", () => {
  it("is a text row whose last word is Name, at any word edge", () => {
    for (const name of ["PierName", "SpanName", "AbutmentName", "SegmentName", "Span_Name", "SEGMENT_NAME", "Pier Name", "Name", "PierName2"]) {
      expect(isNamingParameter(name), name).toBe(true);
    }
    // Not the last word, inside a longer word, or an angle row (which holds numbers).
    for (const name of ["NameOfPier", "PierNames", "Surname", "PierNameplate", "Rename", "AngleName", "PierHeight", ""]) {
      expect(isNamingParameter(name), name).toBe(false);
    }
  });

  it("is the first of them made (lowest Id), wherever the rows are sorted", () => {
    expect(namingRow(pier)?.Parameter).toBe("PierName");
    expect(namingRow([...pier].reverse())?.Parameter).toBe("PierName");
    expect(namingRow([row(7, "SpanLength", { Item1: "32" })])).toBeUndefined();
  });

  it("names each Item column it has a value in: Item1 · P1; a blank one keeps its plain name", () => {
    const names = itemNames(pier, "pier");
    expect([...names]).toEqual([
      ["Item1", "P1"],
      ["Item2", "P2"],
    ]);
    expect(["Item1", "Item2", "Item3"].map((c) => columnHeader(c, names))).toEqual(["Item1 · P1", "Item2 · P2", "Item3"]);
  });

  it("shows a long or multi-line name on one line, cut at 40 characters", () => {
    const names = itemNames([row(1, "SpanName", { Item1: "  Span\n one  ", Item2: "x".repeat(60) })]);
    expect(names.get("Item1")).toBe("Span one");
    expect(names.get("Item2")).toBe(`${"x".repeat(39)}…`);
  });

  it("names nothing in Model Setup, whose Item columns hold global, span and pier values at once", () => {
    const setup = [row(1, "SpanCount", { Item1: "13" }), row(2, "SpanLength", { Item1: "32", Item2: "40" }), row(3, "PierName", { Item1: "P1" })];
    expect(itemNames(setup, "midassetup").size).toBe(0);
    // The other Midas tables name theirs (General Sections by SectionName).
    expect(itemNames([row(1, "SectionName", { Item1: "COL-1200" })], "midasgeneralsections").get("Item1")).toBe("COL-1200");
  });
});

describe("a header read back by an import", () => {
  it("is its column, whatever follows the ·", () => {
    expect(columnFromHeader("Item1 · P1")).toBe("Item1");
    expect(columnFromHeader("Item12 · B6-A2")).toBe("Item12");
    // A spreadsheet may drop the spaces; the items may have been renamed in the file.
    expect(columnFromHeader("Item3·P3")).toBe("Item3");
    expect(columnFromHeader("Item3 · another name · with dots")).toBe("Item3");
    // Anything else is left for the import to judge.
    for (const header of ["Item1", "Parameter", "Unit", "Item 1", "· P1", "1Item · P1", "Pier · P1 height"]) {
      expect(columnFromHeader(header)).toBe(header === "Pier · P1 height" ? "Pier" : header);
    }
  });

  const input: ExportInput = {
    project: { id: 7, name: "Viaduct" },
    dataset: { key: "pier", title: "Revit_Pier Data" },
    revision: 3,
    exportedAt: new Date("2026-05-01T10:00:00.000Z"),
    rows: pier,
    columns: ["Item1", "Item2", "Item3"],
  };
  const limits = { maxRows: 2000, maxColumns: 300, maxNewColumns: 100 };

  it("exports as Item1 · P1 in the CSV file and the workbook, and reads back as Item1, Item2, Item3", async () => {
    const csv = writeCsv(input);
    expect(csv.split("\r\n")[0]).toBe("\uFEFFId,Parameter,Unit,Item1 · P1,Item2 · P2,Item3,Version");
    for (const [bytes, name] of [
      [new TextEncoder().encode(csv), "pier.csv"],
      [new Uint8Array(await writeXlsx(input)), "pier.xlsx"],
    ] as const) {
      const { grid } = await readTableFile(bytes, name, { title: "Revit_Pier Data", key: "pier" });
      expect(grid.rows[0]!.cells.slice(3, 6), name).toEqual(["Item1 · P1", "Item2 · P2", "Item3"]);
      const table = readGrid(grid, limits);
      expect(
        table.columns.map((c) => c.name),
        name,
      ).toEqual(["Item1", "Item2", "Item3"]);
      expect(table.rows.find((r) => r.parameter === "PierHeight")?.values, name).toEqual({ Item1: "12.4", Item2: "13.1", Item3: "9" });
    }
  });

  it("still refuses a column twice when a labelled header and a plain one name the same column", () => {
    const grid = {
      kind: "csv" as const,
      sheet: "pier.csv",
      rows: [
        { row: 1, cells: ["Parameter", "Item1 · P1", "Item1"] },
        { row: 2, cells: ["PierHeight", "1", "2"] },
      ],
    };
    expect(() => readGrid(grid, limits)).toThrow(/the column "Item1" appears twice/);
  });
});
