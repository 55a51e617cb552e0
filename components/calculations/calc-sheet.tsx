"use client";

import { CheckCircle2Icon, PrinterIcon, XCircleIcon } from "lucide-react";
import { createContext, useContext, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cleanHeaderField, SHEET_HEADER_KEYS, SHEET_HEADER_MAX_LENGTH, type SheetHeader } from "@/lib/calculations/links";
import type { Check, Step } from "@/lib/calculations/working";
import { cn } from "@/lib/utils";
import { formatDay } from "@/lib/format/time";

type HeaderKey = (typeof SHEET_HEADER_KEYS)[number];

const HEADER_FIELDS: { key: HeaderKey; label: string }[] = [
  { key: "project", label: "Project" },
  { key: "element", label: "Bridge element" },
  { key: "combination", label: "Combination" },
  { key: "by", label: "By" },
  { key: "date", label: "Date" },
];

const SheetHeaderContext = createContext<{ given: SheetHeader; defaults: SheetHeader }>({ given: {}, defaults: {} });

/**
 * The calc sheet's header for the calculator inside: what the page's link gives
 * (`sheetHeaderFrom`), else the page's defaults (the signed-in user's project
 * and name). Given by the page, so the calculators need not pass it on.
 */
export function SheetHeaderProvider({ given, defaults, children }: { given: SheetHeader; defaults: SheetHeader; children: React.ReactNode }) {
  return <SheetHeaderContext value={{ given, defaults }}>{children}</SheetHeaderContext>;
}

/** Today in the user's own time zone, e.g. "28 Nov 2026". */
const today = () => formatDay(new Date());

/**
 * The header's fields as typed. Edits go into the address like the form's
 * inputs (url-form.ts keeps these keys when it rewrites the rest), so the
 * sheet's link reproduces its header; an untouched header leaves the address as opened.
 */
function useSheetHeader(): [Record<HeaderKey, string>, (key: HeaderKey, value: string) => void] {
  const { given, defaults } = useContext(SheetHeaderContext);
  const [header, setHeader] = useState(() => {
    const start = {} as Record<HeaderKey, string>;
    for (const key of SHEET_HEADER_KEYS) start[key] = given[key] ?? defaults[key] ?? "";
    return start;
  });
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    // The date is the browser's: the server's day may not be the user's, and a date rendered there would not hydrate.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHeader((h) => (h.date ? h : { ...h, date: today() }));
  }, []);
  useEffect(() => {
    if (!edited) return;
    const timer = setTimeout(() => {
      const params = new URLSearchParams(window.location.search);
      for (const key of SHEET_HEADER_KEYS) {
        params.delete(key);
        const text = cleanHeaderField(header[key]);
        if (text) params.set(key, text);
      }
      window.history.replaceState(window.history.state, "", `${window.location.pathname}?${params.toString()}`);
    }, 250);
    return () => clearTimeout(timer);
  }, [header, edited]);
  return [
    header,
    (key, value) => {
      setEdited(true);
      setHeader((h) => ({ ...h, [key]: value }));
    },
  ];
}

/** The header on screen: small labelled inputs, one group. */
function SheetHeaderFields({ header, onChange }: { header: Record<HeaderKey, string>; onChange: (key: HeaderKey, value: string) => void }) {
  return (
    <fieldset
      className="no-print grid min-w-0 grid-cols-2 gap-x-3 gap-y-2 rounded-md border px-3 dark:border-zinc-800 pt-1 pb-3 lg:grid-cols-5"
      data-testid="sheet-header-fields"
    >
      <legend className="px-1 text-xs font-medium text-muted-foreground dark:text-zinc-400">Sheet header</legend>
      {HEADER_FIELDS.map(({ key, label }) => (
        <div key={key} className={cn("grid min-w-0 content-start gap-1", key === "element" && "col-span-2 lg:col-span-1")}>
          <Label htmlFor={`sheet-${key}`} className="text-xs text-muted-foreground dark:text-zinc-300">
            {label}
          </Label>
          <Input
            id={`sheet-${key}`}
            className="h-8 px-2 md:text-sm"
            value={header[key]}
            maxLength={SHEET_HEADER_MAX_LENGTH}
            onChange={(e) => onChange(key, e.target.value)}
          />
        </div>
      ))}
    </fieldset>
  );
}

/** The header on paper: every field, blank ones left to fill in by hand. Text, never markup. */
function SheetHeaderTable({ header }: { header: Record<HeaderKey, string> }) {
  return (
    <div className="print-only">
      <table className="w-full border-collapse text-sm" data-testid="sheet-header">
        <caption className="sr-only">Sheet header</caption>
        <tbody>
          {HEADER_FIELDS.map(({ key, label }) => (
            <tr key={key}>
              <th scope="row" className="w-36 border border-black px-2 py-1 text-left font-medium">
                {label}
              </th>
              <td className="border border-black px-2 py-1 break-words">{cleanHeaderField(header[key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The working, line by line: symbol, what it is, value, clause. */
function WorkingTable({ steps }: { steps: Step[] }) {
  return (
    <table className="w-full text-sm" data-testid="working">
      <thead>
        <tr className="border-b text-left text-xs text-muted-foreground">
          <th className="py-1.5 pr-2 font-medium">Symbol</th>
          <th className="py-1.5 pr-2 font-medium">Quantity</th>
          <th className="py-1.5 pr-2 text-right font-medium">Value</th>
          <th className="py-1.5 font-medium">Clause</th>
        </tr>
      </thead>
      <tbody>
        {steps.map((step, i) => (
          <tr key={`${step.symbol}-${i}`} className="border-b align-top last:border-0">
            <td className="py-1.5 pr-2 font-mono text-xs">{step.symbol}</td>
            <td className="py-1.5 pr-2">
              {step.label}
              {step.formula && <div className="font-mono text-xs break-words text-muted-foreground">{step.formula}</div>}
            </td>
            <td className="py-1.5 pr-2 text-right whitespace-nowrap tabular-nums">
              {step.value} {step.unit}
            </td>
            <td className="py-1.5 text-xs whitespace-nowrap text-muted-foreground">{step.clause}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ChecksList({ checks }: { checks: Check[] }) {
  return (
    <ul className="grid gap-2" data-testid="checks">
      {checks.map((check) => (
        <li
          key={check.name}
          className={cn(
            "flex gap-2 rounded-md border px-3 py-2 text-sm",
            check.pass ? "border-emerald-600/40 bg-emerald-500/10" : "border-destructive/50 bg-destructive/10",
          )}
          data-pass={check.pass}
        >
          {check.pass ? (
            <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          ) : (
            <XCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          )}
          <div>
            <div className="font-medium">
              {check.name} <span className="font-normal text-muted-foreground">Cl {check.clause}</span>
              <span className="sr-only">{check.pass ? ": passes" : ": fails"}</span>
            </div>
            <div className="text-muted-foreground">{check.detail}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export type Figure = { label: string; value: string; testId?: string };

/**
 * The page of a calculator: inputs, then the headline figures, the checks and
 * the working (or what to fix first); prints as a clean calc sheet.
 */
export function CalcSheet({
  title,
  standard,
  inputs,
  summary,
  result,
  figures,
  errors,
  note,
  sketch,
  source,
}: {
  title: string;
  standard: string;
  inputs: React.ReactNode;
  /** The inputs as a table, for the printed sheet. */
  summary: [string, string][];
  /** null while any input is invalid. */
  result: { checks: Check[]; steps: Step[] } | null;
  figures: () => Figure[];
  errors: Record<string, string>;
  /** A line under the figures. */
  note?: () => React.ReactNode;
  /** A drawing shown beside the checks. */
  sketch?: () => React.ReactNode;
  /** Where the design actions came from: plain text, shown as such (never markup). */
  source?: string;
}) {
  const from = source?.trim();
  const [header, setHeader] = useSheetHeader();
  return (
    <div className="calc-sheet mx-auto grid max-w-screen-xl gap-4 px-3 py-6 md:px-6">
      <SheetHeaderTable header={header} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight text-foreground dark:text-white print:text-black">{title}</h1>
          <p className="text-sm text-muted-foreground dark:text-zinc-400 print:text-black">{standard}</p>
          {from && (
            <p className="mt-1 text-sm break-words text-foreground dark:text-zinc-200 print:text-black" data-testid="design-actions-source">
              Design actions from: {from}
            </p>
          )}
        </div>
        <Button variant="outline" className="no-print" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          Print calc sheet
        </Button>
      </div>
      <SheetHeaderFields header={header} onChange={setHeader} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] print:grid-cols-1">
        <Card className="no-print self-start">
          <CardHeader>
            <CardTitle>
              <h2>Inputs</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">{inputs}</CardContent>
        </Card>
        <section className="print-only" aria-label="Inputs">
          <h2 className="mb-1 font-semibold">Inputs</h2>
          <table className="text-sm">
            <tbody>
              {summary.map(([k, v]) => (
                <tr key={k}>
                  <td className="pr-4">{k}</td>
                  <td>{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <div className="grid min-w-0 gap-4 self-start">
          {result ? (
            <>
              <ResultCard title="Results">
                <div className="grid gap-4">
                  <KeyFigures items={figures()} />
                  {note?.()}
                  {sketch ? (
                    <div className="grid items-start gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
                      {sketch()}
                      <ChecksList checks={result.checks} />
                    </div>
                  ) : (
                    <ChecksList checks={result.checks} />
                  )}
                </div>
              </ResultCard>
              <ResultCard title="Working">
                <WorkingTable steps={result.steps} />
              </ResultCard>
            </>
          ) : (
            <InvalidInputs errors={errors} />
          )}
        </div>
      </div>
      <SignOff />
    </div>
  );
}

/** The foot of the printed sheet: the link that reproduces it, and room to sign. */
function SignOff() {
  const [link, setLink] = useState("");
  useEffect(() => {
    const update = () => setLink(window.location.href);
    update();
    window.addEventListener("beforeprint", update);
    return () => window.removeEventListener("beforeprint", update);
  }, []);
  return (
    <footer className="print-only text-sm">
      <p className="break-all">Reproduce: {link}</p>
      <p className="mt-6 flex gap-16">
        <span>Calculated: ____________ Date: ________</span>
        <span>Checked: ____________ Date: ________</span>
      </p>
    </footer>
  );
}

function ResultCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="min-w-0 px-4">{children}</CardContent>
    </Card>
  );
}

function InvalidInputs({ errors }: { errors: Record<string, string> }) {
  return (
    <ResultCard title="Results">
      <p className="text-sm text-muted-foreground" role="status">
        Results appear when every input is valid ({Object.keys(errors).length} to fix).
      </p>
    </ResultCard>
  );
}

/** The headline figures above the working. */
function KeyFigures({ items }: { items: { label: string; value: string; testId?: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-md border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{item.label}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
