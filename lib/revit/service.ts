import "server-only";
import { fetchRowTextByParameter, type TableRef } from "@/db/queries/rows";
import { countWaitingPushes, insertToken, listConnections, readBaseline, revokeToken } from "@/db/queries/revit";
import type { Row } from "@/lib/datasets/columns";
import { diffTables, type TableDiff } from "@/lib/datasets/diff";
import { countPush } from "@/lib/auth/limits";
import { DomainError } from "@/lib/errors";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { type DatasetKey, datasets, isRevitDataset } from "@/lib/datasets/registry";
import type { ProjectAccess } from "@/lib/projects/access";
import { normaliseParameterName } from "@/lib/datasets/names";
import { cachedSnapshotAt, memo, type TableSnapshot, tableSnapshot } from "@/lib/datasets/snapshot";
import { isStorableText } from "@/lib/validation";
import { joinPayload } from "./baseline";
import { packPushBodies } from "./frames";
import { getRelay } from "./registry";
import type { PushOutcome, PushTable } from "./relay";

export const MAX_TOKENS_PER_USER = 50;
/** Pushes of one table that may wait for an add-in at once (a newer whole-table push replaces the waiting ones). */
export const MAX_WAITING_PUSHES_PER_TABLE = 20;

/** Every push passes the user's rate limit; a row push also the cap on pushes of its table waiting for an add-in. */
async function admitPush(userId: number, table: TableRef<DatasetKey>, mode: "all" | "one"): Promise<void> {
  if (!isRevitDataset(table.dataset)) {
    throw new DomainError("invalid", `${datasets[table.dataset].title} is a Midas table: it builds the MIDAS model (Create Midas), it is not pushed to Revit.`);
  }
  await countPush(userId);
  // A whole-table push replaces every waiting push of its table, so only row pushes can pile up.
  if (mode === "one" && (await countWaitingPushes(userId, table.projectId, table.dataset)) >= MAX_WAITING_PUSHES_PER_TABLE) {
    throw new DomainError(
      "rate-limited",
      `${MAX_WAITING_PUSHES_PER_TABLE} pushes of this table are already waiting for your add-in. Connect the add-in, or push the whole table (it replaces them).`,
      undefined,
      60,
    );
  }
}

function relay() {
  const current = getRelay();
  if (!current) throw new DomainError("unavailable", "The Revit relay is not running on this server. Try again shortly.");
  return current;
}

/** The whole table, as it is now, to the user's add-ins. */
export async function pushTable(userId: number, project: ProjectAccess, dataset: DatasetKey): Promise<PushOutcome> {
  const table = { projectId: project.id, dataset };
  await admitPush(userId, table, "all");
  const snapshot = await tableSnapshot(table);
  return relay().createPush({
    userId,
    project: { id: project.id, name: project.name },
    dataset,
    mode: "all",
    parameter: null,
    rows: snapshot.rows,
    frameBodies: frameBodiesOf(snapshot),
    payload: memo(snapshot, "push-payload", () => joinPayload(snapshot.rows)),
    revision: snapshot.revision,
  });
}

/** Pushes of one revision differ only in their frames' headers: the bodies are built once per revision. */
function frameBodiesOf(snapshot: TableSnapshot): (overhead: number) => readonly Buffer[] {
  return (overhead) => {
    const kept = memo(snapshot, "push-frame-bodies", () => ({ overhead, bodies: packPushBodies(snapshot.rows, overhead) }));
    if (kept.overhead === overhead) return kept.bodies;
    // Another header size (the project renamed): packed anew, and kept instead.
    const bodies = packPushBodies(snapshot.rows, overhead);
    snapshot.memo.set("push-frame-bodies", { overhead, bodies });
    return bodies;
  };
}

/** A whole-table push's rows at its revision, when this server has that revision in memory (RelayOptions.heldTable). */
export function heldTable(table: PushTable): { rows: string[]; frameBodies: (overhead: number) => readonly Buffer[] } | undefined {
  const snapshot = cachedSnapshotAt(table, table.revision);
  return snapshot && { rows: snapshot.rows, frameBodies: frameBodiesOf(snapshot) };
}

/** One row, found by its Parameter, to the user's add-ins. */
export async function pushRow(userId: number, project: ProjectAccess, dataset: DatasetKey, parameter: string): Promise<PushOutcome> {
  const table = { projectId: project.id, dataset };
  await admitPush(userId, table, "one");
  // A name Postgres could not even compare is a name no row has.
  const row = isStorableText(parameter) ? await fetchRowTextByParameter(table, normaliseParameterName(parameter)) : undefined;
  if (row === undefined) throw new DomainError("not-found", `There is no row with Parameter "${parameter}" in this table.`);
  return relay().createPush({ userId, project: { id: project.id, name: project.name }, dataset, mode: "one", parameter, rows: [row] });
}

export type PushPreview = TableDiff & {
  /** When an add-in last applied this table (null: never: everything is new to it). */
  baselineAt: string | null;
  recipients: { clientName: string; revitVersion: string; document: string; tokenName: string }[];
};

/**
 * What a push would change in Revit: the table (or one row) now, against
 * what the user's add-in last applied of it; and which add-ins would get it.
 */
export async function previewPush(userId: number, project: ProjectAccess, dataset: DatasetKey, parameter?: string): Promise<PushPreview> {
  if (!isRevitDataset(dataset)) {
    throw new DomainError("invalid", `${datasets[dataset].title} is a Midas table: it builds the MIDAS model (Create Midas), it is not pushed to Revit.`);
  }
  const table = { projectId: project.id, dataset };
  const baseline = await readBaseline(project.id, dataset, userId);
  const before = baseline ? (JSON.parse(baseline.rows) as Row[]) : [];
  let now = (await tableSnapshot(table)).rows.map((text) => JSON.parse(text) as Row);
  let was = before;
  if (parameter !== undefined) {
    const name = normaliseParameterName(parameter);
    now = now.filter((row) => row.Parameter === name);
    if (now.length === 0) throw new DomainError("not-found", `There is no row with Parameter "${parameter}" in this table.`);
    was = before.filter((row) => row.Id === now[0]!.Id);
  }
  const diff = diffTables(was, now, "Id");
  const recipients = (await listConnections(userId)).map((c) => ({
    clientName: c.clientName,
    revitVersion: c.revitVersion,
    document: c.document,
    tokenName: c.tokenName,
  }));
  return { ...diff, baselineAt: baseline?.ackedAt.toISOString() ?? null, recipients };
}

/** A new add-in token: the token itself is only in this answer, the database keeps its hash. */
export async function createToken(userId: number, name: string) {
  const token = newToken("pfx_");
  const created = await insertToken({ userId, name, tokenHash: hashToken(token) }, MAX_TOKENS_PER_USER);
  if (!created) throw new DomainError("conflict", `You have ${MAX_TOKENS_PER_USER} tokens already; revoke one you no longer use first.`);
  return { id: created.id, name: created.name, token, createdAt: created.createdAt.toISOString() };
}

export async function revokeUserToken(userId: number, idParam: string): Promise<void> {
  const id = /^\d{1,9}$/.test(idParam) ? Number(idParam) : Number.NaN;
  if (!Number.isFinite(id) || !(await revokeToken(userId, id))) throw new DomainError("not-found", "No such token (it may be revoked already).");
  await getRelay()?.tokenRevoked(id);
}
