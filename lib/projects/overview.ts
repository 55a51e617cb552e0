import "server-only";
import { findMidasConnection, latestAnalysisOf } from "@/db/queries/midas";
import { type ChangeGlance, recentChanges, tableGlances } from "@/db/queries/overview";
import { countConnections, listTokens } from "@/db/queries/revit";
import { type DatasetKey, datasetKeys, datasets } from "@/lib/datasets/registry";
import { buildStatus } from "@/lib/midas/runs";
import type { ProjectAccess } from "./access";
import { can } from "./roles";

/** Where the project stands in the workflow, as the next step needs it. */
export type WorkflowState = {
  /** Rows in the four Revit tables together. */
  revitRows: number;
  canEdit: boolean;
  midasConnected: boolean;
  build: "none" | "failed" | "stale" | "current";
  analysed: boolean;
};

export type NextStep = { text: string; href: string; detail: string };

/**
 * The one thing to do next, in the order the work goes: tables, the MIDAS
 * connection, the model, its analysis, then the checks. A viewer is shown
 * where to look, not what they cannot do.
 */
export function nextStep(state: WorkflowState): NextStep {
  if (state.revitRows === 0 && state.canEdit)
    return { text: "Start from the pier template", href: datasets.pier.route, detail: "The Revit tables of this project are empty." };
  if (!state.midasConnected) return { text: "Connect MIDAS on Settings", href: "/settings", detail: "Your MIDAS Civil NX address and API key, saved once." };
  if (state.build === "none" || state.build === "failed") {
    if (!state.canEdit) return { text: "Look at the Midas tables", href: datasets.midassetup.route, detail: "No model has been built from them yet." };
    return {
      text: "Fill the Midas tables from Revit",
      href: datasets.midassetup.route,
      detail: state.build === "failed" ? "The last build failed: check the tables, then Create Midas." : "Then Create Midas builds the model.",
    };
  }
  if (state.build === "stale") return { text: "Create Midas again", href: "/midas", detail: "The tables changed since the model was built." };
  if (!state.analysed) return { text: "Run the analysis", href: "/midas/midasresultgirder", detail: "The model is built; no results yet." };
  return { text: "Check the girder", href: "/midas/midasresultgirder", detail: "Results are in: the girder design check is on the girder results." };
}

export type TableOverview = {
  dataset: DatasetKey;
  group: "revit" | "midas";
  title: string;
  route: string;
  rows: number;
  items: number;
  lastChangeAt: string | null;
  lastChangeBy: string | null;
};

export type ProjectOverview = {
  tables: TableOverview[];
  midas: { connected: boolean; build: WorkflowState["build"]; builtAt: string | null; changedTables: string[]; analysedAt: string | null };
  revit: { tokens: number; connected: number };
  activity: (Omit<ChangeGlance, "at" | "dataset"> & { title: string; route: string; at: string })[];
  next: NextStep;
  /** When this was read: the "5 min ago" of the page count from it. */
  asOf: string;
};

/** What the signed-in home shows of the current project: its tables, its MIDAS model, the user's add-ins, the latest changes and the next step. */
export async function projectOverview(userId: number, project: ProjectAccess): Promise<ProjectOverview> {
  const [glances, changes, connection, status, tokens, connected] = await Promise.all([
    tableGlances(project.id),
    recentChanges(project.id, 6),
    findMidasConnection(userId),
    buildStatus(project.id),
    listTokens(userId),
    countConnections(userId),
  ]);
  const byDataset = new Map(glances.map((g) => [g.dataset, g]));
  const tables = datasetKeys.map((key): TableOverview => {
    const glance = byDataset.get(key);
    return {
      dataset: key,
      group: datasets[key].group,
      title: datasets[key].title,
      route: datasets[key].route,
      rows: glance?.rows ?? 0,
      // The value columns (Parameter is not one of them).
      items: glance?.columns ?? 0,
      lastChangeAt: glance?.lastChangeAt?.toISOString() ?? null,
      lastChangeBy: glance?.lastChangeBy ?? null,
    };
  });
  const { build: run, current, changedTables } = status;
  const build: WorkflowState["build"] = !run ? "none" : run.outcome !== "applied" ? "failed" : current ? "current" : "stale";
  const analysis = run && build === "current" ? await latestAnalysisOf(project.id, run.id) : undefined;
  const midas = {
    connected: connection !== undefined,
    build,
    builtAt: run?.finishedAt?.toISOString() ?? null,
    changedTables: changedTables.map((key) => datasets[key].title),
    analysedAt: analysis?.finishedAt?.toISOString() ?? null,
  };
  const revitRows = tables.filter((t) => t.group === "revit").reduce((sum, t) => sum + t.rows, 0);
  return {
    tables,
    midas,
    revit: { tokens: tokens.length, connected },
    activity: changes
      .filter((c): c is ChangeGlance & { dataset: DatasetKey } => c.dataset in datasets)
      .map(({ dataset, at, ...change }) => ({ ...change, title: datasets[dataset].title, route: datasets[dataset].route, at: at.toISOString() })),
    asOf: new Date().toISOString(),
    next: nextStep({ revitRows, canEdit: can(project.role, "write"), midasConnected: midas.connected, build, analysed: analysis !== undefined }),
  };
}
