import type { DownloadFile } from "@/lib/http/download";
/** A result table as a download: CSV (UTF-8 with BOM, as Excel reads it) or an XLSX workbook, headings with units. */
import { toCsv } from "@/lib/datasets/csv";
import { writeWorkbook } from "@/lib/datasets/xlsx-writer";
import type { ResultKind, ResultTable } from "./results";
import { columnHeading, RESULT_TITLES } from "./results-view";

export type ResultFile = DownloadFile;

function fileName(projectName: string, kind: ResultKind, fetchedAt: string, ext: "csv" | "xlsx"): string {
  const clean = (text: string) => text.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").trim();
  return `${clean(projectName)} - MIDAS ${RESULT_TITLES[kind].toLowerCase()} - ${fetchedAt.slice(0, 10)}.${ext}`;
}

export function resultsCsv(table: ResultTable): string {
  return toCsv([table.columns.map((c) => columnHeading(c, table.units)), ...table.rows.map((r) => r.map((v) => String(v)))]);
}

export async function resultsXlsx(table: ResultTable, kind: ResultKind, meta: { project: string; fetchedAt: string; stale: boolean }): Promise<Buffer> {
  return writeWorkbook((workbook) => {
    const ws = workbook.addWorksheet(RESULT_TITLES[kind], { views: [{ state: "frozen", ySplit: 1 }] });
    const headings = table.columns.map((c) => columnHeading(c, table.units));
    ws.columns = headings.map((h) => ({ width: Math.max(10, Math.min(30, h.length + 2)) }));
    const header = ws.addRow(headings);
    header.font = { bold: true };
    header.commit();
    for (const row of table.rows) ws.addRow(row).commit();
    ws.commit();
    const about = workbook.addWorksheet("About");
    for (const pair of [
      ["Project", meta.project],
      ["Results", RESULT_TITLES[kind]],
      ["Read from MIDAS at", meta.fetchedAt],
      ["Stale (tables changed since the build)", meta.stale ? "yes" : "no"],
    ])
      about.addRow(pair).commit();
    about.commit();
  });
}

export async function resultsFile(
  table: ResultTable,
  kind: ResultKind,
  format: "csv" | "xlsx",
  meta: { project: string; fetchedAt: string; stale: boolean },
): Promise<ResultFile> {
  if (format === "csv") {
    return {
      body: Buffer.from(resultsCsv(table), "utf8"),
      contentType: "text/csv; charset=utf-8",
      fileName: fileName(meta.project, kind, meta.fetchedAt, "csv"),
    };
  }
  return {
    body: await resultsXlsx(table, kind, meta),
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    fileName: fileName(meta.project, kind, meta.fetchedAt, "xlsx"),
  };
}
