/**
 * The comparison page of `bench:tables`: AG Grid Community (its UMD bundle,
 * all community modules, default row and column virtualisation) showing the
 * very bytes our table screen receives, served by a small static server the
 * way a CDN would (gzipped once, the script cacheable, the data not).
 *
 * AG Grid is given its best case: its data request is preloaded like ours,
 * and it reads the rows as arrays (a `field` per index) instead of building
 * an object per row.
 */
import http from "node:http";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** A painted data row: its first value cell (AG Grid 36 names its containers with generated classes, not these). */
export const AG_ROW_SELECTOR = '.ag-row [col-id="Item1"]';

const page = `<!doctype html>
<html><head><meta charset="utf-8"><title>AG Grid</title>
<link rel="preload" href="/rows.json" as="fetch" crossorigin="anonymous">
<script src="/ag-grid-community.min.js"></script>
<style>html,body{margin:0;height:100%;font-family:sans-serif}#grid{height:100vh}</style>
</head><body><div id="grid"></div><script>
fetch("/rows.json").then((r) => r.json()).then((answer) => {
  const first = answer.fields.length;
  const number = (name) => Number((/\\d+/.exec(name) || ["0"])[0]);
  const order = answer.columns.map((name, index) => [name, index]).sort((a, b) => number(a[0]) - number(b[0]) || (a[0] < b[0] ? -1 : 1));
  const columnDefs = [
    { colId: "Id", headerName: "Id", field: "0", pinned: "left", width: 72 },
    { colId: "Parameter", headerName: "Parameter", field: "1", pinned: "left", width: 220, filter: "agTextColumnFilter" },
    ...order.map(([name, index]) => ({ colId: name, headerName: name, field: String(first + index), width: 128 })),
  ];
  window.__grid = agGrid.createGrid(document.getElementById("grid"), {
    columnDefs, rowData: answer.rows, rowHeight: 40, headerHeight: 40, getRowId: (p) => String(p.data[0]),
  });
  window.__lastColumn = order.length ? order[order.length - 1][0] : "Parameter";
  window.__rowCount = answer.rows.length;
});
</script></body></html>`;

export type AgGridServer = { url: string; close: () => Promise<void> };

/** Serves the AG Grid page, its script, and `rows` (the JSON text of our screen's answer). */
export async function startAgGridServer(rows: Buffer, port: number): Promise<AgGridServer> {
  // The package exports no path to its browser bundle: found from its main entry.
  const main = createRequire(import.meta.url).resolve("ag-grid-community");
  const packageDir = main.slice(0, main.lastIndexOf(`${path.sep}dist${path.sep}`));
  const script = readFileSync(path.join(packageDir, "dist", "ag-grid-community.min.js"));
  // Level 1, as our server gzips its answers.
  const files: Record<string, { body: Buffer; type: string; cache: string }> = {
    "/grid": { body: gzipSync(page, { level: 1 }), type: "text/html; charset=utf-8", cache: "no-store" },
    "/ag-grid-community.min.js": { body: gzipSync(script, { level: 9 }), type: "text/javascript", cache: "public, max-age=31536000, immutable" },
    "/rows.json": { body: gzipSync(rows, { level: 1 }), type: "application/json", cache: "no-store" },
  };
  const server = http.createServer((req, res) => {
    const file = files[new URL(req.url ?? "/", "http://x").pathname];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": file.type, "content-encoding": "gzip", "cache-control": file.cache, "content-length": file.body.length });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
