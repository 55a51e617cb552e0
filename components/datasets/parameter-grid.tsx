"use client";

import {
  type ColumnFiltersState,
  columnFilteringFeature,
  constructSortFn,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  type Row as TableRow,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, CheckIcon, PencilIcon, SendIcon, Trash2Icon, XIcon } from "lucide-react";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { displayValue, isAngleRow } from "@/lib/datasets/angles";
import type { Row } from "@/lib/datasets/columns";
import { type Draft, setCellText } from "@/lib/datasets/draft";
import { cn } from "@/lib/utils";

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** Numbers by value (12.45 before 12.5), everything else in natural order. */
export function compareCellValues(a: string, b: string): number {
  const na = a.trim() === "" ? Number.NaN : Number(a);
  const nb = b.trim() === "" ? Number.NaN : Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return collator.compare(a, b);
}

const sortFn_cells = constructSortFn({
  resolveDataValue: (value) => (value === undefined || value === null ? "" : String(value)),
  sort: (a: string, b: string) => compareCellValues(a, b),
});

const features = tableFeatures({
  columnFilteringFeature,
  rowSortingFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  filterFns: { includesString: filterFn_includesString },
  sortFns: { cells: sortFn_cells },
});

const helper = createColumnHelper<typeof features, Row>();

const HEADER_HEIGHT = 40;
const ROW_HEIGHT = 40;
const VALUE_WIDTH = 128;

type Layout = { id: number; parameter: number; actions: number };
const WIDE: Layout = { id: 72, parameter: 220, actions: 128 };
const NARROW: Layout = { id: 0, parameter: 132, actions: 112 };

export type GridActions = {
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  onPush: (row: Row) => void;
  onSave: () => void;
  onExit: () => void;
  onEditDraft: (draft: Draft) => void;
  onConfirmCreate: () => void;
  onCancelCreate: () => void;
  onCreateDraft: (draft: Draft) => void;
};

type ParameterGridProps = {
  rows: Row[];
  /** Value columns to show, in order (the preset already applied). */
  columns: string[];
  filter: string;
  editing: Draft | null;
  /** Columns whose stored value changed under the user's edit (after a 409), with the newer value. */
  conflicts: Map<string, string> | null;
  creating: Draft | null;
  busy: boolean;
  wide: boolean;
  actions: GridActions;
  datasetTitle: string;
};

/**
 * The parameter table: sortable headers, the Parameter filter, rows and
 * columns virtualised (only what is in view is in the DOM), the header row
 * and the Id/Parameter columns sticky, Actions pinned at the right.
 */
export function ParameterGrid({ rows, columns, filter, editing, conflicts, creating, busy, wide, actions, datasetTitle }: ParameterGridProps) {
  const layout = wide ? WIDE : NARROW;
  const [sorting, setSorting] = useState<SortingState>([{ id: "Id", desc: false }]);
  const columnFilters = useMemo<ColumnFiltersState>(() => (filter.trim() ? [{ id: "Parameter", value: filter.trim() }] : []), [filter]);

  const tableColumns = useMemo(
    () =>
      helper.columns([
        helper.accessor((row) => String(row.Id ?? ""), { id: "Id", header: "Id", sortFn: "cells", enableColumnFilter: false }),
        helper.accessor((row) => String(row.Parameter ?? ""), { id: "Parameter", header: "Parameter", sortFn: "cells", filterFn: "includesString" }),
        ...columns.map((column) =>
          helper.accessor((row) => String(row[column] ?? ""), { id: column, header: column, sortFn: "cells", enableColumnFilter: false }),
        ),
      ]),
    [columns],
  );

  const table = useTable({
    features,
    columns: tableColumns,
    data: rows,
    getRowId: (row) => String(row.Id),
    state: { sorting, columnFilters },
    onSortingChange: setSorting,
    onColumnFiltersChange: () => {},
  });
  const visibleRows = table.getRowModel().rows;

  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyOffset = HEADER_HEIGHT + (creating ? ROW_HEIGHT : 0);
  const startWidth = layout.id + layout.parameter;
  const totalWidth = startWidth + columns.length * VALUE_WIDTH + layout.actions;

  const rowVirtualizer = useVirtualizer({
    count: visibleRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: useCallback((index: number) => visibleRows[index]?.id ?? index, [visibleRows]),
    scrollMargin: bodyOffset,
    overscan: 10,
  });
  // The same column set from one render to the next keeps the virtualizer's cache; a new one resets it.
  const columnKey = columns.join("\u0000");
  const stableColumns = useMemo(() => columns, [columnKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => VALUE_WIDTH,
    getItemKey: useCallback((index: number) => stableColumns[index] ?? index, [stableColumns]),
    scrollMargin: startWidth,
    overscan: 4,
  });

  const virtualColumns = columnVirtualizer.getVirtualItems();
  const first = virtualColumns[0];
  const last = virtualColumns[virtualColumns.length - 1];
  const padLeft = first ? first.start - startWidth : 0;
  const padRight = last ? columnVirtualizer.getTotalSize() - (last.end - startWidth) : 0;
  const shownColumns = virtualColumns.map((vc) => columns[vc.index]!).filter(Boolean);
  const columnSpan = { padLeft, padRight, shownColumns };

  // Bring the row being edited into view (it may be scrolled away or off in a sorted order).
  const editingId = editing?.id;
  useEffect(() => {
    if (editingId === undefined) return;
    const index = visibleRows.findIndex((r) => r.id === String(editingId));
    if (index >= 0) rowVirtualizer.scrollToIndex(index, { align: "auto" });
  }, [editingId, visibleRows, rowVirtualizer]);

  const sortIcon = (id: string) => {
    const sorted = table.getColumn(id)?.getIsSorted();
    if (sorted === "asc") return <ArrowUpIcon aria-hidden="true" className="size-3.5" />;
    if (sorted === "desc") return <ArrowDownIcon aria-hidden="true" className="size-3.5" />;
    return <ArrowUpDownIcon aria-hidden="true" className="size-3.5 opacity-40" />;
  };
  const ariaSort = (id: string): "ascending" | "descending" | "none" => {
    const sorted = table.getColumn(id)?.getIsSorted();
    return sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none";
  };
  const header = (id: string, label: string, width: number, className?: string, style?: React.CSSProperties) => (
    <div key={id} role="columnheader" aria-sort={ariaSort(id)} className={cn("flex shrink-0 items-center border-b bg-muted", className)} style={{ width, ...style }}>
      <button
        type="button"
        className="flex h-full w-full items-center gap-1 truncate px-2 text-left text-xs font-semibold hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        onClick={table.getColumn(id)?.getToggleSortingHandler()}
        title={`Sort by ${label}`}
      >
        <span className="truncate">{label}</span>
        {sortIcon(id)}
      </button>
    </div>
  );

  const stickyStart = (left: number): React.CSSProperties => ({ position: "sticky", left, zIndex: 2 });
  const stickyEnd: React.CSSProperties = { position: "sticky", right: 0, zIndex: 2 };
  const emptyText = rows.length === 0 ? "No users found." : visibleRows.length === 0 ? "No results." : null;

  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={datasetTitle}
      aria-rowcount={visibleRows.length + 1}
      className="relative h-[calc(100dvh-17rem)] min-h-[360px] overflow-auto rounded-md border bg-card text-sm"
      data-testid="parameter-grid"
    >
      <div role="rowgroup" className="sticky top-0 z-30" style={{ width: totalWidth }}>
        <div role="row" aria-rowindex={1} className="flex" style={{ height: HEADER_HEIGHT, width: totalWidth }}>
          {layout.id > 0 && header("Id", "Id", layout.id, "", stickyStart(0))}
          {header("Parameter", "Parameter", layout.parameter, "border-r", stickyStart(layout.id))}
          {padLeft > 0 && <div aria-hidden="true" className="shrink-0 border-b bg-muted" style={{ width: padLeft }} />}
          {shownColumns.map((column) => header(column, column, VALUE_WIDTH))}
          {padRight > 0 && <div aria-hidden="true" className="shrink-0 border-b bg-muted" style={{ width: padRight }} />}
          <div role="columnheader" className="flex shrink-0 items-center border-b border-l bg-muted px-2 text-xs font-semibold" style={{ width: layout.actions, ...stickyEnd }}>
            Actions
          </div>
        </div>
      </div>

      {creating && (
        <div role="rowgroup" className="sticky z-20" style={{ top: HEADER_HEIGHT, width: totalWidth }}>
          <EditableRow
            draft={creating}
            conflicts={null}
            layout={layout}
            span={columnSpan}
            width={totalWidth}
            busy={busy}
            isNew
            onChange={actions.onCreateDraft}
            onSave={actions.onConfirmCreate}
            onExit={actions.onCancelCreate}
          />
        </div>
      )}

      <div role="rowgroup" className="relative" style={{ height: rowVirtualizer.getTotalSize(), width: totalWidth }}>
        {rowVirtualizer.getVirtualItems().map((vr) => {
          const tableRow = visibleRows[vr.index];
          if (!tableRow) return null;
          const row = tableRow.original;
          const style: React.CSSProperties = { transform: `translateY(${vr.start - bodyOffset}px)`, height: ROW_HEIGHT, width: totalWidth };
          if (editing && editing.id === Number(row.Id)) {
            return (
              <div key={tableRow.id} className="absolute top-0 left-0" style={style}>
                <EditableRow
                  draft={editing}
                  conflicts={conflicts}
                  layout={layout}
                  span={columnSpan}
                  width={totalWidth}
                  busy={busy}
                  rowIndex={vr.index + 2}
                  onChange={actions.onEditDraft}
                  onSave={actions.onSave}
                  onExit={actions.onExit}
                />
              </div>
            );
          }
          return (
            <GridRow
              key={tableRow.id}
              row={tableRow}
              rowIndex={vr.index + 2}
              style={style}
              layout={layout}
              span={columnSpan}
              locked={editing !== null || creating !== null || busy}
              actions={actions}
            />
          );
        })}
      </div>
      {emptyText && (
        <div className="sticky left-0 px-4 py-10 text-center text-muted-foreground" style={{ width: "100%", maxWidth: "100vw" }}>
          {emptyText}
        </div>
      )}
    </div>
  );
}

type ColumnSpan = { padLeft: number; padRight: number; shownColumns: string[] };

const cellClass = "flex shrink-0 items-center border-b px-2";

const GridRow = memo(function GridRow({
  row,
  rowIndex,
  style,
  layout,
  span,
  locked,
  actions,
}: {
  row: TableRow<typeof features, Row>;
  rowIndex: number;
  style: React.CSSProperties;
  layout: Layout;
  span: ColumnSpan;
  locked: boolean;
  actions: GridActions;
}) {
  const data = row.original;
  const parameter = String(data.Parameter ?? "");
  const angle = isAngleRow(parameter);
  return (
    <div role="row" aria-rowindex={rowIndex} className="group absolute top-0 left-0 flex hover:bg-accent/40" style={style} data-row-id={String(data.Id)}>
      {layout.id > 0 && (
        <div role="cell" className={cn(cellClass, "bg-card text-muted-foreground tabular-nums group-hover:bg-accent")} style={{ width: layout.id, position: "sticky", left: 0, zIndex: 2 }}>
          {String(data.Id)}
        </div>
      )}
      <div
        role="cell"
        data-column="Parameter"
        className={cn(cellClass, "border-r bg-card font-medium group-hover:bg-accent")}
        style={{ width: layout.parameter, position: "sticky", left: layout.id, zIndex: 2 }}
        title={parameter}
      >
        <span className="truncate">{parameter}</span>
        {angle && (
          <span aria-hidden="true" className="ml-1 shrink-0 text-[10px] text-muted-foreground" title="Stored in radians, shown in degrees">
            °
          </span>
        )}
      </div>
      {span.padLeft > 0 && <div aria-hidden="true" className="shrink-0 border-b" style={{ width: span.padLeft }} />}
      {span.shownColumns.map((column) => {
        const value = displayValue(String(data[column] ?? ""), angle);
        return (
          <div key={column} role="cell" className={cn(cellClass, "tabular-nums")} style={{ width: VALUE_WIDTH }} title={value}>
            <span className="truncate">{value}</span>
          </div>
        );
      })}
      {span.padRight > 0 && <div aria-hidden="true" className="shrink-0 border-b" style={{ width: span.padRight }} />}
      <div role="cell" className={cn(cellClass, "gap-0.5 border-l bg-card px-1 group-hover:bg-accent")} style={{ width: layout.actions, position: "sticky", right: 0, zIndex: 2 }}>
        <Button variant="ghost" size="icon-sm" aria-label={`Edit ${parameter}`} title="Edit" disabled={locked} onClick={() => actions.onEdit(data)}>
          <PencilIcon aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label={`Delete ${parameter}`} title="Delete" disabled={locked} onClick={() => actions.onDelete(data)}>
          <Trash2Icon aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label={`Push row to Revit: ${parameter}`} title="Push row to Revit" onClick={() => actions.onPush(data)}>
          <SendIcon aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
});

function EditableRow({
  draft,
  conflicts,
  layout,
  span,
  width,
  busy,
  isNew = false,
  rowIndex,
  onChange,
  onSave,
  onExit,
}: {
  draft: Draft;
  conflicts: Map<string, string> | null;
  layout: Layout;
  span: ColumnSpan;
  width: number;
  busy: boolean;
  isNew?: boolean;
  rowIndex?: number;
  onChange: (draft: Draft) => void;
  onSave: () => void;
  onExit: () => void;
}) {
  const parameterInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    parameterInput.current?.focus();
  }, []);
  const name = draft.parameter || (isNew ? "new row" : "row");
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      onSave();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onExit();
    }
  };
  const inputClass =
    "h-8 w-full min-w-0 rounded border border-input bg-background px-1.5 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50";
  const conflictClass = "border-amber-500 ring-1 ring-amber-500";
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className="flex bg-amber-50/10"
      style={{ height: ROW_HEIGHT, width }}
      onKeyDown={onKeyDown}
      data-testid={isNew ? "create-row" : "edit-row"}
    >
      {layout.id > 0 && (
        <div role="cell" className={cn(cellClass, "bg-card text-muted-foreground tabular-nums")} style={{ width: layout.id, position: "sticky", left: 0, zIndex: 2 }}>
          {draft.id ?? "new"}
        </div>
      )}
      <div role="cell" className={cn(cellClass, "border-r bg-card px-1")} style={{ width: layout.parameter, position: "sticky", left: layout.id, zIndex: 2 }}>
        <input
          ref={parameterInput}
          aria-label={isNew ? "Parameter of the new row" : `Parameter of ${draft.storedParameter}`}
          className={cn(inputClass, conflicts?.has("Parameter") && conflictClass)}
          title={conflicts?.has("Parameter") ? `Newer value: ${conflicts.get("Parameter")}` : undefined}
          value={draft.parameter}
          placeholder="Parameter"
          disabled={busy}
          onChange={(e) => onChange({ ...draft, parameter: e.target.value })}
        />
      </div>
      {span.padLeft > 0 && <div aria-hidden="true" className="shrink-0 border-b" style={{ width: span.padLeft }} />}
      {span.shownColumns.map((column) => {
        const conflict = conflicts?.get(column);
        return (
          <div key={column} role="cell" className={cn(cellClass, "px-1")} style={{ width: VALUE_WIDTH }}>
            <input
              aria-label={`${column} of ${name}${draft.angle ? " (degrees)" : ""}`}
              className={cn(inputClass, "tabular-nums", conflict !== undefined && conflictClass)}
              title={conflict !== undefined ? `Newer value: ${conflict === "" ? "(empty)" : conflict}` : undefined}
              value={draft.cells[column]?.text ?? ""}
              disabled={busy}
              onChange={(e) => onChange(setCellText(draft, column, e.target.value))}
            />
          </div>
        );
      })}
      {span.padRight > 0 && <div aria-hidden="true" className="shrink-0 border-b" style={{ width: span.padRight }} />}
      <div role="cell" className={cn(cellClass, "gap-0.5 border-l bg-card px-1")} style={{ width: layout.actions, position: "sticky", right: 0, zIndex: 2 }}>
        <Button variant="ghost" size="icon-sm" aria-label={isNew ? "Confirm new row" : "Save"} title={isNew ? "Create this row" : "Save"} disabled={busy} onClick={onSave}>
          <CheckIcon aria-hidden="true" className="text-emerald-500" />
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label={isNew ? "Cancel new row" : "Exit"} title={isNew ? "Cancel" : "Exit without saving"} disabled={busy} onClick={onExit}>
          <XIcon aria-hidden="true" className="text-destructive" />
        </Button>
      </div>
    </div>
  );
}
