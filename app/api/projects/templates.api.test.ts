import { beforeAll, describe, expect, it } from "vitest";
import { NO_NAMING_ROW } from "@/lib/datasets/item-columns";
import { startingRows } from "@/lib/datasets/templates";
import { useTestDatabase } from "@/test/database";
import { expectJson, type TestClient } from "@/test/http";
import { joinProject, seedRows, signedInClient } from "@/test/session";
import * as activity from "./[id]/datasets/[ds]/activity/route";
import * as columns from "./[id]/datasets/[ds]/columns/route";
import * as history from "./[id]/datasets/[ds]/rows/[rowId]/history/route";
import * as rows from "./[id]/datasets/[ds]/rows/route";
import * as template from "./[id]/datasets/[ds]/template/route";

/** A new project's empty Revit tables started from their templates, and Item columns added (issue 30). */
useTestDatabase();

type Row = Record<string, string | number>;
type Event = { rowId: number; action: string; parameter: string; batchId: string | null; userId: number | null };
type Version = { version: number; action: string; userId: number | null; changes: { column: string; before: string; after: string }[] };

let alice: Awaited<ReturnType<typeof signedInClient>>;
let viewer: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  alice = await signedInClient("templates");
  viewer = await signedInClient("templates-viewer");
  await joinProject(viewer.userId, alice.projectId, "viewer");
});

const at = (ds: string, projectId = alice.projectId, extra: Record<string, string> = {}) => ({ params: { id: String(projectId), ds, ...extra } });
const start = (ds: string, c: TestClient = alice.client, projectId = alice.projectId) => c.post(template.POST, "", at(ds, projectId));
const addColumn = (ds: string, c: TestClient = alice.client, projectId = alice.projectId) => c.post(columns.POST, "", at(ds, projectId));
const table = async (ds: string, projectId = alice.projectId) =>
  (await expectJson<{ data: Row[]; columns: string[] }>(await alice.client.get(rows.GET, "", at(ds, projectId)), 200)).data;
const events = async (ds: string, projectId = alice.projectId) =>
  (await expectJson<{ events: Event[] }>(await alice.client.get(activity.GET, "", at(ds, projectId)), 200)).events;

/** A project of Alice's of its own (the tables it starts with), so each test starts from empty Revit tables. */
async function freshProject(name: string): Promise<number> {
  const { createProject } = await import("@/lib/projects/service");
  return (await createProject(alice.userId, { name })).id;
}

describe("POST /api/projects/{id}/datasets/{ds}/template: an empty table started from its template", () => {
  it("a new account's pier table is empty; its template gives every Parameter with its kind and unit, and Item1 named P1", async () => {
    expect(await table("pier")).toEqual([]);
    const made = await expectJson<{ data: Row[] }>(await start("pier"), 201);
    expect(made.data.map((r) => r.Parameter)).toEqual(startingRows("pier").map((r) => r.parameter));
    const listed = await table("pier");
    expect(listed).toHaveLength(29);
    expect(listed.slice(0, 4).map((r) => [r.Parameter, r.Item1, r.kind, r.unit, r.kindFrom])).toEqual([
      ["PierName", "P1", "text", "—", "template"],
      ["Chainage", "", "length", "m", "template"],
      ["PierType", "", "text", "—", "template"],
      ["PierHeight", "", "length", "m", "template"],
    ]);
    expect(listed.find((r) => r.Parameter === "SkewAngle")).toMatchObject({ kind: "angle", unit: "rad", Item1: "" });
    expect(listed.find((r) => r.Parameter === "ColumnCount")).toMatchObject({ kind: "count", unit: "—" });
    // Every row is a create by Alice, all in one history batch.
    const made29 = await events("pier");
    expect(made29).toHaveLength(29);
    expect(new Set(made29.map((e) => `${e.action} ${e.userId} ${e.batchId}`))).toEqual(new Set([`create ${alice.userId} ${made29[0]!.batchId}`]));
    expect(made29[0]!.batchId).not.toBeNull();
  });

  it("the abutment, box and core setup tables start from theirs, each with its first item named", async () => {
    const id = await freshProject("Templates ABC");
    for (const [ds, naming, first] of [
      ["abt", "AbutmentName", "A1"],
      ["box", "SpanName", "S1"],
      ["coresetup", "SegmentName", "SEG01"],
    ] as const) {
      await expectJson(await start(ds, alice.client, id), 201);
      const listed = await table(ds, id);
      expect(
        listed.map((r) => r.Parameter),
        ds,
      ).toEqual(startingRows(ds).map((r) => r.parameter));
      expect(
        listed.filter((r) => r.Item1 !== "").map((r) => [r.Parameter, r.Item1]),
        ds,
      ).toEqual([[naming, first]]);
    }
  });

  it("a table with rows is refused (409) and keeps them as they were, the template's own included", async () => {
    const id = await freshProject("Templates 409");
    await seedRows(id, "box", [{ parameter: "SpanLength", values: { Item1: "36" } }]);
    const refused = await expectJson<{ error: string }>(await start("box", alice.client, id), 409);
    expect(refused.error).toBe("This table is no longer empty: someone added rows since you loaded it. Nothing was added; reload to see them.");
    expect((await table("box", id)).map((r) => r.Parameter)).toEqual(["SpanLength"]);

    await expectJson(await start("abt", alice.client, id), 201);
    await expectJson(await start("abt", alice.client, id), 409);
    expect(await table("abt", id)).toHaveLength(startingRows("abt").length);
    // A new project's Midas tables start from theirs already.
    await expectJson(await start("midaspsc", alice.client, id), 409);
  });

  it("two starts at the same moment: one writes the template, the other is refused", async () => {
    const id = await freshProject("Templates race");
    const statuses = (await Promise.all([start("pier", alice.client, id), start("pier", alice.client, id)])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    expect(await table("pier", id)).toHaveLength(startingRows("pier").length);
  });

  it("a viewer may not start a table (403), and an unknown table is 404", async () => {
    const id = await freshProject("Templates viewer");
    await joinProject(viewer.userId, id, "viewer");
    await expectJson(await start("coresetup", viewer.client, id), 403);
    expect(await table("coresetup", id)).toEqual([]);
    await expectJson(await start("bridges", alice.client, id), 404);
  });
});

describe("POST /api/projects/{id}/datasets/{ds}/columns: the next Item column, its item named", () => {
  it("adds Item2 named P2 in PierName, then Item3, each an edit of that row in its history", async () => {
    const id = await freshProject("Columns");
    await expectJson(await start("pier", alice.client, id), 201);
    const added = await expectJson<{ column: string; name: string; data: Row }>(await addColumn("pier", alice.client, id), 201);
    expect(added).toMatchObject({ column: "Item2", name: "P2", data: { Parameter: "PierName", Item1: "P1", Item2: "P2", Version: 2 } });
    expect(await expectJson(await addColumn("pier", alice.client, id), 201)).toMatchObject({ column: "Item3", name: "P3" });

    const listed = await table("pier", id);
    expect(listed.find((r) => r.Parameter === "PierName")).toMatchObject({ Item1: "P1", Item2: "P2", Item3: "P3", Version: 3 });
    const versions = (await expectJson<{ versions: Version[] }>(await alice.client.get(history.GET, "", at("pier", id, { rowId: String(added.data.Id) })), 200))
      .versions;
    expect(versions.map((v) => [v.version, v.action, v.userId, v.changes])).toEqual([
      [3, "edit", alice.userId, [{ column: "Item3", before: "", after: "P3" }]],
      [2, "edit", alice.userId, [{ column: "Item2", before: "", after: "P2" }]],
      [
        1,
        "create",
        alice.userId,
        [
          { column: "Parameter", before: "", after: "PierName" },
          { column: "Item1", before: "", after: "P1" },
        ],
      ],
    ]);
  });

  it("counts on from the last column holding a value, and takes again one blank in every row", async () => {
    const id = await freshProject("Columns count");
    await seedRows(id, "coresetup", [
      { parameter: "SegmentName", values: { Item1: "SEG01", Item2: "SEG02", Item3: "" } },
      { parameter: "DeckWidth", values: { Item1: "12.8", Item2: "12.8", Item3: "" } },
    ]);
    expect(await expectJson(await addColumn("coresetup", alice.client, id), 201)).toMatchObject({ column: "Item3", name: "SEG03" });
  });

  it("a table with no row naming its items is refused (409), saying why, and nothing is written", async () => {
    const id = await freshProject("Columns unnamed");
    await seedRows(id, "box", [{ parameter: "SpanLength", values: { Item1: "36" } }]);
    const refused = await expectJson<{ error: string }>(await addColumn("box", alice.client, id), 409);
    expect(refused.error).toBe(NO_NAMING_ROW);
    expect(await table("box", id)).toMatchObject([{ Parameter: "SpanLength", Version: 1 }]);
    await expectJson(await addColumn("pier", alice.client, id), 409);
  });

  it("a viewer may not add a column (403)", async () => {
    const id = await freshProject("Columns viewer");
    await joinProject(viewer.userId, id, "viewer");
    await expectJson(await start("pier", alice.client, id), 201);
    await expectJson(await addColumn("pier", viewer.client, id), 403);
    expect((await table("pier", id)).find((r) => r.Parameter === "PierName")).toMatchObject({ Version: 1 });
  });
});
