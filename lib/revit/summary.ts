import type { PushRecord } from "@/db/queries/revit";

/** A push as the API and the browsers see it (no rows). */
export type PushSummary = {
  pushId: string;
  projectId: number;
  projectName: string;
  dataset: string;
  mode: "all" | "one";
  parameter: string | null;
  rows: number;
  status: string;
  deliveredTo: number;
  createdAt: string;
  deliveredAt: string | null;
  receivedAt: string | null;
  ackedAt: string | null;
  errors: { id?: number; parameter?: string; message: string }[];
};

export function summarisePush(push: PushRecord): PushSummary {
  return {
    pushId: push.id,
    projectId: push.projectId,
    projectName: push.projectName,
    dataset: push.dataset,
    mode: push.mode,
    parameter: push.parameter,
    rows: push.rowCount,
    status: push.status,
    deliveredTo: push.deliveredTo,
    createdAt: push.createdAt.toISOString(),
    deliveredAt: push.deliveredAt?.toISOString() ?? null,
    receivedAt: push.receivedAt?.toISOString() ?? null,
    ackedAt: push.ackedAt?.toISOString() ?? null,
    errors: push.errors ?? [],
  };
}

/** What a signed-in user's browsers hear live (GET /api/revit/events). */
export type UserEvent = { type: "connections"; count: number } | { type: "push"; push: PushSummary } | { type: "shutdown" };
