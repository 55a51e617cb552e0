/**
 * Create Midas for a project: read its Midas tables, validate them, preview
 * the changes against what the user's MIDAS holds, apply them with a run
 * record (one unfinished run per project), and list the runs.
 */
import "server-only";
import { type TableRef, tableRevision } from "@/db/queries/rows";
import { closeAbandonedRuns, findRun, findRunningRun, finishRun, insertRun, latestBuild, listRuns, type RunWithUser, updateRun } from "@/db/queries/midas";
import type { MidasRun } from "@/db/schema";
import { parameterRow, type Row } from "@/lib/datasets/columns";
import { tableSnapshot } from "@/lib/datasets/snapshot";
import { DomainError } from "@/lib/errors";
import type { ProjectAccess } from "@/lib/projects/access";
import { type ApplyProgress, applyModel, type TableOutcome } from "./apply";
import { midasClientFor, midasFailure } from "./connection";
import { modelFingerprint } from "./fingerprint";
import { type BuiltModel, buildModelWithScheme, MIDAS_TABLE_ORDER, type MidasCaseCatalog, type MidasIdScheme, MidasTablesInvalidError } from "./model";
import type { TendonFriction } from "./friction";
import { type MidasPlan, type PlanWarning, previewModel } from "./plan";
import { modelCheck, type ModelSketch, type ModelSummary } from "./summary";
import { type MidasDatasetKey, midasDatasetKeys, midasDatasets, type MidasTables } from "./tables";
import type { runDetailSchema, runSummarySchema } from "./schemas";
import { type Problem, validateMidasTables } from "./validate";
import type { z } from "zod";

/** A run that has shown no progress for this long was cut off (its server stopped): it is closed as failed. */
export const ABANDONED_AFTER_MINUTES = 15;
/** Row ids listed per table and kind in a preview (the counts are always complete). */
export const PREVIEW_IDS = 200;

export type ProjectTables = { tables: MidasTables; revisions: Record<MidasDatasetKey, number> };

/** The project's nine Midas tables as the model builder reads them, with the revision each was read at. */
export async function loadProjectTables(projectId: number): Promise<ProjectTables> {
  const tables = {} as MidasTables;
  const revisions = {} as Record<MidasDatasetKey, number>;
  for (const dataset of midasDatasetKeys) {
    const ref: TableRef = { projectId, dataset };
    const snapshot = await tableSnapshot(ref);
    revisions[dataset] = snapshot.revision;
    tables[dataset] = snapshot.rows.map((text) => parameterRow(JSON.parse(text) as Row));
  }
  return { tables, revisions };
}

/** The revisions of the project's Midas tables now (cheap: one small query each). */
export async function currentRevisions(projectId: number): Promise<Record<MidasDatasetKey, number>> {
  const out = {} as Record<MidasDatasetKey, number>;
  for (const dataset of midasDatasetKeys) out[dataset] = await tableRevision({ projectId, dataset });
  return out;
}

/** The tables' problems, and the model when there are none. */
export function buildFromTables(tables: MidasTables): { problems: Problem[]; built: BuiltModel | null } {
  const problems = validateMidasTables(tables);
  if (problems.length > 0) return { problems, built: null };
  try {
    return { problems: [], built: buildModelWithScheme(tables) };
  } catch (error) {
    if (error instanceof MidasTablesInvalidError) return { problems: error.problems, built: null };
    throw error;
  }
}

export type TableChangeSummary = {
  create: number;
  update: number;
  delete: number;
  unchanged: number;
  /** The first PREVIEW_IDS ids of each kind; update with the fields that differ. */
  ids: { create: string[]; update: { id: string; fields: string[] }[]; delete: string[] };
};

export function summarisePlan(plan: MidasPlan, built: BuiltModel): Record<string, TableChangeSummary> {
  const out: Record<string, TableChangeSummary> = {};
  for (const { table, assign } of built.model) {
    const c = plan.changes[table];
    if (!c) continue;
    const rows = Object.keys(assign).length;
    out[table] = {
      create: c.create.length,
      update: c.update.length,
      delete: c.delete.length,
      unchanged: rows - c.create.length - c.update.length,
      ids: {
        create: c.create.slice(0, PREVIEW_IDS).map((r) => r.id),
        update: c.update.slice(0, PREVIEW_IDS).map((r) => ({ id: r.id, fields: r.fields })),
        delete: c.delete.slice(0, PREVIEW_IDS).map((r) => r.id),
      },
    };
  }
  return out;
}

export type Preview = {
  problems: Problem[];
  changes: Record<string, TableChangeSummary>;
  warnings: PlanWarning[];
  tendons: TendonFriction[];
  /** The MIDAS the preview was read from. */
  baseUrl: string | null;
  fingerprint: string | null;
  /** What an engineer checks before applying, and the model's sketch (summary.ts); null while the tables have problems. */
  summary: ModelSummary | null;
  sketch: ModelSketch | null;
};

/** Validation problems, or what applying would change in the user's MIDAS (read with GET; nothing is written). */
export async function previewProject(userId: number, project: ProjectAccess): Promise<Preview> {
  const { tables } = await loadProjectTables(project.id);
  const { problems, built } = buildFromTables(tables);
  if (!built) return { problems, changes: {}, warnings: [], tendons: [], baseUrl: null, fingerprint: null, summary: null, sketch: null };
  const client = await midasClientFor(userId);
  let plan: MidasPlan;
  try {
    plan = await previewModel(client, built.model);
  } catch (error) {
    throw midasFailure(error);
  }
  return {
    problems: [],
    changes: summarisePlan(plan, built),
    warnings: plan.warnings,
    tendons: built.tendons,
    baseUrl: client.baseUrl,
    fingerprint: modelFingerprint(built.model),
    ...modelCheck(built),
  };
}

export type ModelCheck = { problems: Problem[]; summary: ModelSummary | null; sketch: ModelSketch | null };

/**
 * The summary and sketch of the model the project's tables build, from the tables alone: no MIDAS connection is
 * needed and nothing is read from or sent to MIDAS (GET .../midas/model). The problems instead while there are any.
 */
export async function projectModelCheck(projectId: number): Promise<ModelCheck> {
  const { tables } = await loadProjectTables(projectId);
  const { problems, built } = buildFromTables(tables);
  if (!built) return { problems, summary: null, sketch: null };
  return { problems: [], ...modelCheck(built) };
}

export type ApplyAnswer = {
  runId: string;
  outcome: "applied" | "mismatch" | "failed";
  tables: Record<string, TableOutcome>;
  warnings: PlanWarning[];
  error?: string;
};

/** What a build records for the results to be read by (issue 12): the id scheme and the case names. */
export type BuildScheme = { scheme: MidasIdScheme; cases: MidasCaseCatalog };

/** The run's progress while it goes on, kept in its diff until the full diff replaces it. */
export type RunProgress = ApplyProgress & { at: string };

function whoText(run: RunWithUser): string {
  if (!run.user) return "someone";
  const name = [run.user.firstName, run.user.lastName].filter(Boolean).join(" ");
  return name ? `${name} (${run.user.email})` : run.user.email;
}

export async function startRun(userId: number, project: ProjectAccess, kind: "build" | "analysis"): Promise<MidasRun> {
  await closeAbandonedRuns(
    project.id,
    ABANDONED_AFTER_MINUTES,
    `Interrupted: no progress for ${ABANDONED_AFTER_MINUTES} minutes (the server stopped during the run).`,
  );
  const run = await insertRun({ projectId: project.id, userId, kind });
  if (run) return run;
  const running = await findRunningRun(project.id);
  const what = running?.kind === "analysis" ? "An analysis" : "A Create Midas run";
  throw new DomainError(
    "conflict",
    `${what} of "${project.name}" is going on${running ? `, started by ${whoText(running)} at ${running.startedAt.toISOString()}` : ""}. Wait until it has finished, then try again.`,
    running ? { runId: running.id } : undefined,
  );
}

/**
 * Applies the project's tables to the user's MIDAS and records the run: who,
 * when, counts and outcome per table, the full diff, and what the results
 * will be read by (the revisions of the tables it was built from, the model's
 * fingerprint, its id scheme and cases). 422 while the tables have problems,
 * 409 while another run of the project goes on, 502 when MIDAS fails before
 * anything was written (the run is recorded as failed).
 */
export async function applyProject(userId: number, project: ProjectAccess): Promise<ApplyAnswer> {
  const { tables, revisions } = await loadProjectTables(project.id);
  const { problems, built } = buildFromTables(tables);
  if (!built) {
    throw new DomainError("unprocessable", `The Midas tables have ${problems.length} problem${problems.length === 1 ? "" : "s"}; nothing was sent to MIDAS.`, {
      problems,
    });
  }
  const client = await midasClientFor(userId);
  const fingerprint = modelFingerprint(built.model);
  const scheme: BuildScheme = { scheme: built.scheme, cases: built.cases };
  const run = await startRun(userId, project, "build");
  const base = { tableRevisions: revisions, fingerprint, scheme: scheme as unknown as Record<string, unknown> };

  let lastWrite: Promise<unknown> = Promise.resolve();
  let lastAt = 0;
  const onProgress = (p: ApplyProgress) => {
    const now = Date.now();
    // A row update per step is cheap, but a big model has many steps: at most a few a second.
    if (now - lastAt < 250 && p.step < p.steps) return;
    lastAt = now;
    const progress: RunProgress = { ...p, at: new Date(now).toISOString() };
    lastWrite = lastWrite.then(() => updateRun(run.id, { diff: { progress } })).catch(() => {});
  };

  try {
    const result = await applyModel(client, built.model, onProgress);
    await lastWrite;
    const counts = Object.fromEntries(
      Object.entries(result.tables).map(([table, t]) => [table, { outcome: t.outcome, created: t.created, updated: t.updated, deleted: t.deleted }]),
    );
    await finishRun(run.id, {
      ...base,
      outcome: result.outcome,
      error: result.error ?? null,
      counts,
      diff: { baseUrl: client.baseUrl, changes: result.plan.changes, warnings: result.warnings, tables: result.tables },
    });
    return { runId: run.id, outcome: result.outcome, tables: result.tables, warnings: result.warnings, ...(result.error ? { error: result.error } : {}) };
  } catch (error) {
    await lastWrite;
    const message = error instanceof Error ? error.message : String(error);
    await finishRun(run.id, { ...base, outcome: "failed", error: message, counts: {}, diff: { baseUrl: client.baseUrl } });
    throw midasFailure(error, { runId: run.id });
  }
}

const RANK = new Map<string, number>(MIDAS_TABLE_ORDER.map((t, i) => [t, i]));

/** An object keyed by MIDAS table in the order the tables are sent (jsonb keeps its own key order). */
export function inTableOrder<T>(byTable: Record<string, T> | null | undefined): Record<string, T> {
  return Object.fromEntries(Object.entries(byTable ?? {}).sort(([a], [b]) => (RANK.get(a) ?? 99) - (RANK.get(b) ?? 99) || a.localeCompare(b)));
}

/** A stored diff with its per-table parts in the order the tables are sent. */
function orderedDiff(diff: Record<string, unknown> | null): RunDetail["diff"] {
  if (!diff) return null;
  const out: Record<string, unknown> = { ...diff };
  for (const key of ["changes", "tables"]) if (diff[key] && typeof diff[key] === "object") out[key] = inTableOrder(diff[key] as Record<string, unknown>);
  // As runRecord below wrote it.
  return out as NonNullable<RunDetail["diff"]>;
}

export type RunSummary = z.infer<typeof runSummarySchema>;

function summary(run: Omit<RunWithUser, "diff" | "scheme"> & { diff?: Record<string, unknown> | null }): RunSummary {
  const progress = run.finishedAt === null ? ((run.diff?.progress as RunProgress | undefined) ?? null) : null;
  return {
    id: run.id,
    kind: run.kind,
    user: run.user ? { id: run.user.id, email: run.user.email, name: [run.user.firstName, run.user.lastName].filter(Boolean).join(" ") } : null,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    outcome: run.outcome,
    error: run.error,
    counts: inTableOrder(run.counts as RunSummary["counts"] | null),
    progress,
  };
}

/** Every run of the project, newest first (with the progress of one going on). */
export async function projectRuns(projectId: number): Promise<RunSummary[]> {
  const runs = await listRuns(projectId);
  const running = runs.find((r) => r.finishedAt === null);
  const progress = running ? ((await findRun(projectId, running.id))?.diff ?? null) : null;
  return runs.map((r) => summary(r.id === running?.id ? { ...r, diff: progress } : r));
}

export type TableVersion = RunDetail["tables"][number];

/** A build's `tables`: each Midas table at the revision it was built from, and whether it has changed since. */
export type RunDetail = z.infer<typeof runDetailSchema>;

export async function projectRun(projectId: number, runId: string): Promise<RunDetail> {
  const run = /^[0-9a-f-]{36}$/i.test(runId) ? await findRun(projectId, runId) : undefined;
  if (!run) throw new DomainError("not-found", "There is no such run in this project.");
  const now = run.tableRevisions ? await currentRevisions(projectId) : null;
  return {
    ...summary(run),
    diff: run.finishedAt === null ? null : orderedDiff(run.diff),
    fingerprint: run.fingerprint,
    tables: tableVersions(run.tableRevisions, now),
  };
}

export function tableVersions(builtFrom: Record<string, number> | null, now: Record<string, number> | null): TableVersion[] {
  if (!builtFrom || !now) return [];
  return midasDatasetKeys.map((dataset) => ({
    dataset,
    title: midasDatasets[dataset].title,
    route: midasDatasets[dataset].route,
    builtFrom: builtFrom[dataset] ?? 0,
    now: now[dataset] ?? 0,
    changedSince: (builtFrom[dataset] ?? 0) !== (now[dataset] ?? 0),
  }));
}

/**
 * Whether MIDAS holds the model of the project's current tables: the last
 * finished build applied cleanly and its fingerprint is that of the model the
 * tables give now (a table edited back and forth still counts as current).
 * For "Run analysis" and the results (issue 12).
 */
export async function buildStatus(projectId: number): Promise<{ build: MidasRun | null; current: boolean; changedTables: MidasDatasetKey[] }> {
  const build = (await latestBuild(projectId)) ?? null;
  if (!build) return { build: null, current: false, changedTables: [] };
  const { tables, revisions } = await loadProjectTables(projectId);
  const changedTables = midasDatasetKeys.filter((k) => (build.tableRevisions?.[k] ?? -1) !== revisions[k]);
  const { built } = buildFromTables(tables);
  const current = build.outcome === "applied" && built !== null && modelFingerprint(built.model) === build.fingerprint;
  return { build, current, changedTables };
}

export type ChangelogEntry = RunSummary & { tables: TableVersion[] };

/** Every run of the project for the change log, newest first, each with the table versions it was built from. */
export async function changelog(projectId: number): Promise<ChangelogEntry[]> {
  const [runs, now] = await Promise.all([listRuns(projectId), currentRevisions(projectId)]);
  return runs.map((run) => ({ ...summary(run), tables: tableVersions(run.tableRevisions, now) }));
}
