/**
 * Run analysis and the results of a project: POST /doc/ANAL on the model
 * MIDAS holds (only when it is the model of the project's current tables),
 * then every result kind read with /post/TABLE and stored with the time
 * fetched and the build it belongs to; the stored results answered per kind,
 * filtered by case, flagged stale once the tables no longer give that model.
 */
import "server-only";
import { findResults, finishRun, latestAnalysisOf, latestBuild, saveResults, type StoredResults } from "@/db/queries/midas";
import type { MidasRun, ResultsSource } from "@/db/schema";
import { personName } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors";
import type { ProjectAccess } from "@/lib/projects/access";
import { MidasError } from "./client";
import { midasClientFor, midasFailure } from "./connection";
import { requireModelPath, saveProjectModel } from "./model-file";
import { fetchResults, girderKeyPoints, MidasResultRequestError, type ResultContext, type ResultKind, resultKinds, type ResultTable } from "./results";
import { filterCases, tableCases } from "./results-view";
import { type DesignStandard, defaultCombination, type GirderCheck, girderCheck } from "./girder-check";
import { type BuildScheme, buildFromTables, buildStatus, loadProjectTables, startRun } from "./runs";

export const BUILD_FIRST =
  "Build first: MIDAS does not hold the model of this project's current Midas tables (it was never built from them, or they have changed since the last build). Use Create Midas, then run the analysis.";

export type AnalysisAnswer = { runId: string; outcome: "done" | "failed"; error?: string; kinds: ResultKind[] };

export type KeyPoint = { label: string; chainage: number; elem: number; part: "I" | "J" };

/** What is stored per kind (the midas_results row's data). */
export type StoredResultData = ResultTable & { cases: string[]; missing: string[]; keyPoints?: KeyPoint[] };

export type ResultsAnswer = ResultTable & {
  kind: ResultKind;
  fetchedAt: string;
  /** How they were read: by an analysis run, or again later from what MIDAS held. */
  source: ResultsSource;
  /** Whose MIDAS connection read them (null once that account is gone). */
  fetchedBy: { id: number; name: string } | null;
  /** The analysis run they belong to (null when MIDAS held results no run of Pontifex made). */
  analysisId: string | null;
  /** The project's Midas tables no longer give the model these results came from. */
  stale: boolean;
  /** Every case and combination the stored results hold (the choice of a multi-select). */
  cases: string[];
  /** Girder: the supports and mid-spans, with the element end at each. */
  keyPoints: KeyPoint[];
};

/** MIDAS could not be reached or refused the key: nothing ran. Anything else MIDAS says is an outcome. */
const unreachable = (error: unknown) => error instanceof MidasError && ["unreachable", "timeout", "refused-key", "not-running"].includes(error.kind);

function contextOf(build: MidasRun): ResultContext {
  const scheme = build.scheme as unknown as BuildScheme | null;
  if (!scheme?.scheme || !scheme.cases) throw new DomainError("conflict", BUILD_FIRST);
  return { scheme: scheme.scheme, cases: scheme.cases };
}

/** Reads one result kind through `reader`'s MIDAS connection and stores it, recording whose connection and which run. */
async function readAndStore(
  client: Awaited<ReturnType<typeof midasClientFor>>,
  projectId: number,
  build: MidasRun,
  provenance: { analysisId: string | null; fetchedBy: number; source: ResultsSource },
  kind: ResultKind,
): Promise<void> {
  const context = contextOf(build);
  const fetched = await fetchResults(client, context, kind);
  const { missing, ...table } = fetched;
  const data: StoredResultData = {
    ...table,
    cases: tableCases(table),
    missing,
    ...(kind === "girder" ? { keyPoints: girderKeyPoints(context.scheme) } : {}),
  };
  await saveResults({ projectId, kind, buildId: build.id, ...provenance, data: data as unknown as Record<string, unknown> });
}

/**
 * Runs the analysis in the user's MIDAS and stores every result kind. 409
 * "build first" when MIDAS does not hold the model of the current tables, 409
 * while another run goes on, 502 when MIDAS cannot be reached (the run is
 * recorded as failed); an analysis MIDAS reports as failed answers outcome
 * failed with its message.
 */
export async function runProjectAnalysis(userId: number, project: ProjectAccess): Promise<AnalysisAnswer> {
  const status = await buildStatus(project.id);
  if (!status.build || !status.current) {
    throw new DomainError("conflict", BUILD_FIRST, { changedTables: status.changedTables });
  }
  const build = status.build;
  const modelPath = await requireModelPath(project.id);
  const client = await midasClientFor(userId);
  const run = await startRun(userId, project, "analysis");
  const kinds: ResultKind[] = [];
  try {
    await saveProjectModel(client, project.id, modelPath);
    await client.runAnalysis({ save: false });
    for (const kind of resultKinds) {
      await readAndStore(client, project.id, build, { analysisId: run.id, fetchedBy: userId, source: "analysis" }, kind);
      kinds.push(kind);
    }
    await finishRun(run.id, { outcome: "done", error: null, buildId: build.id, counts: { results: { kinds } } });
    return { runId: run.id, outcome: "done", kinds };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishRun(run.id, { outcome: "failed", error: message, buildId: build.id, counts: { results: { kinds } } });
    if (unreachable(error)) throw midasFailure(error, { runId: run.id });
    if (error instanceof MidasError) return { runId: run.id, outcome: "failed", error: message, kinds };
    throw error;
  }
}

/** Whether results read from `buildId` still belong to the project's tables. */
async function isStale(projectId: number, buildId: string | null): Promise<boolean> {
  const status = await buildStatus(projectId);
  return !status.current || status.build?.id !== buildId;
}

export const NO_RESULTS = "There are no results yet: run the analysis (Midas Control > Create Midas, then Run analysis).";

/**
 * The stored results of a kind, filtered to the chosen cases: a read, for
 * every member. 404 when there are none yet, 400 for a case the results do not hold.
 */
export async function projectResults(project: ProjectAccess, kind: ResultKind, options: { cases?: string[] } = {}): Promise<ResultsAnswer> {
  const stored = await findResults(project.id, kind);
  if (!stored) throw new DomainError("not-found", NO_RESULTS);
  return answerOf(stored, kind, options.cases, await isStale(project.id, stored.buildId));
}

/**
 * Reads a kind's results again from MIDAS, through the caller's own
 * connection, and stores them as the project's, recording who read them and
 * the analysis of the build MIDAS holds: a write, for editors and owners
 * (the route checks the role). 404 before any build, 502 when MIDAS fails.
 */
export async function refreshProjectResults(userId: number, project: ProjectAccess, kind: ResultKind): Promise<ResultsAnswer> {
  // Read with the scheme of the build MIDAS holds: the latest one.
  const build = await latestBuild(project.id);
  if (!build) throw new DomainError("not-found", NO_RESULTS);
  const client = await midasClientFor(userId);
  const analysis = await latestAnalysisOf(project.id, build.id);
  try {
    await readAndStore(client, project.id, build, { analysisId: analysis?.id ?? null, fetchedBy: userId, source: "refresh" }, kind);
  } catch (error) {
    if (error instanceof MidasResultRequestError) throw new DomainError("invalid", error.message);
    throw midasFailure(error);
  }
  return projectResults(project, kind);
}

export const STALE_FOR_CHECK =
  "The girder results are older than the Midas tables: build the model again (Midas Control > Create Midas), then run the analysis.";

/**
 * The girder design check of an ultimate combination (the ultimate envelope when none is named) on the stored
 * results: a read, for every member. 409 while there are no results or they are stale, saying what to run; 400 for
 * a name that is not an ultimate combination.
 */
export async function projectGirderCheck(project: ProjectAccess, options: { combination?: string; standard?: DesignStandard } = {}): Promise<GirderCheck> {
  const stored = await findResults(project.id, "girder");
  if (!stored) throw new DomainError("conflict", NO_RESULTS);
  if (await isStale(project.id, stored.buildId)) throw new DomainError("conflict", STALE_FOR_CHECK);
  const { tables } = await loadProjectTables(project.id);
  const { built } = buildFromTables(tables);
  // Not stale means the tables build the model the results came from.
  if (!built) throw new DomainError("conflict", STALE_FOR_CHECK);
  const data = stored.data as unknown as StoredResultData;
  const combination = options.combination ?? defaultCombination(built.parsed);
  if (!combination) throw new DomainError("invalid", "The model has no ultimate combination: add one in Load Combinations or set GenerateCombinations to Yes.");
  return girderCheck({
    parsed: built.parsed,
    scheme: built.scheme,
    results: data,
    keyPoints: data.keyPoints ?? girderKeyPoints(built.scheme),
    combination,
    standard: options.standard ?? "AS5100.5:2017",
    project: project.name,
  });
}

export function answerOf(
  stored: Pick<StoredResults, "data" | "fetchedAt" | "source" | "reader" | "analysisId">,
  kind: ResultKind,
  cases: string[] | undefined,
  stale: boolean,
): ResultsAnswer {
  const data = stored.data as unknown as StoredResultData;
  const all = data.cases ?? tableCases(data);
  const unknown = (cases ?? []).filter((c) => !all.includes(c));
  if (unknown.length > 0) {
    throw new DomainError(
      "invalid",
      `The results hold no case or combination ${unknown.map((c) => `"${c}"`).join(", ")}. They hold ${all.join(", ") || "none"}.`,
    );
  }
  const table = filterCases({ units: data.units, columns: data.columns, rows: data.rows }, cases);
  return {
    kind,
    fetchedAt: stored.fetchedAt.toISOString(),
    source: stored.source,
    fetchedBy: stored.reader ? { id: stored.reader.id, name: personName(stored.reader) } : null,
    analysisId: stored.analysisId,
    stale,
    units: table.units,
    columns: table.columns,
    rows: table.rows,
    cases: all,
    keyPoints: data.keyPoints ?? [],
  };
}
