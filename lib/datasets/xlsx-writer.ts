import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";

/**
 * A workbook made with exceljs's streaming writer, as the bytes of an .xlsx
 * file. `fill` adds the sheets, committing each row as it goes, so a large
 * table is never held twice (as rows and as cell objects).
 */
export async function writeWorkbook(fill: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => void): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    sink.on("end", resolve);
    sink.on("error", reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: true, useStyles: true });
  workbook.creator = "Pontifex";
  fill(workbook);
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
