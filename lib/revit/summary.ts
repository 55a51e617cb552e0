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

/** A push in one of these states stays in it: a later, older-looking event about it is stale. */
const FINAL_STATES = new Set(["applied", "partial", "failed", "expired", "superseded"]);
export const isFinalPushState = (status: string): boolean => FINAL_STATES.has(status);

/** Whether news of a push moves it on from what is known (never back from a final state to "delivered"). */
export function isNewerPushState(known: string | undefined, next: string): boolean {
  return known === undefined || !isFinalPushState(known) || isFinalPushState(next);
}

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
