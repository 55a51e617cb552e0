import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertProject } from "@/db/queries/projects";
import { type FlatRow, MAX_COLUMNS, type TableRef } from "@/db/queries/rows";
import {
  type CellProblem,
  createRow,
  deleteRow,
  type Limits,
  type RowAssumption,
  setRowKind,
  updateRow,
  updateRowInOneStatement,
  type WriteResult,
} from "@/db/queries/rows-write";
import { datasetStates } from "@/db/schema";
import { readTableSnapshot, tableSnapshot } from "@/lib/datasets/snapshot";
import { queryRows } from "@/db/client";
import { insertTestUser, testDb, useTestDatabase } from "@/test/database";

const database = useTestDatabase();

// A check that depends on both the row's name and its set kind, as lib/datasets/kinds.ts's does: a "number" row, or one
// named N…, takes numbers (or blanks) only.
const values = (dataset: string, parameter: string, vals: Record<string, string>, kind: string | null): CellProblem[] =>
  Object.entries(vals)
    .filter(([, value]) => (kind === "number" || parameter.startsWith("N")) && value !== "" && Number.isNaN(Number(value)))
    .map(([column, value]) => ({ parameter, column, value, problem: "is not a number" }));

const ROWS = 4;
const column = fc.constantFrom("A", "B", "C", "New1", "New2", "New3", "New4", "New5");
const edit = fc.record({
  kind: fc.constant("edit" as const),
  row: fc.nat(ROWS - 1),
  values: fc.dictionary(column, fc.constantFrom("", "1", "2.5", "x", "long value ".repeat(6)), { maxKeys: 4 }),
  parameter: fc.option(fc.constantFrom("P0", "P1", "N5", "Q"), { nil: undefined }),
  version: fc.constantFrom("current", "stale", "none"),
  assumed: fc.constantFrom("right", "right", "right", "wrong-name", "wrong-kind", "none"),
});
const op = fc.oneof(
  { weight: 6, arbitrary: edit },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), row: fc.nat(ROWS - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("set-kind" as const), row: fc.nat(ROWS - 1), to: fc.constantFrom(null, "number") }) },
);

/** What a user could tell apart: the row without its timestamps, its Id as the row's place in the table. */
function seen(row: FlatRow | undefined, ids: number[]) {
  if (!row) return row;
  const { CreatedAt: _c, UpdatedAt: _u, Id, ...rest } = row;
  return { ...rest, Id: ids.indexOf(Id) };
}

function answer(result: WriteResult, ids: number[]) {
  if (result.ok) return { ok: true, row: seen(result.row, ids) };
  if (result.reason === "version-conflict") return { ...result, current: seen(result.current, ids) };
  return result;
}

describe("an edit in one statement", () => {
  it("leaves exactly what the transactional path leaves: answers, rows, history, table state, columns; the cached snapshot follows", async () => {
    const db = testDb(database);
    const user = await insertTestUser(db, "one-statement");
    let serial = 0;
    let oneStatement = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), fc.constantFrom(200, 400, 1_000_000), async (ops, maxBytes) => {
        const limits: Limits = { maxBytes, values };
        // Two tables alike: the former statements write to one, the new path to the other.
        const tables: TableRef[] = [];
        const ids: number[][] = [];
        for (const _ of [0, 1]) {
          const project = await insertProject(`One statement ${serial++}`, user.id, db);
          const table = { projectId: project.id, dataset: "pier" };
          const made: number[] = [];
          for (let i = 0; i < ROWS; i++) {
            const created = await createRow(table, { parameter: `P${i}${i === 3 ? "" : "x"}`, values: { A: "1", B: "" } }, limits, { userId: user.id }, db);
            made.push((created as { row: FlatRow }).row.Id);
          }
          // Near the column limit: a few new columns pass it.
          await db.execute(sql`UPDATE ${datasetStates} SET column_count = ${MAX_COLUMNS - 3} WHERE project_id = ${project.id}`);
          await tableSnapshot(table, db);
          tables.push(table);
          ids.push(made);
        }
        const [former, latter] = tables as [TableRef, TableRef];
        for (const o of ops) {
          const [a, b] = [ids[0]![o.row]!, ids[1]![o.row]!];
          if (o.kind === "delete") {
            expect(await deleteRow(latter, b, { userId: user.id }, undefined, db)).toEqual(await deleteRow(former, a, { userId: user.id }, undefined, db));
            continue;
          }
          const [row] = await queryRows<{ version: number; parameter: string; kind: string | null }>(
            db,
            sql`SELECT version, parameter, kind FROM parameter_rows WHERE project_id = ${latter.projectId} AND id = ${b}`,
          );
          if (o.kind === "set-kind") {
            if (!row) continue;
            const input = { kind: o.to, values: {}, expectedVersion: row.version };
            expect(answer(await setRowKind(latter, b, input, limits, { userId: user.id }, db), ids[1]!)).toEqual(
              answer(await setRowKind(former, a, input, limits, { userId: user.id }, db), ids[0]!),
            );
            continue;
          }
          const version = row ? { current: row.version, stale: row.version - 1, none: undefined }[o.version] : 1;
          const input = { values: o.values, parameter: o.parameter, expectedVersion: version };
          const assumed: RowAssumption | undefined =
            !row || o.assumed === "none"
              ? undefined
              : {
                  parameter: o.assumed === "wrong-name" ? `${row.parameter}?` : row.parameter,
                  kind: o.assumed === "wrong-kind" ? (row.kind === null ? "number" : null) : row.kind,
                };
          // Without an assumption updateRow takes the transactional path: the oracle.
          const expected = answer(await updateRow(former, a, input, limits, { userId: user.id }, db), ids[0]!);
          const fast = await updateRowInOneStatement(latter, b, { ...input, assumed }, limits, { userId: user.id }, db);
          if (fast) oneStatement++;
          expect(answer(fast ?? (await updateRow(latter, b, input, limits, { userId: user.id }, db)), ids[1]!)).toEqual(expected);
        }
        // Everything either path left, as a user or the next reader would find it.
        const left = async (table: TableRef, own: number[]) => ({
          rows: (await readTableSnapshot(table, db)).rows.map((text) => seen(JSON.parse(text) as FlatRow, own)),
          cached: (await tableSnapshot(table, db)).rows.map((text) => seen(JSON.parse(text) as FlatRow, own)),
          history: (
            await queryRows<{ row_id: number; version: number; action: string; user_id: number; before: unknown; after: unknown }>(
              db,
              sql`SELECT row_id, version, action, user_id, before, after FROM row_history WHERE project_id = ${table.projectId} ORDER BY id`,
            )
          ).map((h) => ({ ...h, row_id: own.indexOf(h.row_id) })),
          state: await queryRows(
            db,
            sql`SELECT revision::int, row_count, column_count, bytes::int FROM ${datasetStates} WHERE project_id = ${table.projectId}`,
          ),
          columns: (await queryRows<{ name: string }>(db, sql`SELECT name FROM parameter_columns WHERE project_id = ${table.projectId} ORDER BY name`)).map(
            (c) => c.name,
          ),
        });
        const [l, f] = [await left(latter, ids[1]!), await left(former, ids[0]!)];
        expect(l).toEqual(f);
        expect(l.cached).toEqual(l.rows);
      }),
      { numRuns: 40 },
    );
    // The property is about the one statement: it answered edits itself.
    expect(oneStatement).toBeGreaterThan(0);
  }, 600_000);
});
