import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { datasetStates, parameterColumns, parameterRows } from "@/db/schema";
import type { TestClient } from "@/test/http";
import { expectJson, TestClient as AnonymousClient } from "@/test/http";
import { testDb, useTestDatabase } from "@/test/database";
import { signedInClient } from "@/test/session";
import * as create from "./[ds]/create-element/route";
import * as remove from "./[ds]/delete-element/route";
import * as edit from "./[ds]/edit-element/route";
import * as fetchAll from "./[ds]/fetch-all/route";

const database = useTestDatabase();
let client: TestClient;
let projectId: number;

type Row = Record<string, string | number>;

const fetchRows = async (ds: string) =>
  (await expectJson<{ data: Row[] }>(await client.get(fetchAll.GET, `/api/database/${ds}/fetch-all`, { params: { ds } }), 200)).data;
const createRow = (ds: string, data: unknown) => client.post(create.POST, `/api/database/${ds}/create-element`, { params: { ds }, body: { data } });
const editRow = (ds: string, id: unknown, data: unknown) => client.post(edit.POST, `/api/database/${ds}/edit-element`, { params: { ds }, body: { id, data } });
const deleteRow = (ds: string, id: unknown) => client.post(remove.POST, `/api/database/${ds}/delete-element`, { params: { ds }, body: { id } });

async function created(ds: string, data: Row): Promise<Row> {
  return (await expectJson<{ data: Row }>(await createRow(ds, data), 201)).data;
}

beforeAll(async () => {
  ({ client, projectId } = await signedInClient());
});

const storedRows = (dataset: string) =>
  testDb(database)
    .select()
    .from(parameterRows)
    .where(and(eq(parameterRows.projectId, projectId), eq(parameterRows.dataset, dataset)))
    .orderBy(parameterRows.id);

describe("every dataset call needs a session", () => {
  it("answers 401 without one and changes nothing", async () => {
    const anonymous = new AnonymousClient();
    await expectJson(await anonymous.get(fetchAll.GET, "/api/database/pier/fetch-all", { params: { ds: "pier" } }), 401);
    await expectJson(
      await anonymous.post(create.POST, "/api/database/pier/create-element", { params: { ds: "pier" }, body: { data: { Parameter: "Anon" } } }),
      401,
    );
    await expectJson(await anonymous.post(edit.POST, "/api/database/pier/edit-element", { params: { ds: "pier" }, body: { id: 1, data: {} } }), 401);
    await expectJson(await anonymous.post(remove.POST, "/api/database/pier/delete-element", { params: { ds: "pier" }, body: { id: 1 } }), 401);
    expect((await fetchRows("pier")).some((r) => r.Parameter === "Anon")).toBe(false);
  });
});

describe("GET /api/database/{ds}/fetch-all", () => {
  it("answers 404 for an unknown dataset", async () => {
    const body = await expectJson(await client.get(fetchAll.GET, "/api/database/bridge/fetch-all", { params: { ds: "bridge" } }), 404);
    expect(body.error).toMatch(/pier, abt, box, coresetup/);
  });

  it("answers an empty dataset with data: []", async () => {
    expect(await fetchRows("coresetup")).toEqual([]);
  });

  it("returns flat rows sorted by Id with the hidden fields; the first row carries every column ('' when missing), the others only their own", async () => {
    const a = await created("abt", { Parameter: "BackwallHeight", Item1: "1.9", Item2: "2.0" });
    const b = await created("abt", { Parameter: "WingwallAngle", Item3: "0.785398163397" });
    const rows = await fetchRows("abt");
    expect(rows.map((r) => r.Id)).toEqual([a.Id, b.Id]);
    expect(rows[0]).toEqual({
      Id: a.Id,
      Parameter: "BackwallHeight",
      Item1: "1.9",
      Item2: "2.0",
      Item3: "",
      CreatedAt: expect.any(String),
      UpdatedAt: expect.any(String),
      Version: 1,
    });
    expect(rows[1]).toEqual({
      Id: b.Id,
      Parameter: "WingwallAngle",
      Item3: "0.785398163397",
      CreatedAt: expect.any(String),
      UpdatedAt: expect.any(String),
      Version: 1,
    });
    expect(Number.isNaN(Date.parse(String(rows[0]!.CreatedAt)))).toBe(false);
  });
});

describe("POST /api/database/{ds}/create-element", () => {
  it("creates the row with 201, ignoring any Id in the payload", async () => {
    const row = await created("pier", { Id: 999, ID: 998, id: 997, Parameter: "PierHeight", Item1: "12.4", Item2: 13.1 });
    expect(row).toMatchObject({ Parameter: "PierHeight", Item1: "12.4", Item2: "13.1", Version: 1 });
    expect(row.Id).not.toBe(999);
    expect(row).not.toHaveProperty("id");
    expect(row).not.toHaveProperty("ID");
  });

  it("refuses a second row with the same Parameter with 409 and keeps the first", async () => {
    await created("pier", { Parameter: "ColumnDiameter", Item1: "1.2" });
    const body = await expectJson(await createRow("pier", { Parameter: "ColumnDiameter", Item1: "9.9" }), 409);
    expect(body.error).toMatch(/already exists/);
    const rows = (await fetchRows("pier")).filter((r) => r.Parameter === "ColumnDiameter");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.Item1).toBe("1.2");
  });

  it("needs a Parameter name", async () => {
    for (const data of [{ Item1: "1" }, { Parameter: "   " }, { Parameter: { name: "x" } }]) {
      const body = await expectJson(await createRow("pier", data), 400);
      expect(body.error).toMatch(/Parameter/);
    }
  });

  it("refuses bad column names, values of the wrong type and values over 2,000 characters, naming the field", async () => {
    const cases: [Row | Record<string, unknown>, string][] = [
      [{ Parameter: "Bad1", "1Item": "x" }, "data.1Item"],
      [{ Parameter: "Bad2", "Item 1": "x" }, "data.Item 1"],
      [{ Parameter: "Bad3", ["A".repeat(65)]: "x" }, `data.${"A".repeat(65)}`],
      [{ Parameter: "Bad4", Item1: { nested: true } }, "data.Item1"],
      [{ Parameter: "Bad5", Item1: ["a"] }, "data.Item1"],
      [{ Parameter: "Bad6", Item1: "x".repeat(2001) }, "data.Item1"],
    ];
    for (const [data, field] of cases) {
      const body = await expectJson(await createRow("box", data), 400);
      expect(body.error).toContain(`"${field}"`);
    }
    expect((await fetchRows("box")).filter((r) => String(r.Parameter).startsWith("Bad"))).toEqual([]);
  });

  it("refuses values and names Postgres cannot store (NUL, lone surrogates), found by the fuzzer", async () => {
    for (const [data, field] of [
      [{ Parameter: "Nul\u0000Name" }, "data.Parameter"],
      [{ Parameter: "NulValue", Item1: "a\u0000b" }, "data.Item1"],
      [{ Parameter: "Surrogate", Item1: "\udc00" }, "data.Item1"],
    ] as const) {
      const body = await expectJson(await createRow("box", data), 400);
      expect(body.error).toContain(`"${field}"`);
    }
  });

  it("accepts a value of exactly 2,000 characters and a 64-character column name", async () => {
    const name = `A${"b".repeat(63)}`;
    const row = await created("box", { Parameter: "LongValue", Item1: "x".repeat(2000), [name]: "ok" });
    expect(row.Item1).toHaveLength(2000);
    expect(row[name]).toBe("ok");
  });

  it("answers 400 when data is missing or not an object", async () => {
    for (const body of [{}, { data: "PierHeight" }, { data: null }, { data: [1, 2] }]) {
      await expectJson(await client.post(create.POST, "/api/database/pier/create-element", { params: { ds: "pier" }, body }), 400);
    }
  });

  it("answers 404 for an unknown dataset and writes nothing", async () => {
    await expectJson(await createRow("girder", { Parameter: "X" }), 404);
  });

  it("grows the dataset's column set: other rows then show the new column as ''", async () => {
    await created("coresetup", { Parameter: "DeckWidth", Item1: "12.8" });
    await created("coresetup", { Parameter: "LaneCount", Item1: "3", Item13: "4" });
    const rows = await fetchRows("coresetup");
    expect(rows.find((r) => r.Parameter === "DeckWidth")).toMatchObject({ Item1: "12.8", Item13: "" });
  });
});

describe("POST /api/database/{ds}/edit-element", () => {
  it("saves a row sent back exactly as fetch-all returned it, without storing Id, CreatedAt, UpdatedAt or Version as columns", async () => {
    const row = await created("pier", { Parameter: "HeadstockDepth", Item1: "1.6", Item2: "1.6" });
    const body = await expectJson<{ data: Row }>(await editRow("pier", row.Id, { ...row, ID: row.Id, id: row.Id, Item2: "1.8" }), 200);
    expect(body.data).toMatchObject({ Id: row.Id, Parameter: "HeadstockDepth", Item1: "1.6", Item2: "1.8", Version: 2 });
    const stored = (await storedRows("pier")).find((r) => r.id === row.Id);
    expect(Object.keys(stored!.values).sort()).toEqual(["Item1", "Item2"]);
    const columns = await testDb(database).select().from(parameterColumns).where(eq(parameterColumns.projectId, projectId));
    for (const hidden of ["Id", "ID", "id", "CreatedAt", "UpdatedAt", "Version", "Parameter"]) {
      expect(columns.some((c) => c.name === hidden)).toBe(false);
    }
  });

  it("accepts the id as a string of digits, as the screen may send it", async () => {
    const row = await created("pier", { Parameter: "BearingCount", Item1: "16" });
    const body = await expectJson<{ data: Row }>(await editRow("pier", String(row.Id), { Item1: "18" }), 200);
    expect(body.data.Item1).toBe("18");
  });

  it("answers 400 when the id is not a number, and 404 when no row has it", async () => {
    for (const id of ["abc", "", null, true, { id: 1 }, 1.5, -3, 0]) {
      const body = await expectJson(await editRow("pier", id, { Item1: "1" }), 400);
      expect(body.error).toMatch(/"id"/);
    }
    await expectJson(await editRow("pier", 987654, { Item1: "1" }), 404);
    await expectJson(await editRow("pier", 99999999999, { Item1: "1" }), 404);
  });

  it("refuses a stale Version with 409, returns the current row, and writes nothing", async () => {
    const row = await created("box", { Parameter: "WebThickness", Item1: "0.45" });
    const first = await expectJson<{ data: Row }>(await editRow("box", row.Id, { ...row, Item1: "0.50" }), 200);
    expect(first.data.Version).toBe(2);
    const stale = await expectJson<{ error: string; data: Row }>(await editRow("box", row.Id, { ...row, Item1: "0.40" }), 409);
    expect(stale.error).toMatch(/Someone else saved this row/);
    expect(stale.data).toMatchObject({ Id: row.Id, Item1: "0.50", Version: 2 });
    const now = (await fetchRows("box")).find((r) => r.Id === row.Id)!;
    expect(now).toMatchObject({ Item1: "0.50", Version: 2 });
  });

  it("without a Version, saves unconditionally (the SPEC payload)", async () => {
    const row = await created("box", { Parameter: "WebCount", Item1: "2" });
    await editRow("box", row.Id, { Item1: "3" });
    const body = await expectJson<{ data: Row }>(await editRow("box", row.Id, { Item1: "4" }), 200);
    expect(body.data).toMatchObject({ Item1: "4", Version: 3 });
  });

  it("renames the Parameter, but not onto another row's name (409)", async () => {
    const a = await created("abt", { Parameter: "FillHeight", Item1: "4" });
    await created("abt", { Parameter: "PileCount", Item1: "5" });
    const renamed = await expectJson<{ data: Row }>(await editRow("abt", a.Id, { Parameter: "FillHeightMax" }), 200);
    expect(renamed.data.Parameter).toBe("FillHeightMax");
    await expectJson(await editRow("abt", a.Id, { Parameter: "PileCount" }), 409);
    expect((await fetchRows("abt")).find((r) => r.Id === a.Id)!.Parameter).toBe("FillHeightMax");
  });

  it("adds a new column name (e.g. Item13) to the dataset", async () => {
    const row = await created("abt", { Parameter: "PileDiameter", Item1: "0.9" });
    await expectJson(await editRow("abt", row.Id, { ...row, Item14: "0.9" }), 200);
    // The first row (which spec clients take the columns from) carries it, blank where it has no value.
    expect((await fetchRows("abt"))[0]).toHaveProperty("Item14");
  });

  it("clears a cell sent as '' or null", async () => {
    const row = await created("abt", { Parameter: "ClearMe", Item1: "1", Item2: "2" });
    const body = await expectJson<{ data: Row }>(await editRow("abt", row.Id, { Item1: "", Item2: null }), 200);
    expect(body.data).toMatchObject({ Item1: "", Item2: "" });
  });

  it("answers 404 for an unknown dataset", async () => {
    await expectJson(await editRow("nope", 1, { Item1: "1" }), 404);
  });
});

describe("POST /api/database/{ds}/delete-element", () => {
  it("deletes the row with 200, then 404 for the same id", async () => {
    const row = await created("coresetup", { Parameter: "LaneWidth", Item1: "3.5" });
    await expectJson(await deleteRow("coresetup", row.Id), 200);
    expect((await fetchRows("coresetup")).some((r) => r.Id === row.Id)).toBe(false);
    await expectJson(await deleteRow("coresetup", row.Id), 404);
  });

  it("answers 400 when the id is not a number, and deletes nothing", async () => {
    const before = await fetchRows("coresetup");
    for (const id of ["x", null, -1, [1]]) await expectJson(await deleteRow("coresetup", id), 400);
    expect(await fetchRows("coresetup")).toEqual(before);
  });

  it("answers 404 for an unknown dataset", async () => {
    await expectJson(await deleteRow("nope", 1), 404);
  });
});

describe("dataset limits", () => {
  it("refuses one save adding more than 400 new columns (413), and a table past 1,000 columns (409), writing nothing", async () => {
    const wide: Row = { Parameter: "Wide" };
    for (let i = 1; i <= 1988; i++) wide[`C${String(i).padStart(62, "0")}`] = "1";
    const body = await expectJson(await createRow("box", wide), 413);
    expect(body.error).toMatch(/at most 400 new columns/);
    expect((await fetchRows("box")).some((r) => r.Parameter === "Wide")).toBe(false);
    const block = (from: number): Row => {
      const row: Row = { Parameter: `Block${from}` };
      for (let i = from; i < from + 400; i++) row[`W${i}`] = "1";
      return row;
    };
    await created("box", block(0));
    await created("box", block(400));
    const full = await expectJson(await createRow("box", block(800)), 409);
    expect(full.error).toMatch(/at most 1,000 columns/);
    expect((await fetchRows("box")).some((r) => r.Parameter === "Block800")).toBe(false);
  });

  it("refuses a row past 100,000 rows per dataset (409)", async () => {
    const db = testDb(database);
    await db.execute(
      sql`INSERT INTO ${parameterRows} (project_id, dataset, parameter) SELECT ${projectId}, 'coresetup', 'Bulk' || g FROM generate_series(1, 100000) g`,
    );
    await db.execute(
      sql`UPDATE ${datasetStates} SET row_count = row_count + 100000, revision = revision + 1 WHERE project_id = ${projectId} AND dataset = 'coresetup'`,
    );
    const body = await expectJson(await createRow("coresetup", { Parameter: "OneTooMany" }), 409);
    expect(body.error).toMatch(/100,000 rows/);
    await db.execute(sql`DELETE FROM ${parameterRows} WHERE project_id = ${projectId} AND parameter LIKE 'Bulk%'`);
    await db.execute(
      sql`UPDATE ${datasetStates} SET row_count = row_count - 100000, revision = revision + 1 WHERE project_id = ${projectId} AND dataset = 'coresetup'`,
    );
  });
});

describe("request forgery", () => {
  it("refuses writes from a foreign Origin (403) or without a JSON content type (415), writing nothing", async () => {
    const foreign = await client.post(create.POST, "/api/database/pier/create-element", {
      params: { ds: "pier" },
      body: { data: { Parameter: "Forged" } },
      origin: "https://attacker.example",
    });
    await expectJson(foreign, 403);
    const form = await client.post(create.POST, "/api/database/pier/create-element", {
      params: { ds: "pier" },
      rawBody: "data=Forged",
      contentType: "application/x-www-form-urlencoded",
    });
    await expectJson(form, 415);
    expect((await fetchRows("pier")).some((r) => r.Parameter === "Forged")).toBe(false);
  });
});

describe("the table snapshot kept between reads", () => {
  it("always reads what Postgres holds, whatever sequence of creates, edits, deletes and new columns came before", async () => {
    const fc = (await import("fast-check")).default;
    const op = fc.oneof(
      fc.record({ kind: fc.constant("create" as const), item: fc.integer({ min: 1, max: 4 }), value: fc.string({ maxLength: 5 }) }),
      fc.record({ kind: fc.constant("edit" as const), pick: fc.nat(), item: fc.integer({ min: 1, max: 6 }), value: fc.string({ maxLength: 5 }) }),
      fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("read" as const) }),
    );
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          const rows = await fetchRows("abt");
          if (o.kind === "create") await createRow("abt", { Parameter: `Snap${serial++}`, [`Item${o.item}`]: o.value });
          else if (o.kind === "edit" && rows.length) await editRow("abt", rows[o.pick % rows.length]!.Id, { [`Item${o.item}`]: o.value });
          else if (o.kind === "delete" && rows.length) await deleteRow("abt", rows[o.pick % rows.length]!.Id);
          const served = await fetchRows("abt");
          const stored = await storedRows("abt");
          expect(served.map((r) => [r.Id, r.Parameter, r.Version])).toEqual(stored.map((r) => [r.id, r.parameter, r.version]));
          for (const [i, r] of stored.entries()) for (const [k, v] of Object.entries(r.values)) expect(served[i]![k]).toBe(v);
        }
      }),
      { numRuns: 25 },
    );
  });
});
