import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { tableRevision } from "@/db/queries/rows";
import { useTestDatabase } from "@/test/database";
import { expectJson } from "@/test/http";
import { seedRows, signedInClient } from "@/test/session";
import * as apply from "./[id]/datasets/[ds]/import/[importId]/apply/route";
import * as importRoute from "./[id]/datasets/[ds]/import/route";
import * as rows from "./[id]/datasets/[ds]/rows/route";

/**
 * Imports that never write what is not part of the table (docs/tables.md, "What import reads"): merged cells, hidden
 * rows and columns, footnotes and title rows reported by sheet, row and column, refused or skipped as the engineer
 * chooses; every problem of a file at once; values trimmed; dates as the cell shows them.
 */
useTestDatabase();

type Row = Record<string, string | number>;
type Structure = { kind: string; sheet: string; row: number; column: string; what: string };
type Preview = {
  importId: string;
  structure: { total: number; listed: Structure[] };
  trimmed: { total: number; listed: { row: number; column: string; header: string; parameter: string; text: string; as: string }[] };
  added: { parameter: string; values: Record<string, string> }[];
  changed: { parameter: string; cells: { column: string; before: string; after: string }[] }[];
  missing: unknown[];
};

let alice: Awaited<ReturnType<typeof signedInClient>>;
const at = (ds = "pier") => ({ params: { id: String(alice.projectId), ds } });
const table = async (ds = "pier") => (await expectJson<{ data: Row[] }>(await alice.client.get(rows.GET, "", at(ds)), 200)).data;
const upload = (bytes: Uint8Array, name: string, ds = "pier") => {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart]), name);
  return alice.client.post(importRoute.POST, "", { ...at(ds), form });
};
const applyImport = (importId: string, body: Record<string, unknown>, ds = "pier") =>
  alice.client.post(apply.POST, "", { params: { ...at(ds).params, importId }, body });
const text = (s: string) => new TextEncoder().encode(s);

const SHEET = "Revit_Pier Data";
/** A pier table as an engineer's own workbook: a title above the header, a merged range, a hidden column, a footnote. */
async function engineersWorkbook(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(SHEET);
  sheet.addRow(["Bridge 7: pier data, revision C"]);
  sheet.addRow(["Parameter", "Item1", "Item2", "Item3"]);
  sheet.addRow(["PierHeight", 11.5, 12.5, 99]);
  sheet.addRow(["BearingType", "Elastomeric", "", "Pot"]);
  sheet.mergeCells("B4:C4");
  sheet.getColumn(4).hidden = true;
  sheet.addRow([]);
  sheet.addRow(["* Heights in m, from drawing S-101"]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  alice = await signedInClient("structure");
  await seedRows(alice.projectId, "pier", [
    { parameter: "PierHeight", values: { Item1: "10", Item2: "10", Item3: "10" } },
    { parameter: "BearingType", values: { Item1: "Pot Guided", Item2: "Pot Free", Item3: "Pot Guided" } },
  ]);
});

describe("what a file holds that is not part of the table", () => {
  it("a workbook with a merged range, a hidden column, a footnote row and a title row reports each with its cell and writes none silently", async () => {
    const before = await table();
    const preview = await expectJson<Preview>(await upload(await engineersWorkbook(), "pier-rev-c.xlsx"), 200);
    expect(preview.structure).toEqual({
      total: 4,
      listed: [
        {
          kind: "title",
          sheet: SHEET,
          row: 1,
          column: "A",
          what: '"Bridge 7: pier data, revision C" is above the header row (row 2): a title, not part of the table.',
        },
        { kind: "hidden-column", sheet: SHEET, row: 2, column: "D", what: "column D (Item3) is hidden." },
        { kind: "merged", sheet: SHEET, row: 4, column: "B", what: "cells B4:C4 are merged." },
        {
          kind: "footnote",
          sheet: SHEET,
          row: 6,
          column: "A",
          what: '"* Heights in m, from drawing S-101" has no value in any column: a footnote or a heading, not a row of the table.',
        },
      ],
    });
    // The preview shows what skipping them writes: only the real rows' visible, unmerged cells.
    expect(preview.changed).toEqual([
      {
        id: Number(before.find((r) => r.Parameter === "PierHeight")!.Id),
        parameter: "PierHeight",
        version: 1,
        cells: [
          { column: "Item1", before: "10", after: "11.5" },
          { column: "Item2", before: "10", after: "12.5" },
        ],
      },
    ]);
    expect(preview).toMatchObject({ added: [], missing: [] });

    // Refused: the engineer did not choose to skip them. Nothing is written, each is named with its cell.
    const revision = await tableRevision({ projectId: alice.projectId, dataset: "pier" });
    for (const body of [{}, { structure: "refuse" }]) {
      const refused = await expectJson<{ error: string; structure: Structure[] }>(await applyImport(preview.importId, body), 400);
      expect(refused.structure).toEqual(preview.structure.listed);
      expect(refused.error).toBe(
        'The file holds 4 things that are not part of the table (merged cells, hidden rows or columns, footnotes, titles); nothing was imported. Skip them to import the rest, or fix the file and import it again. Sheet "Revit_Pier Data", row 1, column A: "Bridge 7: pier data, revision C" is above the header row (row 2): a title, not part of the table. (and 3 more)',
      );
    }
    expect(await tableRevision({ projectId: alice.projectId, dataset: "pier" })).toBe(revision);
    expect(await table()).toEqual(before);

    // Skipped: the rest is written; the merged cells, the hidden column, the footnote and the title are not.
    expect(await expectJson(await applyImport(preview.importId, { structure: "skip" }), 200)).toEqual({ added: 0, changed: 1, removed: 0 });
    const after = await table();
    expect(after.map((r) => r.Parameter)).toEqual(["PierHeight", "BearingType"]);
    expect(after.find((r) => r.Parameter === "PierHeight")).toMatchObject({ Item1: "11.5", Item2: "12.5", Item3: "10" });
    expect(after.find((r) => r.Parameter === "BearingType")).toMatchObject({ Item1: "Pot Guided", Item2: "Pot Free", Item3: "Pot Guided" });
  });

  it("a hidden row is reported and its row of the table left as it is, never removed as missing from the file", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(SHEET);
    sheet.addRow(["Parameter", "Item1"]);
    sheet.addRow(["PierHeight", "11.5"]);
    sheet.addRow(["BearingType", "Fixed"]);
    sheet.getRow(3).hidden = true;
    const preview = await expectJson<Preview>(await upload(new Uint8Array(await book.xlsx.writeBuffer()), "pier.xlsx"), 200);
    expect(preview.structure.listed).toEqual([{ kind: "hidden-row", sheet: SHEET, row: 3, column: "A", what: 'row 3 ("BearingType") is hidden.' }]);
    expect(preview).toMatchObject({ changed: [], missing: [] });
    expect(await expectJson(await applyImport(preview.importId, { structure: "skip", removeMissing: true }), 200)).toEqual({
      added: 0,
      changed: 0,
      removed: 0,
    });
    expect((await table()).find((r) => r.Parameter === "BearingType")).toMatchObject({ Item1: "Pot Guided" });
  });

  it("a CSV file's title row and footnote are reported naming the file", async () => {
    const file = text("Pier table exported 2026-11-28\r\nParameter,Item1\r\nPierHeight,11.5\r\n,\r\nNote: heights in m\r\n");
    const preview = await expectJson<Preview>(await upload(file, "pier.csv"), 200);
    expect(preview.structure.listed.map((s) => [s.kind, s.sheet, s.row, s.column])).toEqual([
      ["title", "pier.csv", 1, "A"],
      ["footnote", "pier.csv", 5, "A"],
    ]);
    const refused = await expectJson<{ error: string }>(await applyImport(preview.importId, {}), 400);
    expect(refused.error).toMatch(/File "pier\.csv", row 1, column A: "Pier table exported 2026-11-28" is above the header row \(row 2\)/);
    expect((await table()).map((r) => r.Parameter)).toEqual(["PierHeight", "BearingType"]);
  });
});

describe("every problem of a file at once", () => {
  it("refuses a file with a Parameter twice, an over-long value and a value its row's kind refuses in one answer, each with its cell", async () => {
    const revision = await tableRevision({ projectId: alice.projectId, dataset: "pier" });
    const file = text(`Parameter,Item1,Item2\r\nSkewAngle,15°,12\r\nPierHeight,1,${"x".repeat(2001)}\r\nPierHeight,2,3\r\n`);
    const refused = await expectJson<{
      error: string;
      sheet: string;
      row: number;
      column: string;
      problems: { row: number; column: string; message: string }[];
    }>(await upload(file, "many.csv"), 400);
    expect(refused.problems).toEqual([
      {
        sheet: "many.csv",
        row: 3,
        column: "C",
        message: 'File "many.csv", row 3, column C (Item2): the value is 2,001 characters long; a value is at most 2,000 characters.',
      },
      {
        sheet: "many.csv",
        row: 4,
        column: "A",
        message:
          'File "many.csv", row 4, column A (Parameter): "PierHeight" is also the Parameter of row 3. Each Parameter may appear once: rows are matched by it.',
      },
      { sheet: "many.csv", row: 2, column: "B", message: 'File "many.csv", row 2, column B (Item1): "15°" is not a number (an angle row takes numbers only).' },
    ]);
    expect(refused).toMatchObject({ sheet: "many.csv", row: 3, column: "C" });
    expect(refused.error).toMatch(
      /^The file has 3 problems; nothing was imported\. Fix them and import it again\. The first: File "many\.csv", row 3, column C/,
    );
    expect(await tableRevision({ projectId: alice.projectId, dataset: "pier" })).toBe(revision);
  });
});

describe("values as the engineer sees them", () => {
  it("trims spaces at the ends of values and shows each trim; reads dates and times as their cells show them", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(SHEET);
    sheet.addRow(["Parameter", "Item1", "Item2"]);
    sheet.addRow(["PierHeight", " 11.75 ", "12.5"]);
    const dates = sheet.addRow(["InspectionDate", new Date(Date.UTC(2026, 10, 28)), new Date(Date.UTC(1899, 11, 30, 14, 30))]);
    dates.getCell(2).numFmt = "dd/mm/yyyy";
    dates.getCell(3).numFmt = "h:mm";
    const preview = await expectJson<Preview>(await upload(new Uint8Array(await book.xlsx.writeBuffer()), "pier.xlsx"), 200);
    expect(preview.trimmed).toEqual({ total: 1, listed: [{ row: 2, column: "B", header: "Item1", parameter: "PierHeight", text: " 11.75 ", as: "11.75" }] });
    expect(preview.changed.find((r) => r.parameter === "PierHeight")!.cells).toEqual([{ column: "Item1", before: "11.5", after: "11.75" }]);
    expect(preview.added).toEqual([{ parameter: "InspectionDate", values: { Item1: "28/11/2026", Item2: "14:30" } }]);
    expect(preview.structure.total).toBe(0);
    // Nothing is not part of the table: apply needs no choice.
    expect(await expectJson(await applyImport(preview.importId, {}), 200)).toEqual({ added: 1, changed: 1, removed: 0 });
    expect((await table()).find((r) => r.Parameter === "InspectionDate")).toMatchObject({ Item1: "28/11/2026", Item2: "14:30" });
  });
});
