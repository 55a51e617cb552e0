import type { RevokeReason, ViewerId } from "./events";

/** A viewer as servers tell each other: ids only, so a message's size does not grow with names (each server reads those itself). */
export type BusViewer = ViewerId & { editing: number | null };

/**
 * What the live tables of one server tell those of all servers over the
 * relay's bus (lib/replica-bus.ts). Every message is bounded in size: PostgreSQL
 * refuses NOTIFY payloads of 8,000 bytes or more.
 */
export type LiveBusMessage =
  /** Rows of a project's table were written: open browsers reload them (past 200 ids, none: the whole table). */
  | { kind: "table-rows"; projectId: number; dataset: string; userId: number | null; ids: number[] }
  /** A browser tab started or stopped editing a row: the server holding its stream tells the others. */
  | { kind: "table-editing"; projectId: number; dataset: string; client: string; userId: number; editing: number | null }
  /**
   * Who on one server opened the table (or changed the row they edit) and who closed it, at most
   * PRESENCE_BATCH of them per message; repeated for everyone every heartbeat. `sync`: the server
   * has just opened the table, and the others tell it everyone they have.
   */
  | { kind: "table-presence"; projectId: number; dataset: string; server: string; viewers: BusViewer[]; left: ViewerId[]; sync?: boolean }
  /** A member lost access to a project or changed role (userId), or the project was deleted (null): their streams end. */
  | { kind: "table-revoke"; projectId: number; userId: number | null; reason: RevokeReason };

/**
 * Viewers and departures per presence message. A client id is at most 64
 * characters, so one entry is at most ~130 bytes of JSON and a message of 40
 * stays under 6 KB (a test builds the largest one).
 */
export const PRESENCE_BATCH = 40;
