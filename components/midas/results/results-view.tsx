"use client";

import { DownloadIcon, RefreshCwIcon, TriangleAlertIcon } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DisabledReason } from "@/components/ui/disabled-reason";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { callApi, type ResponseOf, urlOf } from "@/lib/http/contract";
import { midasApi } from "@/lib/midas/api";
import type { ResultKind } from "@/lib/midas/results";
import { extremesBy, keyPointValues } from "@/lib/midas/results-series";
import { CHART_COLUMNS, columnDecimals, columnHeading, columnUnit, filterCases, formatResultValue } from "@/lib/midas/results-view";
import { RunAnalysis } from "../run-analysis";
import { GirderCheckCard } from "./girder-check";
import { LocalTime } from "@/components/ui/local-time";

type Answer = ResponseOf<typeof midasApi.results>;

const ResultsChart = dynamic(() => import("./results-chart").then((m) => m.ResultsChart), {
  ssr: false,
  loading: () => <p className="h-80 text-sm text-muted-foreground">Loading the chart...</p>,
});

// Fetch the chart code as soon as this module runs in the browser, in parallel with hydration rather than after it.
if (typeof window !== "undefined") void import("./results-chart");

/** A value of `column` as engineers round it (lib/midas/results-view.ts columnDecimals). */
const valueOf = (table: Pick<Answer, "units">, column: string, v: number | string) => formatResultValue(v, columnDecimals(column, table.units));
/** Where the results came from, as an engineer signing them needs to know: when, how, and through whose MIDAS. */
function Provenance({ answer }: { answer: Answer }) {
  const how = answer.source === "analysis" ? "read from MIDAS by the analysis run" : "read again from MIDAS";
  return (
    <>
      {how} <LocalTime iso={answer.fetchedAt} />
      {answer.fetchedBy ? ` through the connection of ${answer.fetchedBy.name}` : ""}
    </>
  );
}

/** How many cases are chosen when a page opens: a readable chart, the rest a click away. */
const FIRST_CHOICE = 3;

export type ResultsViewProps = {
  project: { id: number; name: string };
  kind: ResultKind;
  title: string;
  answer: Answer | null;
  /** Why Run analysis cannot be used now (null: it can). */
  runReason: string | null;
  /** Why the results cannot be read again from MIDAS (a viewer's role), or null. */
  refreshReason: string | null;
};

export function ResultsView({ project, kind, title, answer: initial, runReason, refreshReason }: ResultsViewProps) {
  const [answer, setAnswer] = useState<Answer | null>(initial);
  const [chosen, setChosen] = useState<string[]>(() => (initial?.cases ?? []).slice(0, FIRST_CHOICE));
  const [column, setColumn] = useState(CHART_COLUMNS[kind][0]!);
  const [refreshing, setRefreshing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const table = useMemo(() => (answer ? (chosen.length === 0 ? { ...answer, rows: [] } : filterCases(answer, chosen)) : null), [answer, chosen]);

  if (!answer || !table) {
    return (
      <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-10">
        <h1 className="text-3xl font-semibold tracking-tight text-foreground dark:text-white">{title}</h1>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>No results yet</h2>
            </CardTitle>
            <CardDescription>
              Build the model of <strong>{project.name}</strong> on{" "}
              <Link href="/midas" className="underline underline-offset-4">
                Create Midas
              </Link>
              , then run the analysis: MIDAS analyses it and Pontifex reads the results.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <RunAnalysis projectId={project.id} reason={runReason} />
          </CardContent>
        </Card>
      </div>
    );
  }

  const units = answer.units;
  const unit = columnUnit(column, units) ?? "";
  const casesQuery = chosen.length > 0 && chosen.length < answer.cases.length ? chosen.join(",") : undefined;
  const fileUrl = (format: "csv" | "xlsx") => urlOf(midasApi.results, { id: project.id, kind }, { format, cases: casesQuery });

  async function refresh() {
    setRefreshing(true);
    setFailure(null);
    const read = await callApi(midasApi.refreshResults, { params: { id: project.id, kind } });
    setRefreshing(false);
    if (read.ok) setAnswer(read.data);
    else setFailure(read.error);
  }

  const toggle = (name: string, on: boolean) =>
    setChosen((now) => (on ? answer.cases.filter((c) => c === name || now.includes(c)) : now.filter((c) => c !== name)));

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-10 print:max-w-none print:p-0" data-testid="midas-results" data-kind={kind}>
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-foreground dark:text-white print:text-black">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground dark:text-zinc-300 print:text-black">
          {project.name}: <Provenance answer={answer} />. Forces in {units.force}, lengths in {units.length}, moments in {units.force}·{units.length}.
        </p>
      </div>

      {answer.stale && (
        <Alert data-testid="results-stale">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>These results are older than the Midas tables</AlertTitle>
          <AlertDescription>
            <p>
              The tables have changed since the model these results came from was built. Build it again on{" "}
              <Link href="/midas" className="underline underline-offset-4">
                Create Midas
              </Link>{" "}
              and run the analysis.
            </p>
          </AlertDescription>
        </Alert>
      )}

      <Card className="print:hidden">
        <CardContent className="grid gap-4 md:grid-cols-[1fr_auto]">
          <fieldset className="grid gap-2" data-testid="case-choice">
            <legend className="mb-1 text-sm font-medium">Cases and combinations</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {answer.cases.map((c) => (
                <label key={c} className="flex items-center gap-1.5 text-sm">
                  <input type="checkbox" className="size-4 accent-primary" checked={chosen.includes(c)} onChange={(e) => toggle(c, e.target.checked)} />
                  {c}
                </label>
              ))}
            </div>
            <div className="flex gap-3 text-sm">
              <button type="button" className="underline underline-offset-4" onClick={() => setChosen(answer.cases)}>
                All
              </button>
              <button type="button" className="underline underline-offset-4" onClick={() => setChosen([])}>
                None
              </button>
            </div>
          </fieldset>
          <div className="grid content-start gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor={`component-${kind}`}>Component</Label>
              <NativeSelect id={`component-${kind}`} value={column} onChange={(e) => setColumn(e.target.value)}>
                {CHART_COLUMNS[kind].map((c) => (
                  <option key={c} value={c}>
                    {columnHeading(c, units)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline" size="sm">
                <a href={fileUrl("csv")} download data-testid="export-csv">
                  <DownloadIcon aria-hidden="true" />
                  Export CSV
                </a>
              </Button>
              <Button asChild variant="outline" size="sm">
                <a href={fileUrl("xlsx")} download data-testid="export-xlsx">
                  <DownloadIcon aria-hidden="true" />
                  Export XLSX
                </a>
              </Button>
              <DisabledReason reason={refreshReason}>
                <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={refreshReason !== null || refreshing}>
                  <RefreshCwIcon aria-hidden="true" />
                  {refreshing ? "Reading..." : "Read again from MIDAS"}
                </Button>
              </DisabledReason>
            </div>
          </div>
        </CardContent>
      </Card>

      {failure && (
        <Alert variant="destructive">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>MIDAS could not be read</AlertTitle>
          <AlertDescription>
            <p className="break-words">{failure}</p>
          </AlertDescription>
        </Alert>
      )}

      <Card className="print:break-inside-avoid print:border-0 print:shadow-none">
        <CardHeader>
          <CardTitle>
            <h2>
              {column} ({unit})
            </h2>
          </CardTitle>
          <CardDescription>{chosen.length === 0 ? "No case chosen." : `${chosen.join(", ")}.`} The table below lists the same values.</CardDescription>
        </CardHeader>
        <CardContent>
          <ResultsChart kind={kind} table={table} column={column} unit={unit} lengthUnit={units.length} showEnvelope={kind === "girder"} />
        </CardContent>
      </Card>

      {kind === "reaction" && <ReactionExtremes table={table} column={column} unit={unit} />}
      {kind === "bearing" && <Uplift table={table} />}
      {kind === "girder" && <GirderPoints answer={answer} table={table} loads={chosen} />}
      {kind === "girder" && <GirderCheckCard projectId={project.id} stale={answer.stale} />}

      <ResultTableView table={table} label={`${title}: every value`} />
    </div>
  );
}

/** A scrollable table of values that keyboard and screen reader users can reach. */
function ScrollTable({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`max-h-[32rem] overflow-auto rounded-md border print:max-h-none print:overflow-visible ${className ?? ""}`}
    >
      <table className="w-full caption-bottom text-sm">{children}</table>
    </div>
  );
}

const th = "sticky top-0 bg-card px-2 py-1.5 text-left font-medium whitespace-nowrap";
const td = "px-2 py-1 whitespace-nowrap tabular-nums";

/** Rows of the value table drawn at a time: thousands of rows would slow every switch of cases (the export has them all). */
const PAGE_ROWS = 200;

function ResultTableView({ table, label }: { table: Answer; label: string }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(table.rows.length / PAGE_ROWS));
  const current = Math.min(page, pages - 1);
  const from = current * PAGE_ROWS;
  const shown = table.rows.slice(from, from + PAGE_ROWS);
  const decimals = table.columns.map((c) => columnDecimals(c, table.units));
  return (
    <Card className="print:border-0 print:shadow-none">
      <CardHeader>
        <CardTitle>
          <h2>Table</h2>
        </CardTitle>
        <CardDescription>
          {table.rows.length} row{table.rows.length === 1 ? "" : "s"}, as in the export
          {pages > 1 ? `; rows ${from + 1} to ${from + shown.length} shown.` : "."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ScrollTable label={label}>
          {/* One precision per quantity (decimals by column), as the summaries above round them. */}
          <thead>
            <tr className="border-b">
              {table.columns.map((c) => (
                <th key={c} scope="col" className={th}>
                  {columnHeading(c, table.units)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => (
              <tr key={from + i} className="border-b last:border-0">
                {row.map((cell, j) => (
                  <td key={j} className={`${td} ${table.columns[j] === "Uplift" && cell === "yes" ? "font-semibold text-destructive" : ""}`}>
                    {formatResultValue(cell, decimals[j] ?? null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
        {pages > 1 && (
          <nav aria-label="Table pages" className="flex items-center gap-2 text-sm print:hidden">
            <Button variant="outline" size="sm" onClick={() => setPage(current - 1)} disabled={current === 0}>
              Previous rows
            </Button>
            <span>
              Page {current + 1} of {pages}
            </span>
            <Button variant="outline" size="sm" onClick={() => setPage(current + 1)} disabled={current >= pages - 1}>
              Next rows
            </Button>
          </nav>
        )}
      </CardContent>
    </Card>
  );
}

function ReactionExtremes({ table, column, unit }: { table: Answer; column: string; unit: string }) {
  const rows = extremesBy(table, "Support", column);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Max and min per support</h2>
        </CardTitle>
        <CardDescription>
          {column} ({unit}) over the chosen cases and combinations.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ScrollTable label="Max and min per support">
          <thead>
            <tr className="border-b">
              {["Support", `Max (${unit})`, "From", `Min (${unit})`, "From"].map((h, i) => (
                <th key={i} scope="col" className={th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.category} className="border-b last:border-0">
                <th scope="row" className={`${td} text-left font-medium`}>
                  {r.category}
                </th>
                <td className={td}>{valueOf(table, column, r.max)}</td>
                <td className={td}>{r.maxLoad}</td>
                <td className={td}>{valueOf(table, column, r.min)}</td>
                <td className={td}>{r.minLoad}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </CardContent>
    </Card>
  );
}

function Uplift({ table }: { table: Answer }) {
  const [support, load, vertical, uplift] = ["Support", "Load", "Vertical", "Uplift"].map((c) => table.columns.indexOf(c)) as [number, number, number, number];
  const up = table.rows.filter((r) => r[uplift] === "yes");
  return (
    <Alert variant={up.length > 0 ? "destructive" : "default"} data-testid="bearing-uplift">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>{up.length > 0 ? `${up.length} bearing force${up.length === 1 ? "" : "s"} in uplift` : "No bearing goes into uplift"}</AlertTitle>
      <AlertDescription>
        {up.length > 0 ? (
          <ul className="list-disc pl-5">
            {up.map((r, i) => (
              <li key={i}>
                {String(r[support])} under {String(r[load])}: {valueOf(table, "Vertical", Number(r[vertical]))} {table.units.force}
              </li>
            ))}
          </ul>
        ) : (
          <p>Every vertical bearing force of the chosen cases is compression.</p>
        )}
      </AlertDescription>
    </Alert>
  );
}

function GirderPoints({ answer, table, loads }: { answer: Answer; table: Answer; loads: string[] }) {
  const { force, length } = answer.units;
  const labels = new Set(table.rows.map((r) => String(r[table.columns.indexOf("Load")])));
  const points = keyPointValues(table, answer.keyPoints, [...labels]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>At the supports and mid-spans</h2>
        </CardTitle>
        <CardDescription>
          Envelope of {loads.length > 0 ? loads.join(", ") : "no case"}. These are the chosen cases&apos; values, not design actions: the girder design check
          below takes an ultimate combination and opens the calculators from each point.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ScrollTable label="Girder values at the supports and mid-spans">
          <thead>
            <tr className="border-b">
              {["Point", `Chainage (${length})`, `M max (${force}·${length})`, `M min (${force}·${length})`, `V max (${force})`, `V min (${force})`].map(
                (h) => (
                  <th key={h} scope="col" className={th}>
                    {h}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={`${p.label}-${p.elem}`} className="border-b last:border-0" data-testid="girder-point">
                <th scope="row" className={`${td} text-left font-medium`}>
                  {p.label}
                </th>
                <td className={td}>{valueOf(table, "Chainage", p.chainage)}</td>
                <td className={td} title={p.moment.maxLoad}>
                  {valueOf(table, "Moment", p.moment.max)}
                </td>
                <td className={td} title={p.moment.minLoad}>
                  {valueOf(table, "Moment", p.moment.min)}
                </td>
                <td className={td} title={p.shear.maxLoad}>
                  {valueOf(table, "Shear", p.shear.max)}
                </td>
                <td className={td} title={p.shear.minLoad}>
                  {valueOf(table, "Shear", p.shear.min)}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </CardContent>
    </Card>
  );
}
