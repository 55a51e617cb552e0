import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as column from "@/app/api/projects/[id]/datasets/[ds]/columns/[name]/route";
import * as importRoute from "@/app/api/projects/[id]/datasets/[ds]/import/route";
import * as row from "@/app/api/projects/[id]/datasets/[ds]/rows/[rowId]/route";
import * as rows from "@/app/api/projects/[id]/datasets/[ds]/rows/route";
import * as batch from "@/app/api/projects/[id]/datasets/batch/route";
import { flatRowSchema } from "@/lib/datasets/schemas";
import { useTestDatabase } from "@/test/database";
import { expectJson, type TestClient } from "@/test/http";
import { joinProject, signedInClient } from "@/test/session";
import { allOperations } from "./document";
import { errorBody } from "./errors";

useTestDatabase();

let owner: Awaited<ReturnType<typeof signedInClient>>;
let viewer: Awaited<ReturnType<typeof signedInClient>>;
const at = (extra: Record<string, string> = {}) => ({ params: { id: String(owner.projectId), ds: "pier", ...extra } });

/** A real failure's body is what the document says for it: only fields it declares, each of its type. */
function expectDocumented(operationId: string, status: number, body: Record<string, unknown>) {
  const contract = allOperations().find((o) => o.operationId === operationId)!.contract;
  const schema = errorBody(operationId, contract, status) as z.ZodObject;
  expect(Object.keys(body).filter((key) => !(key in schema.shape))).toEqual([]);
  expect(schema.safeParse(body).error).toBeUndefined();
}

const create = async (c: TestClient, data: Record<string, string>) =>
  (await expectJson<{ data: z.infer<typeof flatRowSchema> }>(await c.post(rows.POST, "", { ...at(), body: { data } }), 201)).data;

beforeAll(async () => {
  owner = await signedInClient("owner");
  viewer = await signedInClient("viewer");
  await joinProject(viewer.userId, owner.projectId, "viewer");
});

describe("the failures the OpenAPI document gives a schema of their own answer as documented", () => {
  it("a stale edit: 409 with the row as it is now", async () => {
    const made = await create(owner.client, { Parameter: "PierHeight", Item1: "8500" });
    const edit = (version: number) =>
      owner.client.call(row.PATCH, "", { method: "PATCH", ...at({ rowId: String(made.Id) }), body: { data: { Version: version, Item1: "8600" } } });
    await expectJson(await edit(1), 200);
    const body = await expectJson<Record<string, unknown>>(await edit(1), 409);
    expectDocumented("datasetsEdit", 409, body);
    expect(body.data).toMatchObject({ Id: made.Id, Version: 2, Item1: "8600" });
  });

  it("a stale save of many rows: 409 with every conflicting row as it is now", async () => {
    const made = await create(owner.client, { Parameter: "PierWidth", Item1: "1800" });
    const save = () => owner.client.call(rows.PATCH, "", { method: "PATCH", ...at(), body: { rows: [{ id: made.Id, data: { Version: 1, Item1: "1850" } }] } });
    await expectJson(await save(), 200);
    const body = await expectJson<Record<string, unknown>>(await save(), 409);
    expectDocumented("datasetsSaveRows", 409, body);
    expect(body.conflicts).toEqual([{ id: made.Id, data: expect.objectContaining({ Id: made.Id, Version: 2, Item1: "1850" }) }]);
  });

  it("a stale batch write: 409 with every conflicting row, its table and how it is now", async () => {
    const made = await create(owner.client, { Parameter: "PierDepth", Item1: "2000" });
    const write = () =>
      owner.client.post(batch.POST, "", {
        params: { id: String(owner.projectId) },
        body: { tables: [{ dataset: "pier", edit: [{ id: made.Id, data: { Version: 1, Item1: "2100" } }] }] },
      });
    await expectJson(await write(), 200);
    const body = await expectJson<Record<string, unknown>>(await write(), 409);
    expectDocumented("datasetsWriteRows", 409, body);
    expect(body.conflicts).toEqual([{ dataset: "pier", id: made.Id, data: expect.objectContaining({ Id: made.Id, Version: 2, Item1: "2100" }) }]);
  });

  it("a file that cannot be imported: 400 naming the sheet, row and column", async () => {
    const form = new FormData();
    form.append("file", new Blob(["Parameter,Item1\nPierHeight,8500\nPierHeight,8600\n"]), "pier.csv");
    const body = await expectJson<Record<string, unknown>>(await owner.client.post(importRoute.POST, "", { ...at(), form }), 400);
    expectDocumented("datasetsImportPreview", 400, body);
    expect(body).toMatchObject({ sheet: "pier.csv", row: 3 });
  });

  it("a column that still holds values: 409 with the rows that hold them", async () => {
    await create(owner.client, { Parameter: "PierCap", Item9: "1200" });
    const body = await expectJson<Record<string, unknown>>(await owner.client.delete(column.DELETE, "", at({ name: "Item9" })), 409);
    expectDocumented("datasetsRemoveColumn", 409, body);
    expect(body.parameters).toEqual(["PierCap"]);
  });

  it("a viewer's write: 403 naming the role", async () => {
    const body = await expectJson<Record<string, unknown>>(await viewer.client.post(rows.POST, "", { ...at(), body: { data: { Parameter: "Nope" } } }), 403);
    expectDocumented("datasetsCreate", 403, body);
    expect(body.role).toBe("viewer");
  });
});
