import "server-only";
import { randomUUID } from "node:crypto";
import { type Database, db as defaultDb } from "@/db/client";
import { type FlatRow, readTableRows, type TableRef, type TableRows, tableRevision } from "@/db/queries/rows";
import { onTableChange, type RowAssumption, type TableChange } from "@/db/queries/rows-write";
import { processSingleton } from "@/lib/process-singleton";
import { type BusMessage, fitsOnBus, MAX_BUS_PAYLOAD_BYTES, type ReplicaBus } from "@/lib/replica-bus";
import { ROW_KIND } from "./kinds";
import type { DatasetKey } from "./registry";
import { rowTextId } from "./row-text";
import { tableKinds } from "./templates";

/** The rows of a table at one revision, with the answers built from them (each built once per revision). */
export type TableSnapshot = TableRows & { memo: Map<string, unknown> };

/** Snapshots kept in memory, per database client, least recently used dropped first past this many characters. */
const CACHE_BUDGET_CHARS = 256 * 1024 * 1024;

type CachedSnapshot = TableSnapshot & { chars: number };
/** Per table: its snapshot, and the committed changes of this process not yet applied to it (a later revision's commit can land first). */
type Cache = { entries: Map<string, CachedSnapshot>; chars: number; waiting: Map<string, Map<number, TableChange>> };

// Per database client (the pool or PGlite shared by server.ts and Next's bundles).
const caches = processSingleton("snapshots", () => new WeakMap<object, Cache>());

function cacheOf(db: Database): Cache | undefined {
  const client = (db as { $client?: object }).$client;
  if (!client) return undefined;
  let cache = caches.get(client);
  if (!cache) caches.set(client, (cache = { entries: new Map(), chars: 0, waiting: new Map() }));
  return cache;
}

const cacheKey = (ref: TableRef) => `${ref.projectId}:${ref.dataset}`;

function remember(cache: Cache, ref: TableRef, snapshot: TableSnapshot, known?: number): void {
  const key = cacheKey(ref);
  forget(cache, key);
  const chars = known ?? snapshot.rows.reduce((n, row) => n + row.length, 0);
  if (chars > CACHE_BUDGET_CHARS / 4) return; // a giant table is read each time rather than evicting every other one
  cache.entries.set(key, { ...snapshot, chars });
  cache.chars += chars;
  for (const [oldest, entry] of cache.entries) {
    if (cache.chars <= CACHE_BUDGET_CHARS) break;
    cache.entries.delete(oldest);
    cache.chars -= entry.chars;
  }
}

function forget(cache: Cache, key: string): void {
  const entry = cache.entries.get(key);
  if (entry) {
    cache.entries.delete(key);
    cache.chars -= entry.chars;
  }
}

function recall(cache: Cache | undefined, ref: TableRef): TableSnapshot | undefined {
  const key = cacheKey(ref);
  const entry = cache?.entries.get(key);
  if (entry) {
    // Most recently used goes last.
    cache!.entries.delete(key);
    cache!.entries.set(key, entry);
  }
  return entry;
}

/** Changes waiting for an earlier one past this many are dropped: the next read goes to the database. */
const MAX_WAITING = 256;

/**
 * A write of this process committed: the cached snapshot moves on to the
 * write's revision with the rows the write returned, instead of the next
 * read fetching the whole table again. Only from exactly the revision before
 * (writes of other processes, or a write that added columns, leave it stale,
 * and the next read sees that and reads the table); a change whose
 * predecessor has not been applied yet waits for it.
 */
function advance(database: Database, ref: TableRef, change: TableChange, { onlyCached = false } = {}): void {
  const cache = cacheOf(database);
  if (!cache) return;
  const key = cacheKey(ref);
  // Another server's change to a table this process has not read would only wait here for nothing.
  if (onlyCached && !cache.entries.has(key)) return;
  // A change of columns or of a row's kind is read again from the database rather than patched in.
  if (change.addsColumns || change.setsKind) {
    forget(cache, key);
    cache.waiting.delete(key);
    return;
  }
  const waiting = cache.waiting.get(key) ?? new Map<number, TableChange>();
  if (waiting.size >= MAX_WAITING) waiting.clear();
  waiting.set(change.revision, change);
  cache.waiting.set(key, waiting);
  settle(cache, ref);
}

/** Applies the waiting changes that follow the cached snapshot, and drops those it already holds. */
function settle(cache: Cache, ref: TableRef): void {
  const key = cacheKey(ref);
  const waiting = cache.waiting.get(key);
  if (!waiting) return;
  let entry = cache.entries.get(key);
  if (entry) {
    let next: TableChange | undefined;
    let moved = false;
    while ((next = waiting.get(entry.revision + 1))) {
      waiting.delete(next.revision);
      entry = applyChange(entry, next);
      moved = true;
    }
    if (moved) remember(cache, ref, entry, entry.chars);
    for (const revision of waiting.keys()) if (revision <= entry.revision) waiting.delete(revision);
  }
  if (waiting.size === 0) cache.waiting.delete(key);
}

/** The snapshot after a change: rows replaced, added or removed in Id order; its answers built afresh. */
function applyChange(snapshot: CachedSnapshot, change: TableChange): CachedSnapshot {
  const rows = snapshot.rows.slice();
  let chars = snapshot.chars;
  for (const [id, text] of change.rows) {
    const low = findRow(rows, id);
    const found = low < rows.length && rowTextId(rows[low]!) === id;
    if (found) chars -= rows[low]!.length;
    if (text === null) {
      if (found) rows.splice(low, 1);
    } else {
      chars += text.length;
      if (found) rows[low] = text;
      else rows.splice(low, 0, text);
    }
  }
  return { revision: change.revision, columns: snapshot.columns, rows, kinds: snapshot.kinds, memo: new Map(), chars };
}

/** Set by shareTableChanges: where this process's committed changes go for the other servers. */
const sharing = processSingleton<{ publish?: (ref: TableRef, change: TableChange) => void }>("snapshot-sharing", () => ({}));

onTableChange((database, ref, change) => {
  advance(database, ref, change);
  sharing.publish?.(ref, change);
});

/**
 * Servers on one PostgreSQL (npm start's workers, replicas): each committed change goes over the bus, and the others
 * move their cached snapshot of the table on with it, instead of each reading the whole table again at its next read
 * (with two workers, every edit made on one would otherwise cost the other a read of the table). What does not travel
 * (a change too large for a message, one that adds columns or sets a kind, a message lost) costs only that read: a
 * reader still compares revisions with the database.
 */
export function shareTableChanges(bus: ReplicaBus, database: () => Database = defaultDb): () => void {
  const server = randomUUID();
  sharing.publish = (ref, change) => {
    if (change.addsColumns || change.setsKind) return;
    // A paste of many rows is not even serialised to find out that it does not fit.
    if (change.rows.reduce((chars, [, text]) => chars + (text?.length ?? 0), 0) > MAX_BUS_PAYLOAD_BYTES) return;
    const message: BusMessage = { kind: "table-change", server, projectId: ref.projectId, dataset: ref.dataset, change };
    if (fitsOnBus(message)) void bus.publish(message).catch(() => {});
  };
  bus.subscribe((message) => {
    if (message.kind !== "table-change" || message.server === server) return;
    advance(database(), { projectId: message.projectId, dataset: message.dataset }, message.change, { onlyCached: true });
  });
  return () => {
    sharing.publish = undefined;
  };
}

/**
 * Every row of the table as JSON texts, one value per row (never one value
 * for the whole table: that string would have no upper bound). The result
 * is kept per revision, so until someone writes to the table (in any
 * replica) a read costs one small query.
 */
export async function tableSnapshot(ref: TableRef, db: Database = defaultDb()): Promise<TableSnapshot> {
  const cache = cacheOf(db);
  const cached = recall(cache, ref);
  if (cached && cached.revision === (await tableRevision(ref, db))) return cached;
  const snapshot = await readTableSnapshot(ref, db);
  if (cache) {
    remember(cache, ref, snapshot);
    settle(cache, ref);
  }
  return snapshot;
}

/** The table read from the database, bypassing the cache (what a read costs right after a write). */
export async function readTableSnapshot(ref: TableRef, db: Database = defaultDb()): Promise<TableSnapshot> {
  return { ...(await readTableRows(ref, db)), memo: new Map() };
}

/** The cached snapshot of a table if it is at `revision` (what a table held at one revision was never changes), without a query. */
export function cachedSnapshotAt(ref: TableRef, revision: number, db: Database = defaultDb()): TableSnapshot | undefined {
  const snapshot = cacheOf(db)?.entries.get(cacheKey(ref));
  return snapshot?.revision === revision ? snapshot : undefined;
}

/**
 * A row's name and set kind as this process's cached snapshot of its table last saw them, without a query (possibly
 * stale: only an assumption, which an edit checks in its statement).
 */
export function cachedRow(ref: TableRef, id: number, db: Database = defaultDb()): RowAssumption | undefined {
  const snapshot = cacheOf(db)?.entries.get(cacheKey(ref));
  if (!snapshot) return undefined;
  const text = snapshot.rows[findRow(snapshot.rows, id)];
  if (text === undefined || rowTextId(text) !== id) return undefined;
  return { parameter: (JSON.parse(text) as FlatRow).Parameter, kind: snapshot.kinds.get(id) ?? null };
}

/** Where the row of this Id is in rows sorted by Id, or would go. */
function findRow(rows: readonly string[], id: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (rowTextId(rows[mid]!) < id) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A value derived from a snapshot, built once per revision (the JSON of an answer, a gzip of it). */
export function memo<T>(snapshot: TableSnapshot, key: string, build: () => T): T {
  if (!snapshot.memo.has(key)) snapshot.memo.set(key, build());
  return snapshot.memo.get(key) as T;
}

/** Every row of the table, parsed, each carrying its kind (kinds.ts, ROW_KIND): what the assistant reads and shows. */
export async function fetchRowsWithKinds(ref: TableRef<DatasetKey>, db: Database = defaultDb()): Promise<FlatRow[]> {
  const snapshot = await tableSnapshot(ref, db);
  const kindOf = tableKinds(ref.dataset, snapshot.kinds);
  return snapshot.rows.map((text) => {
    const row = JSON.parse(text) as FlatRow;
    return Object.assign(row, { [ROW_KIND]: kindOf(row) });
  });
}

/** Every row of the table, parsed (pushes, the assistant, MIDAS, tests). */
export async function fetchAllRows(ref: TableRef, db: Database = defaultDb()): Promise<FlatRow[]> {
  const snapshot = await tableSnapshot(ref, db);
  return snapshot.rows.map((row) => JSON.parse(row) as FlatRow);
}
