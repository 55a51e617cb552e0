/**
 * Issue 24, item 2: zip bombs through the workbook import, against a real server process at its default limits.
 * Each bomb is a small upload (built here, deflated as a stream) whose parts unpack to hundreds of megabytes; the
 * server must refuse it with 413 naming the limit, and its memory (VmHWM of the process, its peak, reset before
 * each upload where the kernel allows) may grow by 64 MB at most. A real 2,000 x 300 table still imports.
 * Figures go to test-results/hardening/ (docs/reliability.md, "Issue 24").
 */
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { benchTable } from "@/bench/support";
import { columnLetter, writeXlsx } from "@/lib/datasets/table-file";
import { processDatabase } from "@/test/hardening/process-database";
import { report } from "@/test/hardening/report";
import { api, ensureBuild, logIn, type ServerProcess, startServer } from "@/test/server-process";
import { MiB, sharedStrings, workbook } from "@/test/xlsx-bombs";

const PORT = 3481;
/** How much the server's memory may grow while it refuses a bomb (the bound). */
const MAX_GROWTH_MB = 64;
// The defaults of lib/env.ts, as a refusal names them.
const PART_BYTES = 128 * MiB;
const SHARED_STRINGS = 1_000_000;
const SHARED_STRING_CHARS = 16_000_000;
const PARTS = 10_000;

let database: Awaited<ReturnType<typeof processDatabase>>;
let server: ServerProcess;
let cookie: string;
let projectId: number;

beforeAll(async () => {
  ensureBuild();
  database = await processDatabase();
  server = await startServer(database.env, PORT);
  cookie = await logIn(server.url);
  projectId = (await api<{ project: { id: number } }>(server.url, cookie, "GET", "/api/projects/current")).body.project.id;
  // The import route and exceljs loaded, so the first bomb is not charged for them.
  const warm = await upload(workbook());
  expect(warm.status).toBe(200);
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await database?.drop();
});

/** The server process's resident memory now and its peak (MiB), from /proc. */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

/** Resets the process's peak to its present memory (Linux clear_refs); false where the kernel does not allow it. */
function resetPeak(): boolean {
  try {
    writeFileSync(`/proc/${server.child.pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

type Answer = { status: number; body: { error?: string; limit?: number; added?: unknown[] } };

async function upload(bytes: Uint8Array, name = "pier.xlsx"): Promise<Answer> {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart]), name);
  const res = await fetch(`${server.url}/api/projects/${projectId}/datasets/pier/import`, {
    method: "POST",
    headers: { cookie, origin: server.url },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

/** Uploads a file and measures the server: its memory before, its peak while answering, and the time to answer. */
async function measured(bytes: Uint8Array): Promise<Answer & { ms: number; before: number; peak: number; growth: number; fileMB: number }> {
  const reset = resetPeak();
  const before = memory();
  // Where the peak cannot be reset, sample the resident memory while the request runs.
  let sampled = before.rss;
  const sampler = reset ? undefined : setInterval(() => (sampled = Math.max(sampled, memory().rss)), 5);
  const started = performance.now();
  const answer = await upload(bytes);
  const ms = performance.now() - started;
  clearInterval(sampler);
  const after = memory();
  const peak = reset ? after.peak : Math.max(sampled, after.rss);
  return { ...answer, ms, before: before.rss, peak, growth: peak - before.rss, fileMB: bytes.byteLength / 1e6 };
}

/** A bomb refused (413, or 400 for what a table cannot hold) whose text names the limit, within the memory bound. */
async function expectRefused(name: string, bytes: Uint8Array, limit: { status?: number; setting?: string; text: RegExp; value?: number }) {
  const answer = await measured(bytes);
  report(`zip-bomb-${name}`, {
    fileMB: answer.fileMB,
    status: answer.status,
    msToAnswer: answer.ms,
    rssBeforeMB: answer.before,
    peakMB: answer.peak,
    growthMB: answer.growth,
    error: answer.body.error,
  });
  expect(answer.status, answer.body.error).toBe(limit.status ?? 413);
  expect(answer.body.error).toMatch(limit.text);
  if (limit.setting) expect(answer.body.error).toContain(limit.setting);
  if (limit.value !== undefined) expect(answer.body.limit).toBe(limit.value);
  expect(answer.growth).toBeLessThanOrEqual(MAX_GROWTH_MB);
}

describe("zip bombs through the import are refused with 413 naming the limit, the server's memory within +64 MB", () => {
  it("shared strings that unpack to 600 MB (the issue's 2.4 MB file), sizes declared: refused before inflating", async () => {
    await expectRefused("declared-600MB-shared-strings", workbook({ "xl/sharedStrings.xml": { text: sharedStrings(600_000, 1000) } }), {
      setting: "XLSX_MAX_PART_BYTES",
      text: /128 MiB/,
      value: PART_BYTES,
    });
  });

  it("the same file with both headers declaring 1 kB: refused while reading, at the total length of the strings", async () => {
    const bytes = workbook({ "xl/sharedStrings.xml": { text: sharedStrings(600_000, 1000), declare: { central: 1000, local: 1000 } } });
    await expectRefused("lying-600MB-shared-strings", bytes, { setting: "XLSX_MAX_SHARED_STRING_CHARS", text: /16,000,000/, value: SHARED_STRING_CHARS });
  });

  it("one shared string of 600 MB, sizes lying: refused within the first megabytes", async () => {
    const bytes = workbook({
      "xl/sharedStrings.xml": { text: { head: "<sst><si><t>", unit: "x", times: 600 * MiB, tail: "</t></si></sst>" }, declare: { central: 900, local: 900 } },
    });
    await expectRefused("lying-one-600MB-string", bytes, { text: /32,767 characters/ });
  });

  it("30 million one-character shared strings (the many-tiny-strings file), sizes lying", async () => {
    const bytes = workbook({ "xl/sharedStrings.xml": { text: sharedStrings(30_000_000, 1, 1), declare: { central: 1000, local: 1000 } } });
    await expectRefused("lying-30M-tiny-strings", bytes, { setting: "XLSX_MAX_SHARED_STRINGS", text: /1,000,000/, value: SHARED_STRINGS });
  });

  it("a sheet that unpacks to 300 MB of elements no reader knows, sizes lying: inflating stops at the limit", async () => {
    const bytes = workbook({
      "xl/worksheets/sheet1.xml": {
        text: { head: "<worksheet><sheetData>", unit: "<x/>", times: 75_000_000, tail: "</sheetData></worksheet>" },
        declare: { central: 500, local: 500 },
      },
    });
    await expectRefused("lying-300MB-sheet", bytes, { setting: "XLSX_MAX_PART_BYTES", text: /128 MiB/, value: PART_BYTES });
  });

  it("a sheet that unpacks to 300 MB of empty rows, sizes lying: refused at the rows a table can take, counted before parsing", async () => {
    const bytes = workbook({
      "xl/worksheets/sheet1.xml": {
        text: { head: "<worksheet><sheetData>", unit: '<row r="1"/>', times: 25_000_000, tail: "</sheetData></worksheet>" },
        declare: { central: 500, local: 500 },
      },
    });
    await expectRefused("lying-300MB-empty-rows", bytes, { status: 400, text: /more than 200,040 rows/ });
  });

  it("a cell whose text comes in 40 million pieces (a 320 MB sheet), sizes lying", async () => {
    const bytes = workbook({
      "xl/worksheets/sheet1.xml": {
        text: {
          head: '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>',
          unit: "x<!---->",
          times: 40_000_000,
          tail: "</t></is></c></row></sheetData></worksheet>",
        },
        declare: { central: 500, local: 500 },
      },
    });
    await expectRefused("lying-320MB-cell", bytes, { text: /cell/ });
  });

  it("a sheet of 3 million one-cell rows (0.4 MB), under every byte limit: refused at the rows a table can take", async () => {
    const bytes = workbook({
      "xl/worksheets/sheet1.xml": {
        text: { head: "<worksheet><sheetData>", unit: '<row r="2"><c r="A2"><v>1.5</v></c></row>', times: 3_000_000, tail: "</sheetData></worksheet>" },
      },
    });
    await expectRefused("3M-one-cell-rows", bytes, { status: 400, text: /more than 200,040 rows/ });
  });

  it("a sheet of 300-cell rows (1.5 million cells, under every byte and row limit): refused at the cells a file may hold", async () => {
    // Every cell with its reference, as Excel writes them (exceljs refuses a row of cells without one).
    const row = `<row r="2">${Array.from({ length: 300 }, (_, i) => `<c r="${columnLetter(i + 1)}2"><v>1.5</v></c>`).join("")}</row>`;
    const bytes = workbook({
      "xl/worksheets/sheet1.xml": { text: { head: "<worksheet><sheetData>", unit: row, times: 5_000, tail: "</sheetData></worksheet>" } },
    });
    await expectRefused("1.5M-cells-in-wide-rows", bytes, { status: 400, text: /more than 1,200,000 cells/ });
  });

  it("styles of 4 million cell formats (20 MB), sizes lying", async () => {
    const bytes = workbook({
      "xl/styles.xml": {
        text: { head: "<styleSheet><cellXfs>", unit: "<xf/>", times: 4_000_000, tail: "</cellXfs></styleSheet>" },
        declare: { central: 700, local: 700 },
      },
    });
    await expectRefused("lying-20MB-styles", bytes, { text: /65,490/ });
  });

  it("a zip directory of 60,000 entries", async () => {
    const bytes = workbook(
      {},
      Array.from({ length: 60_000 }, (_, i) => ({ path: `m/${i}`, text: "" })),
    );
    await expectRefused("60k-entries", bytes, { setting: "XLSX_MAX_PARTS", text: /10,000/, value: PARTS });
  });
});

describe("real workbooks still import at the default limits", () => {
  it("a 2,000 x 300 table of distinct texts (600,000 shared strings) previews", async () => {
    const columns = Array.from({ length: 300 }, (_, i) => `Item${i + 1}`);
    // Rows of notes (a text kind takes any value): a numeric row would rightly refuse "Pot Guided" (docs/tables.md).
    const rows = benchTable().map((_, r) => ({
      Id: r + 1,
      Parameter: `BearingRemarks${r + 1}`,
      CreatedAt: "",
      UpdatedAt: "",
      Version: 1,
      ...Object.fromEntries(columns.map((c, i) => [c, `Pot Guided ${r}-${i}`])),
    }));
    const bytes = await writeXlsx({
      project: { id: 999, name: "Elsewhere" },
      dataset: { key: "pier", title: "Revit_Pier Data" },
      revision: 1,
      exportedAt: new Date(),
      rows,
      columns,
    });
    const answer = await measured(bytes);
    report("zip-bomb-real-2000x300-distinct-strings", { fileMB: answer.fileMB, status: answer.status, msToAnswer: answer.ms, growthMB: answer.growth });
    expect(answer.status, answer.body.error).toBe(200);
    expect(answer.body.added).toHaveLength(2000);
  });
});
