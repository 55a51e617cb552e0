/**
 * What the assistant may see, scoped to the signed-in user's current project
 * and role. The server builds one per chat request; the tools read through it
 * and nothing else. It has no write paths on purpose: every change the
 * assistant proposes is made by the engineer's click in the browser, through
 * the normal API (see AssistantActions in components/assistant).
 */

import type { ProjectRole } from "@/db/schema";
import type { Row } from "@/lib/datasets/columns";
import type { ResultKind } from "@/lib/midas/results";

export type DatasetSummary = { key: string; title: string; group: "revit" | "midas"; rowCount: number };

export type ReadRowsInput = {
  dataset: string;
  /** Rows whose Parameter contains this text (any case). */
  parameterFilter?: string;
  /** Value columns to return (Id, Parameter and Version always come). */
  columns?: string[];
  limit: number;
};

export type ReadRowsResult = { rows: Row[]; total: number; truncated: boolean };

export type MidasResults = {
  units: { force: string; length: string };
  columns: string[];
  rows: (string | number)[][];
  /** The model changed since these results were computed. */
  stale: boolean;
};

export type MidasStatus = { connected: boolean; lastBuild: string | null; hasResults: boolean };

export type AssistantContext = {
  user: { id: number; name: string };
  /** null: the user has no current project; the table and MIDAS tools then refuse with a message. */
  project: { id: number; name: string; role: ProjectRole } | null;
  listDatasets(): Promise<DatasetSummary[]>;
  /** Throws (any Error) for an unknown dataset; the message is shown to the model and the engineer. */
  readRows(input: ReadRowsInput): Promise<ReadRowsResult>;
  /** null: no results yet (the analysis has not run). */
  midasResults(input: { kind: ResultKind; cases?: string[] }): Promise<MidasResults | null>;
  midasStatus(): Promise<MidasStatus>;
};
