import {
  columnFilteringFeature,
  constructSortFn,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";
import type { Row } from "@/lib/datasets/columns";
import { compareCellValues } from "@/lib/datasets/sort";

/** The table features of the grid, declared once (TanStack Table v9 registers only what is used). */

const sortFn_cells = constructSortFn({
  resolveDataValue: (value) => (value === undefined || value === null ? "" : String(value)),
  sort: (a: string, b: string) => compareCellValues(a, b),
});

export const features = tableFeatures({
  columnFilteringFeature,
  rowSortingFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  filterFns: { includesString: filterFn_includesString },
  sortFns: { cells: sortFn_cells },
});

export const helper = createColumnHelper<typeof features, Row>();

/** The grid's columns: Id and Parameter, then the value columns shown. */
export function tableColumns(columns: readonly string[]) {
  return helper.columns([
    helper.accessor((row) => String(row.Id ?? ""), { id: "Id", header: "Id", sortFn: "cells", enableColumnFilter: false }),
    helper.accessor((row) => String(row.Parameter ?? ""), { id: "Parameter", header: "Parameter", sortFn: "cells", filterFn: "includesString" }),
    ...columns.map((column) => helper.accessor((row) => String(row[column] ?? ""), { id: column, header: column, sortFn: "cells", enableColumnFilter: false })),
  ]);
}

export const HEADER_HEIGHT = 40;
export const ROW_HEIGHT = 40;

/** Column widths, and whether a row's actions are buttons or one menu. */
export type Layout = { id: number; parameter: number; actions: number; value: number; rowMenu: boolean };
export const WIDE: Layout = { id: 72, parameter: 220, actions: 152, value: 128, rowMenu: false };
/**
 * A phone's: the row actions in one menu and a narrower Parameter, so two Item columns fit beside it at 390 px
 * (issue 30: Parameter, Item1 and four buttons filled the screen).
 */
export const NARROW: Layout = { id: 0, parameter: 112, actions: 40, value: 92, rowMenu: true };

/** Which value columns are rendered now (horizontal virtualisation), and the space left and right of them. */
export type ColumnSpan = { padLeft: number; padRight: number; shownColumns: string[]; firstIndex: number };

export const cellClass = "flex shrink-0 items-center border-b px-2";
/** The unit beside a Parameter, drawn from its data-unit (CSS content): seen, but not part of the Parameter's text. */
export const UNIT_CLASS = "ml-1 shrink-0 text-[10px] text-muted-foreground after:content-[attr(data-unit)]";
