/**
 * How much of an uploaded workbook the import unpacks and keeps, so that a small file cannot fill the server's
 * memory (issue 24: a 2.4 MB file whose shared strings unpacked to 600 MB took 700 MB). A workbook is a zip: each
 * part is refused on the size its headers declare, then counted as it inflates, since headers can lie, and
 * inflating stops as soon as the count passes a limit. The XML inside is checked as it streams, before any parser
 * gathers it: no text, tag or comment grows past what Excel ever writes.
 */
import { pipeline, type Readable, Transform, type TransformCallback } from "node:stream";
import type { File as ZipEntry } from "unzipper";
import { env, type Env } from "@/lib/env";
import { DomainError } from "@/lib/errors";

export type XlsxLimits = {
  /** XLSX_MAX_PARTS: entries in the zip's directory. */
  maxParts: number;
  /** XLSX_MAX_PART_BYTES: the unpacked bytes of one part. */
  maxPartBytes: number;
  /** XLSX_MAX_UNPACKED_BYTES: the unpacked bytes of every part read, together. */
  maxUnpackedBytes: number;
  /** XLSX_MAX_SHARED_STRINGS: the workbook's distinct texts. */
  maxSharedStrings: number;
  /** XLSX_MAX_SHARED_STRING_CHARS: their characters, together. */
  maxSharedStringChars: number;
};

export function xlsxLimits(e: Env = env()): XlsxLimits {
  return {
    maxParts: e.XLSX_MAX_PARTS,
    maxPartBytes: e.XLSX_MAX_PART_BYTES,
    maxUnpackedBytes: e.XLSX_MAX_UNPACKED_BYTES,
    maxSharedStrings: e.XLSX_MAX_SHARED_STRINGS,
    maxSharedStringChars: e.XLSX_MAX_SHARED_STRING_CHARS,
  };
}

// Excel's own limits: a file past them was not written by Excel, and these are not settings.
/** The characters of a cell's text. */
export const EXCEL_MAX_CELL_CHARS = 32_767;
/** The cell formats of a workbook. */
export const EXCEL_MAX_CELL_FORMATS = 65_490;
/** A sheet's name or a relationship's id (Excel names a sheet in at most 31 characters). */
export const MAX_NAME_CHARS = 255;
/**
 * One text, one tag, or the text of one cell in a sheet, as XML bytes: a cell's 32,767 characters take at most
 * 200 kB (6 bytes for &quot;).
 */
const XML_MAX_TEXT_BYTES = 1024 * 1024;
/** A comment, processing instruction or CDATA section: no reader uses them, and the XML parser gathers them a character at a time. */
const XML_MAX_ASIDE_BYTES = 64 * 1024;

const MiB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MiB).toLocaleString("en", { maximumFractionDigits: 1 })} MiB`;
const count = (n: number) => n.toLocaleString("en");
const ADVICE = "Copy the table into a new workbook, or export it as CSV, and import that.";

function tooLarge(message: string, limit: number): DomainError {
  return new DomainError("too-large", `${message} ${ADVICE}`, { limit });
}

export const refusals = {
  parts: (entries: number, limit: number) =>
    tooLarge(`This workbook holds ${count(entries)} parts, more than the ${count(limit)} an import reads (XLSX_MAX_PARTS).`, limit),
  declaredPart: (path: string, bytes: number, limit: number) =>
    tooLarge(`The workbook's part ${path} unpacks to ${mib(bytes)}, over the limit of ${mib(limit)} per part (XLSX_MAX_PART_BYTES).`, limit),
  part: (path: string, limit: number) =>
    tooLarge(`The workbook's part ${path} unpacks to more than ${mib(limit)}, the limit per part (XLSX_MAX_PART_BYTES).`, limit),
  unpacked: (limit: number) => tooLarge(`The workbook unpacks to more than ${mib(limit)}, the limit for one import (XLSX_MAX_UNPACKED_BYTES).`, limit),
  sharedStrings: (limit: number) =>
    tooLarge(`The workbook holds more than ${count(limit)} distinct texts (shared strings), the limit for one import (XLSX_MAX_SHARED_STRINGS).`, limit),
  sharedStringChars: (limit: number) =>
    tooLarge(
      `The workbook's distinct texts (shared strings) hold more than ${count(limit)} characters, the limit for one import (XLSX_MAX_SHARED_STRING_CHARS).`,
      limit,
    ),
  cellChars: (path: string) =>
    tooLarge(`The workbook's part ${path} holds a text longer than ${count(EXCEL_MAX_CELL_CHARS)} characters, Excel's limit for a cell.`, EXCEL_MAX_CELL_CHARS),
  cellFormats: () =>
    tooLarge(`The workbook's styles hold more than ${count(EXCEL_MAX_CELL_FORMATS)} cell or number formats, Excel's own limit.`, EXCEL_MAX_CELL_FORMATS),
  name: (path: string) =>
    tooLarge(`The workbook's part ${path} names a sheet or part in more than ${MAX_NAME_CHARS} characters (Excel allows 31 for a sheet).`, MAX_NAME_CHARS),
  xmlText: (path: string) =>
    tooLarge(
      `The workbook's part ${path} holds a text of more than ${mib(XML_MAX_TEXT_BYTES)}, longer than any cell (Excel's limit is ${count(EXCEL_MAX_CELL_CHARS)} characters).`,
      XML_MAX_TEXT_BYTES,
    ),
  xmlCell: (path: string) =>
    tooLarge(
      `The workbook's part ${path} holds a cell whose text takes more than ${mib(XML_MAX_TEXT_BYTES)}, longer than any cell (Excel's limit is ${count(EXCEL_MAX_CELL_CHARS)} characters).`,
      XML_MAX_TEXT_BYTES,
    ),
  xmlTag: (path: string) =>
    tooLarge(`The workbook's part ${path} holds an XML tag of more than ${mib(XML_MAX_TEXT_BYTES)}, which Excel never writes.`, XML_MAX_TEXT_BYTES),
  xmlAside: (path: string) =>
    tooLarge(
      `The workbook's part ${path} holds a comment or instruction of more than ${XML_MAX_ASIDE_BYTES / 1024} KiB, which Excel never writes.`,
      XML_MAX_ASIDE_BYTES,
    ),
};

/** A part with a document type declaration: Excel never writes one, and the parser would gather it whole. */
const declaration = (path: string) =>
  new DomainError(
    "invalid",
    `The workbook's part ${path} declares a document type, which Excel never writes: this file cannot be read. Open it in Excel and save it again as .xlsx.`,
  );

// ---------------------------------------------------------------- the zip's directory

const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/**
 * The entries the zip's directory declares, found where unzipper looks (its first end-of-directory signature in
 * the last 80 bytes, then the zip64 record when the count or offset says so), before unzipper reads one entry:
 * it keeps an object for each. Null when there is none to find: unzipper then refuses the file itself.
 */
function declaredEntries(bytes: Buffer): number | null {
  const at = bytes.indexOf(END_OF_DIRECTORY, Math.max(0, bytes.length - 80));
  if (at < 0 || at + 22 > bytes.length) return null;
  const entries = bytes.readUInt16LE(at + 10);
  if (entries !== 0xffff && bytes.readUInt32LE(at + 16) !== 0xffffffff) return entries;
  const locator = at - 20;
  if (locator < 0 || bytes.readUInt32LE(locator) !== 0x07064b50) return null;
  const record = Number(bytes.readBigUInt64LE(locator + 8));
  if (record + 56 > bytes.length || bytes.readUInt32LE(record) !== 0x06064b50) return null;
  return Number(bytes.readBigUInt64LE(record + 32));
}

/** Refuses a zip whose directory declares more entries than an import reads. */
export function checkDirectory(bytes: Buffer, limits: XlsxLimits): void {
  const entries = declaredEntries(bytes);
  if (entries !== null && entries > limits.maxParts) throw refusals.parts(entries, limits.maxParts);
}

/** The unpacked size a part's local header declares (0 when it defers to a descriptor or to zip64). */
function localDeclaredSize(bytes: Buffer, offset: number): number {
  if (offset + 30 > bytes.length || bytes.readUInt32LE(offset) !== 0x04034b50) return 0;
  const size = bytes.readUInt32LE(offset + 22);
  return size === 0xffffffff ? 0 : size;
}

// ---------------------------------------------------------------- the parts

/**
 * The rows and cells of a workbook's sheets, together, counted as XML elements (`<row>`, `<c>`) while each sheet
 * streams through its check and before any is parsed: a sheet of millions of small rows is then refused for the
 * cost of inflating it, where parsing it first made an object a row (+130 MB before its refusal).
 */
export class SheetTally {
  rows = 0;
  cells = 0;

  constructor(
    readonly maxRows: number,
    readonly maxCells: number,
  ) {}
}

/** What a sheet's check counts into, and the refusal (naming the sheet) once the tally passes its limits. */
export type SheetCount = { tally: SheetTally; refuse(what: "rows" | "cells"): DomainError };

/** The unpacked bytes of one workbook's parts, counted together. */
export class UnpackBudget {
  private used = 0;
  /** The parts already counted: one checked before it is read is not counted twice. */
  private readonly counted = new Set<ZipEntry>();

  constructor(
    private readonly zip: Buffer,
    readonly limits: XlsxLimits,
  ) {}

  /**
   * A part's unpacked bytes as a stream: refused at once when either header declares more than a limit allows,
   * and failing (inflating no further) as soon as the bytes it passes on exceed a limit or its XML what Excel
   * writes. `valueTags`: the elements whose text a reader gathers across tags (a sheet's cell values); `count`:
   * where a sheet's rows and cells are counted.
   */
  open(entry: ZipEntry, valueTags?: ReadonlySet<string>, count?: SheetCount): Readable {
    const declared = Math.max(entry.uncompressedSize, localDeclaredSize(this.zip, entry.offsetToLocalFileHeader));
    if (declared > this.limits.maxPartBytes) throw refusals.declaredPart(entry.path, declared, this.limits.maxPartBytes);
    const charged = !this.counted.has(entry);
    this.counted.add(entry);
    if (charged && this.used + declared > this.limits.maxUnpackedBytes) throw refusals.unpacked(this.limits.maxUnpackedBytes);
    const guard = new PartGuard(entry.path, this, new XmlScanner(entry.path, valueTags, count), charged);
    // A failure on either side ends both: the guard's refusal stops the inflating.
    pipeline(entry.stream(), guard, () => {});
    return guard;
  }

  /** Inflates a part through its checks and lets its bytes go: a refusal then costs no parsing. */
  async check(entry: ZipEntry, valueTags?: ReadonlySet<string>, count?: SheetCount): Promise<void> {
    for await (const _chunk of this.open(entry, valueTags, count));
  }

  /** Counts bytes unpacked; the refusal once they pass the limit for all parts. */
  take(bytes: number): DomainError | null {
    this.used += bytes;
    return this.used > this.limits.maxUnpackedBytes ? refusals.unpacked(this.limits.maxUnpackedBytes) : null;
  }
}

class PartGuard extends Transform {
  private bytes = 0;

  constructor(
    private readonly path: string,
    private readonly budget: UnpackBudget,
    private readonly scanner: XmlScanner,
    /** False when the part's bytes were counted already, by its check. */
    private readonly charged: boolean,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    const problem =
      this.bytes > this.budget.limits.maxPartBytes
        ? refusals.part(this.path, this.budget.limits.maxPartBytes)
        : ((this.charged ? this.budget.take(chunk.length) : null) ?? this.scanner.scan(chunk));
    if (problem) callback(problem);
    else callback(null, chunk);
  }
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DASH = 0x2d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const SPACE = 0x20;
/** The names of a sheet's row and cell elements, as numbers (see XmlScanner.name). */
const ROW = (0x72 << 16) | (0x6f << 8) | 0x77;
const CELL = 0x63;

const TEXT = 0;
const OPEN = 1; // after "<"
const NAME = 2; // a tag's name
const TAG = 3; // the rest of a tag, up to its ">"
const BANG_OPEN = 4; // after "<!"
const COMMENT_OPEN = 5; // after "<!-"
const COMMENT = 6;
const CDATA = 7;
const INSTRUCTION = 8;

/**
 * Walks a part's XML bytes, as few at a time as it takes, and tells when a token grows past what Excel writes:
 * a text or a tag over XML_MAX_TEXT_BYTES (the XML parser gathers each whole before it hands it on), a comment,
 * CDATA section or instruction over XML_MAX_ASIDE_BYTES, or, for a sheet, the text after a value element opened
 * over XML_MAX_TEXT_BYTES (exceljs's sheet reader adds every text to the last value opened, across any tags).
 * Given a count, it also counts a sheet's rows and cells, as exceljs's reader knows them (unprefixed names).
 */
class XmlScanner {
  private state = TEXT;
  /** Bytes of the current token. */
  private token = 0;
  /** Text bytes since a value element last opened. */
  private value = 0;
  /** The current tag's name as a number (its first 3 bytes: the value elements' names are no longer), and its length. */
  private name = 0;
  private nameLength = 0;
  /** The value elements' names, as numbers alike. */
  private readonly valueNames: ReadonlySet<number> | undefined;
  private closing = false;
  /** The last two bytes of a comment, CDATA section or instruction, to find where it ends. */
  private last = 0;
  private beforeLast = 0;

  constructor(
    private readonly path: string,
    valueTags: ReadonlySet<string> | undefined,
    private readonly count?: SheetCount,
  ) {
    // Compared as numbers: building each tag's name as a string made the garbage of a large sheet's millions of tags.
    this.valueNames = valueTags && new Set([...valueTags].map((tag) => [...Buffer.from(tag)].reduce((code, b) => code * 256 + b, 0)));
  }

  scan(chunk: Buffer): DomainError | null {
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      switch (this.state) {
        case TEXT: {
          const lt = chunk.indexOf(LT, i);
          const end = lt < 0 ? n : lt;
          this.token += end - i;
          this.value += end - i;
          if (this.token > XML_MAX_TEXT_BYTES) return refusals.xmlText(this.path);
          if (this.valueNames && this.value > XML_MAX_TEXT_BYTES) return refusals.xmlCell(this.path);
          if (lt < 0) return null;
          // The usual tag, whole in this chunk: its end and name found at once, not a state a byte.
          const first = chunk[lt + 1];
          const gt = first === undefined || first === BANG || first === QUESTION ? -1 : chunk.indexOf(GT, lt + 1);
          if (gt >= 0 && gt - lt < XML_MAX_TEXT_BYTES) {
            if (this.valueNames && first !== SLASH) {
              let name = 0;
              let length = 0;
              for (let j = lt + 1; j < gt && length <= 3; j++, length++) {
                const b = chunk[j]!;
                if (b === SLASH || b <= SPACE) break;
                name = name * 256 + b;
              }
              if (length <= 3 && this.valueNames.has(name)) this.value = 0;
              const problem = this.counted(name, length);
              if (problem) return problem;
            }
            i = gt + 1;
            this.token = 0;
            break;
          }
          i = lt + 1;
          this.state = OPEN;
          this.token = 1;
          break;
        }
        case OPEN: {
          const b = chunk[i]!;
          if (b === BANG || b === QUESTION) {
            this.state = b === BANG ? BANG_OPEN : INSTRUCTION;
            this.last = this.beforeLast = 0;
            i++;
            this.token++;
          } else {
            this.closing = b === SLASH;
            if (this.closing) {
              i++;
              this.token++;
            }
            this.name = 0;
            this.nameLength = 0;
            this.state = NAME;
          }
          break;
        }
        case NAME: {
          const b = chunk[i]!;
          if (b === GT || b === SLASH || b <= SPACE) {
            this.state = TAG;
            break;
          }
          if (++this.nameLength <= 3) this.name = this.name * 256 + b;
          i++;
          if (++this.token > XML_MAX_TEXT_BYTES) return refusals.xmlTag(this.path);
          break;
        }
        case TAG: {
          // Up to the first ">", even one inside an attribute's value: what follows it counts as text, and since
          // no value holds a "<", the parser's gathering of any value stays within one text's bound.
          const gt = chunk.indexOf(GT, i);
          const end = gt < 0 ? n : gt;
          this.token += end - i;
          if (this.token > XML_MAX_TEXT_BYTES) return refusals.xmlTag(this.path);
          if (gt < 0) return null;
          if (!this.closing && this.nameLength <= 3 && this.valueNames?.has(this.name)) this.value = 0;
          const problem = this.closing ? null : this.counted(this.name, this.nameLength);
          if (problem) return problem;
          this.state = TEXT;
          this.token = 0;
          i = gt + 1;
          break;
        }
        case BANG_OPEN: {
          const b = chunk[i++]!;
          this.token++;
          if (b === DASH) this.state = COMMENT_OPEN;
          else if (b === OPEN_BRACKET) this.state = CDATA;
          else return declaration(this.path);
          break;
        }
        case COMMENT_OPEN: {
          // The second "-" (the XML parser refuses anything else).
          i++;
          this.token++;
          this.state = COMMENT;
          break;
        }
        default: {
          // A comment ends with "-->", a CDATA section with "]]>", an instruction with "?>".
          const closer = this.state === COMMENT ? DASH : this.state === CDATA ? CLOSE_BRACKET : QUESTION;
          const single = this.state === INSTRUCTION;
          for (; i < n; i++) {
            const b = chunk[i]!;
            this.token++;
            if (b === GT && this.last === closer && (single || this.beforeLast === closer)) {
              this.state = TEXT;
              this.token = 0;
              i++;
              break;
            }
            this.beforeLast = this.last;
            this.last = b;
          }
          if (this.token > XML_MAX_ASIDE_BYTES) return refusals.xmlAside(this.path);
        }
      }
    }
    return null;
  }

  /** Counts an opening row or cell element; the refusal once the sheets hold more than an import takes. */
  private counted(name: number, length: number): DomainError | null {
    if (!this.count) return null;
    const { tally } = this.count;
    if (length === 3 && name === ROW && ++tally.rows > tally.maxRows) return this.count.refuse("rows");
    if (length === 1 && name === CELL && ++tally.cells > tally.maxCells) return this.count.refuse("cells");
    return null;
  }
}
