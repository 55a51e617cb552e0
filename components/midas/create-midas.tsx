"use client";

import { CheckCircle2Icon, EyeIcon, HammerIcon, PlugIcon, RulerIcon, TriangleAlertIcon } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Progress } from "@/components/ui/progress";
import { DisabledReason } from "@/components/ui/disabled-reason";
import { callApi, type ResponseOf } from "@/lib/http/contract";
import { midasApi } from "@/lib/midas/api";
import type { ProjectAccess } from "@/lib/projects/access";
import { refusal } from "@/lib/projects/roles";
import { ACTION_TEXT } from "./format";
import { OutcomeBadge } from "./outcome-badge";
import { type Problem, ProblemList } from "./problem-list";
import { ModelFile } from "./model-file";
import { RunAnalysis } from "./run-analysis";
import { LocalTime } from "@/components/ui/local-time";

// The preview and outcome tables load when there is something to show.
const PreviewChanges = dynamic(() => import("./preview-changes").then((m) => m.PreviewChanges), { loading: () => <p className="text-sm">Loading...</p> });
const ModelSketch = dynamic(() => import("./model-sketch").then((m) => m.ModelSketch), { loading: () => <p className="text-sm">Loading...</p> });
const ModelSummary = dynamic(() => import("./model-summary").then((m) => m.ModelSummary), { loading: () => <p className="text-sm">Loading...</p> });
const TableOutcomes = dynamic(() => import("./table-outcomes").then((m) => m.TableOutcomes), { loading: () => <p className="text-sm">Loading...</p> });

type Preview = ResponseOf<typeof midasApi.preview>;
type ApplyAnswer = ResponseOf<typeof midasApi.apply>;
type ModelCheck = { summary: NonNullable<Preview["summary"]>; sketch: NonNullable<Preview["sketch"]>; from: "tables" | "preview" };
type RunSummary = ResponseOf<typeof midasApi.runs>["runs"][number];

export type CreateMidasProps = {
  project: ProjectAccess;
  /** Where MIDAS saves the project's model (null: not set yet). */
  modelPath?: string | null;
  connection: { baseUrl: string; keyLast4: string } | null;
  problems: Problem[];
  titles: Record<string, string>;
  /** A run of the project going on when the page was rendered, and the last finished one. */
  running: RunSummary | null;
  lastRun: RunSummary | null;
  /** Why Run analysis cannot be used now (null: it can), and the last analysis. */
  analysisReason?: string | null;
  lastAnalysis?: RunSummary | null;
};

const RESULT_LINKS = [
  ["Reactions", "/midas/midasresultreaction"],
  ["Bearings", "/midas/midasresultbearing"],
  ["Girder", "/midas/midasresultgirder"],
  ["Piles", "/midas/midasresultpile"],
] as const;

const POLL_MS = 1000;

function who(run: RunSummary): string {
  return run.user ? run.user.name || run.user.email : "someone";
}

/**
 * Create Midas: the connection, the tables' problems (each a link to its row),
 * Preview (what would change in MIDAS), and Apply with its progress and the
 * outcome per MIDAS table. The server makes every MIDAS call.
 */
export function CreateMidas({
  project,
  connection,
  modelPath = null,
  problems,
  titles,
  running,
  lastRun,
  analysisReason = null,
  lastAnalysis = null,
}: CreateMidasProps) {
  const router = useRouter();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [applying, setApplying] = useState(false);
  const [progress, setProgress] = useState<RunSummary | null>(running);
  const [result, setResult] = useState<ApplyAnswer | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [check, setCheck] = useState<ModelCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkFailure, setCheckFailure] = useState<string | null>(null);
  const polling = useRef<ReturnType<typeof setInterval> | null>(null);

  const readOnly = refusal(project.role, "write", project.name);
  const noConnection = connection ? null : "Save your MIDAS connection on the Settings page first.";
  const blocked =
    problems.length > 0
      ? `Fix the ${problems.length} problem${problems.length === 1 ? "" : "s"} in the Midas tables first: nothing is sent while one remains.`
      : null;
  const busyReason = applying || progress ? "A Create Midas run of this project is going on: wait until it has finished." : null;
  const applyReason = readOnly ?? noConnection ?? blocked ?? busyReason;
  const previewReason = noConnection ?? blocked ?? (applying ? busyReason : null);

  // Answers of a poll that was stopped meanwhile are dropped.
  const generation = useRef(0);

  const stopPolling = useCallback(() => {
    generation.current++;
    if (polling.current) clearInterval(polling.current);
    polling.current = null;
  }, []);

  /** Watches the project's unfinished run (ours or someone else's) until none is left. */
  const startPolling = useCallback(
    (ownRun: boolean) => {
      stopPolling();
      const mine = generation.current;
      polling.current = setInterval(async () => {
        const answer = await callApi(midasApi.runs, { params: { id: project.id } });
        if (!answer.ok || mine !== generation.current) return;
        const now = answer.data.runs.find((r) => r.finishedAt === null) ?? null;
        setProgress(now);
        if (!now && !ownRun) {
          stopPolling();
          router.refresh();
        }
      }, POLL_MS);
    },
    [project.id, router, stopPolling],
  );

  useEffect(() => {
    if (running) startPolling(false);
    return stopPolling;
  }, [running, startPolling, stopPolling]);

  async function runPreview() {
    setPreviewing(true);
    setFailure(null);
    setResult(null);
    const answer = await callApi(midasApi.preview, { params: { id: project.id } });
    setPreviewing(false);
    if (!answer.ok) {
      setPreview(null);
      setFailure({ title: "The preview failed", message: answer.error });
      return;
    }
    setPreview(answer.data);
    if (answer.data.summary && answer.data.sketch) setCheck({ summary: answer.data.summary, sketch: answer.data.sketch, from: "preview" });
    // Problems found now that the page did not know of (someone edited a table meanwhile).
    if (answer.data.problems.length > 0) router.refresh();
  }

  /** The summary and sketch from the tables alone: no MIDAS connection needed, nothing read from or sent to MIDAS. */
  async function showModel() {
    setChecking(true);
    setCheckFailure(null);
    const answer = await callApi(midasApi.model, { params: { id: project.id } });
    setChecking(false);
    if (!answer.ok) {
      setCheckFailure(answer.error);
      return;
    }
    if (answer.data.summary && answer.data.sketch) setCheck({ summary: answer.data.summary, sketch: answer.data.sketch, from: "tables" });
    else {
      setCheck(null);
      router.refresh();
    }
  }

  async function apply() {
    setConfirming(false);
    setApplying(true);
    setFailure(null);
    setResult(null);
    startPolling(true);
    const answer = await callApi(midasApi.apply, { params: { id: project.id } });
    stopPolling();
    setApplying(false);
    setProgress(null);
    if (answer.ok) {
      setResult(answer.data);
      setPreview(null);
    } else if (answer.status === 409) {
      setFailure({ title: "Another run is going on", message: answer.error });
      startPolling(false);
    } else setFailure({ title: answer.status === 422 ? "The tables have problems" : "Create Midas failed", message: answer.error });
    router.refresh();
  }

  const pending = preview ? Object.values(preview.changes).reduce((n, c) => n + c.create + c.update + c.delete, 0) : null;
  const step = progress?.progress;

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-foreground dark:text-white">Create Midas</h1>
        <p className="mt-1 text-sm text-muted-foreground dark:text-zinc-300">
          Builds the MIDAS Civil NX line model of <strong>{project.name}</strong> from its nine Midas tables: preview what changes in the model, then apply it;
          every written table is read back and compared.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Connection</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="text-sm" data-testid="midas-connection-state">
          {connection ? (
            <p className="flex flex-wrap items-center gap-2">
              <PlugIcon aria-hidden="true" className="size-4" />
              Your MIDAS at <span className="font-mono break-all">{connection.baseUrl}</span> with{" "}
              {connection.keyLast4 ? `key ••••${connection.keyLast4}` : "your saved key"}.{" "}
              <Link href="/settings#midas" className="underline underline-offset-4">
                Change it on Settings
              </Link>
            </p>
          ) : (
            <p>
              You have no MIDAS connection yet.{" "}
              <Link href="/settings#midas" className="font-medium underline underline-offset-4">
                Save your base URL and MAPI-Key on Settings
              </Link>{" "}
              to preview and apply.
            </p>
          )}
          <div className="mt-4">
            <ModelFile projectId={project.id} initial={modelPath} readOnly={readOnly} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>The Midas tables</h2>
          </CardTitle>
          <CardDescription>
            {problems.length === 0
              ? "No problems: every reference resolves and every number is in range."
              : `${problems.length} problem${problems.length === 1 ? "" : "s"} to fix. Each link opens its table filtered to the row.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {problems.length === 0 ? (
            <p className="flex items-center gap-2 text-sm" data-testid="midas-no-problems">
              <CheckCircle2Icon aria-hidden="true" className="size-4 text-emerald-600" /> Ready to build.
            </p>
          ) : (
            <ProblemList problems={problems} titles={titles} projectId={project.id} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Build the model</h2>
          </CardTitle>
          <CardDescription>
            {lastRun ? (
              <>
                Last run: <LocalTime iso={lastRun.startedAt} /> by {who(lastRun)}, {lastRun.outcome}.
              </>
            ) : (
              "This project's model has not been built yet."
            )}{" "}
            <Link href="/midas/midaschangelog" className="underline underline-offset-4">
              Change log
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Create Midas">
            <DisabledReason reason={previewReason}>
              <Button variant="outline" onClick={() => void runPreview()} disabled={previewReason !== null || previewing}>
                <EyeIcon aria-hidden="true" />
                {previewing ? "Reading MIDAS..." : "Preview"}
              </Button>
            </DisabledReason>
            <DisabledReason reason={applyReason}>
              <Button onClick={() => setConfirming(true)} disabled={applyReason !== null}>
                <HammerIcon aria-hidden="true" />
                Apply
              </Button>
            </DisabledReason>
          </div>

          {(applying || progress) && (
            <div className="grid gap-2" role="status" aria-live="polite" data-testid="midas-progress">
              <p className="text-sm">
                {progress && !applying ? (
                  <>
                    A run by {who(progress)} since <LocalTime iso={progress.startedAt} /> is going on.{" "}
                  </>
                ) : (
                  "Applying the model to MIDAS. "
                )}
                {step ? `Step ${step.step} of ${step.steps}: ${ACTION_TEXT[step.action] ?? step.action} ${step.table}.` : "Starting..."}
              </p>
              <Progress value={step ? Math.round((100 * step.step) / step.steps) : 0} aria-label="Progress of the run" />
            </div>
          )}

          {failure && (
            <Alert variant="destructive" data-testid="midas-failure">
              <TriangleAlertIcon aria-hidden="true" />
              <AlertTitle>{failure.title}</AlertTitle>
              <AlertDescription>
                <p className="break-words">{failure.message}</p>
              </AlertDescription>
            </Alert>
          )}

          {preview && preview.problems.length > 0 && (
            <Alert variant="destructive">
              <TriangleAlertIcon aria-hidden="true" />
              <AlertTitle>The tables have problems</AlertTitle>
              <AlertDescription>
                <ProblemList problems={preview.problems} titles={titles} projectId={project.id} />
              </AlertDescription>
            </Alert>
          )}
          {preview && preview.problems.length === 0 && <PreviewChanges preview={preview} />}
          {preview && pending === 0 && readOnly === null && (
            <p className="text-sm text-muted-foreground">Apply anyway to record a run that reads every table back.</p>
          )}

          {result && (
            <section className="grid gap-3" aria-label="Outcome" data-testid="midas-result">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                Outcome: <OutcomeBadge outcome={result.outcome} />
                {result.outcome === "applied" && "MIDAS holds exactly what was sent."}
                {result.outcome === "mismatch" && "MIDAS holds something other than what was sent in some tables: see the differences."}
                <Link href={`/midas/midaschangelog?run=${result.runId}#run-${result.runId}`} className="underline underline-offset-4">
                  See it in the change log
                </Link>
              </p>
              {result.error && <p className="text-sm break-words text-destructive">{result.error}</p>}
              <TableOutcomes tables={result.tables} onlyChanged />
            </section>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Check the model</h2>
          </CardTitle>
          <CardDescription>
            What the tables build, before anything is sent: a sketch in elevation and plan, the total load of each case, the vehicles, the soil springs, the
            bearings and the combinations. Built from the tables alone (no MIDAS connection needed); Preview shows it too.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <DisabledReason reason={blocked}>
              <Button variant="outline" onClick={() => void showModel()} disabled={blocked !== null || checking}>
                <RulerIcon aria-hidden="true" />
                {checking ? "Building..." : check ? "Show the model again" : "Show the model"}
              </Button>
            </DisabledReason>
            {check && (
              <p className="text-sm text-muted-foreground" data-testid="model-check-from">
                {check.from === "preview" ? "As the preview built it." : "As the tables build it now."}
              </p>
            )}
          </div>
          {checkFailure && (
            <Alert variant="destructive">
              <TriangleAlertIcon aria-hidden="true" />
              <AlertTitle>The model could not be built</AlertTitle>
              <AlertDescription>
                <p className="break-words">{checkFailure}</p>
              </AlertDescription>
            </Alert>
          )}
          {check && (
            <div className="grid min-w-0 gap-6" data-testid="midas-model-check">
              <ModelSketch sketch={check.sketch} />
              <ModelSummary summary={check.summary} />
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Analysis and results</h2>
          </CardTitle>
          <CardDescription>
            {lastAnalysis ? (
              <>
                Last analysis: <LocalTime iso={lastAnalysis.startedAt} /> by {who(lastAnalysis)}, {lastAnalysis.outcome}.
              </>
            ) : (
              "The model of this project has not been analysed yet."
            )}{" "}
            MIDAS analyses the model it holds; Pontifex then reads the reactions, bearing, girder and pile results.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <RunAnalysis projectId={project.id} reason={analysisReason} variant="outline" />
          <nav aria-label="Result pages" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {RESULT_LINKS.map(([label, href]) => (
              <Link key={href} href={href} className="underline underline-offset-4">
                {label}
              </Link>
            ))}
          </nav>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Apply the model to MIDAS?"
        description={`The model in your MIDAS${connection ? ` at ${connection.baseUrl}` : ""} is changed to match the tables of ${project.name}${
          pending !== null ? ` (${pending} row${pending === 1 ? "" : "s"} to create, update or delete as previewed)` : ""
        }. Rows Pontifex did not create in the tables it writes are deleted.`}
        confirmLabel="Apply"
        busy={applying}
        onConfirm={() => void apply()}
      />
    </div>
  );
}
