import { preload } from "react-dom";
import { screenRowsUrl } from "@/lib/datasets/api";
import type { DatasetKey } from "@/lib/datasets/registry";

/**
 * How a table screen's rows are preloaded, so that the screen's own request
 * (same URL, credentials, no extra headers) takes the answer over: the root
 * layout's `<link>` in the head (a first load) and the page's hint (a
 * navigation within the app) both use these.
 */
export const SCREEN_ROWS_PRELOAD = { as: "fetch", crossOrigin: "use-credentials", fetchPriority: "high" } as const;

/** The hint of a page: arrives with the page's data, ahead of the screen's script. */
export function preloadScreenRows(projectId: number, dataset: DatasetKey): void {
  preload(screenRowsUrl({ id: projectId, ds: dataset }), SCREEN_ROWS_PRELOAD);
}
