"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { fetchScreenRows } from "@/lib/datasets/api";
import type { Row } from "@/lib/datasets/columns";

const ROWS_CHANGED = "pontifex:rows-changed";

/** Tells the table screens on this page that rows of a table were written elsewhere, so they load it again. */
export function announceRowsChanged(projectId: number, dataset: string): void {
  window.dispatchEvent(new CustomEvent(ROWS_CHANGED, { detail: { projectId, dataset } }));
}

export type RowsState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; rows: Row[]; columns: string[]; units: ReadonlyMap<string, string>; ms: number };

/**
 * The rows of a project's table, with the error texts of SPEC section 8.
 * `reload` refetches in place: the rows on screen stay until the new ones arrive.
 */
export function useDatasetRows(projectId: number, dataset: string) {
  const [state, setState] = useState<RowsState>({ status: "loading" });
  const inFlight = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const started = performance.now();
    try {
      const result = await fetchScreenRows({ id: projectId, ds: dataset }, controller.signal);
      if (!result.ok) throw new Error(result.error);
      setState({
        status: "ready",
        rows: result.data.rows,
        columns: result.data.columns,
        units: result.data.units,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof Error ? `Error during fetching data: ${error.message}` : "An unknown error occurred.";
      console.error(message);
      setState({ status: "error", message });
    }
  }, [projectId, dataset]);

  useEffect(() => {
    // reload sets state only once the answer is in (after an await), never synchronously.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
    return () => inFlight.current?.abort();
  }, [reload]);

  // Another tool on the page wrote rows of this table (e.g. "Fill from Revit tables").
  useEffect(() => {
    const onChanged = (event: Event) => {
      const detail = (event as CustomEvent<{ projectId: number; dataset: string }>).detail;
      if (detail.projectId === projectId && detail.dataset === dataset) void reload();
    };
    window.addEventListener(ROWS_CHANGED, onChanged);
    return () => window.removeEventListener(ROWS_CHANGED, onChanged);
  }, [projectId, dataset, reload]);

  return { state, reload };
}
