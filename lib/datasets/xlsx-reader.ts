import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import parseSax, { type SaxEvent } from "exceljs/lib/utils/parse-sax.js";
import excelUtils from "exceljs/lib/utils/utils.js";
import colCache from "exceljs/lib/utils/col-cache.js";
import NumFmtXform from "exceljs/lib/xlsx/xform/style/numfmt-xform.js";
import { Open } from "unzipper";
import { DomainError } from "@/lib/errors";
import { BUILT_IN_DATE_FORMATS } from "./date-format";
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
/** A merged range of a sheet: its first and last row and column (1 = row 1, column A). */
export type CellRange = { top: number; left: number; bottom: number; right: number };
/** What a sheet shows differently from what it holds, refused past this many of each (far more than a table has). */
const MAX_MERGES = 20_000;
const MAX_HIDDEN_COLUMN_RANGES = 16_384;

/**
 * What a sheet hides or joins, which exceljs's sheet reader passes over: its hidden rows (`<row hidden="1">`), hidden
 * columns (`<col hidden="1">`) and merged ranges (`<mergeCell ref>`). Read from the sheet's XML as it streams to that
 * reader (see tapped), so the sheet is parsed once.
 */
export class SheetLayout {
  readonly hiddenRows = new Set<number>();
  readonly hiddenColumns: [min: number, max: number][] = [];
  readonly merges: CellRange[] = [];
  /** What the last chunk ended in the middle of: a tag, from its "<". */
  private rest = "";

  constructor(private readonly sheet: string) {}

  isHiddenColumn(column: number): boolean {
    return this.hiddenColumns.some(([min, max]) => column >= min && column <= max);
  }

  get empty(): boolean {
    return this.hiddenRows.size === 0 && this.hiddenColumns.length === 0 && this.merges.length === 0;
  }

  /**
   * Takes the row, column and merge tags out of a chunk of the sheet's XML. No "<" stands unescaped in a text or an
   * attribute, so each one starts a tag (or a comment, where a tag written to look like one is reported all the same:
   * it is the file's own doing, and it only shows the engineer one more place to look at).
   */
  scan(chunk: Buffer): void {
    const text = this.rest + chunk.toString("latin1");
    const open = text.lastIndexOf("<");
    const cut = open >= 0 && text.indexOf(">", open) < 0 ? open : text.length;
    this.rest = text.slice(cut);
    for (const [, name, attributes = ""] of text.slice(0, cut).matchAll(TAG)) {
      if (name === "mergeCell") this.merge(attribute(attributes, "ref"));
      else if (!HIDDEN.test(attributes)) continue;
      else if (name === "row") {
        const row = Number(attribute(attributes, "r"));
        if (Number.isInteger(row) && row > 0) this.hiddenRows.add(row);
      } else if (name === "col") {
        const min = Number(attribute(attributes, "min"));
        const max = Number(attribute(attributes, "max"));
        if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min) continue;
        if (this.hiddenColumns.length >= MAX_HIDDEN_COLUMN_RANGES) throw tooMany(this.sheet, `${count(MAX_HIDDEN_COLUMN_RANGES)} hidden column ranges`);
        this.hiddenColumns.push([min, max]);
      }
    }
  }

  private merge(ref: string | undefined): void {
    if (!ref || !/^[A-Z]{1,3}[0-9]{1,7}:[A-Z]{1,3}[0-9]{1,7}$/.test(ref)) return;
    if (this.merges.length >= MAX_MERGES) throw tooMany(this.sheet, `${count(MAX_MERGES)} merged ranges`);
    const { top, left, bottom, right } = colCache.decode(ref);
    if ([top, left, bottom, right].every((n) => Number.isInteger(n) && n > 0)) this.merges.push({ top, left, bottom, right });
  }
}

/** The opening tags a layout reads, with their attributes. */
const TAG = /<(row|col|mergeCell)(\s[^>]*)?>/g;
const HIDDEN = /\shidden\s*=\s*["'](1|true)["']/;
const ATTRIBUTES = new Map(["r", "min", "max", "ref"].map((name) => [name, new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`)]));
const attribute = (attributes: string, name: "r" | "min" | "max" | "ref") => ATTRIBUTES.get(name)!.exec(attributes)?.[1];

const count = (n: number) => n.toLocaleString("en");

function tooMany(sheet: string, what: string): DomainError {
  const message = `Sheet "${sheet}": the sheet has more than ${what}, more than a table's sheet needs. Copy the table into a new workbook and import that.`;
  return new DomainError("invalid", message, { sheet });
}

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

    for (const [index, [path, sheetNo]] of sheets.entries()) {
      const layout = new SheetLayout(sheetName(reader, sheetNo!) ?? `Sheet ${index + 1}`);
      for (const event of reader._parseWorksheet(tapped(part(path!, CELL_VALUE_TAGS)!, layout), sheetNo!)) {
        (event.value as { layout?: SheetLayout }).layout = layout;
        yield event;
      }
    }
  }

  /** Whether the workbook counts its dates from 1904 (old Mac workbooks) rather than 1900. */
  get date1904(): boolean {
    return (this as unknown as ReaderParts).properties.model.date1904;
  }
}

/** A sheet's hidden rows and columns and merged ranges, complete once its rows have all been read. */
export function layoutOf(worksheet: unknown): SheetLayout | undefined {
  return (worksheet as { layout?: SheetLayout }).layout;
}

/** A sheet's XML on its way to exceljs's reader, its layout read from it as it passes. */
async function* tapped(part: Readable, layout: SheetLayout): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of part) {
      layout.scan(chunk as Buffer);
      yield chunk as Buffer;
    }
  } finally {
    part.destroy();
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

/** A style of no date format: exceljs reads its numbers as numbers. */
const PLAIN_STYLE = {};

/**
 * The cell formats of the styles part, as far as reading values goes: for each, its number format when that is a
 * date's or a time's (exceljs's test, on the format the cell's style names, its own or built in), which exceljs then
 * reads as a date and the import shows as the cell does (date-format.ts). At most Excel's number of formats.
 */
class NumberFormats {
  /** Each cell format's number format id, by the index a cell's "s" gives. */
  readonly formats: number[] = [];
  /** The workbook's own number formats: the code of each date's or time's, null for the others. */
  readonly custom = new Map<number, string | null>();

  /** Each cell format's style once worked out (every cell asks). */
  private readonly styles: ({ numFmt?: string } | undefined)[] = [];

  getStyleModel(id: number): { numFmt?: string } | null {
    const known = this.styles[id];
    if (known) return known;
    const numFmtId = this.formats[id];
    if (numFmtId === undefined) return null;
    const code = this.custom.has(numFmtId) ? this.custom.get(numFmtId) : builtInDateFormat(numFmtId);
    return (this.styles[id] = code ? { numFmt: code } : PLAIN_STYLE);
  }
}

/** A built-in number format's code when it shows a date or a time. */
function builtInDateFormat(numFmtId: number): string | null {
  if (!numFmtId) return null;
  const code = BUILT_IN_DATE_FORMATS.get(numFmtId) ?? NumFmtXform.getDefaultFmtCode(numFmtId);
  return excelUtils.isDateFmt(code) ? code! : null;
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
      else if (attributes.formatCode) {
        // A date's as exceljs tests it, its backslash escapes removed (an empty one stands for none); kept with them
        // for showing it, where "\\d" is a letter d.
        const code = attributes.formatCode;
        formats.custom.set(id, excelUtils.isDateFmt(code.replace(/[\\](.)/g, "$1")) ? code : null);
      }
    }
  });
  return formats;
}
