"use client";

import { type ColumnFiltersState, type SortingState, useTable } from "@tanstack/react-table";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Row } from "@/lib/datasets/columns";
import type { Draft } from "@/lib/datasets/draft";
import { itemNames } from "@/lib/datasets/item-labels";
import { carriedKind, kindAndUnitFromName, kindLabel, unitLabel } from "@/lib/datasets/kinds";
import type { DatasetKey } from "@/lib/datasets/registry";
import {
  type CellEdit,
  clearRange,
  fillDown,
  fillRight,
  type MoveKey,
  moveSelection,
  PARAMETER_COLUMN,
  parseTsv,
  pasteBlock,
  rangeToTsv,
  rect,
  type Selection,
} from "@/lib/datasets/sheet";
import { features, HEADER_HEIGHT, NARROW, ROW_HEIGHT, tableColumns, WIDE } from "./features";
import { GridHeader } from "./header";
import { useGridVirtualizer } from "./use-grid-virtualizer";
import { type CellEvents, type RowActions, type RowSheetState, ViewRow } from "./view-row";

// The editing row's code loads when a row is first edited or created (the screen fetches it once the page is idle).
const EditableRow = dynamic(() => import("./editable-row").then((m) => m.EditableRow));

/** What the one-row edit mode and the new row do; the screen implements them. */
export type EditActions = {
  /** Opens the kind of the row being edited. */
  onKind: (row: Row) => void;
  onSave: () => void;
  onExit: () => void;
  onEditDraft: (draft: Draft) => void;
  onConfirmCreate: () => void;
  onCancelCreate: () => void;
  onCreateDraft: (draft: Draft) => void;
};

/** What the spreadsheet keys produce: cell edits to save as one change, or a message for the user. */
export type SheetActions = {
  onCellEdits: (edits: CellEdit[], what: string) => void;
  onMessage: (message: string) => void;
};

export type GridActions = RowActions & EditActions;

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
  sheet: SheetActions;
  datasetTitle: string;
  /** Why the user may not change this table (a viewer), or null. */
  readOnly: string | null;
  /** Whether rows are pushed to Revit (Revit tables only). */
  canPush: boolean;
  /** A short note per row id (who else is editing it, who just changed it). */
  rowNotes?: ReadonlyMap<number, React.ReactNode>;
  /** The unit shown beside each Parameter, by Parameter (from the server's answer); others by name. */
  units?: ReadonlyMap<string, string>;
  /** The table (Model Setup's Item columns are not named by a row: lib/datasets/item-labels.ts). */
  dataset?: DatasetKey;
  /** Shown beside "No users found." in an empty table (its template, one click away). */
  emptyAction?: React.ReactNode;
};

/** A row's unit as the grid shows it: the server's (the row's own kind), else by its name (a row added on this screen). */
export function unitOf(units: ReadonlyMap<string, string> | undefined, row: Row): string {
  const carried = carriedKind(row);
  if (carried) return unitLabel(carried);
  const parameter = String(row.Parameter ?? "");
  return units?.get(parameter) ?? unitLabel(kindAndUnitFromName(parameter));
}

/** What the edited row's kind button shows: its unit, else its kind. */
export function kindButtonLabel(units: ReadonlyMap<string, string> | undefined, row: Row): string {
  return unitOf(units, row) || kindLabel(carriedKind(row)?.kind ?? "text");
}

const MOVE_KEYS = new Set<string>(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Tab", "Enter", "Home", "End"]);

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT", "BUTTON"].includes(target.tagName));

/**
 * The parameter table: sortable headers, the Parameter filter, rows and
 * columns virtualised (only what is in view is in the DOM), the header row
 * and the Id/Parameter columns sticky, Actions pinned at the right; and a
 * spreadsheet: a selected cell that moves with the keys, ranges (Shift, the
 * mouse), typing or F2 to edit in place, copy and paste with Excel, fill
 * down and right, Delete to clear.
 */
export function ParameterGrid({
  rows,
  columns,
  filter,
  editing,
  conflicts,
  creating,
  busy,
  wide,
  actions,
  sheet,
  datasetTitle,
  readOnly,
  canPush,
  rowNotes,
  units,
  dataset,
  emptyAction,
}: ParameterGridProps) {
  const layout = wide ? WIDE : NARROW;
  const [sorting, setSorting] = useState<SortingState>([{ id: "Id", desc: false }]);
  const columnFilters = useMemo<ColumnFiltersState>(() => (filter.trim() ? [{ id: "Parameter", value: filter.trim() }] : []), [filter]);
  const definitions = useMemo(() => tableColumns(columns), [columns]);
  // What each Item column stands for ("Item1 · P1"): one pass over the rows when they change, not per render.
  const names = useMemo(() => itemNames(rows, dataset), [rows, dataset]);
  const table = useTable({
    features,
    columns: definitions,
    data: rows,
    getRowId: (row) => String(row.Id),
    state: { sorting, columnFilters },
    onSortingChange: setSorting,
    onColumnFiltersChange: () => {},
  });
  const visibleRows = table.getRowModel().rows;
  const visibleData = useMemo(() => visibleRows.map((r) => r.original), [visibleRows]);
  /** The sheet's columns: Parameter, then the value columns. */
  const sheetColumns = useMemo(() => [PARAMETER_COLUMN, ...columns], [columns]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyOffset = HEADER_HEIGHT + (creating ? ROW_HEIGHT : 0);
  const { rowVirtualizer, columnVirtualizer, span, totalWidth } = useGridVirtualizer({
    scrollRef,
    layout,
    rowCount: visibleRows.length,
    columns,
    bodyOffset,
    rowKeys: visibleRows,
  });

  // ---------------------------------------------------------------- the sheet
  const [selection, setSelection] = useState<Selection | null>(null);
  const [editText, setEditTextState] = useState<string | null>(null);
  // The same text, readable at once: Enter, Tab, Escape and blur all end an edit, and only the first may act.
  const editing$ = useRef<string | null>(null);
  const setEditText = useCallback((text: string | null) => {
    editing$.current = text;
    setEditTextState(text);
  }, []);
  const dragging = useRef(false);
  const bounds = useMemo(() => ({ rows: visibleRows.length, cols: sheetColumns.length }), [visibleRows.length, sheetColumns.length]);
  const locked = editing !== null || creating !== null || busy;

  // A selection past the end (rows filtered away, columns hidden) shrinks to what exists.
  const clamped = useMemo(() => {
    if (!selection || bounds.rows === 0) return null;
    const fit = (c: { row: number; col: number }) => ({ row: Math.min(c.row, bounds.rows - 1), col: Math.min(c.col, bounds.cols - 1) });
    return { anchor: fit(selection.anchor), focus: fit(selection.focus) };
  }, [selection, bounds]);

  const scrollToCell = useCallback(
    (cell: { row: number; col: number }) => {
      rowVirtualizer.scrollToIndex(cell.row, { align: "auto" });
      if (cell.col >= 1) columnVirtualizer.scrollToIndex(cell.col - 1, { align: "auto" });
    },
    [rowVirtualizer, columnVirtualizer],
  );

  const select = useCallback(
    (next: Selection | null) => {
      setSelection(next);
      setEditText(null);
      if (next) scrollToCell(next.focus);
    },
    [scrollToCell, setEditText],
  );

  const shownText = useCallback(
    (row: number, col: number) => {
      const data = visibleData[row];
      if (!data) return "";
      return rangeToTsv([data], sheetColumns, { top: 0, bottom: 0, left: col, right: col })
        .replace(/\r\n$/, "")
        .replace(/^"(.*)"$/s, (_, inner: string) => inner.replace(/""/g, '"'));
    },
    [visibleData, sheetColumns],
  );

  const refuseWrite = useCallback((): boolean => {
    if (readOnly) {
      sheet.onMessage(readOnly);
      return true;
    }
    if (locked) {
      sheet.onMessage("Save or exit the row being edited first.");
      return true;
    }
    return false;
  }, [readOnly, locked, sheet]);

  const startEdit = useCallback(
    (text: string) => {
      if (!clamped || refuseWrite()) return;
      setSelection({ anchor: clamped.focus, focus: clamped.focus });
      setEditText(text);
    },
    [clamped, refuseWrite, setEditText],
  );

  const edits = useCallback(
    (list: CellEdit[], what: string) => {
      if (list.length === 0 || refuseWrite()) return;
      sheet.onCellEdits(list, what);
    },
    [refuseWrite, sheet],
  );

  const cellEvents: CellEvents = useMemo(
    () => ({
      onCellPointerDown: (row, col, event) => {
        if (event.button !== 0) return;
        scrollRef.current?.focus({ preventScroll: true });
        const cell = { row, col };
        setEditText(null);
        setSelection((current) => (event.shiftKey && current ? { anchor: current.anchor, focus: cell } : { anchor: cell, focus: cell }));
        dragging.current = true;
      },
      onCellPointerEnter: (row, col) => {
        if (dragging.current) setSelection((current) => (current ? { anchor: current.anchor, focus: { row, col } } : current));
      },
      onCellDoubleClick: (row, col) => {
        if (readOnly || locked) return;
        setSelection({ anchor: { row, col }, focus: { row, col } });
        setEditText(shownText(row, col));
      },
      onEditText: setEditText,
      onEditCommit: (move) => {
        const text = editing$.current;
        if (text === null || !clamped) return;
        const { row, col } = clamped.focus;
        const data = visibleData[row];
        setEditText(null);
        if (data && text !== shownText(row, col)) edits([{ rowId: Number(data.Id), column: sheetColumns[col]!, text }], "Edit");
        if (move !== "none") {
          const key: MoveKey = move === "down" ? "Enter" : move === "up" ? "Enter" : "Tab";
          select(moveSelection({ anchor: clamped.focus, focus: clamped.focus }, key, move === "up" || move === "left", bounds));
        }
        scrollRef.current?.focus({ preventScroll: true });
      },
      onEditCancel: () => {
        setEditText(null);
        scrollRef.current?.focus({ preventScroll: true });
      },
    }),
    [readOnly, locked, shownText, clamped, visibleData, edits, sheetColumns, select, bounds, setEditText],
  );

  useEffect(() => {
    const stop = () => (dragging.current = false);
    window.addEventListener("pointerup", stop);
    return () => window.removeEventListener("pointerup", stop);
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target) || !clamped) return;
    const mod = event.ctrlKey || event.metaKey;
    const range = rect(clamped);
    if (MOVE_KEYS.has(event.key) && !mod && !event.altKey) {
      event.preventDefault();
      select(moveSelection(clamped, event.key as MoveKey, event.shiftKey, bounds));
    } else if (event.key === "Escape") {
      event.preventDefault();
      select(null);
    } else if (event.key === "F2") {
      event.preventDefault();
      startEdit(shownText(clamped.focus.row, clamped.focus.col));
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      edits(clearRange(visibleData, sheetColumns, range), "Clear");
    } else if (mod && (event.key === "d" || event.key === "D")) {
      event.preventDefault();
      edits(fillDown(visibleData, sheetColumns, range), "Fill down");
    } else if (mod && (event.key === "r" || event.key === "R")) {
      event.preventDefault();
      edits(fillRight(visibleData, sheetColumns, range), "Fill right");
    } else if (mod && (event.key === "a" || event.key === "A")) {
      event.preventDefault();
      setSelection({ anchor: { row: 0, col: 0 }, focus: { row: bounds.rows - 1, col: bounds.cols - 1 } });
    } else if (event.key.length === 1 && !mod && !event.altKey) {
      event.preventDefault();
      startEdit(event.key);
    }
  };

  const onCopy = (event: React.ClipboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target) || !clamped) return;
    event.preventDefault();
    event.clipboardData.setData("text/plain", rangeToTsv(visibleData, sheetColumns, rect(clamped)));
  };

  const onPaste = (event: React.ClipboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target) || !clamped) return;
    event.preventDefault();
    if (refuseWrite()) return;
    const at = { row: rect(clamped).top, col: rect(clamped).left };
    const result = pasteBlock(visibleData, sheetColumns, at, parseTsv(event.clipboardData.getData("text/plain")));
    if (!result.ok) {
      sheet.onMessage(result.error);
      return;
    }
    const height = new Set(result.edits.map((e) => e.rowId)).size;
    const width = result.edits.length / Math.max(1, height);
    edits(result.edits, "Paste");
    setSelection({ anchor: at, focus: { row: at.row + height - 1, col: at.col + width - 1 } });
  };

  // Bring the row being edited into view (it may be scrolled away or off in a sorted order).
  const editingId = editing?.id;
  useEffect(() => {
    if (editingId === undefined) return;
    const index = visibleRows.findIndex((r) => r.id === String(editingId));
    if (index >= 0) rowVirtualizer.scrollToIndex(index, { align: "auto" });
  }, [editingId, visibleRows, rowVirtualizer]);

  const sheetOf = (index: number): RowSheetState | undefined => {
    if (!clamped) return undefined;
    const r = rect(clamped);
    const inRows = index >= r.top && index <= r.bottom;
    const focused = clamped.focus.row === index;
    if (!inRows && !focused) return undefined;
    return { range: inRows ? { left: r.left, right: r.right } : null, focus: focused ? clamped.focus.col : -1, editText: focused ? editText : null };
  };

  const emptyText = rows.length === 0 ? "No users found." : visibleRows.length === 0 ? "No results." : null;

  return (
    <div
      ref={scrollRef}
      role="grid"
      tabIndex={0}
      aria-label={datasetTitle}
      aria-rowcount={visibleRows.length + 1}
      aria-colcount={sheetColumns.length + (layout.id > 0 ? 2 : 1)}
      aria-multiselectable="true"
      aria-describedby="sheet-keys"
      className="relative h-[calc(100dvh-17rem)] min-h-[360px] overflow-auto rounded-md border bg-card text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/50"
      data-testid="parameter-grid"
      onKeyDown={onKeyDown}
      onCopy={onCopy}
      onPaste={onPaste}
    >
      <span id="sheet-keys" className="sr-only">
        Arrow keys move the selected cell, Shift extends the selection, typing or F2 edits it, Ctrl+C and Ctrl+V copy and paste with Excel, Ctrl+D and Ctrl+R
        fill down and right, Delete clears, Escape leaves the table.
      </span>
      <GridHeader
        layout={layout}
        span={span}
        width={totalWidth}
        names={names}
        sortedOf={(id) => table.getColumn(id)?.getIsSorted() ?? false}
        onSort={(id, event) => table.getColumn(id)?.getToggleSortingHandler()?.(event)}
      />

      {creating && (
        <div role="rowgroup" className="sticky z-20" style={{ top: HEADER_HEIGHT, width: totalWidth }}>
          <EditableRow
            draft={creating}
            conflicts={null}
            layout={layout}
            span={span}
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
          // A phone edits the row in a list of every column above the grid (row-editor-list.tsx); the grid marks it.
          if (editing && editing.id === Number(row.Id) && wide) {
            return (
              <div key={tableRow.id} className="absolute top-0 left-0" style={style}>
                <EditableRow
                  draft={editing}
                  conflicts={conflicts}
                  layout={layout}
                  span={span}
                  width={totalWidth}
                  busy={busy}
                  rowIndex={vr.index + 2}
                  onChange={actions.onEditDraft}
                  onSave={actions.onSave}
                  onExit={actions.onExit}
                  kind={{ label: kindButtonLabel(units, row), onOpen: () => actions.onKind(row) }}
                />
              </div>
            );
          }
          return (
            <ViewRow
              key={tableRow.id}
              data={row}
              index={vr.index}
              style={style}
              layout={layout}
              span={span}
              locked={locked}
              readOnly={readOnly}
              canPush={canPush}
              sheet={sheetOf(vr.index)}
              actions={actions}
              events={cellEvents}
              note={rowNotes?.get(Number(row.Id))}
              unit={unitOf(units, row)}
              editing={editing?.id === Number(row.Id)}
            />
          );
        })}
      </div>
      {emptyText && (
        // A row of the grid, so what it offers (a template) sits in a cell as the grid's roles expect.
        <div role="row" className="sticky left-0 px-4 py-10 text-center text-muted-foreground" style={{ width: "100%", maxWidth: "100vw" }}>
          <div role="gridcell" className="flex flex-col items-center gap-3">
            <p>{emptyText}</p>
            {rows.length === 0 && emptyAction}
          </div>
        </div>
      )}
    </div>
  );
}
