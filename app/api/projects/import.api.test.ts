import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/db/client";
import { runHousekeeping } from "@/db/queries/housekeeping";
import { tableRevision } from "@/db/queries/rows";
import { useTestDatabase, testDb } from "@/test/database";
import { expectJson, type TestClient } from "@/test/http";
import { joinProject, seedRows, signedInClient } from "@/test/session";
import * as exportRoute from "./[id]/datasets/[ds]/export/route";
import * as apply from "./[id]/datasets/[ds]/import/[importId]/apply/route";
import * as importRoute from "./[id]/datasets/[ds]/import/route";
import * as history from "./[id]/datasets/[ds]/rows/[rowId]/history/route";
import * as row from "./[id]/datasets/[ds]/rows/[rowId]/route";
import * as rows from "./[id]/datasets/[ds]/rows/route";

const database = useTestDatabase();

type Row = Record<string, string | number>;
type Cell = { column: string; before: string; after: string };
type Preview = {
  importId: string;
  sheet: string;
  basedOn: { exportedAt: string | null; rows: number } | null;
  added: { parameter: string; values: Record<string, string> }[];
  changed: { id: number; parameter: string; version: number; cells: Cell[] }[];
  missing: { id: number; parameter: string; version: number }[];
  conflicts: { id: number | null; parameter: string; reason: string; exportedVersion: number | null; currentVersion: number | null; cells: Cell[] }[];
  newColumns: string[];
};

let alice: Awaited<ReturnType<typeof signedInClient>>;
let bob: Awaited<ReturnType<typeof signedInClient>>;
let viewer: Awaited<ReturnType<typeof signedInClient>>;
let projectId: number;

const SKEW = "0.2617993877991494"; // 15 degrees
const at = (ds: string, extra: Record<string, string> = {}) => ({ params: { id: String(projectId), ds, ...extra } });
const table = async (ds: string) => (await expectJson<{ data: Row[] }>(await alice.client.get(rows.GET, "", at(ds)), 200)).data;
const rowOf = async (ds: string, parameter: string) => (await table(ds)).find((r) => r.Parameter === parameter)!;

async function download(c: TestClient, ds: string, format: "xlsx" | "csv"): Promise<Uint8Array> {
  const response = await c.get(exportRoute.GET, `/api/projects/${projectId}/datasets/${ds}/export?format=${format}`, at(ds));
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}
const upload = (c: TestClient, ds: string, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart]), name);
  return c.post(importRoute.POST, "", { ...at(ds), form });
};
const preview = async (c: TestClient, ds: string, bytes: Uint8Array, name = "table.xlsx") => expectJson<Preview>(await upload(c, ds, bytes, name), 200);
const applyImport = (c: TestClient, ds: string, importId: string, body: Record<string, unknown> = {}) =>
  c.post(apply.POST, "", { ...at(ds, { importId }), body });
const edit = (c: TestClient, ds: string, id: number, data: Row) => c.call(row.PATCH, "", { method: "PATCH", ...at(ds, { rowId: String(id) }), body: { data } });

/** The exported workbook with some cells changed, as an engineer would in Excel. */
async function changeWorkbook(bytes: Uint8Array, change: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  change(workbook.worksheets.find((s) => s.state === "visible")!);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
/** The cell of a row (by Parameter) and column (by header) of the visible sheet. */
function cellOf(sheet: ExcelJS.Worksheet, parameter: string, column: string): ExcelJS.Cell {
  const header = (sheet.getRow(1).values as unknown[]).indexOf(column);
  let found: ExcelJS.Cell | undefined;
  sheet.eachRow((r) => {
    if (r.getCell(2).value === parameter) found = r.getCell(header);
  });
  return found!;
}

beforeAll(async () => {
  alice = await signedInClient("alice");
  bob = await signedInClient("bob");
  viewer = await signedInClient("viola");
  projectId = alice.projectId;
  await joinProject(bob.userId, projectId);
  await joinProject(viewer.userId, projectId, "viewer");
});

describe("export", () => {
  it("downloads the workbook with the file name of project, table and day; viewers may export", async () => {
    await seedRows(projectId, "box", [{ parameter: "SpanLength", values: { Item1: "32.5" } }]);
    const response = await viewer.client.get(exportRoute.GET, `/api/projects/${projectId}/datasets/box/export?format=xlsx`, at("box"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="My first project - Revit_Box Data - ${today}.xlsx"; filename*=UTF-8''My%20first%20project%20-%20Revit_Box%20Data%20-%20${today}.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.getWorksheet("Revit_Box Data")!.getRow(2).values).toEqual([undefined, expect.any(Number), "SpanLength", "m", 32.5]);
    const csv = await viewer.client.get(exportRoute.GET, "", at("box"));
    expect(csv.status).toBe(200);
    const text = await (await viewer.client.get(exportRoute.GET, `/api/projects/${projectId}/datasets/box/export?format=csv`, at("box"))).text();
    expect(text).toMatch(/^Id,Parameter,Unit,Item1,Version\r\n\d+,SpanLength,m,32.5,1\r\n$/);
    const bad = await viewer.client.get(exportRoute.GET, `/api/projects/${projectId}/datasets/box/export?format=pdf`, at("box"));
    await expectJson(bad, 400);
  });
});

describe("import: export, change, re-import", () => {
  beforeAll(async () => {
    await seedRows(projectId, "pier", [
      { parameter: "PierHeight", values: { Item1: "12.4", Item2: "13.100" } },
      { parameter: "SkewAngle", values: { Item1: SKEW, Item2: "0.0174532925199" } },
      { parameter: "BearingType", values: { Item1: "Pot Guided", Item2: "Pot Free" } },
    ]);
  });

  it("a workbook exported and re-imported unchanged changes nothing, angles included (XLSX and CSV)", async () => {
    const xlsx = await preview(alice.client, "pier", await download(alice.client, "pier", "xlsx"));
    expect(xlsx).toMatchObject({ sheet: "Revit_Pier Data", added: [], changed: [], missing: [], conflicts: [], newColumns: [] });
    expect(xlsx.basedOn).toEqual({ exportedAt: expect.any(String), rows: 3 });
    const csv = await preview(alice.client, "pier", await download(alice.client, "pier", "csv"), "pier.csv");
    expect(csv).toMatchObject({ sheet: "pier.csv", added: [], changed: [], missing: [], conflicts: [] });
  });

  it("one changed cell previews as exactly that cell; apply writes it as one import in the history", async () => {
    const bytes = await changeWorkbook(await download(alice.client, "pier", "xlsx"), (sheet) => {
      cellOf(sheet, "PierHeight", "Item1").value = 12.6;
    });
    const before = await rowOf("pier", "PierHeight");
    const seen = await preview(alice.client, "pier", bytes);
    expect(seen.changed).toEqual([
      { id: Number(before.Id), parameter: "PierHeight", version: Number(before.Version), cells: [{ column: "Item1", before: "12.4", after: "12.6" }] },
    ]);
    expect([seen.added, seen.missing, seen.conflicts]).toEqual([[], [], []]);
    // The preview wrote nothing.
    expect(await rowOf("pier", "PierHeight")).toEqual(before);

    expect(await expectJson(await applyImport(alice.client, "pier", seen.importId), 200)).toEqual({ added: 0, changed: 1, removed: 0 });
    expect(await rowOf("pier", "PierHeight")).toMatchObject({ Item1: "12.6", Item2: "13.100", Version: Number(before.Version) + 1 });
    const { versions } = await expectJson<{ versions: { action: string; userId: number; changes: { column: string; before: string; after: string }[] }[] }>(
      await alice.client.get(history.GET, "", at("pier", { rowId: String(before.Id) })),
      200,
    );
    expect(versions[0]).toMatchObject({ action: "import", userId: alice.userId, changes: [{ column: "Item1", before: "12.4", after: "12.6" }] });
    // Applied once: the import is gone.
    await expectJson(await applyImport(alice.client, "pier", seen.importId), 404);
  });

  it("a degree value changed in the file is stored in radians; the other angle cell keeps its radians exactly", async () => {
    const bytes = await changeWorkbook(await download(alice.client, "pier", "xlsx"), (sheet) => {
      cellOf(sheet, "SkewAngle", "Item1").value = 30;
    });
    const seen = await preview(alice.client, "pier", bytes);
    expect(seen.changed.map((r) => r.cells)).toEqual([[{ column: "Item1", before: SKEW, after: String(Math.PI / 6) }]]);
    await expectJson(await applyImport(alice.client, "pier", seen.importId), 200);
    expect(await rowOf("pier", "SkewAngle")).toMatchObject({ Item1: String(Math.PI / 6), Item2: "0.0174532925199" });
  });

  it("adds rows and new columns, and removes rows missing from the file only when asked", async () => {
    const bytes = await changeWorkbook(await download(alice.client, "pier", "xlsx"), (sheet) => {
      sheet.spliceRows(4, 1); // BearingType
      sheet.getCell("G1").value = "Item3";
      cellOf(sheet, "PierHeight", "Item3").value = "14";
      sheet.addRow([null, "DeckWidth", null, 7.5]);
    });
    const bearing = await rowOf("pier", "BearingType");
    const seen = await preview(alice.client, "pier", bytes);
    expect(seen.added).toEqual([{ parameter: "DeckWidth", values: { Item1: "7.5" } }]);
    expect(seen.missing.map((r) => r.parameter)).toEqual(["BearingType"]);
    expect(seen.newColumns).toEqual(["Item3"]);
    expect(await expectJson(await applyImport(alice.client, "pier", seen.importId, { removeMissing: true }), 200)).toEqual({
      added: 1,
      changed: 1,
      removed: 1,
    });
    const now = await table("pier");
    expect(now.map((r) => r.Parameter)).toEqual(["PierHeight", "SkewAngle", "DeckWidth"]);
    expect(now[0]).toMatchObject({ Item3: "14" });
    // One change in the history: every row of it under the same batch id (an undo reverts it as one).
    const latest = async (id: string | number) =>
      (
        await expectJson<{ versions: { action: string; batchId: string | null }[] }>(
          await alice.client.get(history.GET, "", at("pier", { rowId: String(id) })),
          200,
        )
      ).versions[0]!;
    const entries = [await latest(now[0]!.Id!), await latest(now[2]!.Id!), await latest(bearing.Id!)];
    expect(entries.map((e) => e.action)).toEqual(["import", "import", "delete"]);
    expect(new Set(entries.map((e) => e.batchId)).size).toBe(1);
    expect(entries[0]!.batchId).toEqual(expect.any(String));

    // Without the box ticked, missing rows stay.
    const again = await preview(alice.client, "pier", new TextEncoder().encode("Parameter,Item1\r\nPierHeight,12.6\r\n"), "short.csv");
    expect(again.missing.map((r) => r.parameter)).toEqual(["SkewAngle", "DeckWidth"]);
    expect(await expectJson(await applyImport(alice.client, "pier", again.importId), 200)).toEqual({ added: 0, changed: 0, removed: 0 });
    expect((await table("pier")).length).toBe(3);
  });

  it("rows changed in Pontifex since the export are conflicts: listed, not overwritten", async () => {
    const exported = await download(alice.client, "pier", "xlsx");
    const skew = await rowOf("pier", "SkewAngle");
    await expectJson(await edit(bob.client, "pier", Number(skew.Id), { Version: Number(skew.Version), Item2: "0.5" }), 200);
    const bytes = await changeWorkbook(exported, (sheet) => {
      cellOf(sheet, "SkewAngle", "Item1").value = 45;
      cellOf(sheet, "PierHeight", "Item2").value = 13.2;
    });
    const seen = await preview(alice.client, "pier", bytes);
    expect(seen.conflicts).toEqual([
      expect.objectContaining({
        id: Number(skew.Id),
        parameter: "SkewAngle",
        reason: "changed",
        exportedVersion: Number(skew.Version),
        currentVersion: Number(skew.Version) + 1,
      }),
    ]);
    expect(seen.changed.map((r) => r.parameter)).toEqual(["PierHeight"]);
    await expectJson(await applyImport(alice.client, "pier", seen.importId), 200);
    expect(await rowOf("pier", "SkewAngle")).toMatchObject({ Item1: skew.Item1, Item2: "0.5" });
    expect(await rowOf("pier", "PierHeight")).toMatchObject({ Item2: "13.2" });
  });

  it("apply is all or nothing: a row changed since the preview answers 409 and nothing is written", async () => {
    const bytes = await changeWorkbook(await download(alice.client, "pier", "xlsx"), (sheet) => {
      cellOf(sheet, "PierHeight", "Item1").value = 20;
      cellOf(sheet, "DeckWidth", "Item1").value = 8;
    });
    const seen = await preview(alice.client, "pier", bytes);
    expect(seen.changed).toHaveLength(2);
    const deck = await rowOf("pier", "DeckWidth");
    await expectJson(await edit(bob.client, "pier", Number(deck.Id), { Version: Number(deck.Version), Item2: "7.5" }), 200);
    const revision = await tableRevision({ projectId, dataset: "pier" });
    const refused = await expectJson<{ error: string; conflicts: { id: number }[] }>(await applyImport(alice.client, "pier", seen.importId), 409);
    expect(refused.error).toMatch(/changed or deleted since the preview\. Nothing was imported/);
    expect(refused.conflicts.map((c) => c.id)).toEqual([Number(deck.Id)]);
    expect(await rowOf("pier", "PierHeight")).toMatchObject({ Item1: "12.6" });
    expect(await tableRevision({ projectId, dataset: "pier" })).toBe(revision);
  });

  it("only the importing user may apply an import (404 for anyone else); viewers may not import (403)", async () => {
    const seen = await preview(alice.client, "pier", await download(alice.client, "pier", "csv"), "pier.csv");
    await expectJson(await applyImport(bob.client, "pier", seen.importId), 404);
    await expectJson(await applyImport(alice.client, "abt", seen.importId), 404);
    await expectJson(await applyImport(alice.client, "pier", "not-a-uuid"), 404);
    const refused = await expectJson<{ error: string }>(await upload(viewer.client, "pier", await download(viewer.client, "pier", "csv"), "pier.csv"), 403);
    expect(refused.error).toMatch(/viewer/);
    await expectJson(await applyImport(viewer.client, "pier", seen.importId), 403);
    await expectJson(await applyImport(alice.client, "pier", seen.importId), 200);
  });

  it("a preview nobody applied is deleted by housekeeping after a day", async () => {
    const seen = await preview(alice.client, "pier", await download(alice.client, "pier", "csv"), "pier.csv");
    const kept = async () => (await queryRows<{ n: number }>(testDb(database), sql`SELECT count(*)::int AS n FROM table_imports`))[0]!.n;
    // A day on, every preview kept (this one, and any the tests before left unapplied) has expired.
    const before = await kept();
    const report = await runHousekeeping(testDb(database), new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(report.imports).toBe(before);
    expect(await kept()).toBe(0);
    await expectJson(await applyImport(alice.client, "pier", seen.importId), 404);
  });
});

describe("bad files: 400 naming sheet, row and column, and nothing written", () => {
  const workbook = async (rows: unknown[][], name = "Revit_Abt Data") => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(name);
    for (const r of rows) sheet.addRow(r);
    return new Uint8Array(await book.xlsx.writeBuffer());
  };
  const refused = async (bytes: Uint8Array, name: string) => {
    const revision = await tableRevision({ projectId, dataset: "abt" });
    const answer = await expectJson<{ error: string; sheet?: string; row?: number; column?: string }>(await upload(alice.client, "abt", bytes, name), 400);
    expect(await tableRevision({ projectId, dataset: "abt" })).toBe(revision);
    return answer;
  };

  it("a formula", async () => {
    const answer = await refused(
      await workbook([
        ["Parameter", "Item1"],
        ["Backwall", { formula: "1+1", result: 2 }],
      ]),
      "abt.xlsx",
    );
    expect(answer).toMatchObject({ sheet: "Revit_Abt Data", row: 2, column: "B" });
    expect(answer.error).toMatch(/^Sheet "Revit_Abt Data", row 2, column B: cell B2 holds a formula \(=1\+1\)/);
  });

  it("duplicate Parameters, a value over 2,000 characters, a bad column name, no Parameter column", async () => {
    expect((await refused(new TextEncoder().encode("Parameter,Item1\r\nA,1\r\nA,2\r\n"), "abt.csv")).error).toBe(
      'File "abt.csv", row 3, column A (Parameter): "A" is also the Parameter of row 2. Each Parameter may appear once: rows are matched by it.',
    );
    expect(
      await refused(
        await workbook([
          ["Parameter", "Item1"],
          ["A", "x".repeat(2001)],
        ]),
        "abt.xlsx",
      ),
    ).toMatchObject({ row: 2, column: "B" });
    expect((await refused(await workbook([["Parameter", "Item-1"]]), "abt.xlsx")).error).toMatch(
      /^Sheet "Revit_Abt Data", row 1, column B: "Item-1" is not a column name/,
    );
    expect((await refused(await workbook([["Name", "Item1"]]), "abt.xlsx")).error).toMatch(/^Sheet "Revit_Abt Data", row 1: there is no "Parameter" column/);
  });

  it("not a workbook, the wrong sheet, a workbook exported from another table", async () => {
    expect((await refused(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]), "photo.png")).error).toMatch(
      /not an Excel workbook \(\.xlsx\) nor a CSV file \(it holds binary data\)/,
    );
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Summary");
    book.addWorksheet("Notes");
    expect((await refused(new Uint8Array(await book.xlsx.writeBuffer()), "abt.xlsx")).error).toMatch(/none is named "Revit_Abt Data"/);
    expect((await refused(await download(alice.client, "pier", "xlsx"), "pier.xlsx")).error).toMatch(
      /exported from the table "Revit_Pier Data" of "My first project", not from "Revit_Abt Data"/,
    );
  });

  it("no file, a JSON body, a file over 25 MB", async () => {
    await expectJson(await alice.client.post(importRoute.POST, "", { ...at("abt"), form: new FormData() }), 400);
    await expectJson(await alice.client.post(importRoute.POST, "", { ...at("abt"), body: { file: "x" } }), 415);
    const big = new FormData();
    big.append("file", new Blob([new Uint8Array(26 * 1024 * 1024)]), "big.csv");
    const answer = await expectJson<{ error: string }>(await alice.client.post(importRoute.POST, "", { ...at("abt"), form: big }), 413);
    expect(answer.error).toBe("The upload is larger than 25 MB.");
  });
});
