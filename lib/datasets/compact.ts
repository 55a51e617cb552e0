import { FIXED_FIELDS, type Row } from "./columns";
import { type KindSource, ROW_KIND, type RowKind, type RowKindInfo } from "./kinds";

/**
 * The table screen's own answer (`?format=columns`): the column names once,
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

const VALUES = Symbol("values");
type RowView = { [VALUES]: readonly unknown[]; [ROW_KIND]?: RowKindInfo };

/**
 * The rows of a columns answer as the screen works with them: one object per
 * row, with only the columns it has. Each is a read-only view of its array:
 * a cell is looked up when read, so a 2,000 x 300 table needs no 600,000
 * property writes (about 110 ms and a garbage collection on the main thread
 * before the grid could draw). Keys, spreading and JSON see a plain row.
 */
export function decodeRows(answer: ColumnsAnswer): Row[] {
  const keys: readonly string[] = [...FIXED_FIELDS, ...answer.columns];
  const index = new Map<PropertyKey, number>(keys.map((key, i) => [key, i]));
  const cell = (view: RowView, key: PropertyKey): unknown => {
    const i = index.get(key);
    const value = i === undefined ? undefined : view[VALUES][i];
    return value === null ? undefined : value;
  };
  const handler: ProxyHandler<RowView> = {
    get: (view, key, receiver) => (index.has(key) ? cell(view, key) : key === VALUES ? undefined : Reflect.get(view, key, receiver)),
    has: (view, key) => (index.has(key) ? cell(view, key) !== undefined : key !== VALUES && Reflect.has(view, key)),
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
  return answer.rows.map((values, i) => {
    const kind = answer.kinds?.[i];
    const view: RowView = kind ? { [VALUES]: values, [ROW_KIND]: { kind: kind[0], unit: kind[1], from: kind[2] } } : { [VALUES]: values };
    return new Proxy<RowView>(view, handler) as unknown as Row;
  });
}
