"use client";

import { BetweenVerticalEndIcon, FilterIcon, ListIcon, PlusIcon, Redo2Icon, SendIcon, Undo2Icon } from "lucide-react";
import { RevitIndicator } from "@/components/revit/revit-indicator";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { DisabledReason } from "@/components/ui/disabled-reason";
import { type ColumnPreset, columnPresets } from "@/lib/datasets/columns";
import type { DatasetInfo } from "@/lib/datasets/registry";

/** The table screen's tools: push, create, add an item, filter, columns, undo/redo, activity, and whatever a table adds. */
export function DatasetToolbar({
  dataset,
  readOnly,
  busy,
  creating,
  filter,
  onFilter,
  preset,
  onPreset,
  onPushAll,
  onCreate,
  onAddItemColumn,
  addItemReason,
  undoLabel,
  redoLabel,
  onUndo,
  onRedo,
  onActivity,
  connected,
  children,
}: {
  dataset: DatasetInfo;
  readOnly: string | null;
  busy: boolean;
  creating: boolean;
  filter: string;
  onFilter: (value: string) => void;
  preset: ColumnPreset;
  onPreset: (value: ColumnPreset) => void;
  onPushAll: () => void;
  onCreate: () => void;
  onAddItemColumn: () => void;
  /** Why no Item column can be added now (a viewer; no row names the items), or null. */
  addItemReason: string | null;
  undoLabel: string | null;
  redoLabel: string | null;
  onUndo: () => void;
  onRedo: () => void;
  onActivity: () => void;
  connected: number | null;
  /** Tools other features add (export and import, who else is here). */
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Table tools">
      {dataset.pushAllLabel && (
        <DisabledReason reason={readOnly}>
          <Button onClick={onPushAll} disabled={readOnly !== null}>
            <SendIcon aria-hidden="true" />
            {dataset.pushAllLabel}
          </Button>
        </DisabledReason>
      )}
      <DisabledReason reason={readOnly}>
        <Button variant="outline" onClick={onCreate} disabled={creating || busy || readOnly !== null}>
          <PlusIcon aria-hidden="true" />
          Create New Row
        </Button>
      </DisabledReason>
      <DisabledReason reason={addItemReason}>
        <Button variant="outline" onClick={onAddItemColumn} disabled={creating || busy || addItemReason !== null}>
          <BetweenVerticalEndIcon aria-hidden="true" />
          Add item column
        </Button>
      </DisabledReason>
      <Input
        className="w-full max-w-xs sm:w-64"
        placeholder="Filter Parameters..."
        aria-label="Filter Parameters"
        value={filter}
        onChange={(e) => onFilter(e.target.value)}
      />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">
            <FilterIcon aria-hidden="true" />
            Filter Columns
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Show</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuRadioGroup value={preset} onValueChange={(v) => onPreset(v as ColumnPreset)}>
            {columnPresets.map((p) => (
              <DropdownMenuRadioItem key={p.value} value={p.value}>
                {p.label}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
      <div className="flex items-center">
        <Button
          variant="ghost"
          size="icon"
          onClick={onUndo}
          disabled={!undoLabel || busy}
          aria-label={undoLabel ? `Undo: ${undoLabel}` : "Undo (nothing to undo)"}
          title={undoLabel ? `Undo: ${undoLabel} (Ctrl+Z)` : "Nothing to undo"}
        >
          <Undo2Icon aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={onRedo}
          disabled={!redoLabel || busy}
          aria-label={redoLabel ? `Redo: ${redoLabel}` : "Redo (nothing to redo)"}
          title={redoLabel ? `Redo: ${redoLabel} (Ctrl+Shift+Z)` : "Nothing to redo"}
        >
          <Redo2Icon aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" onClick={onActivity} aria-label="Activity: who changed what" title="Activity">
          <ListIcon aria-hidden="true" />
        </Button>
      </div>
      {children}
      {dataset.group === "revit" && (
        <div className="ml-auto">
          <RevitIndicator count={connected} />
        </div>
      )}
    </div>
  );
}
