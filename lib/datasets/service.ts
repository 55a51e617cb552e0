import {
  createRow,
  deleteRow,
  type FlatRow,
  MAX_COLUMNS,
  MAX_ROWS,
  updateRow,
  type WriteResult,
} from "@/db/queries/parameters";
import { ApiError } from "@/lib/http/route";
import { type DatasetKey, datasetKeys, isDatasetKey } from "./registry";
import { MAX_ID, type RowInput } from "./schemas";

/** The dataset of a `{ds}` route segment, or 404. */
export function datasetFromParam(ds: string): DatasetKey {
  if (!isDatasetKey(ds)) throw new ApiError(404, `There is no dataset "${ds}". The datasets are ${datasetKeys.join(", ")}.`);
  return ds;
}

function unwrap(result: WriteResult, id?: number): FlatRow {
  if (result.ok) return result.row;
  switch (result.reason) {
    case "duplicate-parameter":
      throw new ApiError(409, "A row with this Parameter already exists in this table. Choose another name.");
    case "not-found":
      throw new ApiError(404, `There is no row with id ${id} in this table. It may have been deleted.`);
    case "version-conflict":
      throw new ApiError(
        409,
        `Someone else saved this row since you loaded it (it is now at version ${result.current.Version}). Review the newer values and save again.`,
        { data: result.current },
      );
    case "too-many-columns":
      throw new ApiError(409, `A table has at most ${MAX_COLUMNS.toLocaleString("en")} columns; this save would pass that limit.`);
    case "too-many-rows":
      throw new ApiError(409, `A table has at most ${MAX_ROWS.toLocaleString("en")} rows; delete rows before adding more.`);
  }
}

export async function createElement(dataset: DatasetKey, input: RowInput): Promise<FlatRow> {
  if (input.parameter === undefined) throw new ApiError(400, 'Invalid field "data.Parameter": every row needs a Parameter name.');
  return unwrap(await createRow(dataset, { parameter: input.parameter, values: input.values }));
}

export async function editElement(dataset: DatasetKey, id: number, input: RowInput): Promise<FlatRow> {
  if (id > MAX_ID) throw new ApiError(404, `There is no row with id ${id} in this table.`);
  return unwrap(await updateRow(dataset, id, { parameter: input.parameter, values: input.values, expectedVersion: input.version }), id);
}

export async function deleteElement(dataset: DatasetKey, id: number): Promise<void> {
  if (id > MAX_ID || !(await deleteRow(dataset, id))) {
    throw new ApiError(404, `There is no row with id ${id} in this table. It may have been deleted already.`);
  }
}
