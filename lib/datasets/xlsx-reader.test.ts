import fs from "node:fs";
import ExcelJS from "exceljs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ExportInput, readTableFile, writeXlsx } from "./table-file";

const pier = { title: "Revit_Pier Data", key: "pier" };

/** A busy disk: every file written takes 30 ms longer to finish. */
function slowDisk() {
  const write = fs.createWriteStream;
  return vi.spyOn(fs, "createWriteStream").mockImplementation(((...args: Parameters<typeof write>) => {
    const stream = write(...args);
    const emit = stream.emit.bind(stream);
    stream.emit = ((event: string, ...rest: unknown[]) => {
      if (event !== "finish") return emit(event, ...rest);
      setTimeout(() => emit(event, ...rest), 30);
      return true;
    }) as typeof stream.emit;
    return stream;
  }) as typeof write);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("reading a workbook", () => {
  it("reads a sound workbook on a slow disk, sheets stored before their shared strings as Excel stores them, and writes no temporary file", async () => {
    const disk = slowDisk();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Revit_Pier Data");
    sheet.addRow(["Parameter", "Item1"]);
    sheet.addRow(["PierHeight", "x".repeat(2001)]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    // exceljs's own reader failed this every time: it parked the sheet in a temporary file and lost xl/workbook.xml.
    for (let i = 0; i < 5; i++) {
      const read = await readTableFile(bytes, "pier.xlsx", pier);
      expect(read.grid).toEqual({
        kind: "xlsx",
        sheet: "Revit_Pier Data",
        rows: [
          { row: 1, cells: ["Parameter", "Item1"] },
          { row: 2, cells: ["PierHeight", "x".repeat(2001)] },
        ],
      });
    }
    expect(disk).not.toHaveBeenCalled();
  });

  it("reads our own export on a slow disk, its hidden sheet included", async () => {
    slowDisk();
    const input: ExportInput = {
      project: { id: 7, name: "Viaduct" },
      dataset: { key: "pier", title: "Revit_Pier Data" },
      revision: 12,
      exportedAt: new Date("2026-05-01T10:20:30.000Z"),
      rows: [{ Id: 1, Parameter: "PierHeight", CreatedAt: "", UpdatedAt: "", Version: 3, Item1: "12.4" }],
      columns: ["Item1"],
    };
    const read = await readTableFile(new Uint8Array(await writeXlsx(input)), "pier.xlsx", pier);
    expect(read.grid.rows.map((r) => r.cells)).toEqual([
      ["Id", "Parameter", "Item1"],
      ["1", "PierHeight", "12.4"],
    ]);
    expect(read.meta).toMatchObject({ revision: 12 });
  });
});
