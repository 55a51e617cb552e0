"use client";

import { CalculatorIcon, CheckCircle2Icon, DatabaseIcon, ExternalLinkIcon, LoaderCircleIcon, TriangleAlertIcon, XCircleIcon } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type {
  ActionOutcome,
  CalculationCard,
  ConfirmProposal,
  DatasetsCard,
  MidasResultsCard,
  MidasStatusCard,
  Proposal,
  RowEditsProposal,
  RowsCard,
} from "@/lib/assistant/cards";
import type { AssistantToolName, AssistantUIMessage } from "@/lib/assistant/tools";
import { cn } from "@/lib/utils";

export type ToolPart = Extract<AssistantUIMessage["parts"][number], { toolCallId: string; type: `tool-${string}` }>;

/** What a proposal card's buttons ask for; the chat runs it through AssistantActions and records the outcome. */
export type ProposalDecision = "confirm" | "discard";

const TOOL_LABELS: Record<AssistantToolName, string> = {
  concreteBending: "Concrete bending",
  concreteShear: "Concrete shear",
  lapLength: "Lap length",
  listDatasets: "Listing the tables",
  readRows: "Reading rows",
  proposeRowEdits: "Preparing changes",
  pushToRevit: "Preparing a push to Revit",
  createMidasModel: "Preparing the MIDAS model",
  runMidasAnalysis: "Preparing the MIDAS analysis",
  midasStatus: "MIDAS status",
  midasResults: "Reading MIDAS results",
};

export function toolName(part: ToolPart): AssistantToolName {
  return part.type.slice("tool-".length) as AssistantToolName;
}

function Frame({
  title,
  icon,
  children,
  tone = "default",
}: {
  title: React.ReactNode;
  icon?: React.ReactNode;
  children?: React.ReactNode;
  tone?: "default" | "error";
}) {
  return (
    <section
      className={cn("my-2 rounded-lg border bg-card text-card-foreground shadow-xs", tone === "error" && "border-destructive/50")}
      aria-label={typeof title === "string" ? title : undefined}
    >
      <header className="flex items-center gap-2 border-b px-3 py-2 text-sm font-medium">
        {icon}
        <span className="min-w-0 flex-1">{title}</span>
      </header>
      {children && <div className="grid gap-3 px-3 py-3 text-sm">{children}</div>}
    </section>
  );
}

/** One tool call of an answer, as a card (or a line while it runs). */
export function ToolCard({ part, onDecide }: { part: ToolPart; onDecide: (part: ToolPart, decision: ProposalDecision) => Promise<void> }) {
  const name = toolName(part);
  const label = TOOL_LABELS[name] ?? name;
  switch (part.state) {
    case "input-streaming":
    case "input-available":
    case "approval-requested":
    case "approval-responded":
      return (
        <p className="my-2 flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          {label}...
        </p>
      );
    case "output-denied":
      return null;
    case "output-error":
      return (
        <Frame title={`${label}: failed`} icon={<TriangleAlertIcon className="size-4 text-destructive" aria-hidden="true" />} tone="error">
          <p role="alert">{part.errorText}</p>
        </Frame>
      );
    case "output-available":
      return <OutputCard output={part.output as Output} onDecide={(decision) => onDecide(part, decision)} />;
  }
}

type Output = CalculationCard | RowsCard | DatasetsCard | RowEditsProposal | ConfirmProposal | MidasResultsCard | MidasStatusCard;

function OutputCard({ output, onDecide }: { output: Output; onDecide: (decision: ProposalDecision) => Promise<void> }) {
  switch (output.kind) {
    case "calculation":
      return <CalculationView card={output} />;
    case "rows":
      return <RowsView card={output} />;
    case "datasets":
      return <DatasetsView card={output} />;
    case "rowEdits":
      return <RowEditsView proposal={output} onDecide={onDecide} />;
    case "confirm":
      return <ConfirmView proposal={output} onDecide={onDecide} />;
    case "midasResults":
      return <MidasResultsView card={output} />;
    case "midasStatus":
      return (
        <p className="my-2 text-sm text-muted-foreground">
          MIDAS Civil {output.connected ? "is connected" : "is not connected"}; model {output.lastBuild ? `built ${output.lastBuild}` : "not built yet"}
          {output.hasResults ? "; results available." : "; no results yet."}
        </p>
      );
  }
}

function CalculationView({ card }: { card: CalculationCard }) {
  return (
    <Frame title={card.title} icon={<CalculatorIcon className="size-4" aria-hidden="true" />}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr_auto_1fr]">
        {card.results.map((r) => (
          <div key={r.symbol} className="contents">
            <dt className="text-muted-foreground" title={r.label}>
              {r.symbol}
            </dt>
            <dd className="tabular-nums">
              <span className="font-medium">{r.value}</span>
              {r.unit && <span className="text-muted-foreground"> {r.unit}</span>}
              {r.clause && <span className="ml-2 text-xs text-muted-foreground">Cl {r.clause}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {card.checks.length > 0 && (
        <ul className="grid gap-1" aria-label="Checks">
          {card.checks.map((c) => (
            <li key={c.name} className="flex items-start gap-2">
              {c.pass ? (
                <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-emerald-500" aria-label="Passes" />
              ) : (
                <XCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Fails" />
              )}
              <span>
                {c.name} <span className="text-xs text-muted-foreground">(Cl {c.clause})</span>
                <span className="block text-xs text-muted-foreground">{c.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">AS 3600 clauses: {card.clauses.join(", ")}</p>
      <div>
        <Button asChild size="sm" variant="outline">
          <Link href={card.link}>
            <ExternalLinkIcon aria-hidden="true" />
            Open in calculator
          </Link>
        </Button>
      </div>
    </Frame>
  );
}

function RowsView({ card }: { card: RowsCard }) {
  return (
    <details className="my-2 rounded-lg border bg-card text-sm text-card-foreground">
      <summary className="cursor-pointer px-3 py-2">
        <DatabaseIcon className="mr-2 inline size-4 align-[-3px]" aria-hidden="true" />
        Read {card.rows.length} of {card.total} rows of {card.title}
        {card.rows.some((r) => r.angle) && <span className="text-muted-foreground"> (angles in degrees)</span>}
      </summary>
      <div className="overflow-x-auto border-t">
        <table className="w-full text-left text-xs">
          <thead>
            <tr>
              <th className="px-2 py-1 font-medium">Parameter</th>
              {card.columns.map((c) => (
                <th key={c} className="px-2 py-1 font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {card.rows.map((r) => (
              <tr key={r.id} className="border-t">
                <td className="px-2 py-1">{r.parameter}</td>
                {card.columns.map((c) => (
                  <td key={c} className="px-2 py-1 tabular-nums">
                    {r.values[c]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function DatasetsView({ card }: { card: DatasetsCard }) {
  return (
    <Frame title="The project's tables" icon={<DatabaseIcon className="size-4" aria-hidden="true" />}>
      <ul className="grid gap-1 sm:grid-cols-2">
        {card.datasets.map((d) => (
          <li key={d.key}>
            {d.title}{" "}
            <span className="text-muted-foreground">
              ({d.key}, {d.rowCount} rows)
            </span>
          </li>
        ))}
      </ul>
    </Frame>
  );
}

function MidasResultsView({ card }: { card: MidasResultsCard }) {
  if (!card.available) return <p className="my-2 text-sm text-muted-foreground">{card.message}</p>;
  const shown = card.rows.slice(0, 20);
  return (
    <Frame title={`MIDAS ${card.resultKind} results`} icon={<DatabaseIcon className="size-4" aria-hidden="true" />}>
      <p className="text-xs text-muted-foreground">
        Forces in {card.units.force}, lengths in {card.units.length}
        {card.stale && (
          <Badge variant="outline" className="ml-2 border-amber-500/50 text-amber-700 dark:text-amber-500">
            Stale: the model changed since
          </Badge>
        )}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-xs">
          <thead>
            <tr>
              {card.columns.map((c) => (
                <th key={c} className="px-2 py-1 font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => (
              <tr key={i} className="border-t">
                {row.map((cell, j) => (
                  <td key={j} className="px-2 py-1 tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {card.totalRows > shown.length && <p className="text-xs text-muted-foreground">{card.totalRows - shown.length} more rows not shown.</p>}
    </Frame>
  );
}

function Outcome({ outcome, proposal }: { outcome: ActionOutcome; proposal: Proposal }) {
  if (outcome.ok)
    return (
      <p className="flex items-center gap-2 text-emerald-500" role="status">
        <CheckCircle2Icon className="size-4" aria-hidden="true" />
        {outcome.message}
      </p>
    );
  if (outcome.declined) return <p className="text-muted-foreground">{outcome.message}</p>;
  const conflict = outcome.conflict;
  const columns = proposal.kind === "rowEdits" ? proposal.edits.filter((e) => e.rowId === conflict?.rowId).map((e) => e.column) : [];
  return (
    <div className="grid gap-1" role="alert">
      <p className="flex items-center gap-2 text-destructive">
        <TriangleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
        {outcome.message}
      </p>
      {conflict && columns.length > 0 && (
        <p className="text-xs text-muted-foreground">
          Now in the table (version {String(conflict.current.Version)}): {columns.map((c) => `${c} = ${String(conflict.current[c] ?? "")}`).join(", ")}. Ask
          again for a fresh proposal.
        </p>
      )}
    </div>
  );
}

/** The buttons of a proposal: Apply/Confirm, or why not, or what came of it. */
function Decision({ proposal, confirmLabel, onDecide }: { proposal: Proposal; confirmLabel: string; onDecide: (decision: ProposalDecision) => Promise<void> }) {
  const [busy, setBusy] = useState<ProposalDecision | null>(null);
  const reasonId = useId();
  if (proposal.outcome) return <Outcome outcome={proposal.outcome} proposal={proposal} />;
  const decide = async (decision: ProposalDecision) => {
    setBusy(decision);
    try {
      await onDecide(decision);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          onClick={() => decide("confirm")}
          disabled={!proposal.applicable || busy !== null}
          aria-describedby={proposal.applicable ? undefined : reasonId}
        >
          {busy === "confirm" && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          {confirmLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => decide("discard")} disabled={busy !== null}>
          Discard
        </Button>
      </div>
      {!proposal.applicable && (
        <p id={reasonId} className="text-xs text-muted-foreground">
          {proposal.reason}
        </p>
      )}
    </div>
  );
}

function RowEditsView({ proposal, onDecide }: { proposal: RowEditsProposal; onDecide: (decision: ProposalDecision) => Promise<void> }) {
  const angles = proposal.edits.some((e) => e.angle);
  return (
    <Frame title={`Proposed changes to ${proposal.title}`} icon={<DatabaseIcon className="size-4" aria-hidden="true" />}>
      <div className="overflow-x-auto">
        <table className="w-full text-left">
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th className="py-1 pr-3 font-medium">Row</th>
              <th className="py-1 pr-3 font-medium">Column</th>
              <th className="py-1 font-medium">Old → new</th>
            </tr>
          </thead>
          <tbody>
            {proposal.edits.map((e) => (
              <tr key={`${e.rowId}-${e.column}`} className="border-t">
                <td className="py-1 pr-3">{e.parameter}</td>
                <td className="py-1 pr-3">{e.column}</td>
                <td className="py-1 tabular-nums">
                  <del className="text-muted-foreground">{e.oldValue === "" ? "(empty)" : e.oldValue}</del> →{" "}
                  <ins className="font-medium no-underline">{e.newValue === "" ? "(empty)" : e.newValue}</ins>
                  {e.angle && <span className="text-xs text-muted-foreground"> °</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {angles && <p className="text-xs text-muted-foreground">Angles in degrees; they are saved in radians.</p>}
      {proposal.skipped.length > 0 && (
        <ul className="list-inside list-disc text-xs text-muted-foreground" aria-label="Left out">
          {proposal.skipped.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
      <Decision proposal={proposal} confirmLabel="Apply" onDecide={onDecide} />
    </Frame>
  );
}

function ConfirmView({ proposal, onDecide }: { proposal: ConfirmProposal; onDecide: (decision: ProposalDecision) => Promise<void> }) {
  return (
    <Frame title={proposal.title} icon={<TriangleAlertIcon className="size-4 text-amber-500" aria-hidden="true" />}>
      <p>{proposal.summary}</p>
      <Decision proposal={proposal} confirmLabel="Confirm" onDecide={onDecide} />
    </Frame>
  );
}
