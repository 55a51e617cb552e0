"use client";

import { memo, useEffect, useRef } from "react";
import { displayValue, isAngle } from "@/lib/datasets/angles";
import type { Row } from "@/lib/datasets/columns";
import { cn } from "@/lib/utils";
import { cellClass, type ColumnSpan, type Layout, UNIT_CLASS } from "./features";
import { type RowActions, RowActionsMenu, RowButtons } from "./row-actions";

export type { RowActions };

/** How the sheet selection crosses this row: the selected columns, the focused cell, and its editor. */
export type RowSheetState = {
  /** First and last selected column in this row, or null. Column 0 is Parameter, 1.. the value columns. */
  range: { left: number; right: number } | null;
  /** The focused cell's column in this row, or -1. */
  focus: number;
  /** The text being typed into the focused cell, or null when not editing in place. */
  editText: string | null;
};

export type CellEvents = {
  onCellPointerDown: (row: number, col: number, event: React.PointerEvent) => void;
  onCellPointerEnter: (row: number, col: number) => void;
  onCellDoubleClick: (row: number, col: number) => void;
  onEditText: (text: string) => void;
  onEditCommit: (move: "down" | "right" | "left" | "up" | "none") => void;
  onEditCancel: () => void;
};

const NO_SHEET: RowSheetState = { range: null, focus: -1, editText: null };

/** The editor of one cell, typed into in place: Enter and Tab commit (and move), Escape cancels. */
function CellEditor({ text, label, events }: { text: string; label: string; events: CellEvents }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  return (
    <input
      ref={input}
      aria-label={label}
      className="h-8 w-full min-w-0 rounded border border-ring bg-background px-1.5 text-sm outline-none"
      value={text}
      onChange={(e) => events.onEditText(e.target.value)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === "Enter") {
          e.preventDefault();
          events.onEditCommit(e.shiftKey ? "up" : "down");
        } else if (e.key === "Tab") {
          e.preventDefault();
          events.onEditCommit(e.shiftKey ? "left" : "right");
        } else if (e.key === "Escape") {
          e.preventDefault();
          events.onEditCancel();
        }
      }}
      onBlur={() => events.onEditCommit("none")}
    />
  );
}

/** One row as shown: its cells (selectable, editable in place), and its buttons. */
export const ViewRow = memo(function ViewRow({
  data,
  index,
  style,
  layout,
  span,
  locked,
  readOnly,
  canPush,
  sheet = NO_SHEET,
  actions,
  events,
  note,
  unit = "",
  editing = false,
}: {
  data: Row;
  /** Position among the visible rows. */
  index: number;
  style: React.CSSProperties;
  layout: Layout;
  span: ColumnSpan;
  /** Another edit is open: the row buttons wait. */
  locked: boolean;
  readOnly: string | null;
  canPush: boolean;
  sheet?: RowSheetState;
  actions: RowActions;
  events: CellEvents;
  /** A short note on the row (who else is editing it, who just changed it). */
  note?: React.ReactNode;
  /** The unit of its values as shown ("m", "°", "kN"; empty for text and counts). */
  unit?: string;
  /** Being edited in the row editor above the grid (a phone's). */
  editing?: boolean;
}) {
  const parameter = String(data.Parameter ?? "");
  const angle = isAngle(data);
  const inRange = (col: number) => sheet.range !== null && col >= sheet.range.left && col <= sheet.range.right;
  const cellProps = (col: number) => ({
    role: "gridcell" as const,
    "aria-selected": inRange(col) || sheet.focus === col,
    "data-col": col,
    onPointerDown: (e: React.PointerEvent) => events.onCellPointerDown(index, col, e),
    onPointerEnter: () => events.onCellPointerEnter(index, col),
    onDoubleClick: () => events.onCellDoubleClick(index, col),
  });
  const selectedClass = (col: number) => cn(inRange(col) && "bg-sky-500/15", sheet.focus === col && "outline-2 -outline-offset-2 outline-sky-500");
  const editor = (col: number, label: string) =>
    sheet.focus === col && sheet.editText !== null ? <CellEditor text={sheet.editText} label={label} events={events} /> : null;

  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={cn("group absolute top-0 left-0 flex hover:bg-accent/40", editing && "bg-amber-500/10")}
      style={style}
      data-row-id={String(data.Id)}
      data-editing={editing || undefined}
    >
      {layout.id > 0 && (
        <div
          role="gridcell"
          className={cn(cellClass, "bg-card text-muted-foreground tabular-nums group-hover:bg-accent")}
          style={{ width: layout.id, position: "sticky", left: 0, zIndex: 2 }}
        >
          {String(data.Id)}
        </div>
      )}
      <div
        {...cellProps(0)}
        data-column="Parameter"
        className={cn(cellClass, "border-r bg-card font-medium group-hover:bg-accent", selectedClass(0))}
        style={{ width: layout.parameter, position: "sticky", left: layout.id, zIndex: 2 }}
        title={unit ? `${parameter} (${angle ? "degrees on screen, radians stored" : unit})` : parameter}
      >
        {editor(0, `Parameter of ${parameter}`) ?? (
          <>
            <span className="truncate">{parameter}</span>
            {/* The unit is drawn from data-unit (CSS content): part of what the cell shows, not of the Parameter's text. */}
            {unit && <span aria-hidden="true" data-unit={unit} className={UNIT_CLASS} />}
            {note}
          </>
        )}
      </div>
      {span.padLeft > 0 && <div aria-hidden="true" className="shrink-0 border-b" style={{ width: span.padLeft }} />}
      {span.shownColumns.map((column, i) => {
        const col = span.firstIndex + i + 1;
        const value = displayValue(String(data[column] ?? ""), angle);
        return (
          <div key={column} {...cellProps(col)} className={cn(cellClass, "tabular-nums", selectedClass(col))} style={{ width: layout.value }} title={value}>
            {editor(col, `${column} of ${parameter}${angle ? " (degrees)" : ""}`) ?? <span className="truncate">{value}</span>}
          </div>
        );
      })}
      {span.padRight > 0 && <div aria-hidden="true" className="shrink-0 border-b" style={{ width: span.padRight }} />}
      <div
        role="gridcell"
        className={cn(cellClass, "gap-0.5 border-l bg-card px-1 group-hover:bg-accent")}
        style={{ width: layout.actions, position: "sticky", right: 0, zIndex: 2 }}
      >
        {layout.rowMenu ? (
          <RowActionsMenu data={data} locked={locked} readOnly={readOnly} canPush={canPush} actions={actions} />
        ) : (
          <RowButtons data={data} locked={locked} readOnly={readOnly} canPush={canPush} actions={actions} />
        )}
      </div>
    </div>
  );
});
