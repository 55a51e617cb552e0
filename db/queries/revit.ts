import "server-only";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import { type Database, db as defaultDb } from "../client";
import { pushBaselines, type PushRowError, type PushState, type RevitPush, type RevitToken, revitConnections, revitPushes, revitTokens } from "../schema";

/** A connection row older than this (no pong recorded) belongs to a server that died; it is ignored. */
export const CONNECTION_FRESH_MS = 90_000;

const fresh = (): SQL => gt(revitConnections.lastSeenAt, new Date(Date.now() - CONNECTION_FRESH_MS));
/** A connection whose add-in said hello: listed, counted as connected, sent pushes. */
const ready = (): SQL => and(fresh(), isNotNull(revitConnections.readyAt))!;

// ---------------------------------------------------------------- tokens

/**
 * Inserts a token unless the user already has `limit` live ones (undefined
 * then). The count and the insert run under a per-user lock, so parallel
 * creations cannot pass the limit together.
 */
export async function insertToken(
  values: { userId: number; name: string; tokenHash: string },
  limit: number,
  db: Database = defaultDb(),
): Promise<RevitToken | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pontifex:tokens:${values.userId}`}))`);
    const [live] = await tx
      .select({ n: count() })
      .from(revitTokens)
      .where(and(eq(revitTokens.userId, values.userId), isNull(revitTokens.revokedAt)));
    if ((live?.n ?? 0) >= limit) return undefined;
    const [token] = await tx.insert(revitTokens).values(values).returning();
    return token;
  });
}

/** The user's tokens that are not revoked, newest first, with how many add-ins are connected with each. */
export async function listTokens(userId: number, db: Database = defaultDb()) {
  return db
    .select({
      id: revitTokens.id,
      name: revitTokens.name,
      createdAt: revitTokens.createdAt,
      lastUsedAt: revitTokens.lastUsedAt,
      // Spelled out: inside a subquery Drizzle would leave "id" unqualified, and ambiguous.
      connected: sql<number>`(SELECT count(*)::int FROM revit_connections c WHERE c.token_id = revit_tokens.id AND c.ready_at IS NOT NULL AND c.last_seen_at > ${new Date(Date.now() - CONNECTION_FRESH_MS)})`,
    })
    .from(revitTokens)
    .where(and(eq(revitTokens.userId, userId), isNull(revitTokens.revokedAt)))
    .orderBy(desc(revitTokens.createdAt), desc(revitTokens.id));
}

/** The live token with this hash, for authenticating an add-in. */
export async function findActiveToken(tokenHash: string, db: Database = defaultDb()): Promise<RevitToken | undefined> {
  const [token] = await db
    .select()
    .from(revitTokens)
    .where(and(eq(revitTokens.tokenHash, tokenHash), isNull(revitTokens.revokedAt)))
    .limit(1);
  return token;
}

export async function touchToken(id: number, db: Database = defaultDb()): Promise<void> {
  await db.update(revitTokens).set({ lastUsedAt: new Date() }).where(eq(revitTokens.id, id));
}

/** Revokes one of the user's live tokens; false when there is no such token. */
export async function revokeToken(userId: number, id: number, db: Database = defaultDb()): Promise<boolean> {
  const revoked = await db
    .update(revitTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(revitTokens.id, id), eq(revitTokens.userId, userId), isNull(revitTokens.revokedAt)))
    .returning({ id: revitTokens.id });
  return revoked.length > 0;
}

export async function isTokenActive(id: number, db: Database = defaultDb()): Promise<boolean> {
  const [row] = await db
    .select({ id: revitTokens.id })
    .from(revitTokens)
    .where(and(eq(revitTokens.id, id), isNull(revitTokens.revokedAt)));
  return row !== undefined;
}

// ---------------------------------------------------------------- connections

/**
 * Takes one of a token's `limit` socket places for a new socket, or answers false when all are taken: the count over
 * every server and the new row are one step under a per-token lock, so simultaneous upgrades cannot pass the limit
 * together (they did when each counted before any had registered: 147 of 150 welcomed with a limit of 5).
 */
export async function reserveConnection(
  values: { id: string; userId: number; tokenId: number; serverId: string },
  limit: number,
  db: Database = defaultDb(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pontifex:sockets:${values.tokenId}`}))`);
    const [taken] = await tx
      .select({ n: count() })
      .from(revitConnections)
      .where(and(eq(revitConnections.tokenId, values.tokenId), fresh()));
    if ((taken?.n ?? 0) >= limit) return false;
    await tx.insert(revitConnections).values(values);
    return true;
  });
}

/** The add-in said hello: its place becomes a ready connection with what it told about itself. */
export async function markConnectionReady(
  values: { id: string; userId: number; tokenId: number; serverId: string; clientName: string; revitVersion: string; document: string },
  db: Database = defaultDb(),
): Promise<void> {
  const now = new Date();
  await db
    .insert(revitConnections)
    .values({ ...values, readyAt: now })
    .onConflictDoUpdate({
      target: revitConnections.id,
      set: { clientName: values.clientName, revitVersion: values.revitVersion, document: values.document, lastSeenAt: now, readyAt: now },
    });
}

export async function deleteConnection(id: string, db: Database = defaultDb()): Promise<void> {
  await db.delete(revitConnections).where(eq(revitConnections.id, id));
}

export async function deleteServerConnections(serverId: string, db: Database = defaultDb()): Promise<void> {
  await db.delete(revitConnections).where(eq(revitConnections.serverId, serverId));
}

export async function touchConnections(ids: string[], db: Database = defaultDb()): Promise<void> {
  if (ids.length === 0) return;
  await db.update(revitConnections).set({ lastSeenAt: new Date() }).where(inArray(revitConnections.id, ids));
}

export async function deleteStaleConnections(db: Database = defaultDb()): Promise<void> {
  await db.delete(revitConnections).where(lt(revitConnections.lastSeenAt, new Date(Date.now() - CONNECTION_FRESH_MS)));
}

/** The user's add-ins connected now, to any server. */
export async function listConnections(userId: number, db: Database = defaultDb()) {
  return db
    .select({
      id: revitConnections.id,
      clientName: revitConnections.clientName,
      revitVersion: revitConnections.revitVersion,
      document: revitConnections.document,
      connectedAt: revitConnections.connectedAt,
      lastSeenAt: revitConnections.lastSeenAt,
      tokenName: revitTokens.name,
    })
    .from(revitConnections)
    .innerJoin(revitTokens, eq(revitTokens.id, revitConnections.tokenId))
    .where(and(eq(revitConnections.userId, userId), ready()))
    .orderBy(asc(revitConnections.connectedAt));
}

export async function countConnections(userId: number, db: Database = defaultDb(), excludeServer?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(revitConnections)
    .where(and(eq(revitConnections.userId, userId), ready(), excludeServer ? ne(revitConnections.serverId, excludeServer) : undefined));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- pushes

export async function insertPush(
  values: {
    id: string;
    userId: number;
    projectId: number;
    dataset: string;
    mode: "all" | "one";
    parameter: string | null;
    rowCount: number;
    payload: string;
    createdAt: Date;
    expiresAt: Date;
  },
  db: Database = defaultDb(),
): Promise<PushRecord[]> {
  return db.transaction(async (tx) => {
    await tx.insert(revitPushes).values({ ...values, payloadBytes: Buffer.byteLength(values.payload) });
    // What no add-in has received yet and this push makes obsolete: the whole table replaces every waiting push of
    // it, a row replaces a waiting push of the same row. Their stored rows go, so repeated pushes cannot pile up.
    return tx
      .update(revitPushes)
      .set({ status: "superseded", payload: null })
      .where(
        and(
          eq(revitPushes.userId, values.userId),
          eq(revitPushes.projectId, values.projectId),
          eq(revitPushes.dataset, values.dataset),
          ne(revitPushes.id, values.id),
          inArray(revitPushes.status, ["queued", "delivered"]),
          isNull(revitPushes.receivedAt),
          values.mode === "all" ? undefined : and(eq(revitPushes.mode, "one"), eq(revitPushes.parameter, values.parameter ?? "")),
        ),
      )
      .returning(pushColumns);
  });
}

/** How many of the user's pushes of this table no add-in has received yet. */
export async function countWaitingPushes(userId: number, projectId: number, dataset: string, db: Database = defaultDb()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(revitPushes)
    .where(
      and(
        eq(revitPushes.userId, userId),
        eq(revitPushes.projectId, projectId),
        eq(revitPushes.dataset, dataset),
        inArray(revitPushes.status, ["queued", "delivered"]),
        isNull(revitPushes.receivedAt),
        gt(revitPushes.expiresAt, new Date()),
      ),
    );
  return row?.n ?? 0;
}

/** Connections of one token, to any server, seen recently. */
/** Push metadata without the payload. */
const pushColumns = {
  id: revitPushes.id,
  userId: revitPushes.userId,
  projectId: revitPushes.projectId,
  // The project's name as it is now (an add-in shows it); spelled out, as Drizzle leaves columns unqualified in subqueries.
  projectName: sql<string>`coalesce((SELECT p.name FROM projects p WHERE p.id = revit_pushes.project_id), '')`,
  dataset: revitPushes.dataset,
  mode: revitPushes.mode,
  parameter: revitPushes.parameter,
  rowCount: revitPushes.rowCount,
  payloadBytes: revitPushes.payloadBytes,
  status: revitPushes.status,
  deliveredTo: revitPushes.deliveredTo,
  errors: revitPushes.errors,
  createdAt: revitPushes.createdAt,
  expiresAt: revitPushes.expiresAt,
  deliveredAt: revitPushes.deliveredAt,
  receivedAt: revitPushes.receivedAt,
  ackedAt: revitPushes.ackedAt,
};
export type PushRecord = Omit<RevitPush, "payload"> & { projectName: string };

export async function findPush(id: string, db: Database = defaultDb()): Promise<PushRecord | undefined> {
  const [push] = await db.select(pushColumns).from(revitPushes).where(eq(revitPushes.id, id));
  return push;
}

export async function loadPushPayload(id: string, db: Database = defaultDb()): Promise<string | null> {
  const [row] = await db.select({ payload: revitPushes.payload }).from(revitPushes).where(eq(revitPushes.id, id));
  return row?.payload ?? null;
}

/** The user's pushes no add-in has received yet, oldest first (delivered on connect). */
export async function waitingPushes(userId: number, db: Database = defaultDb()): Promise<PushRecord[]> {
  return db
    .select(pushColumns)
    .from(revitPushes)
    .where(
      and(
        eq(revitPushes.userId, userId),
        inArray(revitPushes.status, ["queued", "delivered"]),
        isNull(revitPushes.receivedAt),
        gt(revitPushes.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(revitPushes.createdAt));
}

export async function recentPushes(userId: number, limit = 50, db: Database = defaultDb()): Promise<PushRecord[]> {
  return db.select(pushColumns).from(revitPushes).where(eq(revitPushes.userId, userId)).orderBy(desc(revitPushes.createdAt)).limit(limit);
}

/** `copies` add-ins got the push just now. */
export async function markDelivered(id: string, copies: number, db: Database = defaultDb()): Promise<PushRecord | undefined> {
  const [push] = await db
    .update(revitPushes)
    .set({
      status: sql`CASE WHEN ${revitPushes.status} = 'queued' THEN 'delivered' ELSE ${revitPushes.status} END`,
      deliveredTo: sql`${revitPushes.deliveredTo} + ${copies}`,
      deliveredAt: sql`coalesce(${revitPushes.deliveredAt}, now())`,
    })
    .where(eq(revitPushes.id, id))
    .returning(pushColumns);
  return push;
}

/**
 * An add-in's acknowledgement of one of this user's pushes: 'received' stops
 * redelivery (and drops the stored rows), the others are the final state.
 */
export async function recordAck(
  userId: number,
  id: string,
  status: "received" | "applied" | "partial" | "failed",
  errors: PushRowError[] | undefined,
  db: Database = defaultDb(),
): Promise<PushRecord | undefined> {
  const final = status !== "received";
  const [push] = await db
    .update(revitPushes)
    .set({
      receivedAt: sql`coalesce(${revitPushes.receivedAt}, now())`,
      // The rows stay until the add-in says how applying them went: an applied push becomes the table's baseline.
      ...(final ? { payload: null } : {}),
      // A push that is acknowledged was delivered, even if the add-in answered before the server marked it.
      status: final ? (status as PushState) : sql`CASE WHEN ${revitPushes.status} = 'queued' THEN 'delivered' ELSE ${revitPushes.status} END`,
      ...(final ? { ackedAt: new Date(), errors: errors && errors.length ? errors : null } : {}),
    })
    .where(and(eq(revitPushes.id, id), eq(revitPushes.userId, userId)))
    .returning(pushColumns);
  return push;
}

/**
 * The acknowledgement and, for a push the add-in applied, the table's new
 * baseline (`baselineOf` the previous one), in one transaction: whoever sees
 * the push acknowledged sees its baseline too.
 */
export function recordAckWithBaseline(
  userId: number,
  id: string,
  status: "received" | "applied" | "partial" | "failed",
  errors: PushRowError[] | undefined,
  /** The new baseline's rows; it reads the previous baseline's only when it needs them (a 12 MB table costs to read). */
  baselineOf: ((push: PushRecord, previousRows: () => Promise<string | undefined>) => Promise<string>) | null,
  db: Database = defaultDb(),
): Promise<PushRecord | undefined> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const push = await recordAck(userId, id, status, errors, tx);
    if (push && baselineOf) {
      const rows = await baselineOf(push, async () => (await readBaseline(push.projectId, push.dataset, push.userId, tx))?.rows);
      await writeBaseline({ projectId: push.projectId, dataset: push.dataset, userId: push.userId, pushId: push.id, rows }, tx);
    }
    return push;
  });
}

// ---------------------------------------------------------------- baselines

/** What the user's add-in last applied of a table: its rows as a JSON array text, and when. */
export async function readBaseline(
  projectId: number,
  dataset: string,
  userId: number,
  db: Database = defaultDb(),
): Promise<{ rows: string; ackedAt: Date; pushId: string } | undefined> {
  const [row] = await db
    .select({ rows: pushBaselines.rows, ackedAt: pushBaselines.ackedAt, pushId: pushBaselines.pushId })
    .from(pushBaselines)
    .where(and(eq(pushBaselines.projectId, projectId), eq(pushBaselines.dataset, dataset), eq(pushBaselines.userId, userId)));
  return row;
}

export async function writeBaseline(
  values: { projectId: number; dataset: string; userId: number; pushId: string; rows: string },
  db: Database = defaultDb(),
): Promise<void> {
  await db
    .insert(pushBaselines)
    .values({ ...values, ackedAt: new Date() })
    .onConflictDoUpdate({
      target: [pushBaselines.projectId, pushBaselines.dataset, pushBaselines.userId],
      set: { pushId: values.pushId, rows: values.rows, ackedAt: new Date() },
    });
}

/** Pushes nobody received within their 24 hours: expired, rows dropped. */
export async function expirePushes(db: Database = defaultDb()): Promise<PushRecord[]> {
  return db
    .update(revitPushes)
    .set({ status: "expired", payload: null })
    .where(and(inArray(revitPushes.status, ["queued", "delivered"]), isNull(revitPushes.receivedAt), lt(revitPushes.expiresAt, new Date())))
    .returning(pushColumns);
}
