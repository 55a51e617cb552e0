/**
 * What a browser with a table open is told on its events stream
 * (GET /api/projects/{id}/datasets/{ds}/events), and how it keeps the list of
 * who else has the table open. No server code: the browser imports it.
 */

/** Someone with a table open, on one browser tab. */
export type Viewer = { client: string; userId: number; name: string; editing: number | null };

/** A viewer's identity: a tab's client id is chosen by the browser, so it only counts together with its user. */
export type ViewerId = { client: string; userId: number };

/** Why the server ended a stream with its last event. */
export type RevokeReason = "removed" | "role-changed" | "project-deleted";

export type LiveEvent =
  /** Rows were written by someone: the ids that changed (none: the whole table, e.g. an import). */
  | { type: "rows"; userId: number | null; name: string; ids: number[] }
  /** Everyone with this table open, on every server, and the row each is editing: first thing on a stream. */
  | { type: "presence"; viewers: Viewer[] }
  /** Since the last presence event (at most one every 250 ms): who came or changed the row they edit, and who went. */
  | { type: "presence-change"; changed: Viewer[]; left: ViewerId[] }
  /** The last event of a stream whose user lost access (removed, project deleted) or changed role: open it again or leave. */
  | { type: "revoked"; reason: RevokeReason };

export const viewerKey = (viewer: ViewerId): string => `${viewer.userId}:${viewer.client}`;

/** Who has the table open after a presence event: a `presence` replaces the list, a `presence-change` amends it. */
export function applyPresence(viewers: ReadonlyMap<string, Viewer>, event: Extract<LiveEvent, { type: "presence" | "presence-change" }>): Map<string, Viewer> {
  if (event.type === "presence") return new Map(event.viewers.map((v) => [viewerKey(v), v]));
  const next = new Map(viewers);
  for (const v of event.left) next.delete(viewerKey(v));
  for (const v of event.changed) next.set(viewerKey(v), v);
  return next;
}
