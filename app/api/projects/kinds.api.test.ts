import { beforeAll, describe, expect, it } from "vitest";
import * as fetchAll from "@/app/api/database/[ds]/fetch-all/route";
import * as createElement from "@/app/api/database/[ds]/create-element/route";
import { useTestDatabase } from "@/test/database";
import { expectJson } from "@/test/http";
import { signedInClient } from "@/test/session";
import * as kind from "./[id]/datasets/[ds]/rows/[rowId]/kind/route";
import * as row from "./[id]/datasets/[ds]/rows/[rowId]/route";
import * as rows from "./[id]/datasets/[ds]/rows/route";
import * as batch from "./[id]/datasets/batch/route";

/** Rows with a kind and a unit (docs/tables.md, "Kinds and units"): what each row takes, and what it is said to hold. */
useTestDatabase();

type Row = Record<string, string | number>;
type Refused = { error: string; problems: { parameter: string; column: string; value: string; problem: string }[] };
let alice: Awaited<ReturnType<typeof signedInClient>>;
const at = (ds = "pier") => ({ params: { id: String(alice.projectId), ds } });
const create = (data: Record<string, string>, ds = "pier") => alice.client.post(rows.POST, "", { ...at(ds), body: { data } });
const list = async (ds = "pier") => (await expectJson<{ data: Row[] }>(await alice.client.get(rows.GET, "", at(ds)), 200)).data;

beforeAll(async () => {
  alice = await signedInClient("kinds");
});

describe("a row's kind decides what it takes", () => {
  it('a new row "RectangleColumnWidth" with 2.5 stores 2.5: a length in m, not an angle', async () => {
    const made = await expectJson<{ data: Row }>(await create({ Parameter: "RectangleColumnWidth", Item1: "2.5" }), 201);
    expect(made.data.Item1).toBe("2.5");
    const listed = (await list()).find((r) => r.Parameter === "RectangleColumnWidth")!;
    expect(listed).toMatchObject({ Item1: "2.5", kind: "length", unit: "m" });
  });

  it('an angle row refuses "15°", naming the cell, and stores nothing', async () => {
    const refused = await expectJson<Refused>(await create({ Parameter: "SkewAngle", Item1: "0.26", Item2: "15°" }), 400);
    expect(refused.error).toBe('A value does not fit its row; nothing was saved. SkewAngle, Item2: "15°" is not a number (an angle row takes numbers only).');
    expect(refused.problems).toEqual([{ parameter: "SkewAngle", column: "Item2", value: "15°", problem: "is not a number (an angle row takes numbers only)" }]);
    expect((await list()).some((r) => r.Parameter === "SkewAngle")).toBe(false);
  });

  it("an edit is checked against the row as it is named, and the spec's create-element is checked too", async () => {
    const made = await expectJson<{ data: Row }>(await create({ Parameter: "PierHeight", Item1: "11.591" }), 201);
    const refused = await expectJson<Refused>(
      await alice.client.call(row.PATCH, "", { method: "PATCH", params: { ...at().params, rowId: String(made.data.Id) }, body: { data: { Item1: "2,5 m" } } }),
      400,
    );
    expect(refused.problems[0]).toMatchObject({ parameter: "PierHeight", column: "Item1", value: "2,5 m" });
    const legacy = await expectJson<Refused>(
      await alice.client.post(createElement.POST, "", { params: { ds: "pier" }, body: { data: { Parameter: "ColumnCount", Item1: "2.5" } } }),
      400,
    );
    expect(legacy.problems[0]!.problem).toBe("is not a whole number (a count row takes 0, 1, 2, ...)");
  });

  it("a change of several rows and tables lists every refused value at once and writes none of it", async () => {
    const body = {
      tables: [
        { dataset: "pier", create: [{ data: { Parameter: "PileLength", Item1: "TBC", Item2: "19.9" } }] },
        { dataset: "abt", create: [{ data: { Parameter: "WingwallAngle", Item1: "45°" } }, { data: { Parameter: "Notes", Item1: "TBC" } }] },
      ],
    };
    const refused = await expectJson<Refused>(await alice.client.post(batch.POST, "", { params: { id: String(alice.projectId) }, body }), 400);
    expect(refused.problems.map((p) => `${p.parameter}.${p.column}`).sort()).toEqual(["PileLength.Item1", "WingwallAngle.Item1"]);
    expect((await list("abt")).map((r) => r.Parameter)).toEqual([]);
  });

  it("a text row takes anything", async () => {
    await expectJson(await create({ Parameter: "PierType", Item1: "Twin Column, 15° skew" }), 201);
    expect((await list()).find((r) => r.Parameter === "PierType")).toMatchObject({ kind: "text", unit: "—" });
  });

  it("rows say their kind and unit (template first, then name); the spec's fetch-all keeps its shape", async () => {
    await expectJson(await create({ Parameter: "SkewAngle", Item1: "0.261799387799" }), 201);
    expect((await list()).find((r) => r.Parameter === "SkewAngle")).toMatchObject({ kind: "angle", unit: "rad" });
    // A new project's Midas tables start from their templates.
    expect((await list("midassetup")).find((r) => r.Parameter === "LongitudinalGrade")).toMatchObject({ kind: "percent", unit: "%" });
    const legacy = await expectJson<{ data: Row[] }>(await alice.client.get(fetchAll.GET, "", { params: { ds: "pier" } }), 200);
    for (const r of legacy.data) {
      expect(r).not.toHaveProperty("kind");
      expect(r).not.toHaveProperty("unit");
    }
  });

  it("a row sent back as it was read (with its kind and unit) saves without making them columns", async () => {
    const listed = (await list()).find((r) => r.Parameter === "PierHeight")!;
    const saved = await expectJson<{ data: Row }>(
      await alice.client.call(row.PATCH, "", {
        method: "PATCH",
        params: { ...at().params, rowId: String(listed.Id) },
        body: { data: { ...listed, Item1: "12.000" } },
      }),
      200,
    );
    expect(saved.data).not.toHaveProperty("kind");
    expect(saved.data.Item1).toBe("12.000");
  });
});

describe("the kind its engineers set for a row", () => {
  const setKind = (rowId: number | string, body: Record<string, unknown>, client = alice.client) =>
    client.call(kind.PUT, "", { method: "PUT", params: { ...at().params, rowId: String(rowId) }, body });
  const find = async (parameter: string) => (await list()).find((r) => r.Parameter === parameter)!;

  it("wins over the template and the name: checks, unit and where it came from; null goes back to the name's", async () => {
    const made = (await expectJson<{ data: Row }>(await create({ Parameter: "BearingRemarks", Item1: "12.5" }), 201)).data;
    expect(await find("BearingRemarks")).toMatchObject({ kind: "text", unit: "—", kindFrom: "name" });
    const set = await expectJson<{ data: Row }>(await setKind(made.Id!, { kind: "force", version: made.Version }), 200);
    expect(set.data).toMatchObject({
      Parameter: "BearingRemarks",
      Item1: "12.5",
      kind: "force",
      unit: "kN",
      kindFrom: "set",
      Version: Number(made.Version) + 1,
    });
    expect(await find("BearingRemarks")).toMatchObject({ kind: "force", unit: "kN", kindFrom: "set" });
    // A force row now refuses what a text row took.
    const refused = await expectJson<Refused>(
      await alice.client.call(row.PATCH, "", { method: "PATCH", params: { ...at().params, rowId: String(made.Id) }, body: { data: { Item2: "TBC" } } }),
      400,
    );
    expect(refused.problems[0]).toMatchObject({ parameter: "BearingRemarks", column: "Item2", problem: "is not a number (a force row takes numbers only)" });
    const back = await expectJson<{ data: Row }>(await setKind(made.Id!, { kind: null, version: set.data.Version }), 200);
    expect(back.data).toMatchObject({ kind: "text", kindFrom: "name" });
  });

  it('"free text" lets a numeric row hold notes; a kind its values do not fit is refused naming each cell', async () => {
    const made = (await expectJson<{ data: Row }>(await create({ Parameter: "DeckThickness", Item1: "0.25" }), 201)).data;
    const text = await expectJson<{ data: Row }>(await setKind(made.Id!, { kind: "text", version: made.Version }), 200);
    const noted = await alice.client.call(row.PATCH, "", {
      method: "PATCH",
      params: { ...at().params, rowId: String(made.Id) },
      body: { data: { Item2: "TBC by geotech", Version: text.data.Version } },
    });
    const withNote = (await expectJson<{ data: Row }>(noted, 200)).data;
    const refused = await expectJson<Refused>(await setKind(made.Id!, { kind: "length", version: withNote.Version }), 400);
    expect(refused.problems).toEqual([
      { parameter: "DeckThickness", column: "Item2", value: "TBC by geotech", problem: "is not a number (a length row takes numbers only)" },
    ]);
    expect(await find("DeckThickness")).toMatchObject({ kind: "text", kindFrom: "set", Version: withNote.Version });
  });

  it("across the angle rule: kept numbers are stored as they are, converted ones as what they showed", async () => {
    const made = (await expectJson<{ data: Row }>(await create({ Parameter: "PlanSkew", Item1: "30", Item2: "" }), 201)).data;
    // Kept: 30 becomes 30 radians (1718.87 degrees on screen).
    const kept = await expectJson<{ data: Row }>(await setKind(made.Id!, { kind: "angle", numbers: "keep", version: made.Version }), 200);
    expect(kept.data).toMatchObject({ Item1: "30", kind: "angle", unit: "rad" });
    // Converted back: the row shows 1718.87 now, so it stores 1718.87323954 (degrees as a plain number) when it stops being an angle.
    const plain = await expectJson<{ data: Row }>(await setKind(made.Id!, { kind: "number", numbers: "convert", version: kept.data.Version }), 200);
    expect(Number(plain.data.Item1)).toBeCloseTo((30 * 180) / Math.PI, 8);
    // Converted into an angle: 30 (degrees meant) is stored as pi/6 radians.
    const again = await expectJson<{ data: Row }>(await setKind(made.Id!, { kind: null, version: plain.data.Version }), 200);
    await alice.client.call(row.PATCH, "", {
      method: "PATCH",
      params: { ...at().params, rowId: String(made.Id) },
      body: { data: { Item1: "30", Version: again.data.Version } },
    });
    const current = await find("PlanSkew");
    const angle = await expectJson<{ data: Row }>(await setKind(made.Id!, { kind: "angle", numbers: "convert", version: current.Version }), 200);
    expect(Number(angle.data.Item1)).toBeCloseTo(Math.PI / 6, 12);
    expect(angle.data.Item2 ?? "").toBe("");
  });

  it("a stale Version is 409 with the row as it is now; a viewer may not set kinds", async () => {
    const made = (await expectJson<{ data: Row }>(await create({ Parameter: "CapWidth", Item1: "2.4" }), 201)).data;
    const conflict = await expectJson<{ error: string; data: Row }>(await setKind(made.Id!, { kind: "text", version: Number(made.Version) + 5 }), 409);
    expect(conflict.data).toMatchObject({ Parameter: "CapWidth", Version: made.Version });
    const viewer = await signedInClient("kinds-viewer");
    const { joinProject } = await import("@/test/session");
    await joinProject(viewer.userId, alice.projectId, "viewer");
    expect((await setKind(made.Id!, { kind: "text", version: made.Version }, viewer.client)).status).toBe(403);
    expect(await find("CapWidth")).toMatchObject({ kind: "length", kindFrom: "name" });
  });
});
