"use client";

import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import { ITEM_LABEL_SEPARATOR } from "@/lib/datasets/item-labels";
import { cn } from "@/lib/utils";
import { type ColumnSpan, HEADER_HEIGHT, type Layout } from "./features";

type Sorted = false | "asc" | "desc";

/**
 * The sticky header row: each column sorts on click; Id and Parameter stay at the left, Actions at the right. A value
 * column a row of the table names shows that name after its own: "Item1 · P1".
 */
export function GridHeader({
  layout,
  span,
  width,
  names,
  sortedOf,
  onSort,
}: {
  layout: Layout;
  span: ColumnSpan;
  width: number;
  /** What each value column stands for (lib/datasets/item-labels.ts), found once per change of the rows. */
  names: ReadonlyMap<string, string>;
  sortedOf: (id: string) => Sorted;
  onSort: (id: string, event: React.MouseEvent) => void;
}) {
  const cell = (id: string, label: string, w: number, className?: string, style?: React.CSSProperties, name?: string) => {
    const sorted = sortedOf(id);
    const full = name ? `${label}${ITEM_LABEL_SEPARATOR}${name}` : label;
    return (
      <div
        key={id}
        role="columnheader"
        aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
        className={cn("flex shrink-0 items-center border-b bg-muted", className)}
        style={{ width: w, ...style }}
      >
        <button
          type="button"
          className="flex h-full w-full items-center gap-1 truncate px-2 text-left text-xs font-semibold hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          onClick={(event) => onSort(id, event)}
          title={`Sort by ${full}`}
        >
          <span className="truncate">
            {label}
            {name && (
              <span className="font-normal text-muted-foreground">
                {ITEM_LABEL_SEPARATOR}
                {name}
              </span>
            )}
          </span>
          {sorted === "asc" ? (
            <ArrowUpIcon aria-hidden="true" className="size-3.5" />
          ) : sorted === "desc" ? (
            <ArrowDownIcon aria-hidden="true" className="size-3.5" />
          ) : (
            <ArrowUpDownIcon aria-hidden="true" className="size-3.5 opacity-40" />
          )}
        </button>
      </div>
    );
  };
  return (
    <div role="rowgroup" className="sticky top-0 z-30" style={{ width }}>
      <div role="row" aria-rowindex={1} className="flex" style={{ height: HEADER_HEIGHT, width }}>
        {layout.id > 0 && cell("Id", "Id", layout.id, "", { position: "sticky", left: 0, zIndex: 2 })}
        {cell("Parameter", "Parameter", layout.parameter, "border-r", { position: "sticky", left: layout.id, zIndex: 2 })}
        {span.padLeft > 0 && <div aria-hidden="true" className="shrink-0 border-b bg-muted" style={{ width: span.padLeft }} />}
        {span.shownColumns.map((column) => cell(column, column, layout.value, undefined, undefined, names.get(column)))}
        {span.padRight > 0 && <div aria-hidden="true" className="shrink-0 border-b bg-muted" style={{ width: span.padRight }} />}
        <div
          role="columnheader"
          className="flex shrink-0 items-center border-b border-l bg-muted px-2 text-xs font-semibold"
          style={{ width: layout.actions, position: "sticky", right: 0, zIndex: 2 }}
        >
          {/* A phone's one menu button leaves no room for the word; it is still the Actions column. */}
          <span className={cn(layout.rowMenu && "sr-only")}>Actions</span>
        </div>
      </div>
    </div>
  );
}
