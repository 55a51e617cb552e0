"use client";

import { CheckIcon, XIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { type Draft, isDraftTouched, setCellText } from "@/lib/datasets/draft";
import { cn } from "@/lib/utils";
import { cellClass, type ColumnSpan, type Layout, ROW_HEIGHT } from "./features";

/** The spec's one-row edit mode (and the new row at the top): inputs for every cell, Enter saves, Escape exits. */

/** A cell whose value someone else saved meanwhile. */
export const CONFLICT_CLASS = "border-amber-500 ring-1 ring-amber-500";

/** One value of the row being edited, named for screen readers by its column and row (degrees on an angle row). */
export function DraftValueInput({
  draft,
  column,
  name,
  conflict,
  className,
  busy,
  onChange,
}: {
  draft: Draft;
  column: string;
  name: string;
  /** The newer value someone else saved meanwhile. */
  conflict: string | undefined;
  className: string;
  busy: boolean;
  onChange: (draft: Draft) => void;
}) {
  return (
    <input
      aria-label={`${column} of ${name}${draft.angle ? " (degrees)" : ""}`}
      className={cn(className, "tabular-nums", conflict !== undefined && CONFLICT_CLASS)}
      title={conflict !== undefined ? `Newer value: ${conflict === "" ? "(empty)" : conflict}` : undefined}
      value={draft.cells[column]?.text ?? ""}
      disabled={busy}
      onChange={(e) => onChange(setCellText(draft, column, e.target.value))}
    />
  );
}

/** Enter saves the row being edited, Escape leaves it: in the grid's row and in the phone's row editor alike. */
export function draftKeys(onSave: () => void, onExit: () => void) {
  return (event: React.KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      onSave();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onExit();
    }
  };
}

export function EditableRow({
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
  kind,
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
  /** Opens the row's kind (an existing row only); its label is the row's unit or kind. */
  kind?: { label: string; onOpen: () => void };
}) {
  const parameterInput = useRef<HTMLInputElement>(null);
  // Focused in the frame after the row is drawn: focusing lays out the whole grid, and the engineer should see the row first.
  useEffect(() => {
    const frame = requestAnimationFrame(() => parameterInput.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, []);
  const name = draft.parameter || (isNew ? "new row" : "row");
  // The kind changes the row's version: set it between edits, not in the middle of one.
  const touched = isDraftTouched(draft);
  const onKeyDown = draftKeys(onSave, onExit);
  const inputClass =
    "h-8 w-full min-w-0 rounded border border-input bg-background px-1.5 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50";
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className="flex bg-amber-100/60 dark:bg-amber-50/10"
      style={{ height: ROW_HEIGHT, width }}
      onKeyDown={onKeyDown}
      data-testid={isNew ? "create-row" : "edit-row"}
    >
      {layout.id > 0 && (
        <div
          role="gridcell"
          className={cn(cellClass, "bg-card text-muted-foreground tabular-nums")}
          style={{ width: layout.id, position: "sticky", left: 0, zIndex: 2 }}
        >
          {draft.id ?? "new"}
        </div>
      )}
      <div
        role="gridcell"
        className={cn(cellClass, "border-r bg-card px-1")}
        style={{ width: layout.parameter, position: "sticky", left: layout.id, zIndex: 2 }}
      >
        <input
          ref={parameterInput}
          aria-label={isNew ? "Parameter of the new row" : `Parameter of ${draft.storedParameter}`}
          className={cn(inputClass, conflicts?.has("Parameter") && CONFLICT_CLASS)}
          title={conflicts?.has("Parameter") ? `Newer value: ${conflicts.get("Parameter")}` : undefined}
          value={draft.parameter}
          placeholder="Parameter"
          disabled={busy}
          onChange={(e) => onChange({ ...draft, parameter: e.target.value })}
        />
        {kind && (
          <Button
            variant="ghost"
            size="sm"
            className="ml-0.5 h-8 shrink-0 px-1.5 text-xs text-muted-foreground"
            aria-label={`Kind of ${draft.storedParameter}`}
            title={touched ? "Save or exit this row's changes first" : "Kind and unit of this row"}
            disabled={busy || touched}
            onClick={kind.onOpen}
          >
            {kind.label}
          </Button>
        )}
      </div>
      {span.padLeft > 0 && <div aria-hidden="true" className="shrink-0 border-b" style={{ width: span.padLeft }} />}
      {span.shownColumns.map((column) => {
        const conflict = conflicts?.get(column);
        return (
          <div key={column} role="gridcell" className={cn(cellClass, "px-1")} style={{ width: layout.value }}>
            <DraftValueInput draft={draft} column={column} name={name} conflict={conflict} className={inputClass} busy={busy} onChange={onChange} />
          </div>
        );
      })}
      {span.padRight > 0 && <div aria-hidden="true" className="shrink-0 border-b" style={{ width: span.padRight }} />}
      <div
        role="gridcell"
        className={cn(cellClass, "gap-0.5 border-l bg-card px-1")}
        style={{ width: layout.actions, position: "sticky", right: 0, zIndex: 2 }}
      >
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={isNew ? "Confirm new row" : "Save"}
          title={isNew ? "Create this row" : "Save"}
          disabled={busy}
          onClick={onSave}
        >
          <CheckIcon aria-hidden="true" className="text-emerald-500" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={isNew ? "Cancel new row" : "Exit"}
          title={isNew ? "Cancel" : "Exit without saving"}
          disabled={busy}
          onClick={onExit}
        >
          <XIcon aria-hidden="true" className="text-destructive" />
        </Button>
      </div>
    </div>
  );
}
