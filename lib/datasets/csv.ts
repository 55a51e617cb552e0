/**
 * CSV as Excel writes and reads it (RFC 4180): fields separated by commas,
 * records by CRLF; a field holding the separator, a quote, a line break or
 * leading/trailing spaces is quoted, its quotes doubled. Written with a UTF-8
 * byte-order mark, without which Excel reads UTF-8 as the local code page.
 */

export const BOM = "\uFEFF";
/** Text Excel would run as a formula when it opens a CSV file (CSV injection, OWASP): behind any guard apostrophes. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Whether a field needs (on writing) or has (on reading) the guard apostrophe: formula-like text that is not a number ("-12.5" is data). */
function guarded(text: string): boolean {
  return FORMULA_START.test(text) && !NUMBER.test(text.replace(/^'+/, ""));
}

/**
 * Text Excel would run as a formula ("=HYPERLINK(...)", "@SUM(...)") is
 * written with a leading apostrophe, which Excel shows as text and never
 * evaluates; reading takes one apostrophe off again, so the round trip is
 * exact (a value that itself starts with apostrophes keeps them).
 */
function guard(text: string): string {
  return guarded(text) ? `'${text}` : text;
}

/** A field as read back: the guard apostrophe of `toCsv` taken off. */
export function fromCsvField(text: string): string {
  return text.startsWith("'") && guarded(text) ? text.slice(1) : text;
}

function quote(field: string, separator: string): string {
  const needs = field.includes(separator) || /["\r\n]/.test(field) || field !== field.trim();
  return needs ? `"${field.replaceAll('"', '""')}"` : field;
}

/** Rows of fields as a CSV file's text: byte-order mark, CRLF after every record. */
export function toCsv(rows: readonly (readonly string[])[], separator = ","): string {
  const lines = rows.map((row) => row.map((field) => quote(guard(field), separator)).join(separator));
  return `${BOM}${lines.map((line) => `${line}\r\n`).join("")}`;
}

/** One record of a CSV file, with the number Excel would show for its row. */
export type CsvRecord = { row: number; fields: string[] };

/**
 * The separator of a CSV file, from its first line (outside quotes): Excel
 * in many European locales saves with semicolons, some tools with tabs.
 */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ",";
  for (const [separator, n] of counts) if (n > counts.get(best)!) best = separator;
  return best;
}

/** Why a CSV text cannot be read: the record (row) where the trouble starts. */
export class CsvError extends Error {
  constructor(
    readonly row: number,
    readonly column: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A CSV file's text as records of fields. A quoted field may hold
 * separators, doubled quotes and line breaks; a byte-order mark and one
 * trailing line break are not data. Every record is numbered as Excel
 * numbers rows (a line break inside quotes does not start a new row).
 * The guard apostrophe of `toCsv` is taken off. An unterminated quote is
 * an error naming where it opened.
 */
export function parseCsv(input: string, separator = detectSeparator(input.startsWith(BOM) ? input.slice(1) : input)): CsvRecord[] {
  const { records, unclosedQuote } = splitRecords(input.startsWith(BOM) ? input.slice(1) : input, separator);
  if (unclosedQuote) throw new CsvError(unclosedQuote.row, unclosedQuote.column, 'a quoted field is never closed (a " without its closing ")');
  return records.map((fields, i) => ({ row: i + 1, fields: fields.map(fromCsvField) }));
}

/**
 * Delimited text as records of fields, as Excel quotes them: a field that
 * opens with a quote may hold separators, line breaks and doubled quotes;
 * text after its closing quote is appended ("ab"c). One trailing line break
 * is not a record. A quote never closed runs to the end of the text, and
 * `unclosedQuote` says where it opened.
 */
export function splitRecords(text: string, separator: string): { records: string[][]; unclosedQuote: { row: number; column: number } | null } {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let atFieldStart = true;
  let quoteOpened = { row: 1, column: 1 };
  const endField = () => {
    fields.push(field);
    field = "";
    atFieldStart = true;
  };
  const endRecord = () => {
    endField();
    records.push(fields);
    fields = [];
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
      quoteOpened = { row: records.length + 1, column: fields.length + 1 };
      i++;
      continue;
    }
    if (ch === separator) {
      endField();
      i++;
      continue;
    }
    if (ch === "\r" || ch === "\n") {
      endRecord();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      continue;
    }
    field += ch;
    atFieldStart = false;
    i++;
  }
  if (field !== "" || fields.length > 0 || !atFieldStart) endRecord();
  return { records, unclosedQuote: quoted ? quoteOpened : null };
}
