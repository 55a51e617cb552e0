import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { type Database, db as defaultDb, postgresErrorCode, queryRows } from "../client";
import { datasetStates, type HistoryAction, parameterColumns, rowHistory } from "../schema";
import {
  type FlatRow,
  fetchRowById,
  inTable,
  listColumnNames,
  MAX_COLUMNS,
  MAX_NEW_COLUMNS_PER_WRITE,
  MAX_ROWS,
  r,
  RETURNED_ROW_TEXT,
  ROW_TEXT,
  type TableRef,
} from "./rows";

/** What a committed write did to a table: the revision it made, each row it wrote as its text (null: deleted), and whether it added columns. */
export type TableChange = { revision: number; rows: readonly (readonly [id: number, text: string | null])[]; addsColumns: boolean; setsKind?: boolean };

type ChangeListener = (database: Database, ref: TableRef, change: TableChange) => void;
// Process-wide: server.ts and Next's bundles each load this module, and a write made through either must reach the listener. (As lib/process-singleton.ts does,
// written out here: db/ imports nothing from lib/.)
const changes = ((globalThis as { __pontifexTableChanges?: { listener?: ChangeListener } }).__pontifexTableChanges ??= {});

/**
 * Hears of every write of this process to a table once it has committed (the snapshot cache of
 * lib/datasets/snapshot.ts moves on with it instead of reading the table again). Without a listener
 * nothing is lost: a reader that compares revisions finds its copy stale.
 */
export function onTableChange(listener: ChangeListener): void {
  changes.listener = listener;
}

/** A write's outcome: its result, and its change to announce once committed. */
type Written<T> = { result: T; change: TableChange };

function committed<T>(database: Database, ref: TableRef, outcome: Written<T> | WriteFailure): T | WriteFailure {
  if (!("change" in outcome)) return outcome;
  // Inside a caller's transaction nothing is committed yet: the next read finds the snapshot stale instead.
  if (!(database instanceof PgTransaction)) changes.listener?.(database, ref, outcome.change);
  return outcome.result;
}

export type WriteFailure =
  | { ok: false; reason: "duplicate-parameter" }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "version-conflict"; current: FlatRow }
  | { ok: false; reason: "too-many-columns"; columns: number }
  | { ok: false; reason: "too-many-new-columns"; fresh: number }
  | { ok: false; reason: "too-many-rows" }
  | { ok: false; reason: "not-empty" }
  | { ok: false; reason: "too-large"; bytes: number; budget: number }
  | { ok: false; reason: "invalid-values"; problems: CellProblem[] };
export type WriteResult = { ok: true; row: FlatRow } | WriteFailure;

class Rollback extends Error {
  constructor(readonly failure: WriteFailure) {
    super(failure.reason);
  }
}

const isUniqueViolation = (error: unknown) => postgresErrorCode(error) === "23505";

/** A value a row cannot take (lib/datasets/kinds.ts says which and why). */
export type CellProblem = { parameter: string; column: string; value: string; problem: string };
/**
 * What a row's values written by this write are checked against: the kind its engineers set (`kind`), else the one
 * its table and (final) Parameter give.
 */
export type ValueCheck = (dataset: string, parameter: string, values: Record<string, string>, kind: string | null) => CellProblem[];

/**
 * What one write is checked against: the size budget (the deployment's TABLE_MAX_BYTES), and the values it writes
 * against their rows' kinds (in the transaction, so a row renamed meanwhile is checked as it is named now).
 */
export type Limits = { maxBytes: number; values?: ValueCheck };

/** Refuses the whole write when a value it writes does not fit its row (every problem listed). */
function checkValues(ref: TableRef, limits: Limits, written: readonly { parameter: string; values: Record<string, string>; kind?: string | null }[]): void {
  if (!limits.values) return;
  const problems = written.flatMap((w) => limits.values!(ref.dataset, w.parameter, w.values, w.kind ?? null));
  if (problems.length > 0) throw new Rollback({ ok: false, reason: "invalid-values", problems });
}

/**
 * Adds the columns the table does not have yet (one statement; the primary
 * key settles concurrent additions) and returns how many were new.
 */
export async function registerColumns(tx: Database, ref: TableRef, names: string[]): Promise<number> {
  if (names.length === 0) return 0;
  const added = await queryRows<{ name: string }>(
    tx,
    sql`INSERT INTO ${parameterColumns} (project_id, dataset, name)
        SELECT ${ref.projectId}, ${ref.dataset}, unnest(${sql.param(names)}::text[])
        ON CONFLICT DO NOTHING RETURNING name`,
  );
  return added.length;
}

/**
 * Records a write in the table's state row: the revision moves on, the
 * totals change by the write's deltas. The row lock this takes is the table's
 * lock, held to commit, so the totals checked here include every write that
 * committed before; a write that would pass a limit rolls back.
 */
export async function recordWrite(tx: Database, ref: TableRef, delta: { rows: number; columns: number; bytes: number }, limits: Limits): Promise<number> {
  const [state] = await queryRows<{ revision: string | number; row_count: number; column_count: number; bytes: string | number }>(
    tx,
    sql`INSERT INTO ${datasetStates} (project_id, dataset, revision, row_count, column_count, bytes)
        VALUES (${ref.projectId}, ${ref.dataset}, 1, ${delta.rows}, ${delta.columns}, ${delta.bytes})
        ON CONFLICT (project_id, dataset) DO UPDATE SET
          revision = ${datasetStates.revision} + 1,
          row_count = ${datasetStates.rowCount} + ${delta.rows},
          column_count = ${datasetStates.columnCount} + ${delta.columns},
          bytes = ${datasetStates.bytes} + ${delta.bytes}
        RETURNING revision, row_count, column_count, bytes`,
  );
  const bytes = Number(state!.bytes);
  if (delta.rows > 0 && state!.row_count > MAX_ROWS) throw new Rollback({ ok: false, reason: "too-many-rows" });
  if (delta.columns > 0 && state!.column_count > MAX_COLUMNS)
    throw new Rollback({ ok: false, reason: "too-many-columns", columns: state!.column_count - delta.columns });
  if (delta.bytes > 0 && bytes > limits.maxBytes) throw new Rollback({ ok: false, reason: "too-large", bytes, budget: limits.maxBytes });
  return Number(state!.revision);
}

function checkNewColumns(values: Record<string, string>, known?: Set<string>): void {
  const fresh = known ? Object.keys(values).filter((k) => !known.has(k)).length : 0;
  if (fresh > MAX_NEW_COLUMNS_PER_WRITE) throw new Rollback({ ok: false, reason: "too-many-new-columns", fresh });
}

async function inTransaction<T>(database: Database, work: (tx: Database) => Promise<T>): Promise<T | WriteFailure> {
  try {
    return await database.transaction((tx) => work(tx as unknown as Database));
  } catch (error) {
    if (error instanceof Rollback) return error.failure;
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-parameter" };
    throw error;
  }
}

const ROW_BYTES = (values: SQL, parameter: SQL) => sql`octet_length(${parameter}) + octet_length((${values})::text)`;

/** Who makes a write, and as what (history); changes saved together share a batch id. */
export type Actor = { userId: number | null; action?: HistoryAction; batchId?: string };

const SNAPSHOT = (parameter: SQL, values: SQL) => sql`jsonb_build_object('Parameter', ${parameter}) || ${values}`;

/** What one write did to the table's totals. */
type Delta = { rows: number; columns: number; bytes: number };

async function createIn(
  tx: Database,
  ref: TableRef,
  input: { parameter: string; values: Record<string, string>; id?: number; version?: number },
  actor: Actor,
): Promise<{ id: number; row: string; delta: Delta }> {
  const names = Object.keys(input.values);
  if (names.length > MAX_NEW_COLUMNS_PER_WRITE) checkNewColumns(input.values, new Set(await listColumnNames(tx, ref)));
  const freshColumns = await registerColumns(tx, ref, names);
  const values = JSON.stringify(input.values);
  const [created] = await queryRows<{ id: number; bytes: number; row: string }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO ${r} (project_id, dataset, ${input.id !== undefined ? sql`id, ` : sql``}parameter, values, bytes, version)
          VALUES (${ref.projectId}, ${ref.dataset}, ${input.id !== undefined ? sql`${input.id}, ` : sql``}${input.parameter}, ${values}::jsonb,
                  ${ROW_BYTES(sql`${values}::jsonb`, sql`${input.parameter}::text`)}, ${input.version ?? 1})
          ON CONFLICT (project_id, dataset, parameter) DO NOTHING
          RETURNING id, bytes, version, parameter, values, created_at, updated_at),
        hist AS (
          INSERT INTO ${rowHistory} (project_id, dataset, row_id, version, action, user_id, after, batch_id)
          SELECT ${ref.projectId}, ${ref.dataset}, id, version, ${actor.action ?? "create"}, ${actor.userId}, ${SNAPSHOT(sql`parameter`, sql`values`)}, ${actor.batchId ?? null}
          FROM ins)
        SELECT id, bytes, ${RETURNED_ROW_TEXT} AS row FROM ins`,
  );
  if (!created) throw new Rollback({ ok: false, reason: "duplicate-parameter" });
  return { id: created.id, row: created.row, delta: { rows: 1, columns: freshColumns, bytes: created.bytes } };
}

/**
 * Two CTEs, `upd` and `hist`: the row `old` holds updated to the name and values given, at its next version, and its
 * history entry (an edit's, by one statement or the other).
 */
const updateWithHistory = (ref: TableRef, parameter: SQL, merged: SQL, actor: Actor): SQL =>
  sql`upd AS (
        UPDATE ${r} AS p SET
          parameter = ${parameter},
          values = ${merged},
          bytes = ${ROW_BYTES(merged, parameter)},
          version = p.version + 1,
          updated_at = now()
        FROM old
        WHERE p.project_id = ${ref.projectId} AND p.dataset = ${ref.dataset} AND p.id = old.id
        RETURNING p.id, p.version, p.bytes - old.bytes AS delta, p.parameter, p.values, p.kind, p.created_at, p.updated_at,
                  old.parameter AS old_parameter, old.values AS old_values),
      hist AS (
        INSERT INTO ${rowHistory} (project_id, dataset, row_id, version, action, user_id, before, after, batch_id)
        SELECT ${ref.projectId}, ${ref.dataset}, id, version, ${actor.action ?? "edit"}, ${actor.userId},
               ${SNAPSHOT(sql`old_parameter`, sql`old_values`)}, ${SNAPSHOT(sql`parameter`, sql`values`)}, ${actor.batchId ?? null}
        FROM upd)`;

/**
 * One row's update inside a write: its name and/or values merged over the
 * stored ones (or, with `replace`, instead of them), the version checked
 * when one is expected, the history entry written by the same statement.
 */
async function updateIn(
  tx: Database,
  ref: TableRef,
  id: number,
  input: { parameter?: string; values: Record<string, string>; expectedVersion?: number; replace?: boolean },
  actor: Actor,
): Promise<{ row: string; kind: string | null; delta: Delta }> {
  const names = Object.keys(input.values);
  if (names.length > MAX_NEW_COLUMNS_PER_WRITE) checkNewColumns(input.values, new Set(await listColumnNames(tx, ref)));
  const freshColumns = await registerColumns(tx, ref, names);
  const values = JSON.stringify(input.values);
  const parameter = input.parameter === undefined ? sql`p.parameter` : sql`${input.parameter}::text`;
  const merged = input.replace ? sql`${values}::jsonb` : sql`p.values || ${values}::jsonb`;
  // One statement checks the version and writes: a concurrent save either
  // lands first (and this one sees its version and matches nothing) or after.
  const [updated] = await queryRows<{ id: number; delta: number; row: string; kind: string | null }>(
    tx,
    sql`WITH old AS (
          SELECT id, bytes, parameter, values FROM ${r} WHERE ${inTable(ref)} AND ${r.id} = ${id}
          ${input.expectedVersion !== undefined ? sql`AND ${r.version} = ${input.expectedVersion}` : sql``}
          FOR UPDATE),
        ${updateWithHistory(ref, parameter, merged, actor)}
        SELECT id, delta, kind, ${RETURNED_ROW_TEXT} AS row FROM upd`,
  );
  if (!updated) {
    const current = await fetchRowById(ref, id, tx);
    throw new Rollback(current ? { ok: false, reason: "version-conflict", current } : { ok: false, reason: "not-found" });
  }
  return { row: updated.row, kind: updated.kind, delta: { rows: 0, columns: freshColumns, bytes: Number(updated.delta) } };
}

async function deleteIn(tx: Database, ref: TableRef, id: number, expectedVersion: number | undefined, actor: Actor): Promise<Delta> {
  const [deleted] = await queryRows<{ bytes: number }>(
    tx,
    sql`WITH del AS (
          DELETE FROM ${r} WHERE ${inTable(ref)} AND ${r.id} = ${id}
          ${expectedVersion !== undefined ? sql`AND ${r.version} = ${expectedVersion}` : sql``}
          RETURNING id, bytes, version, parameter, values),
        hist AS (
          INSERT INTO ${rowHistory} (project_id, dataset, row_id, version, action, user_id, before, batch_id)
          SELECT ${ref.projectId}, ${ref.dataset}, id, version, 'delete', ${actor.userId}, ${SNAPSHOT(sql`parameter`, sql`values`)}, ${actor.batchId ?? null}
          FROM del)
        SELECT bytes FROM del`,
  );
  if (!deleted) {
    const current = expectedVersion !== undefined ? await fetchRowById(ref, id, tx) : undefined;
    throw new Rollback(current ? { ok: false, reason: "version-conflict", current } : { ok: false, reason: "not-found" });
  }
  return { rows: -1, columns: 0, bytes: -deleted.bytes };
}

/** One row written in a transaction of its own, with the table's state; once committed, the cached snapshot moves on with it. */
async function writeOneRow(
  database: Database,
  ref: TableRef,
  limits: Limits,
  write: (tx: Database) => Promise<{ id: number; row: string; delta: Delta }>,
): Promise<WriteResult> {
  const outcome = await inTransaction(database, async (tx): Promise<Written<WriteResult>> => {
    const { id, row, delta } = await write(tx);
    const revision = await recordWrite(tx, ref, delta, limits);
    return { result: { ok: true, row: JSON.parse(row) as FlatRow }, change: { revision, rows: [[id, row]], addsColumns: delta.columns > 0 } };
  });
  return committed(database, ref, outcome);
}

export async function createRow(
  ref: TableRef,
  input: { parameter: string; values: Record<string, string> },
  limits: Limits,
  actor: Actor = { userId: null },
  database: Database = defaultDb(),
): Promise<WriteResult> {
  return writeOneRow(database, ref, limits, (tx) => {
    checkValues(ref, limits, [input]);
    return createIn(tx, ref, input, actor);
  });
}

/**
 * Updates a row's name and/or values (merged over the stored ones, in
 * Postgres). With `expectedVersion` the write only happens if nobody saved
 * the row since that version was read; otherwise the current row comes back.
 */
export async function updateRow(
  ref: TableRef,
  id: number,
  input: { parameter?: string; values: Record<string, string>; expectedVersion?: number; assumed?: RowAssumption },
  limits: Limits,
  actor: Actor = { userId: null },
  database: Database = defaultDb(),
): Promise<WriteResult> {
  const fast = await updateRowInOneStatement(ref, id, input, limits, actor, database);
  if (fast !== undefined) return fast;
  return writeOneRow(database, ref, limits, async (tx) => {
    const written = await updateIn(tx, ref, id, input, actor);
    checkValues(ref, limits, [{ parameter: (JSON.parse(written.row) as FlatRow).Parameter, values: input.values, kind: written.kind }]);
    return { id, ...written };
  });
}

/** What the caller believes a row is named and which kind its engineers set (null: none), e.g. from the cached snapshot. */
export type RowAssumption = { parameter: string; kind: string | null };

/** SQLSTATE of pontifex_refuse (migration 0015): the one-statement edit would pass a limit; everything it wrote is undone. */
const REFUSED = "PX001";

/**
 * updateRow in one statement, which updateRow tries first (one round trip, no transaction to open and commit): the columns registered, the row
 * updated at the expected version, its history entry, the table's state moved on and its limits checked. The values are
 * checked beforehand against the row's name and kind as the caller assumed them, and the statement writes nothing
 * unless the row still has them. Undefined when that statement cannot give the answer itself (no assumption, values
 * refused, a limit passed, the row not as assumed, or a concurrent save in between): the transactional path then
 * answers, as it always did.
 */
export async function updateRowInOneStatement(
  ref: TableRef,
  id: number,
  input: { parameter?: string; values: Record<string, string>; expectedVersion?: number; assumed?: RowAssumption },
  limits: Limits,
  actor: Actor,
  database: Database,
): Promise<WriteResult | undefined> {
  if (database instanceof PgTransaction) return undefined;
  const names = Object.keys(input.values);
  if (names.length > MAX_NEW_COLUMNS_PER_WRITE) return undefined;
  const { assumed } = input;
  if (limits.values) {
    if (!assumed) return undefined;
    const problems = limits.values(ref.dataset, input.parameter ?? assumed.parameter, input.values, assumed.kind);
    if (problems.length > 0) return undefined;
  }
  const values = JSON.stringify(input.values);
  const parameter = input.parameter === undefined ? sql`p.parameter` : sql`${input.parameter}::text`;
  const merged = sql`p.values || ${values}::jsonb`;
  // The name matters to the check only when the edit keeps it.
  const guard = !limits.values
    ? sql``
    : sql`AND ${r.kind} IS NOT DISTINCT FROM ${assumed!.kind}::text ${input.parameter === undefined ? sql`AND ${r.parameter} = ${assumed!.parameter}` : sql``}`;
  let done: { row: string; revision: string | number; fresh: number } | undefined;
  try {
    [done] = await queryRows<{ row: string; revision: string | number; fresh: number }>(
      database,
      sql`WITH old AS (
            SELECT id, bytes, parameter, values FROM ${r} WHERE ${inTable(ref)} AND ${r.id} = ${id}
            ${input.expectedVersion !== undefined ? sql`AND ${r.version} = ${input.expectedVersion}` : sql``} ${guard}
            FOR UPDATE),
          cols AS (
            INSERT INTO ${parameterColumns} (project_id, dataset, name)
            SELECT ${ref.projectId}, ${ref.dataset}, unnest(${sql.param(names)}::text[]) FROM old
            ON CONFLICT DO NOTHING RETURNING name),
          ${updateWithHistory(ref, parameter, merged, actor)},
          fresh AS (SELECT count(*)::int AS n FROM cols),
          state AS (
            INSERT INTO ${datasetStates} (project_id, dataset, revision, row_count, column_count, bytes)
            SELECT ${ref.projectId}, ${ref.dataset}, 1, 0, fresh.n, upd.delta FROM upd, fresh
            ON CONFLICT (project_id, dataset) DO UPDATE SET
              revision = ${datasetStates.revision} + 1,
              column_count = ${datasetStates.columnCount} + excluded.column_count,
              bytes = ${datasetStates.bytes} + excluded.bytes
            RETURNING revision, column_count, bytes),
          written AS (
            SELECT ${RETURNED_ROW_TEXT} AS row, state.revision, fresh.n AS fresh,
                   CASE WHEN (fresh.n > 0 AND state.column_count > ${MAX_COLUMNS}) OR (upd.delta > 0 AND state.bytes > ${limits.maxBytes})
                        THEN pontifex_refuse('limit') ELSE true END AS within
            FROM upd, state, fresh)
        SELECT row, revision, fresh FROM written WHERE within`,
    );
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-parameter" };
    if (postgresErrorCode(error) === REFUSED) return undefined;
    throw error;
  }
  if (done) {
    const change: TableChange = { revision: Number(done.revision), rows: [[id, done.row]], addsColumns: done.fresh > 0 };
    return committed(database, ref, { result: { ok: true, row: JSON.parse(done.row) as FlatRow }, change });
  }
  // Nothing written: the row is gone, or at another version than expected (read now, as the transactional path does). At
  // the expected version, it is not as assumed, or was saved meanwhile: the transactional path tells which.
  const current = await fetchRowById(ref, id, database);
  if (!current) return { ok: false, reason: "not-found" };
  if (input.expectedVersion !== undefined && current.Version !== input.expectedVersion) return { ok: false, reason: "version-conflict", current };
  return undefined;
}

/** The kind a row's engineers set (null: none), or undefined when there is no such row. */
export async function fetchSetKind(ref: TableRef, id: number, database: Database = defaultDb()): Promise<string | null | undefined> {
  const [row] = await queryRows<{ kind: string | null }>(database, sql`SELECT ${r.kind} AS kind FROM ${r} WHERE ${inTable(ref)} AND ${r.id} = ${id}`);
  return row ? row.kind : undefined;
}

/**
 * Sets the kind of a row (null: back to its template's or its name's) at the version the caller saw, with the values
 * the caller converted for it, if any (merged over the stored ones: one version, and a history entry when values
 * change). Every value the row then holds is checked against the new kind.
 */
export async function setRowKind(
  ref: TableRef,
  id: number,
  input: { kind: string | null; values: Record<string, string>; expectedVersion: number },
  limits: Limits,
  actor: Actor = { userId: null },
  database: Database = defaultDb(),
): Promise<WriteResult> {
  const outcome = await inTransaction(database, async (tx): Promise<Written<WriteResult>> => {
    const values = JSON.stringify(input.values);
    const merged = sql`p.values || ${values}::jsonb`;
    const changesValues = Object.keys(input.values).length > 0;
    const [updated] = await queryRows<{ id: number; delta: number; row: string; parameter: string; values: Record<string, string> }>(
      tx,
      sql`WITH old AS (
            SELECT id, bytes, parameter, values FROM ${r} WHERE ${inTable(ref)} AND ${r.id} = ${id} AND ${r.version} = ${input.expectedVersion} FOR UPDATE),
          upd AS (
            UPDATE ${r} AS p SET kind = ${input.kind}, values = ${merged}, bytes = ${ROW_BYTES(merged, sql`p.parameter`)},
                   version = p.version + 1, updated_at = now()
            FROM old WHERE p.project_id = ${ref.projectId} AND p.dataset = ${ref.dataset} AND p.id = old.id
            RETURNING p.id, p.version, p.bytes - old.bytes AS delta, p.parameter, p.values, p.created_at, p.updated_at,
                      old.parameter AS old_parameter, old.values AS old_values),
          hist AS (
            INSERT INTO ${rowHistory} (project_id, dataset, row_id, version, action, user_id, before, after, batch_id)
            SELECT ${ref.projectId}, ${ref.dataset}, id, version, 'edit', ${actor.userId},
                   ${SNAPSHOT(sql`old_parameter`, sql`old_values`)}, ${SNAPSHOT(sql`parameter`, sql`values`)}, ${actor.batchId ?? null}
            FROM upd WHERE ${changesValues})
          SELECT id, delta, parameter, values, ${RETURNED_ROW_TEXT} AS row FROM upd`,
    );
    if (!updated) {
      const current = await fetchRowById(ref, id, tx);
      throw new Rollback(current ? { ok: false, reason: "version-conflict", current } : { ok: false, reason: "not-found" });
    }
    // Every value the row now holds, not only those converted: the new kind may refuse one stored earlier.
    checkValues(ref, limits, [{ parameter: updated.parameter, values: updated.values, kind: input.kind }]);
    const row = JSON.parse(updated.row) as FlatRow;
    const revision = await recordWrite(tx, ref, { rows: 0, columns: 0, bytes: Number(updated.delta) }, limits);
    return { result: { ok: true, row }, change: { revision, rows: [[id, updated.row]], addsColumns: false, setsKind: true } };
  });
  return committed(database, ref, outcome);
}

/** Deletes a row; with `expectedVersion`, only the version the caller saw (an undo never deletes someone else's newer row). */
export async function deleteRow(
  ref: TableRef,
  id: number,
  actor: Actor = { userId: null },
  expectedVersion?: number,
  database: Database = defaultDb(),
): Promise<{ ok: true } | WriteFailure> {
  const outcome = await inTransaction(database, async (tx): Promise<Written<{ ok: true }>> => {
    const revision = await recordWrite(tx, ref, await deleteIn(tx, ref, id, expectedVersion, actor), NO_LIMITS);
    return { result: { ok: true }, change: { revision, rows: [[id, null]], addsColumns: false } };
  });
  return committed(database, ref, outcome);
}

const NO_LIMITS: Limits = { maxBytes: Number.MAX_SAFE_INTEGER };

/** One operation of a batch. */
export type BatchOp =
  | { kind: "create"; parameter: string; values: Record<string, string> }
  | { kind: "update"; id: number; parameter?: string; values: Record<string, string>; expectedVersion?: number }
  | { kind: "delete"; id: number; expectedVersion?: number };

export type BatchResult =
  { ok: true; rows: FlatRow[]; removed: number[] } | { ok: false; reason: "conflicts"; conflicts: { id: number; current: FlatRow | null }[] } | WriteFailure;

/**
 * Takes the table's lock (its state row, made when the table has none yet) and refuses the write when the table has
 * rows: a table started from its template starts empty, whoever else writes to it at the same moment.
 */
async function lockEmptyTable(tx: Database, ref: TableRef): Promise<void> {
  await tx.execute(sql`INSERT INTO ${datasetStates} (project_id, dataset) VALUES (${ref.projectId}, ${ref.dataset}) ON CONFLICT DO NOTHING`);
  const [state] = await queryRows<{ row_count: number }>(
    tx,
    sql`SELECT row_count FROM ${datasetStates} WHERE project_id = ${ref.projectId} AND dataset = ${ref.dataset} FOR UPDATE`,
  );
  if (Number(state?.row_count ?? 0) > 0) throw new Rollback({ ok: false, reason: "not-empty" });
}

/**
 * Many changes as one: every row's version checked, all written in one
 * transaction or none. When rows changed since the caller read them, nothing
 * is written and every such row comes back with its current values. With
 * `onlyIfEmpty`, nothing is written ("not-empty") unless the table has no rows.
 */
export async function applyBatch(
  ref: TableRef,
  ops: readonly BatchOp[],
  limits: Limits,
  actor: Actor,
  database: Database = defaultDb(),
  { onlyIfEmpty = false }: { onlyIfEmpty?: boolean } = {},
): Promise<BatchResult> {
  const creates = ops.filter((op): op is Extract<BatchOp, { kind: "create" }> => op.kind === "create");
  const updates = ops.filter((op): op is Extract<BatchOp, { kind: "update" }> => op.kind === "update");
  const deletes = ops.filter((op): op is Extract<BatchOp, { kind: "delete" }> => op.kind === "delete");
  let conflicts: { id: number; current: FlatRow | null }[] = [];
  // Set-based: a few statements whatever the batch's size, each row still checked and recorded in the history.
  const outcome = await inTransaction(database, async (tx): Promise<Written<BatchResult>> => {
    if (onlyIfEmpty) await lockEmptyTable(tx, ref);
    const touched = [...updates, ...deletes].map((op) => ({ id: op.id, expected: op.expectedVersion ?? null }));
    if (touched.length > 0) {
      // Lock every row the batch changes, then see which are gone or at another version than the caller saw.
      const stale = await queryRows<{ id: number; found: boolean }>(
        tx,
        sql`WITH i AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(touched)}::jsonb) AS x(id int, expected int)),
                 locked AS (SELECT r.id, r.version FROM ${r} r JOIN i ON i.id = r.id WHERE r.project_id = ${ref.projectId} AND r.dataset = ${ref.dataset} FOR UPDATE)
            SELECT i.id, locked.id IS NOT NULL AS found FROM i LEFT JOIN locked ON locked.id = i.id
            WHERE locked.id IS NULL OR (i.expected IS NOT NULL AND locked.version <> i.expected)`,
      );
      if (stale.length > 0) {
        conflicts = await Promise.all(stale.map(async (c) => ({ id: c.id, current: c.found ? ((await fetchRowById(ref, c.id, tx)) ?? null) : null })));
        throw new Rollback({ ok: false, reason: "not-found" });
      }
    }
    const names = [...new Set([...creates, ...updates].flatMap((op) => Object.keys(op.values)))];
    if (names.length > MAX_NEW_COLUMNS_PER_WRITE) checkNewColumns(Object.fromEntries(names.map((n) => [n, ""])), new Set(await listColumnNames(tx, ref)));
    const freshColumns = await registerColumns(tx, ref, names);
    const batch = actor.batchId ?? null;
    let bytes = 0;
    const removed: number[] = [];
    if (deletes.length > 0) {
      const gone = await queryRows<{ id: number; bytes: number }>(
        tx,
        sql`WITH i AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(deletes.map((d) => ({ id: d.id })))}::jsonb) AS x(id int)),
                 del AS (DELETE FROM ${r} p USING i WHERE p.project_id = ${ref.projectId} AND p.dataset = ${ref.dataset} AND p.id = i.id
                         RETURNING p.id, p.bytes, p.version, p.parameter, p.values),
                 hist AS (INSERT INTO ${rowHistory} (project_id, dataset, row_id, version, action, user_id, before, batch_id)
                          SELECT ${ref.projectId}, ${ref.dataset}, id, version, 'delete', ${actor.userId}, ${SNAPSHOT(sql`parameter`, sql`values`)}, ${batch} FROM del)
            SELECT id, bytes FROM del`,
      );
      for (const g of gone) {
        bytes -= g.bytes;
        removed.push(g.id);
      }
    }
    const written: number[] = [];
    if (updates.length > 0) {
      const input = updates.map((u) => ({ id: u.id, parameter: u.parameter ?? null, vals: u.values }));
      const merged = sql`p.values || i.vals`;
      const parameter = sql`coalesce(i.parameter, p.parameter)`;
      const done = await queryRows<{ id: number; delta: number }>(
        tx,
        sql`WITH i AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(id int, parameter text, vals jsonb)),
                 old AS (SELECT r.id, r.bytes, r.parameter, r.values FROM ${r} r JOIN i ON i.id = r.id WHERE r.project_id = ${ref.projectId} AND r.dataset = ${ref.dataset}),
                 upd AS (UPDATE ${r} AS p SET parameter = ${parameter}, values = ${merged}, bytes = ${ROW_BYTES(merged, parameter)}, version = p.version + 1, updated_at = now()
                         FROM i, old WHERE p.project_id = ${ref.projectId} AND p.dataset = ${ref.dataset} AND p.id = i.id AND old.id = i.id
                         RETURNING p.id, p.version, p.bytes - old.bytes AS delta, p.parameter, p.values, old.parameter AS old_parameter, old.values AS old_values),
                 hist AS (INSERT INTO ${rowHistory} (project_id, dataset, row_id, version, action, user_id, before, after, batch_id)
                          SELECT ${ref.projectId}, ${ref.dataset}, id, version, ${actor.action ?? "edit"}, ${actor.userId},
                                 ${SNAPSHOT(sql`old_parameter`, sql`old_values`)}, ${SNAPSHOT(sql`parameter`, sql`values`)}, ${batch} FROM upd)
            SELECT id, delta FROM upd`,
      );
      for (const d of done) bytes += Number(d.delta);
      written.push(...updates.map((u) => u.id));
    }
    if (creates.length > 0) {
      const input = creates.map((c) => ({ parameter: c.parameter, vals: c.values }));
      const made = await queryRows<{ id: number; bytes: number }>(
        tx,
        sql`WITH i AS (SELECT * FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS (parameter text, vals jsonb)) WITH ORDINALITY AS x(parameter, vals, n)),
                 ins AS (INSERT INTO ${r} (project_id, dataset, parameter, values, bytes)
                         SELECT ${ref.projectId}, ${ref.dataset}, i.parameter, i.vals, ${ROW_BYTES(sql`i.vals`, sql`i.parameter`)} FROM i ORDER BY i.n
                         ON CONFLICT (project_id, dataset, parameter) DO NOTHING
                         RETURNING id, bytes, version, parameter, values),
                 hist AS (INSERT INTO ${rowHistory} (project_id, dataset, row_id, version, action, user_id, after, batch_id)
                          SELECT ${ref.projectId}, ${ref.dataset}, id, version, ${actor.action ?? "create"}, ${actor.userId}, ${SNAPSHOT(sql`parameter`, sql`values`)}, ${batch} FROM ins)
            SELECT id, bytes FROM ins ORDER BY id`,
      );
      if (made.length < creates.length) throw new Rollback({ ok: false, reason: "duplicate-parameter" });
      for (const m of made) bytes += m.bytes;
      written.push(...made.map((m) => m.id));
    }
    const revision = await recordWrite(tx, ref, { rows: creates.length - removed.length, columns: freshColumns, bytes }, limits);
    const texts = written.length
      ? await queryRows<{ id: number; row: string; kind: string | null }>(
          tx,
          sql`SELECT ${r.id} AS id, ${r.kind} AS kind, ${ROW_TEXT} AS row FROM ${r} WHERE ${inTable(ref)} AND ${r.id} = ANY(${sql.param(written)}::int[])`,
        )
      : [];
    const byId = new Map(texts.map((t) => [t.id, JSON.parse(t.row) as FlatRow]));
    const kinds = new Map(texts.map((t) => [t.id, t.kind]));
    checkValues(ref, limits, [
      ...updates.map((u) => ({ parameter: byId.get(u.id)?.Parameter ?? "", values: u.values, kind: kinds.get(u.id) ?? null })),
      ...creates,
    ]);
    return {
      result: { ok: true, rows: written.map((id) => byId.get(id)!).filter(Boolean), removed },
      change: { revision, rows: [...removed.map((id) => [id, null] as const), ...texts.map((t) => [t.id, t.row] as const)], addsColumns: freshColumns > 0 },
    };
  });
  if (conflicts.length > 0) return { ok: false, reason: "conflicts", conflicts };
  return committed(database, ref, outcome);
}

const h = rowHistory;

const split = (snapshot: Record<string, string>) => {
  const { Parameter: parameter = "", ...values } = snapshot;
  return { parameter, values };
};

/**
 * Writes an earlier version of a row back, as a new version (its name and
 * exactly its values). With `expectedVersion`, only if the row is still at the
 * version the caller saw.
 */
export async function restoreVersion(
  ref: TableRef,
  rowId: number,
  version: number,
  expectedVersion: number | undefined,
  limits: Limits,
  actor: Actor,
  database: Database = defaultDb(),
): Promise<WriteResult | { ok: false; reason: "no-such-version" }> {
  const [entry] = await queryRows<{ after: Record<string, string> | null }>(
    database,
    sql`SELECT ${h.after} AS after FROM ${h} WHERE ${h.projectId} = ${ref.projectId} AND ${h.dataset} = ${ref.dataset} AND ${h.rowId} = ${rowId} AND ${h.version} = ${version} AND ${h.after} IS NOT NULL ORDER BY ${h.id} DESC LIMIT 1`,
  );
  if (!entry?.after) return { ok: false, reason: "no-such-version" };
  const { parameter, values } = split(entry.after);
  return writeOneRow(database, ref, limits, async (tx) => ({
    id: rowId,
    ...(await updateIn(tx, ref, rowId, { parameter, values, expectedVersion, replace: true }, { ...actor, action: "restore" })),
  }));
}

/** Brings a deleted row back as it was when deleted, with its id, at the next version. */
export async function undeleteRow(
  ref: TableRef,
  rowId: number,
  limits: Limits,
  actor: Actor,
  database: Database = defaultDb(),
): Promise<WriteResult | { ok: false; reason: "not-deleted" }> {
  const [entry] = await queryRows<{ before: Record<string, string>; version: number; action: string }>(
    database,
    sql`SELECT ${h.before} AS before, ${h.version} AS version, ${h.action} AS action FROM ${h}
        WHERE ${h.projectId} = ${ref.projectId} AND ${h.dataset} = ${ref.dataset} AND ${h.rowId} = ${rowId} ORDER BY ${h.id} DESC LIMIT 1`,
  );
  if (!entry || entry.action !== "delete") return { ok: false, reason: "not-deleted" };
  const { parameter, values } = split(entry.before);
  return writeOneRow(database, ref, limits, (tx) =>
    createIn(tx, ref, { parameter, values, id: rowId, version: entry.version + 1 }, { ...actor, action: "restore" }),
  );
}

/**
 * Removes a column that is empty in every row (an owner tidying up): its
 * blank values go from every row, and it leaves the column list. Answers
 * "not-empty" with the rows that still hold a value in it.
 */
export async function removeColumn(
  ref: TableRef,
  name: string,
  database: Database = defaultDb(),
): Promise<{ ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "not-empty"; parameters: string[] }> {
  try {
    return await database.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const [removed] = await queryRows<{ name: string }>(
        tx,
        sql`DELETE FROM ${parameterColumns} WHERE ${parameterColumns.projectId} = ${ref.projectId} AND ${parameterColumns.dataset} = ${ref.dataset} AND ${parameterColumns.name} = ${name} RETURNING name`,
      );
      if (!removed) return { ok: false as const, reason: "not-found" as const };
      const holding = await queryRows<{ parameter: string }>(
        tx,
        sql`SELECT parameter FROM ${r} WHERE ${inTable(ref)} AND coalesce(${r.values} ->> ${name}, '') <> '' ORDER BY id LIMIT 10`,
      );
      if (holding.length > 0) throw new NotEmpty(holding.map((h) => h.parameter));
      const changed = await queryRows<{ delta: number }>(
        tx,
        sql`WITH old AS (SELECT id, bytes FROM ${r} WHERE ${inTable(ref)} AND ${r.values} ? ${name} FOR UPDATE)
            UPDATE ${r} AS p SET values = p.values - ${name}::text, bytes = ${ROW_BYTES(sql`p.values - ${name}::text`, sql`p.parameter`)}
            FROM old WHERE p.project_id = ${ref.projectId} AND p.dataset = ${ref.dataset} AND p.id = old.id
            RETURNING p.bytes - old.bytes AS delta`,
      );
      const bytes = changed.reduce((sum, c) => sum + Number(c.delta), 0);
      await recordWrite(tx, ref, { rows: 0, columns: -1, bytes }, { maxBytes: Number.MAX_SAFE_INTEGER });
      return { ok: true as const };
    });
  } catch (error) {
    if (error instanceof NotEmpty) return { ok: false, reason: "not-empty", parameters: error.parameters };
    throw error;
  }
}

class NotEmpty extends Error {
  constructor(readonly parameters: string[]) {
    super("column not empty");
  }
}
