import { preload } from "react-dom";
import { screenRowsUrl } from "@/lib/datasets/api";
import type { DatasetKey } from "@/lib/datasets/registry";

/**
 * Asks the browser for a table screen's rows before any script has run: a
 * `<link rel="preload">` in the page's head that the screen's own request
 * then takes over (same URL, credentials, no extra headers).
 */
export function preloadScreenRows(projectId: number, dataset: DatasetKey): void {
  preload(screenRowsUrl({ id: projectId, ds: dataset }), { as: "fetch", crossOrigin: "use-credentials", fetchPriority: "high" });
}
