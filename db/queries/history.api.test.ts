import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { insertProject } from "@/db/queries/projects";
import { rowHistoryOf, tableActivity } from "@/db/queries/rows-history";
import { rowHistory } from "@/db/schema";
import { rowChanges } from "@/lib/datasets/diff";
import type { Row } from "@/lib/datasets/columns";
import { insertTestUser, testDb, useTestDatabase } from "@/test/database";

const database = useTestDatabase();

// Column names as engineers write them, and others: digits, case, punctuation, non-ASCII.
const column = fc.constantFrom("Item1", "Item2", "Item10", "Item9", "item1", "B", "a", "Ä", "Z_1", "Item 3", "x-y", "Ω");
const snapshot = fc.record({
  Parameter: fc.string({ maxLength: 6 }),
  values: fc.dictionary(column, fc.oneof(fc.constant(""), fc.string({ maxLength: 4 })), { maxKeys: 8 }),
});

describe("a row's history", () => {
  it("lists exactly the cells each change made different, in the order the screen diff has them, whatever the two snapshots", async () => {
    const db = testDb(database);
    const user = await insertTestUser(db, "history");
    const project = await insertProject("History diff", user.id, db);
    const table = { projectId: project.id, dataset: "pier" as const };
    let rowId = 0;
    await fc.assert(
      fc.asyncProperty(fc.option(snapshot, { nil: null }), fc.option(snapshot, { nil: null }), async (before, after) => {
        const asRow = (s: typeof before) => (s ? { Parameter: s.Parameter, ...s.values } : null);
        rowId += 1;
        await db.insert(rowHistory).values({
          projectId: project.id,
          dataset: "pier",
          rowId,
          version: 1,
          action: after ? "edit" : "delete",
          userId: user.id,
          before: asRow(before),
          after: asRow(after),
        });
        const [entry] = await rowHistoryOf(table, rowId, db);
        expect(entry!.changes).toEqual(rowChanges((asRow(before) ?? {}) as Row, (asRow(after) ?? {}) as Row));
        expect(entry!.parameter).toBe(after?.Parameter ?? before?.Parameter ?? "");
        const [event] = await tableActivity(table, { limit: 1 }, db);
        expect(event).toMatchObject({ rowId, changes: entry!.changes });
      }),
      { numRuns: 150 },
    );
  });
});
