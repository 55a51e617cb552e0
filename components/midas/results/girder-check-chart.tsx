"use client";

/** The utilisation of the girder along its chainage (loaded with next/dynamic, like the other result charts). */
import { CartesianGrid, Label, Line, LineChart, ReferenceLine, XAxis, YAxis } from "recharts";
import { type ChartConfig, ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent } from "@/components/ui/chart";

export type UtilisationPoint = { chainage: number; bending: number; shear: number; point: string };

const config: ChartConfig = {
  bending: { label: "M* / φMuo", color: "var(--chart-1)" },
  shear: { label: "V* / φVu", color: "var(--chart-2)" },
};

const fmt = (v: unknown) => (typeof v === "number" ? v.toLocaleString(undefined, { maximumFractionDigits: 2 }) : String(v));

export function GirderCheckChart({ points }: { points: UtilisationPoint[] }) {
  const top = Math.max(1.2, ...points.map((p) => Math.max(p.bending, p.shear)));
  return (
    <ChartContainer config={config} className="aspect-auto h-72 w-full">
      <LineChart data={points} margin={{ top: 8, right: 16, bottom: 24, left: 16 }} accessibilityLayer={false}>
        <CartesianGrid />
        <XAxis type="number" dataKey="chainage" domain={["dataMin", "dataMax"]} tickFormatter={fmt}>
          <Label value="Chainage (m)" position="insideBottom" offset={-16} />
        </XAxis>
        <YAxis tickFormatter={fmt} width={56} domain={[0, Math.ceil(top * 10) / 10]}>
          <Label value="Utilisation" angle={-90} position="insideLeft" style={{ textAnchor: "middle" }} />
        </YAxis>
        <ReferenceLine y={1} stroke="var(--destructive)" strokeDasharray="6 3" label={{ value: "1.0", position: "right", fill: "var(--foreground)" }} />
        <ChartTooltip content={<ChartTooltipContent labelFormatter={(label) => `Chainage ${fmt(label)} m`} />} cursor={{ strokeDasharray: "3 3" }} />
        <ChartLegend content={<ChartLegendContent />} verticalAlign="top" />
        <Line dataKey="bending" name="bending" stroke="var(--color-bending)" dot={false} strokeWidth={1.5} isAnimationActive={false} />
        <Line dataKey="shear" name="shear" stroke="var(--color-shear)" dot={false} strokeWidth={1.5} isAnimationActive={false} />
      </LineChart>
    </ChartContainer>
  );
}
