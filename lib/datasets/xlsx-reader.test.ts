import fs from "node:fs";
import zlib from "node:zlib";
import ExcelJS from "exceljs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ExportInput, readTableFile, writeXlsx } from "./table-file";
import { type XlsxLimits, xlsxLimits } from "./xlsx-limits";
import { parseEnv } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { MiB, sharedStrings, workbook } from "@/test/xlsx-bombs";

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
      ["Id", "Parameter", "Unit", "Item1"],
      ["1", "PierHeight", "m", "12.4"],
    ]);
    expect(read.meta).toMatchObject({ revision: 12 });
  });
});

/** The limits at their defaults but for those a test lowers. */
const limits = (lower: Partial<XlsxLimits> = {}): XlsxLimits => ({ ...xlsxLimits(parseEnv({})), ...lower });

/** Counts the bytes every zip inflater of the test hands on (unzipper inflates each part with zlib's raw inflater). */
function countInflated() {
  const counted = { parts: 0, bytes: 0 };
  const create = zlib.createInflateRaw;
  vi.spyOn(zlib, "createInflateRaw").mockImplementation((options) => {
    const inflater = create(options);
    counted.parts++;
    const push = inflater.push.bind(inflater);
    inflater.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (chunk) counted.bytes += chunk.length;
      return push(chunk, encoding);
    };
    return inflater;
  });
  return counted;
}

/** What the import answers for a workbook: the rows read, or the refusal's status kind, text and limit. */
async function importing(bytes: Buffer, lower: Partial<XlsxLimits> = {}) {
  try {
    const read = await readTableFile(new Uint8Array(bytes), "bomb.xlsx", pier, limits(lower));
    return { rows: read.grid.rows.map((r) => r.cells) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: error.kind, error: error.message, limit: error.extra?.limit };
  }
}

/** 256 MiB of a unit repeated in one part (about 0.3 MB deflated), far past the limits the tests set. */
const BOMB_OF = (head: string, unit: string, tail: string) => ({ head, unit, times: Math.floor((256 * MiB) / unit.length), tail });
/** An element no reader keeps, of 110 bytes. */
const FILLER = `<a b="${"x".repeat(100)}"/>`;

describe("an uploaded workbook is read within its limits (zip bombs)", () => {
  it("refuses a part whose directory entry declares more than XLSX_MAX_PART_BYTES, inflating none of it", async () => {
    const inflated = countInflated();
    const bytes = workbook({ "xl/sharedStrings.xml": { text: sharedStrings(600_000, 1000) } });
    expect(await importing(bytes)).toEqual({
      kind: "too-large",
      error: expect.stringMatching(/part xl\/sharedStrings\.xml unpacks to 581\.4 MiB, over the limit of 128 MiB per part \(XLSX_MAX_PART_BYTES\)/),
      limit: 128 * MiB,
    });
    // The relationships and the workbook only.
    expect(inflated.parts).toBe(2);
  });

  it("refuses a part whose local header alone declares too much", async () => {
    const bytes = workbook({ "xl/styles.xml": { text: "<styleSheet/>", declare: { local: 200 * MiB } } });
    expect(await importing(bytes)).toMatchObject({
      kind: "too-large",
      error: expect.stringMatching(/xl\/styles\.xml unpacks to 200 MiB.*XLSX_MAX_PART_BYTES/),
    });
  });

  it.each([
    ["both headers lie", { declare: { central: 1000, local: 1000 } }],
    ["sizes deferred to a data descriptor", { descriptor: true }],
  ])("counts what a part really inflates when %s, and stops inflating at XLSX_MAX_PART_BYTES", async (_, sizes) => {
    const inflated = countInflated();
    // Elements no reader keeps: only the count of bytes can stop them.
    const bytes = workbook({ "xl/sharedStrings.xml": { text: BOMB_OF("<sst>", FILLER, "</sst>"), ...sizes } });
    expect(bytes.length).toBeLessThan(2 * MiB);
    expect(await importing(bytes, { maxPartBytes: 2 * MiB })).toEqual({
      kind: "too-large",
      error: expect.stringMatching(/part xl\/sharedStrings\.xml unpacks to more than 2 MiB, the limit per part \(XLSX_MAX_PART_BYTES\)/),
      limit: 2 * MiB,
    });
    // Inflating stopped near the limit, not at 256 MiB: what the zlib and stream buffers hold past it at most.
    expect(inflated.bytes).toBeLessThan(3 * MiB);
  });

  it("stops a deflate bomb in a sheet at XLSX_MAX_PART_BYTES", async () => {
    const inflated = countInflated();
    const bytes = workbook({
      "xl/worksheets/sheet1.xml": { text: BOMB_OF("<worksheet><sheetData>", FILLER, "</sheetData></worksheet>"), declare: { central: 500, local: 500 } },
    });
    expect(await importing(bytes, { maxPartBytes: 4 * MiB })).toMatchObject({
      kind: "too-large",
      error: expect.stringContaining("xl/worksheets/sheet1.xml unpacks to more than 4 MiB"),
    });
    expect(inflated.bytes).toBeLessThan(5 * MiB);
  });

  it("stops a deflate bomb in the styles at XLSX_MAX_PART_BYTES, and refuses more cell formats than Excel allows", async () => {
    const bomb = workbook({
      "xl/styles.xml": { text: BOMB_OF("<styleSheet><numFmts>", FILLER, "</numFmts></styleSheet>"), declare: { central: 700, local: 700 } },
    });
    expect(await importing(bomb, { maxPartBytes: 2 * MiB })).toMatchObject({
      kind: "too-large",
      error: expect.stringContaining("xl/styles.xml unpacks to more than 2 MiB"),
    });
    const formats = workbook({ "xl/styles.xml": { text: { head: "<styleSheet><cellXfs>", unit: "<xf/>", times: 70_000, tail: "</cellXfs></styleSheet>" } } });
    expect(await importing(formats)).toMatchObject({
      kind: "too-large",
      error: expect.stringContaining("more than 65,490 cell or number formats"),
      limit: 65_490,
    });
  });

  it("counts the bytes of all parts together against XLSX_MAX_UNPACKED_BYTES", async () => {
    // 3 MiB of shared strings, under the limit per part.
    const bytes = workbook({
      "xl/sharedStrings.xml": {
        text: { head: "<sst>", unit: FILLER, times: Math.ceil((3 * MiB) / FILLER.length), tail: "</sst>" },
        declare: { central: 100, local: 100 },
      },
    });
    expect(await importing(bytes, { maxPartBytes: 4 * MiB, maxUnpackedBytes: 2 * MiB })).toEqual({
      kind: "too-large",
      error: expect.stringMatching(/unpacks to more than 2 MiB, the limit for one import \(XLSX_MAX_UNPACKED_BYTES\)/),
      limit: 2 * MiB,
    });
  });

  it("refuses more shared strings than XLSX_MAX_SHARED_STRINGS, declared or counted", async () => {
    const declared = workbook({ "xl/sharedStrings.xml": { text: sharedStrings(10, 1, 5_000_000) } });
    expect(await importing(declared)).toEqual({
      kind: "too-large",
      error: expect.stringMatching(/more than 1,000,000 distinct texts \(shared strings\), the limit for one import \(XLSX_MAX_SHARED_STRINGS\)/),
      limit: 1_000_000,
    });
    const counted = workbook({ "xl/sharedStrings.xml": { text: sharedStrings(30_000_000, 1, 1), declare: { central: 1000, local: 1000 } } });
    expect(await importing(counted, { maxSharedStrings: 1000 })).toMatchObject({
      kind: "too-large",
      error: expect.stringContaining("XLSX_MAX_SHARED_STRINGS"),
      limit: 1000,
    });
  });

  it("refuses shared strings of more than XLSX_MAX_SHARED_STRING_CHARS characters together, and one longer than a cell can be", async () => {
    const many = workbook({ "xl/sharedStrings.xml": { text: sharedStrings(600_000, 1000), declare: { central: 1000, local: 1000 } } });
    expect(await importing(many, { maxSharedStringChars: 100_000 })).toEqual({
      kind: "too-large",
      error: expect.stringMatching(/hold more than 100,000 characters, the limit for one import \(XLSX_MAX_SHARED_STRING_CHARS\)/),
      limit: 100_000,
    });
    // In runs, or split by comments: each piece is short, the string is not.
    const runs = workbook({ "xl/sharedStrings.xml": { text: { head: "<sst><si>", unit: "<r><t>xxxxxxxxxx</t></r>", times: 5000, tail: "</si></sst>" } } });
    expect(await importing(runs)).toMatchObject({
      kind: "too-large",
      error: expect.stringContaining("longer than 32,767 characters, Excel's limit for a cell"),
    });
    const huge = workbook({ "xl/sharedStrings.xml": { text: BOMB_OF("<sst><si><t>", "x", "</t></si></sst>"), declare: { central: 900, local: 900 } } });
    expect(await importing(huge)).toMatchObject({
      kind: "too-large",
      error: expect.stringContaining("longer than any cell (Excel's limit is 32,767 characters)"),
    });
  });

  it("refuses a cell whose text comes in pieces between tags (exceljs joins them all)", async () => {
    const bytes = workbook({
      "xl/worksheets/sheet1.xml": {
        text: BOMB_OF(
          '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>',
          `${"x".repeat(100)}<b/>`,
          "</t></is></c></row></sheetData></worksheet>",
        ),
        declare: { central: 500, local: 500 },
      },
    });
    expect(await importing(bytes)).toMatchObject({
      kind: "too-large",
      error: expect.stringContaining("xl/worksheets/sheet1.xml holds a cell whose text takes more than 1 MiB"),
    });
  });

  it("counts the rows and cells of every sheet before parsing any, and refuses more than a file may hold naming the sheet", async () => {
    const parsed = vi.spyOn(ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as { _parseWorksheet: () => void }, "_parseWorksheet");
    const emptyRows = workbook({
      "xl/worksheets/sheet1.xml": { text: { head: "<worksheet><sheetData>", unit: '<row r="1"/>', times: 200_041, tail: "</sheetData></worksheet>" } },
    });
    expect(await importing(emptyRows)).toMatchObject({
      kind: "invalid",
      error: expect.stringMatching(/^Sheet "Revit_Pier Data": the workbook holds more than 200,040 rows/),
    });
    const wideRows = workbook({
      "xl/worksheets/sheet1.xml": {
        text: { head: "<worksheet><sheetData>", unit: `<row r="2">${"<c/>".repeat(300)}</row>`, times: 4_001, tail: "</sheetData></worksheet>" },
      },
    });
    expect(await importing(wideRows)).toMatchObject({
      kind: "invalid",
      error: expect.stringMatching(/^Sheet "Revit_Pier Data": the file holds more than 1,200,000 cells/),
    });
    expect(parsed).not.toHaveBeenCalled();
  });

  it("refuses comments and tags longer than Excel writes, and a document type declaration", async () => {
    const comment = workbook({ "xl/workbook.xml": { text: BOMB_OF("<workbook><!--", "x", "--></workbook>"), declare: { central: 100, local: 100 } } });
    expect(await importing(comment)).toMatchObject({
      kind: "too-large",
      error: expect.stringContaining("xl/workbook.xml holds a comment or instruction of more than 64 KiB"),
    });
    const tag = workbook({
      "xl/_rels/workbook.xml.rels": { text: BOMB_OF('<Relationships><Relationship Id="', "x", '"/></Relationships>'), declare: { central: 100, local: 100 } },
    });
    expect(await importing(tag)).toMatchObject({ kind: "too-large", error: expect.stringContaining("holds an XML tag of more than 1 MiB") });
    const doctype = workbook({ "xl/workbook.xml": { text: '<!DOCTYPE workbook [<!ENTITY x "x">]><workbook/>' } });
    expect(await importing(doctype)).toMatchObject({ kind: "invalid", error: expect.stringContaining("declares a document type") });
  });

  it("refuses a zip whose directory holds more than XLSX_MAX_PARTS entries, before reading them", async () => {
    const bytes = workbook(
      {},
      Array.from({ length: 60 }, (_, i) => ({ path: `m/${i}`, text: "" })),
    );
    expect(await importing(bytes, { maxParts: 50 })).toEqual({
      kind: "too-large",
      error: expect.stringMatching(/holds 65 parts, more than the 50 an import reads \(XLSX_MAX_PARTS\)/),
      limit: 50,
    });
    expect(await importing(bytes, { maxParts: 65 })).toEqual({
      rows: [
        ["Parameter", "Item1"],
        ["PierHeight", "12.5"],
      ],
    });
  });

  it("refuses a workbook of more rows than a table and its export's record can take, whatever their size in bytes", async () => {
    // 0.4 MB, 110 MB unpacked: 750 MB of memory before the cell limit refused it.
    const bytes = workbook({
      "xl/worksheets/sheet1.xml": {
        text: { head: "<worksheet><sheetData>", unit: '<row r="2"><c r="A2"><v>1.5</v></c></row>', times: 3_000_000, tail: "</sheetData></worksheet>" },
      },
    });
    expect(await importing(bytes)).toEqual({
      kind: "invalid",
      error: expect.stringContaining("the workbook holds more than 200,040 rows, more than a table (100,000 rows) and the record of its export"),
      limit: undefined,
    });
  });

  it("reads every shared string where it is, across the blocks they are kept in", async () => {
    const strings = Array.from({ length: 9000 }, (_, i) => `text ${i}`);
    const sheet = `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Parameter</t></is></c><c r="B1" t="s"><v>0</v></c><c r="C1" t="s"><v>4095</v></c><c r="D1" t="s"><v>4096</v></c><c r="E1" t="s"><v>8999</v></c><c r="F1" t="s"><v>9000</v></c></row><row r="2"><c r="A2" t="s"><v>8192</v></c><c r="B2"><v>1</v></c></row></sheetData></worksheet>`;
    const bytes = workbook({
      "xl/sharedStrings.xml": {
        text: `<sst><si><t>${strings[0]}</t></si>${strings
          .slice(1)
          .map((s) => `<si><r><t>${s.slice(0, 3)}</t></r><r><t>${s.slice(3)}</t></r><rPh><t>ignored</t></rPh></si>`)
          .join("")}</sst>`,
      },
      "xl/worksheets/sheet1.xml": { text: sheet },
    });
    expect(await importing(bytes)).toEqual({
      rows: [
        ["Parameter", "text 0", "text 4095", "text 4096", "text 8999"],
        ["text 8192", "1"],
      ],
    });
  });
});
