import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import parseSax, { type SaxEvent } from "exceljs/lib/utils/parse-sax.js";
import excelUtils from "exceljs/lib/utils/utils.js";
import NumFmtXform from "exceljs/lib/xlsx/xform/style/numfmt-xform.js";
import { Open } from "unzipper";
import type { DomainError } from "@/lib/errors";
import {
  checkDirectory,
  EXCEL_MAX_CELL_CHARS,
  EXCEL_MAX_CELL_FORMATS,
  MAX_NAME_CHARS,
  refusals,
  SheetTally,
  UnpackBudget,
  type XlsxLimits,
} from "./xlsx-limits";

/** The parts of exceljs's streaming reader (exceljs 4.4, lib/stream/xlsx/workbook-reader.js) used here: its sheet reader, and what that looks up (set here). */
type ReaderParts = {
  _parseWorksheet(rows: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
  workbookRels?: Relationship[];
  model?: { sheets: SheetEntry[] };
  properties: { model: { date1904: boolean } };
  sharedStrings?: unknown;
  styles: { getStyleModel(id: number): { numFmt?: string } | null };
};

type Relationship = { Id: string; Target: string };
/** The rows and cells all sheets of a file may hold, and the refusal naming the sheet that passes them. */
export type SheetLimits = { maxRows: number; maxCells: number; refuse(what: "rows" | "cells", sheet: string): DomainError };
type SheetEntry = { name: string; id: number; state?: string; rId: string };

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
/** The elements of a sheet whose text exceljs's sheet reader gathers into a cell's value. */
const CELL_VALUE_TAGS: ReadonlySet<string> = new Set(["v", "f", "t", "is"]);

/**
 * exceljs's streaming workbook reader, fed from the zip's central directory instead of one pass over the zip in
 * stored order. That pass parks each sheet stored before the shared strings (as Excel and exceljs store them) in a
 * temporary file, and its zip parser ends once it has read the last byte, whether or not the reader has taken the
 * parts it passed over: when the disk is slow, the workbook part stored last is dropped and a sound workbook fails
 * to read (exceljs issue #3064). Here the parts are read in the order the reader needs them (relationships,
 * workbook, shared strings, styles, then each sheet, still row by row) and nothing is written to disk.
 *
 * Every part is read within the limits of xlsx-limits.ts. The relationships, workbook, shared strings and styles
 * are read here rather than by exceljs, keeping only what reading the sheets needs: exceljs keeps an object for
 * each element of them and all of their texts, so a small file could fill the memory (a 16 MB styles part of
 * empty formats took 1 GB). Every sheet is checked whole (its bytes, its XML, its rows and cells counted) before
 * the first is parsed.
 */
export class WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  constructor(
    private readonly bytes: Buffer,
    private readonly limits: XlsxLimits,
    private readonly sheetLimits: SheetLimits,
  ) {
    // The input is the bytes above; exceljs only keeps this one.
    super("", { worksheets: "emit", hyperlinks: "ignore", entries: "ignore" });
    const reader = this as unknown as ReaderParts;
    reader.styles = new NumberFormats();
    reader.properties = { model: { date1904: false } };
  }

  async *parse(): AsyncGenerator<{ eventType: string; value: unknown }> {
    checkDirectory(this.bytes, this.limits);
    const directory = await Open.buffer(this.bytes);
    const files = new Map(directory.files.map((file) => [file.path, file]));
    const budget = new UnpackBudget(this.bytes, this.limits);
    const part = (path: string, valueTags?: ReadonlySet<string>) => {
      const file = files.get(path);
      return file && budget.open(file, valueTags);
    };
    const reader = this as unknown as ReaderParts;

    const sheets = [...files.keys()]
      .map((path) => SHEET.exec(path))
      .filter((match) => match !== null)
      .sort((a, b) => Number(a[1]) - Number(b[1]));
    const rels = part("xl/_rels/workbook.xml.rels");
    if (rels) reader.workbookRels = await readRelationships(rels, new Set(sheets.map(([path]) => path!.slice("xl/".length))));
    const workbook = part("xl/workbook.xml");
    if (workbook) {
      const read = await readWorkbook(workbook, new Set((reader.workbookRels ?? []).map((rel) => rel.Id)));
      reader.model = { sheets: read.sheets };
      reader.properties = { model: { date1904: read.date1904 } };
    }
    const sharedStrings = part("xl/sharedStrings.xml");
    if (sharedStrings) reader.sharedStrings = (await readSharedStrings(sharedStrings, this.limits)).toArray();
    const styles = part("xl/styles.xml");
    if (styles) reader.styles = await readNumberFormats(styles);
    const tally = new SheetTally(this.sheetLimits.maxRows, this.sheetLimits.maxCells);
    for (const [index, [path, sheetNo]] of sheets.entries()) {
      const name = sheetName(reader, sheetNo!) ?? `Sheet ${index + 1}`;
      await budget.check(files.get(path!)!, CELL_VALUE_TAGS, { tally, refuse: (what) => this.sheetLimits.refuse(what, name) });
    }

    for (const [path, sheetNo] of sheets) yield* reader._parseWorksheet(part(path!, CELL_VALUE_TAGS)!, sheetNo!);
  }
}

/** A sheet's name as exceljs's reader finds it (lib/stream/xlsx/workbook-reader.js, _parseWorksheet). */
function sheetName(reader: ReaderParts, sheetNo: string): string | undefined {
  const rel = reader.workbookRels?.find((r) => r.Target === `worksheets/sheet${sheetNo}.xml`);
  return rel && reader.model?.sheets.find((sheet) => sheet.rId === rel.Id)?.name;
}

/** Hands each XML event of a part to `visit` (an event at a time costs an await each: a million strings took seconds); the part's stream ends with them, read or not. */
async function eachXmlEvent(part: Readable, visit: (event: SaxEvent) => void): Promise<void> {
  try {
    for await (const events of parseSax(part)) for (const event of events) visit(event);
  } finally {
    part.destroy();
  }
}

/** The relationships to the workbook's sheets (the first to each one), all exceljs's sheet reader looks up. */
async function readRelationships(part: Readable, sheetTargets: ReadonlySet<string>): Promise<Relationship[]> {
  const kept = new Map<string, string>();
  await eachXmlEvent(part, (event) => {
    if (event.eventType !== "opentag" || event.value.name !== "Relationship") return;
    const { Id, Target } = event.value.attributes;
    if (Id === undefined || Target === undefined || !sheetTargets.has(Target) || kept.has(Target)) return;
    if (Id.length > MAX_NAME_CHARS) throw refusals.name("xl/_rels/workbook.xml.rels");
    kept.set(Target, Id);
  });
  return [...kept].map(([Target, Id]) => ({ Id, Target }));
}

/** The workbook's sheets that have a part (the first entry for each), and its date system. */
async function readWorkbook(part: Readable, sheetIds: ReadonlySet<string>): Promise<{ sheets: SheetEntry[]; date1904: boolean }> {
  const sheets = new Map<string, SheetEntry>();
  let date1904 = false;
  let inSheets = false;
  await eachXmlEvent(part, (event) => {
    if (event.eventType === "closetag" && event.value.name === "sheets") inSheets = false;
    if (event.eventType !== "opentag") return;
    const { name, attributes } = event.value;
    if (name === "sheets") inSheets = true;
    else if (name === "workbookPr") date1904 = attributes.date1904 === "1";
    else if (name === "sheet" && inSheets) {
      const rId = attributes["r:id"];
      if (rId === undefined || !sheetIds.has(rId) || sheets.has(rId)) return;
      const sheetName = excelUtils.xmlDecode(attributes.name ?? "");
      if (sheetName.length > MAX_NAME_CHARS) throw refusals.name("xl/workbook.xml");
      sheets.set(rId, { name: sheetName, id: parseInt(attributes.sheetId ?? "", 10), state: attributes.state, rId });
    }
  });
  return { sheets: [...sheets.values()], date1904 };
}

/** Strings per block of SharedStrings. */
const BLOCK = 4096;

/**
 * The workbook's shared strings, kept compactly while they are read: the text of each 4,096 strings joined into
 * one string, and where each one ends (4 bytes a string, where an array of strings costs some 40), so that a
 * workbook refused at a limit has not filled the memory first.
 */
class SharedStrings {
  private readonly blocks: string[] = [];
  private pending: string[] = [];
  private pendingLength = 0;
  private ends = new Uint32Array(BLOCK);
  count = 0;

  push(text: string): void {
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.pending.push(text);
    this.pendingLength += text.length;
    this.ends[this.count++] = this.pendingLength;
    if (this.pending.length === BLOCK) this.flush();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    this.blocks.push(this.pending.join(""));
    this.pending = [];
    this.pendingLength = 0;
  }

  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    const start = index % BLOCK === 0 ? 0 : this.ends[index - 1]!;
    return this.blocks[Math.floor(index / BLOCK)]!.slice(start, this.ends[index]);
  }

  /**
   * The strings as exceljs's sheet reader looks them up (sharedStrings[index]), once all are read and within the
   * limits: a plain array, since a Proxy in that lookup slowed reading a sheet by a third.
   */
  toArray(): string[] {
    this.flush();
    const strings: string[] = [];
    for (let i = 0; i < this.count; i++) strings.push(this.get(i)!);
    return strings;
  }
}

/**
 * Reads the shared strings within their limits, each counted before it is kept: their number, their characters
 * together, and each one's (Excel's limit for a cell). A string's text is that of its runs; phonetic guides
 * (rPh) are not part of it.
 */
async function readSharedStrings(part: Readable, limits: XlsxLimits): Promise<SharedStrings> {
  const strings = new SharedStrings();
  const path = "xl/sharedStrings.xml";
  let inString = false;
  let inText = false;
  let phonetic = 0;
  let texts: string[] = [];
  let length = 0;
  let total = 0;
  await eachXmlEvent(part, (event) => {
    if (event.eventType === "text") {
      if (!inText) return;
      length += event.value.length;
      total += event.value.length;
      if (total > limits.maxSharedStringChars) throw refusals.sharedStringChars(limits.maxSharedStringChars);
      if (length > EXCEL_MAX_CELL_CHARS) throw refusals.cellChars(path);
      texts.push(event.value);
    } else if (event.eventType === "opentag") {
      switch (event.value.name) {
        case "sst":
          // A count declared past the limit is refused before any string is read.
          if (Number(event.value.attributes.uniqueCount) > limits.maxSharedStrings) throw refusals.sharedStrings(limits.maxSharedStrings);
          break;
        case "si":
          if (strings.count >= limits.maxSharedStrings) throw refusals.sharedStrings(limits.maxSharedStrings);
          inString = true;
          texts = [];
          length = 0;
          break;
        case "t":
          inText = inString && phonetic === 0;
          break;
        case "rPh":
          phonetic++;
          break;
      }
    } else {
      switch (event.value.name) {
        case "t":
          inText = false;
          break;
        case "rPh":
          phonetic--;
          break;
        case "si":
          if (inString) strings.push(texts.join(""));
          inString = false;
          inText = false;
          break;
      }
    }
  });
  return strings;
}

/** A style as exceljs's sheet reader needs it: whether its number format is a date's (dates are numbers so formatted). */
const DATE_STYLE = { numFmt: "yyyy-mm-dd" };
const PLAIN_STYLE = {};

/**
 * The cell formats of the styles part, as far as reading values goes: for each, whether its number format is a
 * date's (exceljs's test, on the format the cell's style names, its own or built in). At most Excel's number of
 * formats.
 */
class NumberFormats {
  /** Each cell format's number format id, by the index a cell's "s" gives. */
  readonly formats: number[] = [];
  /** The workbook's own number formats: whether each is a date's. */
  readonly custom = new Map<number, boolean>();

  /** Each cell format's style once worked out (every cell asks). */
  private readonly styles: ({ numFmt?: string } | undefined)[] = [];

  getStyleModel(id: number): { numFmt?: string } | null {
    const known = this.styles[id];
    if (known) return known;
    const numFmtId = this.formats[id];
    if (numFmtId === undefined) return null;
    const date = !!numFmtId && (this.custom.get(numFmtId) ?? excelUtils.isDateFmt(NumFmtXform.getDefaultFmtCode(numFmtId)));
    return (this.styles[id] = date ? DATE_STYLE : PLAIN_STYLE);
  }
}

async function readNumberFormats(part: Readable): Promise<NumberFormats> {
  const formats = new NumberFormats();
  let inNumFmts = false;
  let inCellXfs = false;
  let numFmts = 0;
  await eachXmlEvent(part, (event) => {
    if (event.eventType === "closetag") {
      if (event.value.name === "numFmts") inNumFmts = false;
      else if (event.value.name === "cellXfs") inCellXfs = false;
      return;
    }
    if (event.eventType !== "opentag") return;
    const { name, attributes } = event.value;
    if (name === "numFmts") inNumFmts = true;
    else if (name === "cellXfs") inCellXfs = true;
    else if ((name === "numFmt" && inNumFmts) || (name === "xf" && inCellXfs)) {
      if ((name === "xf" ? formats.formats.length : numFmts++) >= EXCEL_MAX_CELL_FORMATS) throw refusals.cellFormats();
      const id = parseInt(attributes.numFmtId ?? "", 10);
      if (name === "xf") formats.formats.push(id);
      // As exceljs reads a format: backslash escapes removed; an empty one stands for none.
      else if (attributes.formatCode) formats.custom.set(id, excelUtils.isDateFmt(attributes.formatCode.replace(/[\\](.)/g, "$1")));
    }
  });
  return formats;
}
