"use client";

import { CheckIcon, XIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { type Draft, isDraftTouched } from "@/lib/datasets/draft";
import { columnHeader } from "@/lib/datasets/item-labels";
import { cn } from "@/lib/utils";
import { CONFLICT_CLASS, DraftValueInput, draftKeys } from "./grid/editable-row";

/**
 * The row being edited on a phone: every column of the row, one under the other, each with its name ("Item2 · P2")
 * and an input. In the grid a phone shows two Item columns at a time, and the spec's edit mode has every cell to edit
 * (issue 30: a pier row showed only Item1). Inputs, Enter and Escape as the grid's editable row has them.
 */
export function RowEditorList({
  draft,
  columns,
  names,
  conflicts,
  busy,
  onChange,
  onSave,
  onExit,
  kind,
}: {
  draft: Draft;
  /** Every value column of the row, in the table's order (the preset does not apply: the row is edited whole). */
  columns: readonly string[];
  /** What each Item column stands for (lib/datasets/item-labels.ts). */
  names: ReadonlyMap<string, string>;
  conflicts: Map<string, string> | null;
  busy: boolean;
  onChange: (draft: Draft) => void;
  onSave: () => void;
  onExit: () => void;
  /** Opens the row's kind; its label is the row's unit or kind. */
  kind: { label: string; onOpen: () => void };
}) {
  const parameterInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = parameterInput.current;
    if (!input) return;
    input.focus({ preventScroll: true });
    input.scrollIntoView({ block: "nearest" });
  }, []);
  const name = draft.parameter || "row";
  const touched = isDraftTouched(draft);
  const onKeyDown = draftKeys(onSave, onExit);
  const inputClass =
    "h-9 w-full min-w-0 rounded border border-input bg-background px-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50";
  const labelClass = "truncate text-xs text-muted-foreground";
  return (
    <section
      aria-label={`Row editor: ${draft.storedParameter}`}
      className="grid gap-3 rounded-md border border-amber-500/40 bg-card p-3"
      data-testid="edit-row"
      onKeyDown={onKeyDown}
    >
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2">
        <label className="grid gap-1">
          <span className={labelClass}>Parameter</span>
          <input
            ref={parameterInput}
            aria-label={`Parameter of ${draft.storedParameter}`}
            className={cn(inputClass, conflicts?.has("Parameter") && CONFLICT_CLASS)}
            title={conflicts?.has("Parameter") ? `Newer value: ${conflicts.get("Parameter")}` : undefined}
            value={draft.parameter}
            disabled={busy}
            onChange={(e) => onChange({ ...draft, parameter: e.target.value })}
          />
        </label>
        <Button
          variant="outline"
          size="sm"
          className="h-9 text-xs"
          aria-label={`Kind of ${draft.storedParameter}`}
          title={touched ? "Save or exit this row's changes first" : "Kind and unit of this row"}
          disabled={busy || touched}
          onClick={kind.onOpen}
        >
          {kind.label}
        </Button>
      </div>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-2" aria-label={`Values of ${draft.storedParameter}${draft.angle ? " (degrees)" : ""}`}>
        {columns.map((column) => {
          const conflict = conflicts?.get(column);
          return (
            <li key={column}>
              <label className="grid gap-1">
                <span className={labelClass}>{columnHeader(column, names)}</span>
                <DraftValueInput draft={draft} column={column} name={name} conflict={conflict} className={inputClass} busy={busy} onChange={onChange} />
              </label>
            </li>
          );
        })}
      </ul>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" disabled={busy} onClick={onExit}>
          <XIcon aria-hidden="true" />
          Exit
        </Button>
        <Button size="sm" disabled={busy} onClick={onSave}>
          <CheckIcon aria-hidden="true" />
          Save
        </Button>
      </div>
    </section>
  );
}
