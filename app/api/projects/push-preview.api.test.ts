import { beforeAll, describe, expect, it } from "vitest";
import { RevitAgent, type ReceivedPush } from "@/lib/revit/agent";
import { useTestDatabase } from "@/test/database";
import { expectJson, type TestClient } from "@/test/http";
import { useTestRelays } from "@/test/relay";
import { joinProject, seedRows, signedInClient } from "@/test/session";
import * as recent from "../revit/pushes/route";
import * as tokens from "../revit/tokens/route";
import * as row from "./[id]/datasets/[ds]/rows/[rowId]/route";
import * as preview from "./[id]/pushes/preview/route";
import * as pushes from "./[id]/pushes/route";

const database = useTestDatabase();
const startRelay = useTestRelays(database);

type Preview = {
  added: Record<string, unknown>[];
  changed: { id: number; parameter: string; cells: { column: string; before: string; after: string }[] }[];
  removed: Record<string, unknown>[];
  baselineAt: string | null;
  recipients: { tokenName: string; document: string }[];
};

let me: Awaited<ReturnType<typeof signedInClient>>;
let wsUrl: string;
const at = () => ({ params: { id: String(me.projectId) } });
const previewOf = async (c: TestClient, body: Record<string, unknown>) => expectJson<Preview>(await c.post(preview.POST, "", { ...at(), body }), 200);

beforeAll(async () => {
  ({ wsUrl } = await startRelay());
  me = await signedInClient("preview");
  await seedRows(me.projectId, "pier", [
    { parameter: "PierHeight", values: { Item1: "12.4", Item2: "13.1" } },
    { parameter: "SkewAngle", values: { Item1: "0.26" } },
    { parameter: "ColumnCount", values: { Item1: "2" } },
  ]);
});

/** An add-in that fails the rows named, and resolves each push's acknowledgement. */
async function addIn(fail: string[] = []) {
  const { token } = await expectJson<{ token: string }>(await me.client.post(tokens.POST, "/api/revit/tokens", { body: { name: "Workstation" } }), 201);
  const agent = new RevitAgent({
    url: wsUrl,
    token,
    document: "Bridge.rvt",
    apply: async (push: ReceivedPush) => {
      const errors = push.rows
        .filter((r) => fail.includes(String(r.Parameter)))
        .map((r) => ({ id: Number(r.Id), parameter: String(r.Parameter), message: "no such parameter" }));
      return { status: errors.length ? "partial" : "applied", errors };
    },
  });
  const welcome = agent.next("welcome");
  agent.start();
  await welcome;
  return agent;
}

/** Pushes and waits until the add-in's final acknowledgement is recorded. */
async function pushAndWait(body: Record<string, unknown>) {
  const answer = await expectJson<{ status: string; pushId: string }>(await me.client.post(pushes.POST, "", { ...at(), body }), 202);
  expect(answer.status).toBe("delivered");
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const { pushes: list } = await expectJson<{ pushes: { pushId: string; ackedAt: string | null }[] }>(
      await me.client.get(recent.GET, "/api/revit/pushes"),
      200,
    );
    if (list.find((p) => p.pushId === answer.pushId)?.ackedAt) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the add-in never acknowledged the push");
}

describe("the preview before a push", () => {
  it("shows every row as new before the add-in ever applied the table, and the add-ins that would get it", async () => {
    const agent = await addIn(["SkewAngle"]);
    try {
      const first = await previewOf(me.client, { dataset: "pier" });
      expect(first.baselineAt).toBeNull();
      expect(first.added.map((r) => r.Parameter)).toEqual(["PierHeight", "SkewAngle", "ColumnCount"]);
      expect(first.recipients).toEqual([expect.objectContaining({ tokenName: "Workstation", document: "Bridge.rvt" })]);

      await pushAndWait({ dataset: "pier" });
      const after = await previewOf(me.client, { dataset: "pier" });
      expect(after.baselineAt).not.toBeNull();
      // Revit never took SkewAngle, so it is still new to it; the rest are what it holds.
      expect(after.added.map((r) => r.Parameter)).toEqual(["SkewAngle"]);
      expect(after.changed).toEqual([]);

      expect((await previewOf(me.client, { dataset: "pier", parameter: "PierHeight" })).changed).toEqual([]);
    } finally {
      await agent.stop();
    }
  });

  it("after an edit shows exactly the changed cell; a row push updates what the add-in holds of that row", async () => {
    const agent = await addIn();
    try {
      await pushAndWait({ dataset: "pier" });
      const { added } = await previewOf(me.client, { dataset: "pier" });
      expect(added).toEqual([]);
      expect((await previewOf(me.client, { dataset: "pier", parameter: "PierHeight" })).changed).toEqual([]);
      // Edit one cell of PierHeight.
      const { fetchAllRows } = await import("@/lib/datasets/snapshot");
      const pier = (await fetchAllRows({ projectId: me.projectId, dataset: "pier" })).find((r) => r.Parameter === "PierHeight")!;
      await expectJson(
        await me.client.call(row.PATCH, "", {
          method: "PATCH",
          params: { id: String(me.projectId), ds: "pier", rowId: String(pier.Id) },
          body: { data: { Version: pier.Version, Item2: "14.0" } },
        }),
        200,
      );
      const changed = await previewOf(me.client, { dataset: "pier" });
      expect(changed.changed).toEqual([{ id: pier.Id, parameter: "PierHeight", cells: [{ column: "Item2", before: "13.1", after: "14.0" }], renamed: null }]);
      await pushAndWait({ dataset: "pier", parameter: "PierHeight" });
      expect((await previewOf(me.client, { dataset: "pier" })).changed).toEqual([]);
    } finally {
      await agent.stop();
    }
  });

  it("is refused for Midas tables (400), unknown rows (404), viewers (403) and strangers (404)", async () => {
    await expectJson(await me.client.post(preview.POST, "", { ...at(), body: { dataset: "midassetup" } }), 400);
    await expectJson(await me.client.post(preview.POST, "", { ...at(), body: { dataset: "pier", parameter: "Nope" } }), 404);
    const viewer = await signedInClient("viewer");
    await joinProject(viewer.userId, me.projectId, "viewer");
    await expectJson(await viewer.client.post(preview.POST, "", { ...at(), body: { dataset: "pier" } }), 403);
    const stranger = await signedInClient("stranger");
    await expectJson(await stranger.client.post(preview.POST, "", { ...at(), body: { dataset: "pier" } }), 404);
  });
});
