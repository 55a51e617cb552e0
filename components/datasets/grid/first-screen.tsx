import { cn } from "@/lib/utils";
import type { FirstScreen } from "@/lib/datasets/first-screen";
import { cellClass, HEADER_HEIGHT, NARROW, ROW_HEIGHT, UNIT_CLASS, WIDE } from "./features";

/**
 * The table's first rows as the server rendered them, laid out like the grid
 * (same widths, heights and cells), shown until the grid itself is ready. No
 * script: it paints with the page's first bytes. Hidden from screen readers,
 * who hear "Loading..." until the real grid is there.
 */
export function FirstScreenRows({ screen }: { screen: FirstScreen }) {
  return (
    <div
      aria-hidden="true"
      className="relative h-[calc(100dvh-17rem)] min-h-[360px] overflow-hidden rounded-md border bg-card text-sm"
      style={widths}
      data-testid="table-first-screen"
    >
      <div className="flex font-medium text-muted-foreground" style={{ height: HEADER_HEIGHT }}>
        <div className={cn(cellClass, "hidden md:flex")} style={{ width: WIDE.id }}>
          Id
        </div>
        <div className={cn(cellClass, "w-[var(--parameter-narrow)] border-r md:w-[var(--parameter-wide)]")}>Parameter</div>
        {screen.columns.map((column, i) => (
          <div key={column} className={cn(cellClass, VALUE_CLASS)}>
            {/* "Item1 · P1", as the grid's header will show it: the page does not shift when the grid takes over. */}
            <span className="truncate">{screen.headers[i] ?? column}</span>
          </div>
        ))}
      </div>
      {screen.rows.map((row) => (
        <div key={row.id} className="flex" style={{ height: ROW_HEIGHT }} data-first-screen-row-id={row.id}>
          <div className={cn(cellClass, "hidden text-muted-foreground tabular-nums md:flex")} style={{ width: WIDE.id }}>
            {row.id}
          </div>
          <div className={cn(cellClass, "w-[var(--parameter-narrow)] border-r font-medium md:w-[var(--parameter-wide)]")}>
            <span className="truncate">{row.parameter}</span>
            {row.unit && <span data-unit={row.unit} className={UNIT_CLASS} />}
          </div>
          {row.values.map((value, i) => (
            <div key={screen.columns[i]} className={cn(cellClass, VALUE_CLASS, "tabular-nums")} data-first-screen-col={i + 1}>
              <span className="truncate">{value}</span>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

// The grid picks its layout from the screen width; the first screen does it in CSS, so the server can render it.
const widths = {
  "--parameter-narrow": `${NARROW.parameter}px`,
  "--parameter-wide": `${WIDE.parameter}px`,
  "--value-narrow": `${NARROW.value}px`,
  "--value-wide": `${WIDE.value}px`,
} as React.CSSProperties;
const VALUE_CLASS = "w-[var(--value-narrow)] md:w-[var(--value-wide)]";
