"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { Row } from "@/lib/datasets/columns";

export type RowsState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; rows: Row[]; ms: number };

async function readError(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string") return body.error;
  } catch {
    /* not JSON */
  }
  return `Server responded with ${response.status}`;
}

/**
 * The rows of a dataset from fetch-all, with the error texts of SPEC section 8.
 * `reload` refetches in place: the rows on screen stay until the new ones arrive.
 */
export function useDatasetRows(dataset: string) {
  const [state, setState] = useState<RowsState>({ status: "loading" });
  const inFlight = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const started = performance.now();
    try {
      const response = await fetch(`/api/database/${dataset}/fetch-all`, { credentials: "include", cache: "no-store", signal: controller.signal });
      if (!response.ok) throw new Error(await readError(response));
      const body = (await response.json()) as { data?: unknown };
      if (!body || !Array.isArray(body.data)) throw new Error("Invalid response structure");
      setState({ status: "ready", rows: body.data as Row[], ms: Math.round(performance.now() - started) });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof Error ? `Error during fetching data: ${error.message}` : "An unknown error occurred.";
      console.error(message);
      setState({ status: "error", message });
    }
  }, [dataset]);

  useEffect(() => {
    void reload();
    return () => inFlight.current?.abort();
  }, [reload]);

  return { state, reload };
}
