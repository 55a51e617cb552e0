import { FIXED_FIELDS, type Row } from "./columns";
import { type KindSource, ROW_KIND, type RowKind, type RowKindInfo } from "./kinds";

/**
 * The compact answer (`?format=columns`): the column names once,
 * each row an array. A 2,000 x 300 table is 5.5 MB this way instead of 13 MB
 * of objects that repeat every name in every row, and the browser parses it
 * in a quarter of the time.
 *
 * A row is `[Id, Parameter, CreatedAt, UpdatedAt, Version, ...values]`, the
 * values in the order of `columns`; `null` where the row has no value for a
 * column, and trailing nulls left off.
 */
/** The screen's answer; `kinds` holds each row's kind, unit and where the kind came from (lib/datasets/kinds.ts), in the order of `rows`. */
export type ColumnsAnswer = {
  fields: readonly string[];
  columns: string[];
  rows: unknown[][];
  kinds?: [kind: RowKind, unit: string, from: KindSource][];
};

const FIELD_COUNT = FIXED_FIELDS.length;

/** One row (as the API shows it: fixed fields and its own columns) as the array of a columns answer. */
export function encodeRow(row: Record<string, unknown>, columns: readonly string[]): unknown[] {
  const values: unknown[] = FIXED_FIELDS.map((field) => row[field]);
  let last: number = FIELD_COUNT;
  for (const column of columns) {
    const value = row[column];
    if (value === undefined) values.push(null);
    else {
      values.push(value);
      last = values.length;
    }
  }
  values.length = last;
  return values;
}

/**
 * The table screen's answer (`?format=lines`): as the columns form, but each row one line of text, its fields
 * separated by tabs. Parsing 2,000 short JSON texts instead of 600,000 takes the browser a tenth of the time, and a
 * row's values are split out of its line only when first read (most rows are never drawn). In a field, a backslash,
 * tab, line feed and carriage return are written `\\`, `\t`, `\n` and `\r`; a value the row does not have is `\N`.
 */
export type LinesAnswer = Omit<ColumnsAnswer, "rows"> & { rows: string[] };

const ESCAPED = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const UNESCAPES: Record<string, string> = { "\\": "\\", t: "\t", n: "\n", r: "\r" };
const ABSENT = "\\N";

/** One row (as the API shows it) as the line of a lines answer. */
export function encodeLine(row: Record<string, unknown>, columns: readonly string[]): string {
  return encodeRow(row, columns)
    .map((value) => (value === null || value === undefined ? ABSENT : String(value).replace(ESCAPED, (c) => ESCAPES[c]!)))
    .join("\t");
}

/** A field of a line as its value: Id and Version are numbers. */
function fieldValue(text: string, index: number): unknown {
  if (index === 0 || index === 4) return Number(text);
  if (!text.includes("\\")) return text;
  if (text === ABSENT) return null;
  return text.replace(/\\(.)/g, (_, c: string) => UNESCAPES[c] ?? c);
}

/** The first `limit` fields of a line (all of them without a limit). */
function decodeLine(line: string, limit = Number.POSITIVE_INFINITY): unknown[] {
  if (limit === Number.POSITIVE_INFINITY) return line.split("\t").map(fieldValue);
  const fields: unknown[] = [];
  for (let start = 0; fields.length < limit;) {
    const end = line.indexOf("\t", start);
    fields.push(fieldValue(end < 0 ? line.slice(start) : line.slice(start, end), fields.length));
    if (end < 0) break;
    start = end + 1;
  }
  return fields;
}

const VALUES = Symbol("values");
const LINE = Symbol("line");
const FIXED = Symbol("fixed");
type RowView = { [VALUES]?: readonly unknown[]; [LINE]?: string; [FIXED]?: readonly unknown[]; [ROW_KIND]?: RowKindInfo };
const HIDDEN = new Set<PropertyKey>([VALUES, LINE, FIXED]);

/** A view's fields: its array, or its line split once when a value is first read (its fixed fields alone before that). */
function fieldsOf(view: RowView, index: number): readonly unknown[] {
  if (view[VALUES]) return view[VALUES];
  if (index < FIELD_COUNT) return (view[FIXED] ??= decodeLine(view[LINE]!, FIELD_COUNT));
  return (view[VALUES] = decodeLine(view[LINE]!));
}

/**
 * The rows of a compact answer as the screen works with them: one object per
 * row, with only the columns it has. Each is a read-only view of its array (or
 * line): a cell is looked up when read, so a 2,000 x 300 table needs no 600,000
 * property writes (about 110 ms and a garbage collection on the main thread
 * before the grid could draw). Keys, spreading and JSON see a plain row.
 */
function rowViews(answer: ColumnsAnswer | LinesAnswer): Row[] {
  const keys: readonly string[] = [...FIXED_FIELDS, ...answer.columns];
  const index = new Map<PropertyKey, number>(keys.map((key, i) => [key, i]));
  const cell = (view: RowView, key: PropertyKey): unknown => {
    const i = index.get(key);
    const value = i === undefined ? undefined : fieldsOf(view, i)[i];
    return value === null ? undefined : value;
  };
  const handler: ProxyHandler<RowView> = {
    get: (view, key, receiver) => (index.has(key) ? cell(view, key) : HIDDEN.has(key) ? undefined : Reflect.get(view, key, receiver)),
    has: (view, key) => (index.has(key) ? cell(view, key) !== undefined : !HIDDEN.has(key) && Reflect.has(view, key)),
    // The row's kind (a symbol) is listed too, so a spread copy of an edited row keeps it; Object.keys and JSON skip it.
    ownKeys: (view) => [...keys.filter((key) => cell(view, key) !== undefined), ...(view[ROW_KIND] ? [ROW_KIND] : [])],
    getOwnPropertyDescriptor: (view, key) => {
      const value = key === ROW_KIND ? view[ROW_KIND] : cell(view, key);
      return value === undefined ? undefined : { value, writable: false, enumerable: true, configurable: true };
    },
    // Rows on screen are never changed in place: an edit makes a new row.
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  };
  return answer.rows.map((source: unknown[] | string, i) => {
    const kind = answer.kinds?.[i];
    const view: RowView = typeof source === "string" ? { [LINE]: source } : { [VALUES]: source };
    if (kind) view[ROW_KIND] = { kind: kind[0], unit: kind[1], from: kind[2] };
    return new Proxy<RowView>(view, handler) as unknown as Row;
  });
}

/** The rows of a columns answer, as the screen works with them (rowViews). */
export function decodeRows(answer: ColumnsAnswer): Row[] {
  return rowViews(answer);
}

/** The rows of a lines answer, as the screen works with them (rowViews). */
export function decodeLines(answer: LinesAnswer): Row[] {
  return rowViews(answer);
}
