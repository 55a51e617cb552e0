import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { projectActions, rowEditRequests } from "@/lib/assistant/actions";
import type { RowEdit } from "@/lib/assistant/cards";
import { useTestDatabase } from "@/test/database";
import { expectJson, type TestClient } from "@/test/http";
import { joinProject, seedRows, signedInClient } from "@/test/session";
import * as activity from "./[id]/datasets/[ds]/activity/route";
import * as row from "./[id]/datasets/[ds]/rows/[rowId]/route";
import * as rows from "./[id]/datasets/[ds]/rows/route";
import * as batch from "./[id]/datasets/batch/route";

useTestDatabase();

type Row = Record<string, string | number>;
type Written = { batchId: string; tables: { dataset: string; created: Row[]; edited: Row[]; deleted: number[] }[] };
type Refused = { error: string; conflicts: { dataset: string; id: number; data: Row | null }[] };
type Event = { rowId: number; action: string; parameter: string; batchId: string | null };

let alice: Awaited<ReturnType<typeof signedInClient>>;
let bob: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  alice = await signedInClient("alice");
  bob = await signedInClient("bob");
  await joinProject(bob.userId, alice.projectId);
});

const at = (projectId: number, extra: Record<string, string> = {}) => ({ params: { id: String(projectId), ...extra } });
const write = (c: TestClient, projectId: number, body: unknown) => c.post(batch.POST, "", { ...at(projectId), body });
const table = async (c: TestClient, projectId: number, ds: string) =>
  (await expectJson<{ data: Row[] }>(await c.get(rows.GET, "", at(projectId, { ds })), 200)).data;
const events = async (c: TestClient, projectId: number, ds: string) =>
  (await expectJson<{ events: Event[] }>(await c.get(activity.GET, "", at(projectId, { ds })), 200)).events;
const byName = (list: Row[], parameter: string) => list.find((r) => r.Parameter === parameter)!;

/** A fresh project of Alice's that Bob edits too, with a few rows in Model Setup and General Sections. */
async function project(): Promise<number> {
  const { insertProject } = await import("@/db/queries/projects");
  const { id } = await insertProject("Bridge B", alice.userId);
  await joinProject(bob.userId, id);
  await seedRows(id, "midassetup", [
    { parameter: "SpanLength", values: { Item1: "30" } },
    { parameter: "PierName", values: { Item1: "P1" } },
  ]);
  await seedRows(id, "midasgeneralsections", [{ parameter: "SectionName", values: { Item1: "PSC1" } }]);
  return id;
}

describe("POST /api/projects/{id}/datasets/batch: many rows of several tables as one change", () => {
  it("creates, edits and deletes rows of two tables in one request, recorded as one history batch", async () => {
    const id = await project();
    const setup = await table(alice.client, id, "midassetup");
    const sections = await table(alice.client, id, "midasgeneralsections");
    const span = byName(setup, "SpanLength");
    const pier = byName(setup, "PierName");
    const names = byName(sections, "SectionName");
    const written = await expectJson<Written>(
      await write(alice.client, id, {
        tables: [
          {
            dataset: "midassetup",
            create: [{ data: { Parameter: "SpanCount", Item1: "2" } }],
            edit: [{ id: span.Id, data: { Version: span.Version, Item1: "36", Item2: "45" } }],
            delete: [{ id: pier.Id, version: pier.Version }],
          },
          {
            dataset: "midasgeneralsections",
            create: [{ data: { Parameter: "Shape", Item2: "Circle" } }],
            edit: [{ id: names.Id, data: { Version: names.Version, Item2: "COL-1200" } }],
          },
        ],
      }),
      200,
    );
    expect(written.tables.map((t) => [t.dataset, t.created.map((r) => r.Parameter), t.edited.map((r) => [r.Parameter, r.Version]), t.deleted])).toEqual([
      ["midassetup", ["SpanCount"], [["SpanLength", Number(span.Version) + 1]], [pier.Id]],
      ["midasgeneralsections", ["Shape"], [["SectionName", Number(names.Version) + 1]], []],
    ]);
    expect((await table(alice.client, id, "midassetup")).map((r) => [r.Parameter, r.Item1, r.Item2])).toEqual([
      ["SpanLength", "36", "45"],
      ["SpanCount", "2", undefined],
    ]);
    expect((await table(alice.client, id, "midasgeneralsections")).map((r) => [r.Parameter, r.Item1, r.Item2])).toEqual([
      ["SectionName", "PSC1", "COL-1200"],
      ["Shape", undefined, "Circle"],
    ]);
    // Every change of the write, in both tables, belongs to the one batch the answer names.
    const changes = [...(await events(alice.client, id, "midassetup")), ...(await events(alice.client, id, "midasgeneralsections"))];
    expect(changes.map((e) => [e.parameter, e.action, e.batchId]).sort()).toEqual(
      [
        ["PierName", "delete", written.batchId],
        ["SectionName", "edit", written.batchId],
        ["Shape", "create", written.batchId],
        ["SpanCount", "create", written.batchId],
        ["SpanLength", "edit", written.batchId],
      ].sort(),
    );
  });

  it("a row saved or deleted by someone since it was read writes nothing in any table: 409 with every such row", async () => {
    const id = await project();
    const setup = await table(alice.client, id, "midassetup");
    const sections = await table(alice.client, id, "midasgeneralsections");
    const span = byName(setup, "SpanLength");
    const pier = byName(setup, "PierName");
    const names = byName(sections, "SectionName");
    // Bob saves SpanLength and deletes PierName after Alice read them.
    await expectJson(
      await bob.client.call(row.PATCH, "", {
        method: "PATCH",
        ...at(id, { ds: "midassetup", rowId: String(span.Id) }),
        body: { data: { Version: span.Version, Item1: "31" } },
      }),
      200,
    );
    await expectJson(await bob.client.delete(row.DELETE, "", at(id, { ds: "midassetup", rowId: String(pier.Id) })), 200);
    const before = { setup: await table(alice.client, id, "midassetup"), sections: await table(alice.client, id, "midasgeneralsections") };
    const eventsBefore = (await events(alice.client, id, "midassetup")).length + (await events(alice.client, id, "midasgeneralsections")).length;

    const refused = await expectJson<Refused>(
      await write(alice.client, id, {
        tables: [
          {
            dataset: "midasgeneralsections",
            create: [{ data: { Parameter: "Shape", Item2: "Circle" } }],
            edit: [{ id: names.Id, data: { Version: names.Version, Item2: "COL-1200" } }],
          },
          {
            dataset: "midassetup",
            edit: [
              { id: span.Id, data: { Version: span.Version, Item1: "36" } },
              { id: pier.Id, data: { Version: pier.Version, Item1: "P9" } },
            ],
            create: [{ data: { Parameter: "SpanCount", Item1: "1" } }],
          },
        ],
      }),
      409,
    );
    expect(refused.error).toBe("2 of the 5 rows changed since they were read (1 deleted); nothing was saved. Review the newer values and save again.");
    // (SpanLength was seeded first: the lower id.)
    expect(refused.conflicts.sort((a, b) => a.id - b.id)).toEqual([
      { dataset: "midassetup", id: span.Id, data: expect.objectContaining({ Parameter: "SpanLength", Item1: "31", Version: Number(span.Version) + 1 }) },
      { dataset: "midassetup", id: pier.Id, data: null },
    ]);
    // Nothing written: not the other table's part, not the creates, no history.
    expect(await table(alice.client, id, "midassetup")).toEqual(before.setup);
    expect(await table(alice.client, id, "midasgeneralsections")).toEqual(before.sections);
    expect((await events(alice.client, id, "midassetup")).length + (await events(alice.client, id, "midasgeneralsections")).length).toBe(eventsBefore);
  });

  it("refuses an edit or delete without the Version it was read at, a row named twice, an unknown table, and viewers", async () => {
    const id = await project();
    const span = byName(await table(alice.client, id, "midassetup"), "SpanLength");
    const refusal = async (body: unknown) => (await expectJson(await write(alice.client, id, body), 400)).error;
    expect(await refusal({ tables: [{ dataset: "midassetup", edit: [{ id: span.Id, data: { Item1: "1" } }] }] })).toMatch(/tables\.0\.edit\.0\.data\.Version/);
    expect(await refusal({ tables: [{ dataset: "midassetup", delete: [{ id: span.Id }] }] })).toMatch(/tables\.0\.delete\.0\.version/);
    expect(
      await refusal({
        tables: [
          { dataset: "midassetup", edit: [{ id: span.Id, data: { Version: span.Version, Item1: "1" } }], delete: [{ id: span.Id, version: span.Version }] },
        ],
      }),
    ).toMatch(/tables\.0\.delete\.0\.id/);
    expect(await refusal({ tables: [{ dataset: "midassetup", create: [{ data: { Item1: "1" } }] }] })).toMatch(/tables\.0\.create\.0\.data\.Parameter/);
    expect(await refusal({ tables: [{ dataset: "nosuch", create: [{ data: { Parameter: "A" } }] }] })).toMatch(/tables\.0\.dataset/);
    expect(await refusal({ tables: [{ dataset: "midassetup" }] })).toMatch(/at least one row/);
    // A row that already exists by that name: the whole change is refused.
    await expectJson(await write(alice.client, id, { tables: [{ dataset: "midassetup", create: [{ data: { Parameter: "SpanLength" } }] }] }), 409);
    const viewer = await signedInClient("viewer");
    await joinProject(viewer.userId, id, "viewer");
    await expectJson(
      await write(viewer.client, id, { tables: [{ dataset: "midassetup", edit: [{ id: span.Id, data: { Version: span.Version, Item1: "v" } }] }] }),
      403,
    );
    expect(byName(await table(alice.client, id, "midassetup"), "SpanLength")).toEqual(span);
  });
});

describe("the assistant's Apply", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The browser's fetch, answered by the batch route as Alice: every request the card's Apply makes. */
  function browser(client: TestClient, projectId: number) {
    const sent: string[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      sent.push(`${init.method} ${url}`);
      if (url !== `/api/projects/${projectId}/datasets/batch`) throw new Error(`unexpected request ${url}`);
      return client.post(batch.POST, url, { ...at(projectId), body: JSON.parse(String(init.body)) });
    });
    return sent;
  }

  it("of a proposal touching 3 rows is one request, and atomic: a row saved meanwhile leaves all 3 as they were", async () => {
    const { projectId } = alice;
    await seedRows(projectId, "pier", [
      { parameter: "PierHeight", values: { Item1: "10" } },
      { parameter: "PierWidth", values: { Item1: "2" } },
      { parameter: "PierDepth", values: { Item1: "3" } },
    ]);
    const proposalOf = (list: Row[]): RowEdit[] =>
      list.map((r) => ({
        rowId: Number(r.Id),
        parameter: String(r.Parameter),
        column: "Item1",
        version: Number(r.Version),
        angle: false,
        oldValue: String(r.Item1),
        newValue: `${r.Item1}0`,
        oldStored: String(r.Item1),
        newStored: `${r.Item1}0`,
      }));
    const read = await table(alice.client, projectId, "pier");
    const edits = proposalOf(read);
    // Bob saves PierDepth after the proposal was made.
    const depth = byName(read, "PierDepth");
    await expectJson(
      await bob.client.call(row.PATCH, "", {
        method: "PATCH",
        ...at(projectId, { ds: "pier", rowId: String(depth.Id) }),
        body: { data: { Version: depth.Version, Item2: "7.5" } },
      }),
      200,
    );
    const sent = browser(alice.client, projectId);
    const result = await projectActions(projectId).applyRowEdits("pier", rowEditRequests(edits));
    expect(sent).toEqual([`POST /api/projects/${projectId}/datasets/batch`]);
    expect(result).toEqual({
      ok: false,
      error: "1 of the 3 rows changed since they were read; nothing was saved. Review the newer values and save again.",
      conflict: { rowId: depth.Id, current: expect.objectContaining({ Item1: "3", Item2: "7.5", Version: Number(depth.Version) + 1 }) },
    });
    const after = await table(alice.client, projectId, "pier");
    expect(after.map((r) => [r.Parameter, r.Item1])).toEqual([
      ["PierHeight", "10"],
      ["PierWidth", "2"],
      ["PierDepth", "3"],
    ]);

    // Proposed again from the rows as they are now: one request saves all 3, as one batch.
    expect(await projectActions(projectId).applyRowEdits("pier", rowEditRequests(proposalOf(after)))).toEqual({
      ok: true,
      message: "Saved 3 changes in 3 rows.",
    });
    expect(sent).toHaveLength(2);
    expect((await table(alice.client, projectId, "pier")).map((r) => r.Item1)).toEqual(["100", "20", "30"]);
    // Bob's edit was a change of its own; Alice's Apply is one batch of three edits.
    const applied = (await events(alice.client, projectId, "pier")).filter((e) => e.batchId !== null);
    expect(applied.map((e) => [e.parameter, e.action]).sort()).toEqual([
      ["PierDepth", "edit"],
      ["PierHeight", "edit"],
      ["PierWidth", "edit"],
    ]);
    expect(new Set(applied.map((e) => e.batchId)).size).toBe(1);
  });
});
