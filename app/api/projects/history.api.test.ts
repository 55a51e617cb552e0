import { beforeAll, describe, expect, it } from "vitest";
import * as legacyEdit from "@/app/api/database/[ds]/edit-element/route";
import { useTestDatabase } from "@/test/database";
import { expectJson, type TestClient } from "@/test/http";
import { joinProject, signedInClient } from "@/test/session";
import * as activity from "./[id]/datasets/[ds]/activity/route";
import * as history from "./[id]/datasets/[ds]/rows/[rowId]/history/route";
import * as restore from "./[id]/datasets/[ds]/rows/[rowId]/restore/route";
import * as row from "./[id]/datasets/[ds]/rows/[rowId]/route";
import * as undelete from "./[id]/datasets/[ds]/rows/[rowId]/undelete/route";
import * as rows from "./[id]/datasets/[ds]/rows/route";

useTestDatabase();

type Row = Record<string, string | number>;
type Version = {
  version: number;
  action: string;
  user: string | null;
  userId: number | null;
  parameter: string;
  changes: { column: string; before: string; after: string }[];
};

let alice: Awaited<ReturnType<typeof signedInClient>>;
let bob: Awaited<ReturnType<typeof signedInClient>>;
let projectId: number;

const at = (ds: string, extra: Record<string, string> = {}) => ({ params: { id: String(projectId), ds, ...extra } });
const create = async (c: TestClient, ds: string, data: Row) =>
  (await expectJson<{ data: Row }>(await c.post(rows.POST, "", { ...at(ds), body: { data } }), 201)).data;
const edit = (c: TestClient, ds: string, id: number, data: Row) => c.call(row.PATCH, "", { method: "PATCH", ...at(ds, { rowId: String(id) }), body: { data } });
const saveMany = (c: TestClient, ds: string, list: { id: number; data: Row }[]) => c.call(rows.PATCH, "", { method: "PATCH", ...at(ds), body: { rows: list } });
const versionsOf = async (c: TestClient, ds: string, id: number) =>
  (await expectJson<{ versions: Version[] }>(await c.get(history.GET, "", at(ds, { rowId: String(id) })), 200)).versions;
const table = async (c: TestClient, ds: string) => (await expectJson<{ data: Row[] }>(await c.get(rows.GET, "", at(ds)), 200)).data;

beforeAll(async () => {
  alice = await signedInClient("alice");
  bob = await signedInClient("bob");
  projectId = alice.projectId;
  // Bob edits Alice's project too.
  await joinProject(bob.userId, projectId);
});

describe("history", () => {
  it("records every create, edit and delete with who, when, and the cells each changed", async () => {
    const made = await create(alice.client, "pier", { Parameter: "PierHeight", Item1: "12.4", Item2: "13.1" });
    await expectJson(await edit(bob.client, "pier", Number(made.Id), { Version: 1, Item1: "12.6" }), 200);
    await expectJson(await edit(alice.client, "pier", Number(made.Id), { Version: 2, Parameter: "PierHeightTop" }), 200);
    const versions = await versionsOf(alice.client, "pier", Number(made.Id));
    expect(versions.map((v) => [v.version, v.action, v.userId])).toEqual([
      [3, "edit", alice.userId],
      [2, "edit", bob.userId],
      [1, "create", alice.userId],
    ]);
    expect(versions[2]).toMatchObject({
      parameter: "PierHeight",
      changes: [
        { column: "Parameter", before: "", after: "PierHeight" },
        { column: "Item1", before: "", after: "12.4" },
        { column: "Item2", before: "", after: "13.1" },
      ],
    });
    // Only the cell Bob changed, not the whole row.
    expect(versions[1]).toMatchObject({ parameter: "PierHeight", changes: [{ column: "Item1", before: "12.4", after: "12.6" }] });
    expect(versions[1]!.user).toBe(bob.email);
    expect(versions[0]).toMatchObject({ parameter: "PierHeightTop", changes: [{ column: "Parameter", before: "PierHeight", after: "PierHeightTop" }] });
    // The spec's routes are recorded too.
    await expectJson(await bob.client.post(legacyEdit.POST, "", { params: { ds: "pier" }, body: { id: made.Id, data: { Item2: "14" } } }), 200);
    expect((await versionsOf(alice.client, "pier", Number(made.Id)))[0]).toMatchObject({
      version: 4,
      userId: bob.userId,
      changes: [{ column: "Item2", before: "13.1", after: "14" }],
    });
  });

  it("restores a version as a new edit (exactly its name and values), and refuses when the row changed meanwhile", async () => {
    const made = await create(alice.client, "abt", { Parameter: "Backwall", Item1: "1.9" });
    await expectJson(await edit(alice.client, "abt", Number(made.Id), { Version: 1, Parameter: "BackwallHeight", Item1: "2.1", Item2: "0.4" }), 200);
    const restored = await expectJson<{ data: Row }>(
      await alice.client.post(restore.POST, "", { ...at("abt", { rowId: String(made.Id) }), body: { version: 1, currentVersion: 2 } }),
      200,
    );
    expect(restored.data).toMatchObject({ Parameter: "Backwall", Item1: "1.9", Version: 3 });
    expect(restored.data).not.toHaveProperty("Item2");
    const [latest] = await versionsOf(alice.client, "abt", Number(made.Id));
    expect(latest).toMatchObject({ version: 3, action: "restore" });
    // Bob saves meanwhile: a restore based on version 3 is refused, with the row as it now is.
    await expectJson(await edit(bob.client, "abt", Number(made.Id), { Version: 3, Item1: "5" }), 200);
    const refused = await expectJson<{ data: Row }>(
      await alice.client.post(restore.POST, "", { ...at("abt", { rowId: String(made.Id) }), body: { version: 2, currentVersion: 3 } }),
      409,
    );
    expect(refused.data).toMatchObject({ Item1: "5", Version: 4 });
    await expectJson(await alice.client.post(restore.POST, "", { ...at("abt", { rowId: String(made.Id) }), body: { version: 99 } }), 404);
    // Past the 32-bit version column: refused as the client's mistake, not a server failure (issue 24, item 12).
    for (const body of [{ version: 2 ** 40 }, { version: 1, currentVersion: 2 ** 40 }, { version: 2 ** 31 }]) {
      const answer = await expectJson(await alice.client.post(restore.POST, "", { ...at("abt", { rowId: String(made.Id) }), body }), 400);
      expect(answer.error).toMatch(/no such version/);
    }
    // A row id past 32 bits names no row.
    await expectJson(await bob.client.post(legacyEdit.POST, "", { params: { ds: "abt" }, body: { id: 2 ** 40, data: { Item1: "1" } } }), 404);
    await expectJson(await bob.client.post(legacyEdit.POST, "", { params: { ds: "abt" }, body: { id: String(2 ** 40), data: { Item1: "1" } } }), 404);
  });

  it("brings a deleted row back with its id, and lists the table's activity newest first, by person and Parameter", async () => {
    const made = await create(alice.client, "box", { Parameter: "SpanLength", Item1: "40" });
    await create(bob.client, "box", { Parameter: "DeckWidth", Item1: "12.8" });
    await expectJson(await alice.client.delete(row.DELETE, "", at("box", { rowId: String(made.Id) })), 200);
    const events = (
      await expectJson<{ events: (Version & { rowId: number; parameter: string })[] }>(await alice.client.get(activity.GET, "/x", at("box")), 200)
    ).events;
    expect(events.map((e) => [e.action, e.parameter])).toEqual([
      ["delete", "SpanLength"],
      ["create", "DeckWidth"],
      ["create", "SpanLength"],
    ]);
    // A deletion empties every cell the row had.
    expect(events[0]!.changes).toEqual([
      { column: "Parameter", before: "SpanLength", after: "" },
      { column: "Item1", before: "40", after: "" },
    ]);
    const byBob = await expectJson<{ events: { parameter: string }[] }>(await alice.client.get(activity.GET, `/x?user=${bob.userId}`, at("box")), 200);
    expect(byBob.events.map((e) => e.parameter)).toEqual(["DeckWidth"]);
    const byName = await expectJson<{ events: { parameter: string }[] }>(await alice.client.get(activity.GET, "/x?parameter=span", at("box")), 200);
    expect(byName.events.map((e) => e.parameter)).toEqual(["SpanLength", "SpanLength"]);
    await expectJson(await alice.client.get(activity.GET, "/x?user=abc", at("box")), 400);

    const back = await expectJson<{ data: Row }>(await alice.client.post(undelete.POST, "", at("box", { rowId: String(made.Id) })), 201);
    expect(back.data).toMatchObject({ Id: made.Id, Parameter: "SpanLength", Item1: "40", Version: 2 });
    expect((await table(alice.client, "box")).map((r) => r.Parameter)).toEqual(["SpanLength", "DeckWidth"]);
    // Only a deleted row can come back.
    await expectJson(await alice.client.post(undelete.POST, "", at("box", { rowId: String(made.Id) })), 404);
  });
});

describe("many rows saved as one change", () => {
  it("saves every row or none: a conflict on one row writes nothing and lists every conflicting row with its current values", async () => {
    const a = await create(alice.client, "coresetup", { Parameter: "A", Item1: "1" });
    const b = await create(alice.client, "coresetup", { Parameter: "B", Item1: "2" });
    const c = await create(alice.client, "coresetup", { Parameter: "C", Item1: "3" });
    const saved = await expectJson<{ data: Row[] }>(
      await saveMany(alice.client, "coresetup", [
        { id: Number(a.Id), data: { Version: 1, Item1: "10", Item5: "new column" } },
        { id: Number(b.Id), data: { Version: 1, Item1: "20" } },
      ]),
      200,
    );
    expect(saved.data.map((r) => [r.Parameter, r.Item1, r.Version])).toEqual([
      ["A", "10", 2],
      ["B", "20", 2],
    ]);
    // One history batch for the whole save.
    const [ha] = await versionsOf(alice.client, "coresetup", Number(a.Id));
    const [hb] = await versionsOf(alice.client, "coresetup", Number(b.Id));
    expect(ha!.changes).toEqual([
      { column: "Item1", before: "1", after: "10" },
      { column: "Item5", before: "", after: "new column" },
    ]);
    expect((ha as unknown as { batchId: string }).batchId).toBe((hb as unknown as { batchId: string }).batchId);

    await expectJson(await edit(bob.client, "coresetup", Number(c.Id), { Version: 1, Item1: "bob" }), 200);
    await expectJson(await bob.client.delete(row.DELETE, "", at("coresetup", { rowId: String(b.Id) })), 200);
    const refused = await expectJson<{ error: string; conflicts: { id: number; data: Row | null }[] }>(
      await saveMany(alice.client, "coresetup", [
        { id: Number(a.Id), data: { Version: 2, Item1: "100" } },
        { id: Number(b.Id), data: { Version: 2, Item1: "200" } },
        { id: Number(c.Id), data: { Version: 1, Item1: "300" } },
      ]),
      409,
    );
    expect(refused.error).toMatch(/2 of the 3 rows changed since you loaded them \(1 deleted\); nothing was saved/);
    expect(refused.conflicts).toEqual([
      { id: b.Id, data: null },
      { id: c.Id, data: expect.objectContaining({ Item1: "bob", Version: 2 }) },
    ]);
    const after = await table(alice.client, "coresetup");
    expect(after.find((r) => r.Id === a.Id)).toMatchObject({ Item1: "10", Version: 2 });
  });

  it("checks every row like a single save: names, limits and the body", async () => {
    await expectJson(await saveMany(alice.client, "coresetup", []), 400);
    const a = (await table(alice.client, "coresetup")).find((r) => r.Parameter === "A")!;
    const bad = await expectJson(await saveMany(alice.client, "coresetup", [{ id: Number(a.Id), data: { Version: Number(a.Version), "1bad": "x" } }]), 400);
    expect(bad.error).toMatch(/rows\.0\.data\.1bad/);
    // Renaming onto another row's name fails the whole batch.
    await expectJson(await saveMany(alice.client, "coresetup", [{ id: Number(a.Id), data: { Version: Number(a.Version), Parameter: "C" } }]), 409);
    const viewer = await signedInClient("viewer");
    const { insertMember } = await import("@/db/queries/projects");
    await insertMember(projectId, viewer.userId, "viewer");
    await expectJson(await saveMany(viewer.client, "coresetup", [{ id: Number(a.Id), data: { Item1: "v" } }]), 403);
  });
});

describe("undo never overwrites someone else's newer change", () => {
  it("undoing an edit is an edit based on the version I made: refused once someone else saved the row", async () => {
    const made = await create(alice.client, "pier", { Parameter: "UndoMe", Item1: "1" });
    const mine = await expectJson<{ data: Row }>(await edit(alice.client, "pier", Number(made.Id), { Version: 1, Item1: "2" }), 200);
    // Bob saves after me.
    await expectJson(await edit(bob.client, "pier", Number(made.Id), { Version: Number(mine.data.Version), Item1: "3" }), 200);
    // My undo (back to "1", based on my version 2) is refused, with Bob's row.
    const undo = await expectJson<{ data: Row }>(await edit(alice.client, "pier", Number(made.Id), { Version: 2, Item1: "1" }), 409);
    expect(undo.data).toMatchObject({ Item1: "3", Version: 3 });
  });

  it("undoing a create deletes the row only at the version I made (?version=)", async () => {
    const made = await create(alice.client, "pier", { Parameter: "UndoCreate", Item1: "1" });
    await expectJson(await edit(bob.client, "pier", Number(made.Id), { Version: 1, Item1: "bob" }), 200);
    const refused = await expectJson<{ data: Row }>(await alice.client.delete(row.DELETE, "/x?version=1", at("pier", { rowId: String(made.Id) })), 409);
    expect(refused.data).toMatchObject({ Item1: "bob", Version: 2 });
    await expectJson(await alice.client.delete(row.DELETE, "/x?version=2", at("pier", { rowId: String(made.Id) })), 200);
    await expectJson(await alice.client.delete(row.DELETE, "/x?version=zz", at("pier", { rowId: String(made.Id) })), 400);
  });
});
