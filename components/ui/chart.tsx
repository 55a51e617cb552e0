"use client";

/**
 * Charts in the shadcn style, written by hand: a container that gives Recharts
 * its size and the series colours as CSS variables (--color-<key>, from the
 * theme's --chart-N in light and dark), and a tooltip and legend drawn with the
 * app's tokens. The charts themselves are plain Recharts.
 */
import * as React from "react";
import * as RechartsPrimitive from "recharts";
import type { LegendPayload, TooltipContentProps } from "recharts";
import { cn } from "@/lib/utils";

export type ChartConfig = Record<string, { label: React.ReactNode; color?: string; unit?: string }>;

type ChartContextProps = { config: ChartConfig };
const ChartContext = React.createContext<ChartContextProps | null>(null);

export function useChart(): ChartContextProps {
  const context = React.useContext(ChartContext);
  if (!context) throw new Error("useChart must be used within a <ChartContainer />");
  return context;
}

/** A CSS custom property name safe for any series key ("ULS1(max)" → "ULS1-max-"). */
export function chartKey(key: string): string {
  return key.replace(/[^A-Za-z0-9_-]/g, "-");
}

function ChartContainer({
  id,
  className,
  children,
  config,
  style,
  ...props
}: React.ComponentProps<"div"> & { config: ChartConfig; children: React.ComponentProps<typeof RechartsPrimitive.ResponsiveContainer>["children"] }) {
  const uniqueId = React.useId();
  const chartId = `chart-${id ?? uniqueId.replace(/:/g, "")}`;
  const colours = Object.fromEntries(
    Object.entries(config)
      .filter(([, c]) => c.color)
      .map(([key, c]) => [`--color-${chartKey(key)}`, c.color]),
  ) as React.CSSProperties;
  return (
    <ChartContext.Provider value={{ config }}>
      <div
        data-slot="chart"
        data-chart={chartId}
        style={{ ...colours, ...style }}
        className={cn(
          "flex aspect-video justify-center text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border/50 [&_.recharts-curve.recharts-tooltip-cursor]:stroke-border [&_.recharts-layer]:outline-hidden [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-reference-line_[stroke='#ccc']]:stroke-border [&_.recharts-surface]:outline-hidden [&_.recharts-label]:fill-muted-foreground",
          className,
        )}
        {...props}
      >
        <RechartsPrimitive.ResponsiveContainer initialDimension={{ width: 640, height: 320 }}>{children}</RechartsPrimitive.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

const ChartTooltip = RechartsPrimitive.Tooltip;

type TooltipEntry = NonNullable<TooltipContentProps<number, string>["payload"]>[number];

function ChartTooltipContent({
  active,
  payload,
  label,
  className,
  labelFormatter,
  detail,
  hideLabel = false,
}: Partial<Pick<TooltipContentProps<number, string>, "active" | "payload" | "label">> & {
  className?: string;
  hideLabel?: boolean;
  labelFormatter?: (label: unknown, payload: readonly TooltipEntry[]) => React.ReactNode;
  /** Extra text per entry, e.g. the element a value belongs to. */
  detail?: (entry: TooltipEntry) => React.ReactNode;
}) {
  const { config } = useChart();
  if (!active || !payload?.length) return null;
  return (
    <div className={cn("grid min-w-32 items-start gap-1.5 rounded-lg border border-border/50 bg-background px-2.5 py-1.5 text-xs shadow-xl", className)}>
      {!hideLabel && <div className="font-medium">{labelFormatter ? labelFormatter(label, payload) : String(label ?? "")}</div>}
      <div className="grid gap-1.5">
        {payload.map((entry, i) => {
          const key = String(entry.dataKey ?? entry.name ?? i);
          const item = config[String(entry.name)] ?? config[key];
          const value = typeof entry.value === "number" ? entry.value.toLocaleString(undefined, { maximumFractionDigits: 3 }) : String(entry.value ?? "");
          return (
            <div key={`${key}-${i}`} className="flex w-full items-center gap-2">
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-[2px]" style={{ background: entry.color ?? item?.color }} />
              <span className="text-muted-foreground">{item?.label ?? entry.name}</span>
              <span className="ml-auto font-mono font-medium tabular-nums text-foreground">
                {value}
                {item?.unit ? ` ${item.unit}` : ""}
              </span>
              {detail && <span className="text-muted-foreground">{detail(entry)}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
}

const ChartLegend = RechartsPrimitive.Legend;

function ChartLegendContent({ className, payload }: { className?: string; payload?: readonly LegendPayload[] }) {
  const { config } = useChart();
  if (!payload?.length) return null;
  return (
    <div className={cn("flex flex-wrap items-center justify-center gap-x-4 gap-y-1 pt-3", className)}>
      {payload.map((entry, i) => {
        const item = config[String(entry.value)] ?? config[String(entry.dataKey ?? "")];
        return (
          <div key={`${String(entry.value)}-${i}`} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2 shrink-0 rounded-[2px]" style={{ background: entry.color }} />
            {item?.label ?? String(entry.value)}
          </div>
        );
      })}
    </div>
  );
}

export { ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent };
