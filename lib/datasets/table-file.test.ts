import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { Row } from "./columns";
import { readGrid } from "./import-plan";
import { columnLetter, exportFileName, type ExportInput, META_SHEET, readTableFile, sheetNameFor, workbookValue, writeCsv, writeXlsx } from "./table-file";

const row = (id: number, parameter: string, version: number, values: Record<string, string>): Row => ({
  Id: id,
  Parameter: parameter,
  CreatedAt: "",
  UpdatedAt: "",
  Version: version,
  ...values,
});
const input: ExportInput = {
  project: { id: 7, name: "Viaduct: North/South" },
  dataset: { key: "pier", title: "Revit_Pier Data" },
  revision: 12,
  exportedAt: new Date("2026-05-01T10:20:30.000Z"),
  rows: [
    row(1, "PierHeight", 3, { Item1: "12.4", Item2: "13.100", Item10: "" }),
    row(2, "SkewAngle", 1, { Item1: "0.2617993877991494", Item2: "n/a" }),
    row(3, "Bearing, type", 2, { Item1: 'Pot "Guided"', Item2: "007" }),
  ],
  columns: ["Item1", "Item2", "Item10", "Unused"],
};
const pier = { title: "Revit_Pier Data", key: "pier" };

async function workbookOf(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

async function xlsxWith(build: (sheet: ExcelJS.Worksheet, workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet("Revit_Pier Data"), workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The refusal of a file, read and then read as a table (where a formula or an error value is refused, unless left out). */
const refusal = async (bytes: Uint8Array, name = "pier.xlsx") => {
  try {
    readGrid((await readTableFile(bytes, name, pier)).grid, { maxRows: 2000, maxColumns: 300, maxNewColumns: 100 });
  } catch (error) {
    return { message: (error as Error).message, ...(error as { extra?: object }).extra };
  }
  throw new Error("expected the file to be refused");
};

describe("the exported workbook", () => {
  it("is laid out like the screen: Id, Parameter, its unit, value columns in display order; angles in degrees; numbers where exact", async () => {
    const workbook = await workbookOf(await writeXlsx(input));
    const sheet = workbook.getWorksheet("Revit_Pier Data")!;
    expect(sheet.state).toBe("visible");
    expect(sheet.getRow(1).values).toEqual([undefined, "Id", "Parameter", "Unit", "Item1", "Item2"]);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, "PierHeight", "m", 12.4, "13.100"]);
    expect(sheet.getRow(3).values).toEqual([undefined, 2, "SkewAngle", "°", 15, "n/a"]);
    expect(sheet.getCell("D3").numFmt).toBe("0.00");
    // A text row has no unit.
    expect(sheet.getRow(4).values).toEqual([undefined, 3, "Bearing, type", "", 'Pot "Guided"', "007"]);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", xSplit: 3, ySplit: 1 });
    expect(sheet.getRow(1).font).toMatchObject({ bold: true });
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(12);
  });

  it("prints well: landscape, as wide as the page, the header row and Id, Parameter and Unit on every page", async () => {
    const sheet = (await workbookOf(await writeXlsx(input))).getWorksheet("Revit_Pier Data")!;
    expect(sheet.pageSetup).toMatchObject({ orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    expect(sheet.pageSetup.printTitlesRow).toBe("1:1");
    expect(sheet.pageSetup.printTitlesColumn).toBe("A:C");
  });

  it("has a hidden sheet recording project, dataset, export time and every row's Id and Version", async () => {
    const workbook = await workbookOf(await writeXlsx(input));
    const meta = workbook.getWorksheet(META_SHEET)!;
    expect(meta.state).toBe("hidden");
    const read = await readTableFile(await writeXlsx(input), "x.xlsx", pier);
    expect(read.meta).toEqual({
      projectId: 7,
      projectName: "Viaduct: North/South",
      dataset: "pier",
      table: "Revit_Pier Data",
      sheet: "Revit_Pier Data",
      exportedAt: "2026-05-01T10:20:30.000Z",
      revision: 12,
      rows: [
        { id: 1, version: 3, parameter: "PierHeight" },
        { id: 2, version: 1, parameter: "SkewAngle" },
        { id: 3, version: 2, parameter: "Bearing, type" },
      ],
    });
  });

  it("reads back as the text the screen shows", async () => {
    const { grid } = await readTableFile(await writeXlsx(input), "x.xlsx", pier);
    expect(grid).toEqual({
      kind: "xlsx",
      sheet: "Revit_Pier Data",
      rows: [
        { row: 1, cells: ["Id", "Parameter", "Unit", "Item1", "Item2"] },
        { row: 2, cells: ["1", "PierHeight", "m", "12.4", "13.100"] },
        { row: 3, cells: ["2", "SkewAngle", "°", "15", "n/a"] },
        { row: 4, cells: ["3", "Bearing, type", "", 'Pot "Guided"', "007"] },
      ],
    });
  });

  it("stores as numbers only texts that come back identical and that Excel keeps exactly", () => {
    expect(workbookValue("12.4")).toBe(12.4);
    expect(workbookValue("-3")).toBe(-3);
    expect(workbookValue("12.40")).toBe("12.40");
    expect(workbookValue("007")).toBe("007");
    expect(workbookValue("1e5")).toBe("1e5");
    expect(workbookValue("0.30000000000000004")).toBe("0.30000000000000004");
    expect(workbookValue("123456789012345")).toBe(123456789012345);
    expect(workbookValue("Pot Guided")).toBe("Pot Guided");
  });

  it("is named after the project, table and day, and its sheet as Excel allows", () => {
    expect(exportFileName(input, "xlsx")).toBe("Viaduct_ North_South - Revit_Pier Data - 2026-05-01.xlsx");
    expect(sheetNameFor("Loads: [live]/dead? and a very long title")).toBe("Loads_ _live__dead_ and a very ");
    expect(columnLetter(1)).toBe("A");
    expect(columnLetter(28)).toBe("AB");
    expect(columnLetter(703)).toBe("AAA");
  });
});

describe("the exported CSV", () => {
  it("has the screen's columns with each row's unit, then Version, angles in degrees, quoted where needed", () => {
    expect(writeCsv(input)).toBe(
      '\uFEFFId,Parameter,Unit,Item1,Item2,Version\r\n1,PierHeight,m,12.4,13.100,3\r\n2,SkewAngle,°,15.00,n/a,1\r\n3,"Bearing, type",,"Pot ""Guided""",007,2\r\n',
    );
  });

  it("reads back as what it holds", async () => {
    const { grid, meta } = await readTableFile(new TextEncoder().encode(writeCsv(input)), "pier.csv", pier);
    expect(meta).toBeNull();
    expect(grid.sheet).toBe("pier.csv");
    expect(grid.rows[3]).toEqual({ row: 4, cells: ["3", "Bearing, type", "", 'Pot "Guided"', "007", "2"] });
  });
});

describe("files that cannot be imported", () => {
  it("refuses a formula, naming the cell, even a shared formula's copies", async () => {
    const bytes = await xlsxWith((sheet) => {
      sheet.addRow(["Parameter", "Item1", "Item2"]);
      sheet.addRow(["PierHeight", 12, { formula: "B2*2", result: 24 }]);
    });
    expect(await refusal(bytes)).toMatchObject({
      message:
        'Sheet "Revit_Pier Data", row 2, column C: cell C2 holds a formula (=B2*2). Pontifex imports values only: copy the sheet and paste it as values (Paste Special > Values), then import again.',
      sheet: "Revit_Pier Data",
      row: 2,
      column: "C",
    });
    const shared = await xlsxWith((sheet) => {
      sheet.addRow(["Parameter", "Item1"]);
      sheet.addRow(["A", { formula: "1+1", result: 2, shareType: "shared", ref: "B2:B3" } as ExcelJS.CellFormulaValue]);
      sheet.addRow(["B", { sharedFormula: "B2", result: 2 } as ExcelJS.CellSharedFormulaValue]);
    });
    expect((await refusal(shared)).message).toContain("cell B2 holds a formula");
  });

  it("refuses an error value", async () => {
    const bytes = await xlsxWith((sheet) => {
      sheet.addRow(["Parameter", "Item1"]);
      sheet.addRow(["A", { error: "#N/A" } as ExcelJS.CellErrorValue]);
    });
    expect((await refusal(bytes)).message).toBe(
      'Sheet "Revit_Pier Data", row 2, column B: cell B2 holds the error value #N/A. Correct or clear that cell, then import again.',
    );
  });

  it("reads rich text, booleans and dates as text", async () => {
    const bytes = await xlsxWith((sheet) => {
      sheet.addRow(["Parameter", "Item1", "Item2", "Item3"]);
      sheet.addRow([{ richText: [{ text: "Pot " }, { text: "Guided", font: { bold: true } }] }, true, new Date(Date.UTC(2026, 4, 1)), 0.1]);
    });
    const { grid } = await readTableFile(bytes, "x.xlsx", pier);
    expect(grid.rows[1]!.cells).toEqual(["Pot Guided", "TRUE", "2026-05-01", "0.1"]);
  });

  it("reads dates and times as the text each cell shows under its number format", async () => {
    const bytes = await xlsxWith((sheet) => {
      sheet.addRow(["Parameter", "Item1", "Item2", "Item3", "Item4"]);
      const line = sheet.addRow([
        "InspectionDate",
        new Date(Date.UTC(2026, 10, 28)),
        new Date(Date.UTC(2026, 10, 28)),
        new Date(Date.UTC(1899, 11, 30, 14, 30)),
        46354.6041666667,
      ]);
      line.getCell(3).numFmt = "dd/mm/yyyy";
      line.getCell(4).numFmt = "h:mm";
      line.getCell(5).numFmt = "d mmm yyyy, h:mm AM/PM";
    });
    const { grid } = await readTableFile(bytes, "x.xlsx", pier);
    // A date without a format of its own is Excel's short date (format 14): yyyy-mm-dd.
    expect(grid.rows[1]!.cells).toEqual(["InspectionDate", "2026-11-28", "28/11/2026", "14:30", "28 Nov 2026, 2:30 PM"]);
  });

  it("reads what a sheet hides or joins: hidden rows and columns, merged ranges", async () => {
    const bytes = await xlsxWith((sheet) => {
      sheet.addRow(["Parameter", "Item1", "Item2", "Item3"]);
      sheet.addRow(["PierHeight", 1, 2, 3]);
      sheet.addRow(["BearingType", "Pot", "", "Free"]);
      sheet.getRow(2).hidden = true;
      sheet.getColumn(4).hidden = true;
      sheet.mergeCells("B3:C3");
    });
    const { grid } = await readTableFile(bytes, "x.xlsx", pier);
    expect([...grid.layout!.hiddenRows]).toEqual([2]);
    expect([1, 2, 3, 4, 5].map((c) => grid.layout!.isHiddenColumn(c))).toEqual([false, false, false, true, false]);
    expect(grid.layout!.merges).toEqual([{ top: 3, left: 2, bottom: 3, right: 3 }]);
    const plain = await xlsxWith((sheet) => sheet.addRow(["Parameter"]));
    expect((await readTableFile(plain, "x.xlsx", pier)).grid.layout).toBeUndefined();
  });

  it("refuses what is not a workbook nor a CSV file, an old .xls, and an empty file", async () => {
    expect((await refusal(new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0x80, 0x81]), "photo.png")).message).toMatch(
      /^File "photo.png", row 1: this is not an Excel workbook \(.xlsx\) nor a CSV file in UTF-8 or Windows-1252/,
    );
    // A zip whose first entry says it is an OpenDocument spreadsheet (LibreOffice's .ods).
    const ods = new Uint8Array([
      0x50,
      0x4b,
      0x03,
      0x04,
      ...new Array(26).fill(0),
      ...new TextEncoder().encode("mimetypeapplication/vnd.oasis.opendocument.spreadsheet"),
    ]);
    expect((await refusal(ods, "pier.ods")).message).toBe(
      'File "pier.ods": this is an OpenDocument spreadsheet (.ods). Save it as an Excel Workbook (.xlsx) (in LibreOffice: File, Save As, Excel 2007-365) and import that.',
    );
    expect((await refusal(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "old.xls")).message).toBe(
      'File "old.xls": this is an Excel 97-2003 workbook (.xls). Save it as an Excel Workbook (.xlsx) and import that.',
    );
    expect((await refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), "broken.xlsx")).message).toMatch(
      /^File "broken.xlsx": this file is not an Excel workbook/,
    );
    expect((await refusal(new Uint8Array(), "empty.csv")).message).toMatch(/^File "empty.csv": the file is empty/);
    const { PassThrough } = await import("node:stream");
    const zipped = new PassThrough();
    const chunks: Buffer[] = [];
    zipped.on("data", (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => zipped.on("end", resolve));
    const archive = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: zipped });
    await archive.commit(); // a valid zip with a workbook part but no sheet
    await done;
    expect((await refusal(new Uint8Array(Buffer.concat(chunks)), "nosheets.xlsx")).message).toMatch(
      /^File "nosheets.xlsx": this file is not an Excel workbook \(.xlsx\): it holds no sheets\.$/,
    );
  });

  it('reads a CSV file Excel saved as "CSV (Comma delimited)" on Windows (Windows-1252), and refuses one that is not, naming its row', async () => {
    // "Pfeiler Höhe ±" and "Résumé – 5 m²" in Windows-1252: ö 0xF6, ± 0xB1, é 0xE9, – 0x96, ² 0xB2.
    const text = "Parameter,Item1\r\nPfeilerH\xf6he\xb1,1.5\r\nR\xe9sum\xe9 \x96 5 m\xb2,text\r\n";
    const bytes = new Uint8Array([...text].map((c) => c.charCodeAt(0)));
    const { grid } = await readTableFile(bytes, "pier-1252.csv", { title: "Revit_Pier Data", key: "pier" });
    expect(grid.rows.map((r) => r.cells)).toEqual([
      ["Parameter", "Item1"],
      ["PfeilerHöhe±", "1.5"],
      ["Résumé – 5 m²", "text"],
    ]);
    // 0x81 is no Windows-1252 character: the file is neither.
    const broken = new Uint8Array([...new TextEncoder().encode("Parameter,Item1\r\nA,1\r\nB,"), 0xe9, 0x81, 0x0d, 0x0a]);
    expect((await refusal(broken, "odd.csv")).message).toMatch(
      /^File "odd.csv", row 3: this is not an Excel workbook \(.xlsx\) nor a CSV file in UTF-8 or Windows-1252/,
    );
  });

  it("refuses a workbook of several sheets none of which is the table's, naming them", async () => {
    const bytes = await xlsxWith((sheet, workbook) => {
      sheet.name = "Summary";
      workbook.addWorksheet("Notes");
    });
    expect((await refusal(bytes)).message).toBe(
      'File "pier.xlsx": the workbook has 2 sheets ("Summary", "Notes") and none is named "Revit_Pier Data". Name the sheet to import after the table, or keep only that sheet, and import again.',
    );
  });

  it("takes the sheet named after the table among several, or the only one whatever its name", async () => {
    const several = await xlsxWith((sheet, workbook) => {
      sheet.addRow(["Parameter"]);
      sheet.addRow(["FromTableSheet"]);
      workbook.addWorksheet("Notes").addRow(["Parameter"]);
    });
    expect((await readTableFile(several, "x.xlsx", pier)).grid.rows[1]!.cells).toEqual(["FromTableSheet"]);
    const one = await xlsxWith((sheet) => {
      sheet.name = "Sheet1";
      sheet.addRow(["Parameter"]);
    });
    expect((await readTableFile(one, "x.xlsx", pier)).grid.sheet).toBe("Sheet1");
  });
});
