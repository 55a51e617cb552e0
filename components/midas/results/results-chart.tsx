"use client";

/** The charts of the result pages (loaded with next/dynamic: Recharts weighs only on these pages). */
import { Bar, BarChart, CartesianGrid, Cell, Label, Line, LineChart, ReferenceLine, XAxis, YAxis } from "recharts";
import { type ChartConfig, ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent, chartKey } from "@/components/ui/chart";
import type { ResultKind, ResultTable } from "@/lib/midas/results";
import { girderLines, groupedBars, type LinePoint, lineEnvelope } from "@/lib/midas/results-series";

export type ResultsChartProps = {
  kind: ResultKind;
  table: ResultTable;
  column: string;
  unit: string;
  lengthUnit: string;
  /** Girder: draw the envelope (max/min) of the chosen loads. */
  showEnvelope?: boolean;
};

const colour = (i: number) => `var(--chart-${(i % 6) + 1})`;

function configOf(series: string[], unit: string, extra: ChartConfig = {}): ChartConfig {
  return { ...Object.fromEntries(series.map((s, i) => [s, { label: s, color: colour(i), unit }])), ...extra };
}

const fmt = (v: unknown) => (typeof v === "number" ? v.toLocaleString(undefined, { maximumFractionDigits: 1 }) : String(v));

function Bars({ data, series, unit, column, xLabel }: { data: Record<string, unknown>[]; series: string[]; unit: string; column: string; xLabel: string }) {
  const config = configOf(series, unit);
  return (
    <ChartContainer config={config} className="aspect-auto h-80 w-full">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 24, left: 16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="category" tickLine={false} axisLine={false} interval={0} fontSize={11}>
          <Label value={xLabel} position="insideBottom" offset={-16} />
        </XAxis>
        <YAxis tickFormatter={fmt} width={64}>
          <Label value={`${column} (${unit})`} angle={-90} position="insideLeft" style={{ textAnchor: "middle" }} />
        </YAxis>
        <ReferenceLine y={0} stroke="var(--border)" />
        <ChartTooltip content={<ChartTooltipContent />} />
        {series.length > 1 && <ChartLegend content={<ChartLegendContent />} verticalAlign="top" />}
        {series.map((s) => (
          <Bar key={s} dataKey={s} name={s} fill={`var(--color-${chartKey(s)})`} radius={2} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartContainer>
  );
}

/** A chart per pier: the chosen bearing force per load, bars in uplift drawn in the destructive colour. */
function BearingCharts({ table, column, unit }: { table: ResultTable; column: string; unit: string }) {
  const [support, load, value, uplift] = ["Support", "Load", column, "Uplift"].map((c) => table.columns.indexOf(c)) as [number, number, number, number];
  const supports = [...new Set(table.rows.map((r) => String(r[support])))];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {supports.map((s) => {
        const data = table.rows
          .filter((r) => String(r[support]) === s)
          .map((r) => ({ category: String(r[load]), value: Number(r[value]), uplift: r[uplift] === "yes" }));
        const config: ChartConfig = { value: { label: column, color: colour(0), unit } };
        return (
          <figure key={s} className="grid gap-1">
            <figcaption className="text-sm font-medium">{s}</figcaption>
            <ChartContainer config={config} className="aspect-auto h-56 w-full">
              <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 16 }} accessibilityLayer={false}>
                <CartesianGrid vertical={false} />
                <XAxis dataKey="category" tickLine={false} axisLine={false} fontSize={11} />
                <YAxis tickFormatter={fmt} width={64}>
                  <Label value={`${column} (${unit})`} angle={-90} position="insideLeft" style={{ textAnchor: "middle" }} />
                </YAxis>
                <ReferenceLine y={0} stroke="var(--border)" />
                <ChartTooltip content={<ChartTooltipContent />} />
                <Bar dataKey="value" name="value" isAnimationActive={false} radius={2}>
                  {data.map((d) => (
                    <Cell key={d.category} fill={column === "Vertical" && d.uplift ? "var(--destructive)" : "var(--color-value)"} />
                  ))}
                </Bar>
              </BarChart>
            </ChartContainer>
          </figure>
        );
      })}
    </div>
  );
}

function GirderChart({ table, column, unit, lengthUnit, showEnvelope }: Omit<ResultsChartProps, "kind">) {
  const { series, lines } = girderLines(table, column);
  const env = showEnvelope && series.length > 1 ? lineEnvelope(lines) : null;
  const config = configOf(series, unit, env ? { "Envelope max": { label: "Envelope max", unit }, "Envelope min": { label: "Envelope min", unit } } : {});
  const detail = (entry: { payload?: unknown }) => {
    const p = entry.payload as LinePoint | undefined;
    return p ? `elem ${p.elem} ${p.part}` : null;
  };
  return (
    <ChartContainer config={config} className="aspect-auto h-96 w-full">
      <LineChart margin={{ top: 8, right: 16, bottom: 24, left: 16 }} accessibilityLayer={false}>
        <CartesianGrid />
        <XAxis type="number" dataKey="chainage" domain={["dataMin", "dataMax"]} tickFormatter={fmt} allowDuplicatedCategory={false}>
          <Label value={`Chainage (${lengthUnit})`} position="insideBottom" offset={-16} />
        </XAxis>
        <YAxis tickFormatter={fmt} width={72} reversed={column === "Moment"}>
          <Label
            value={`${column} (${unit})${column === "Moment" ? ", sagging down" : ""}`}
            angle={-90}
            position="insideLeft"
            style={{ textAnchor: "middle" }}
          />
        </YAxis>
        <ReferenceLine y={0} stroke="var(--border)" />
        <ChartTooltip
          content={<ChartTooltipContent labelFormatter={(label) => `Chainage ${fmt(label)} ${lengthUnit}`} detail={detail} />}
          cursor={{ strokeDasharray: "3 3" }}
        />
        <ChartLegend content={<ChartLegendContent />} verticalAlign="top" />
        {series.map((s) => (
          <Line
            key={s}
            data={lines[s]}
            dataKey="value"
            name={s}
            stroke={`var(--color-${chartKey(s)})`}
            dot={false}
            strokeWidth={1.5}
            isAnimationActive={false}
          />
        ))}
        {env && (
          <>
            <Line data={env.max} dataKey="value" name="Envelope max" stroke="var(--foreground)" strokeDasharray="5 3" dot={false} isAnimationActive={false} />
            <Line
              data={env.min}
              dataKey="value"
              name="Envelope min"
              stroke="var(--muted-foreground)"
              strokeDasharray="5 3"
              dot={false}
              isAnimationActive={false}
            />
          </>
        )}
      </LineChart>
    </ChartContainer>
  );
}

export function ResultsChart(props: ResultsChartProps) {
  const { kind, table, column, unit } = props;
  if (table.rows.length === 0) return <p className="text-sm text-muted-foreground">Choose at least one case or combination.</p>;
  switch (kind) {
    case "reaction": {
      const { data, series } = groupedBars(table, ["Support"], column);
      return <Bars data={data} series={series} unit={unit} column={column} xLabel="Support" />;
    }
    case "bearing":
      return <BearingCharts table={table} column={column} unit={unit} />;
    case "girder":
      return <GirderChart {...props} />;
    case "pile": {
      // Per pile group (a pier's piles): the largest magnitude over its piles and their length; the table has every pile.
      const { data, series } = groupedBars(table, ["Support"], column);
      return <Bars data={data} series={series} unit={unit} column={column} xLabel="Pile group (largest magnitude of its piles)" />;
    }
  }
}
