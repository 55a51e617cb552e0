import { type JsonText, jsonText } from "@/lib/http/precompressed";
import { FIXED_FIELDS } from "./columns";
import { encodeLine, encodeRow } from "./compact";
import type { ColumnsAnswer, FetchAllAnswer, LinesAnswer, RowsAnswer } from "./endpoints";
import type { DatasetKey } from "./registry";
import { memo, type TableSnapshot } from "./snapshot";
import { rowTextId } from "./row-text";
import { tableKinds } from "./templates";

/**
 * The JSON texts of the table answers, built once per snapshot (so once per
 * revision of the table): rows are written by Postgres and passed through.
 */

/**
 * `{data, columns}`: the rows as stored (each with its own columns, and its kind, unit and where its kind came from after its Parameter) and
 * the table's column list.
 */
export function rowsJson(snapshot: TableSnapshot, dataset: DatasetKey): JsonText<RowsAnswer> {
  return jsonText(
    memo(snapshot, "rows", () => {
      const kindOf = tableKinds(dataset, snapshot.kinds);
      return `{"data":[${snapshot.rows.map((text) => withKind(kindOf, text)).join(",")}],"columns":${JSON.stringify(snapshot.columns)}}`;
    }),
  );
}

/**
 * A row's text with its kind and unit (templates.ts) after its Parameter. Rows are written by Postgres as
 * `{"Id":n,"Parameter":"...",...` (db/queries/rows.ts), and no column may be named Parameter, so the first
 * `"Parameter":` is that field; its string ends at the first quote not escaped.
 */
function withKind(kindOf: ReturnType<typeof tableKinds>, text: string): string {
  const start = text.indexOf('"Parameter":') + '"Parameter":'.length;
  let end = start + 1;
  while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
  end += 1;
  const { kind, unit, from } = kindOf({ Id: rowTextId(text), Parameter: JSON.parse(text.slice(start, end)) as string });
  return `${text.slice(0, end)},"kind":${JSON.stringify(kind)},"unit":${JSON.stringify(unit)},"kindFrom":"${from}"${text.slice(end)}`;
}

/**
 * The spec's fetch-all: `{data}`. Its clients take the columns from the keys
 * of the first row, so that row alone carries every column ("" where it has
 * no value); the others carry their own, instead of every row repeating
 * every column name.
 */
export function fetchAllJson(snapshot: TableSnapshot): JsonText<FetchAllAnswer> {
  return jsonText(
    memo(snapshot, "fetch-all", () => {
      const [first, ...rest] = snapshot.rows;
      if (first === undefined) return `{"data":[]}`;
      const row = JSON.parse(first) as Record<string, unknown>;
      for (const column of snapshot.columns) if (!(column in row)) row[column] = "";
      return `{"data":[${[JSON.stringify(row), ...rest].join(",")}]}`;
    }),
  );
}

/** The compact answer (`?format=columns`): column names once, each row an array. */
export function columnsJson(snapshot: TableSnapshot, dataset: DatasetKey): JsonText<ColumnsAnswer> {
  return jsonText(compactJson(snapshot, dataset, "columns", (row) => JSON.stringify(encodeRow(row, snapshot.columns))));
}

/** The table screen's answer (`?format=lines`): column names once, each row one line of tab-separated fields (compact.ts). */
export function linesJson(snapshot: TableSnapshot, dataset: DatasetKey): JsonText<LinesAnswer> {
  return jsonText(compactJson(snapshot, dataset, "lines", (row) => JSON.stringify(encodeLine(row, snapshot.columns))));
}

function compactJson(snapshot: TableSnapshot, dataset: DatasetKey, name: string, encode: (row: Record<string, unknown>) => string): string {
  return memo(snapshot, name, () => {
    const parsed = snapshot.rows.map((text) => JSON.parse(text) as Record<string, unknown>);
    const kindOf = tableKinds(dataset, snapshot.kinds);
    const kinds = parsed.map((row) => {
      const { kind, unit, from } = kindOf(row);
      return [kind, unit, from];
    });
    return `{"fields":${JSON.stringify(FIXED_FIELDS)},"columns":${JSON.stringify(snapshot.columns)},"rows":[${parsed.map(encode).join(",")}],"kinds":${JSON.stringify(kinds)}}`;
  });
}
