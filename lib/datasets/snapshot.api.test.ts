import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { insertProject } from "@/db/queries/projects";
import type { TableRef } from "@/db/queries/rows";
import { applyBatch, createRow, deleteRow, restoreVersion, undeleteRow, updateRow } from "@/db/queries/rows-write";
import { cachedRow, readTableSnapshot, shareTableChanges, tableSnapshot } from "@/lib/datasets/snapshot";
import { type BusMessage, LocalBus } from "@/lib/replica-bus";
import { insertTestUser, testDb, useTestDatabase } from "@/test/database";

const database = useTestDatabase();
const limits = { maxBytes: 64 * 1024 * 1024 };
const actor = { userId: null };

const item = fc.constantFrom("Item1", "Item2", "Item3", "Item7");
const value = fc.string({ maxLength: 4 });
/** A step: one write, several at once (their commits may land in any order), or another server's write. */
const step = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), item, value, freshColumn: fc.boolean() }),
  fc.record({ kind: fc.constant("edit" as const), pick: fc.nat(), item, value, rename: fc.boolean() }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("batch" as const), pick: fc.nat(), item, value }),
  fc.record({ kind: fc.constant("restore" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("undelete" as const) }),
  fc.record({ kind: fc.constant("together" as const), picks: fc.array(fc.nat(), { minLength: 2, maxLength: 4 }), value }),
  fc.record({ kind: fc.constant("elsewhere" as const), pick: fc.nat(), value }),
);

describe("the cached snapshot of a table", () => {
  it("holds exactly what the database holds after any sequence of writes, concurrent ones and another server's included", async () => {
    const db = testDb(database);
    const user = await insertTestUser(db, "snapshot");
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const project = await insertProject(`Snapshot ${serial++}`, user.id, db);
        const ref: TableRef = { projectId: project.id, dataset: "pier" };
        const deleted: number[] = [];
        await createRow(ref, { parameter: "Start", values: { Item1: "1" } }, limits, actor, db);
        for (const s of steps) {
          const rows = (await tableSnapshot(ref, db)).rows.map((text) => JSON.parse(text) as { Id: number; Version: number });
          const pick = (n: number) => rows[n % Math.max(1, rows.length)];
          if (s.kind === "create") {
            await createRow(ref, { parameter: `P${serial++}`, values: { [s.freshColumn ? `Item${100 + serial}` : s.item]: s.value } }, limits, actor, db);
          } else if (s.kind === "edit" && pick(s.pick)) {
            await updateRow(ref, pick(s.pick)!.Id, { values: { [s.item]: s.value }, ...(s.rename ? { parameter: `R${serial++}` } : {}) }, limits, actor, db);
          } else if (s.kind === "delete" && pick(s.pick)) {
            const id = pick(s.pick)!.Id;
            if ((await deleteRow(ref, id, actor, undefined, db)).ok) deleted.push(id);
          } else if (s.kind === "batch" && pick(s.pick)) {
            await applyBatch(
              ref,
              [
                { kind: "update", id: pick(s.pick)!.Id, values: { [s.item]: s.value } },
                { kind: "create", parameter: `B${serial++}`, values: { Item2: s.value } },
              ],
              limits,
              actor,
              db,
            );
          } else if (s.kind === "restore" && pick(s.pick)) {
            await restoreVersion(ref, pick(s.pick)!.Id, 1, undefined, limits, actor, db);
          } else if (s.kind === "undelete" && deleted.length > 0) {
            await undeleteRow(ref, deleted.pop()!, limits, actor, db);
          } else if (s.kind === "together") {
            const ids = [...new Set(s.picks.map((n) => pick(n)?.Id).filter((id): id is number => id !== undefined))];
            await Promise.all(ids.map((id, i) => updateRow(ref, id, { values: { Item3: `${s.value}${i}` } }, limits, actor, db)));
          } else if (s.kind === "elsewhere" && pick(s.pick)) {
            // Another server writes: the row and the revision change, and this process is told nothing.
            await db.execute(sql`UPDATE parameter_rows SET values = values || jsonb_build_object('Item1', ${s.value}::text), version = version + 1
                                  WHERE project_id = ${ref.projectId} AND dataset = 'pier' AND id = ${pick(s.pick)!.Id}`);
            await db.execute(sql`UPDATE dataset_states SET revision = revision + 1 WHERE project_id = ${ref.projectId} AND dataset = 'pier'`);
          }
          const cached = await tableSnapshot(ref, db);
          const stored = await readTableSnapshot(ref, db);
          expect(cached.revision).toBe(stored.revision);
          expect(cached.rows).toEqual(stored.rows);
          expect([...cached.columns].sort()).toEqual([...stored.columns].sort());
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("the cached snapshot shared between servers (shareTableChanges)", () => {
  it("sends each committed change over the bus, and moves on with another server's change without reading the table", async () => {
    const db = testDb(database);
    const user = await insertTestUser(db, "shared");
    const project = await insertProject(`Shared ${Date.now()}`, user.id, db);
    const ref: TableRef = { projectId: project.id, dataset: "pier" };
    await createRow(ref, { parameter: "PierHeight", values: { Item1: "1" } }, limits, actor, db);
    await createRow(ref, { parameter: "PierWidth", values: { Item1: "2" } }, limits, actor, db);
    const idOf = async (parameter: string) =>
      (await readTableSnapshot(ref, db)).rows.map((text) => JSON.parse(text) as { Id: number; Parameter: string }).find((r) => r.Parameter === parameter)!.Id;
    const [height, width] = [await idOf("PierHeight"), await idOf("PierWidth")];

    const bus = new LocalBus();
    const heard: BusMessage[] = [];
    bus.subscribe((message) => heard.push(message));
    const stop = shareTableChanges(bus, () => db);
    const delivered = () => new Promise((resolve) => setImmediate(resolve));
    try {
      await tableSnapshot(ref, db);

      // This server's edit goes out with the row as stored.
      await updateRow(ref, height, { values: { Item1: "5" } }, limits, actor, db);
      await delivered();
      const sent = heard.filter((m) => m.kind === "table-change");
      expect(sent).toHaveLength(1);
      const stored = await readTableSnapshot(ref, db);
      expect(sent[0]).toMatchObject({ projectId: project.id, dataset: "pier", change: { revision: stored.revision, rows: [[height, stored.rows[0]]] } });

      // Another server renames a row (this process's cache is not told by the write itself), and says so on the bus.
      await db.execute(sql`UPDATE parameter_rows SET parameter = 'PierWidthRenamed', version = version + 1
                            WHERE project_id = ${project.id} AND dataset = 'pier' AND id = ${width}`);
      await db.execute(sql`UPDATE dataset_states SET revision = revision + 1 WHERE project_id = ${project.id} AND dataset = 'pier'`);
      const elsewhere = await readTableSnapshot(ref, db);
      const text = elsewhere.rows.find((row) => row.includes("PierWidthRenamed"))!;
      await bus.publish({
        kind: "table-change",
        server: "another",
        projectId: project.id,
        dataset: "pier",
        change: { revision: elsewhere.revision, rows: [[width, text]], addsColumns: false },
      });
      await delivered();
      // The cache holds the rename before anything reads the table...
      expect(cachedRow(ref, width, db)?.parameter).toBe("PierWidthRenamed");
      // ...and a read answers it at the database's revision, exactly as the database holds it.
      const cached = await tableSnapshot(ref, db);
      expect(cached.revision).toBe(elsewhere.revision);
      expect(cached.rows).toEqual(elsewhere.rows);

      // A change too large for a NOTIFY is not sent: the other servers read the table at their next read.
      await updateRow(ref, height, { values: { Item1: "8".repeat(9000) } }, limits, actor, db);
      await delivered();
      expect(heard.filter((m) => m.kind === "table-change")).toHaveLength(2);
    } finally {
      stop();
      await bus.close();
    }
  });
});
