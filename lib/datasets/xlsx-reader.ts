import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { Open } from "unzipper";

/** The parts of exceljs's streaming reader this one drives (exceljs 4.4, lib/stream/xlsx/workbook-reader.js). */
type ReaderParts = {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ eventType: string; value: unknown }>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(rows: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
};

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * exceljs's streaming workbook reader, fed from the zip's central directory instead of one pass over the zip in
 * stored order. That pass parks each sheet stored before the shared strings (as Excel and exceljs store them) in a
 * temporary file, and its zip parser ends once it has read the last byte, whether or not the reader has taken the
 * parts it passed over: when the disk is slow, the workbook part stored last is dropped and a sound workbook fails
 * to read (exceljs issue #3064). Here the parts are read in the order the reader needs them (relationships,
 * workbook, shared strings, styles, then each sheet, still row by row) and nothing is written to disk.
 */
export class WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  constructor(
    private readonly bytes: Buffer,
    options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
  ) {
    // The input is the bytes above; exceljs only keeps this one.
    super("", options);
  }

  async *parse(): AsyncGenerator<{ eventType: string; value: unknown }> {
    const directory = await Open.buffer(this.bytes);
    const files = new Map(directory.files.map((file) => [file.path, file]));
    const reader = this as unknown as ReaderParts;
    const part = (path: string) => files.get(path)?.stream() as Readable | undefined;

    const rels = part("xl/_rels/workbook.xml.rels");
    if (rels) await reader._parseRels(rels);
    const workbook = part("xl/workbook.xml");
    if (workbook) await reader._parseWorkbook(workbook);
    const sharedStrings = part("xl/sharedStrings.xml");
    if (sharedStrings) yield* reader._parseSharedStrings(sharedStrings);
    const styles = part("xl/styles.xml");
    if (styles) await reader._parseStyles(styles);

    const sheets = [...files.keys()]
      .map((path) => SHEET.exec(path))
      .filter((match) => match !== null)
      .sort((a, b) => Number(a[1]) - Number(b[1]));
    for (const [path, sheetNo] of sheets) yield* reader._parseWorksheet(part(path!)!, sheetNo!);
  }
}
