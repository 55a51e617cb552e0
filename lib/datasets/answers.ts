import { type JsonText, jsonText } from "@/lib/http/precompressed";
import { FIXED_FIELDS } from "./columns";
import { encodeRow } from "./compact";
import type { ColumnsAnswer, FetchAllAnswer, RowsAnswer } from "./endpoints";
import { memo, type TableSnapshot } from "./snapshot";

/**
 * The JSON texts of the table answers, built once per snapshot (so once per
 * revision of the table): rows are written by Postgres and passed through.
 */

/** `{data, columns}`: the rows as stored (each with its own columns) and the table's column list. */
export function rowsJson(snapshot: TableSnapshot): JsonText<RowsAnswer> {
  return jsonText(memo(snapshot, "rows", () => `{"data":[${snapshot.rows.join(",")}],"columns":${JSON.stringify(snapshot.columns)}}`));
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

/** The screen's compact answer (`?format=columns`): column names once, each row an array. */
export function columnsJson(snapshot: TableSnapshot): JsonText<ColumnsAnswer> {
  return jsonText(
    memo(snapshot, "columns", () => {
      const rows = snapshot.rows.map((text) => JSON.stringify(encodeRow(JSON.parse(text) as Record<string, unknown>, snapshot.columns)));
      return `{"fields":${JSON.stringify(FIXED_FIELDS)},"columns":${JSON.stringify(snapshot.columns)},"rows":[${rows.join(",")}]}`;
    }),
  );
}
