"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useMemo } from "react";
import { type ColumnSpan, type Layout, ROW_HEIGHT } from "./features";

/**
 * Rows and value columns virtualised: only what is in view (plus a margin)
 * is rendered. Returns which value columns are rendered now and the space
 * left and right of them, so every row lays out the same span.
 */
export function useGridVirtualizer({
  scrollRef,
  layout,
  rowCount,
  columns,
  bodyOffset,
  rowKeys,
}: {
  scrollRef: React.RefObject<HTMLDivElement | null>;
  layout: Layout;
  rowCount: number;
  columns: readonly string[];
  bodyOffset: number;
  rowKeys: readonly { id: string }[];
}) {
  const startWidth = layout.id + layout.parameter;
  const totalWidth = startWidth + columns.length * layout.value + layout.actions;

  const rowVirtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: useCallback((index: number) => rowKeys[index]?.id ?? index, [rowKeys]),
    scrollMargin: bodyOffset,
    overscan: 10,
    // Both virtualizers hear the same scroll event: without flushSync their two updates make one render, not two
    // (a jump to the far corner drew every new row once with the old columns, then again with the new ones).
    useFlushSync: false,
  });
  // The same column set from one render to the next keeps the virtualizer's cache; a new one resets it.
  const columnKey = columns.join("\u0000");
  const stableColumns = useMemo(() => columns, [columnKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => layout.value,
    // A new width (the screen turned from phone to desktop) lays the columns out again, as a new column set does.
    getItemKey: useCallback((index: number) => stableColumns[index] ?? index, [stableColumns, layout.value]), // eslint-disable-line react-hooks/exhaustive-deps
    scrollMargin: startWidth,
    overscan: 4,
    useFlushSync: false,
  });

  const virtualColumns = columnVirtualizer.getVirtualItems();
  const first = virtualColumns[0];
  const last = virtualColumns[virtualColumns.length - 1];
  const span: ColumnSpan = {
    padLeft: first ? first.start - startWidth : 0,
    padRight: last ? columnVirtualizer.getTotalSize() - (last.end - startWidth) : 0,
    shownColumns: virtualColumns.map((vc) => columns[vc.index]!).filter(Boolean),
    firstIndex: first?.index ?? 0,
  };
  return { rowVirtualizer, columnVirtualizer, span, totalWidth };
}
