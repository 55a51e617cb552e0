import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { RevitAgent } from "@/lib/revit/agent";
import { useTestDatabase } from "@/test/database";
import { expectJson, type TestClient } from "@/test/http";
import { useTestRelays } from "@/test/relay";
import { seedRows, signedInClient } from "@/test/session";
import * as recent from "../revit/pushes/route";
import * as tokens from "../revit/tokens/route";
import * as activity from "./[id]/datasets/[ds]/activity/route";
import * as exportRoute from "./[id]/datasets/[ds]/export/route";
import * as importRoute from "./[id]/datasets/[ds]/import/route";
import * as history from "./[id]/datasets/[ds]/rows/[rowId]/history/route";
import * as row from "./[id]/datasets/[ds]/rows/[rowId]/route";
import * as rows from "./[id]/datasets/[ds]/rows/route";
import * as preview from "./[id]/pushes/preview/route";
import * as pushes from "./[id]/pushes/route";

/** Issue 26: Item columns named by what they stand for, and renames told as renames. */

const database = useTestDatabase();
const startRelay = useTestRelays(database);

type Row = Record<string, string | number>;
type Cell = { column: string; before: string; after: string };
type Renamed = { from: string; to: string } | null;
type Entry = { version: number; action: string; parameter: string; changes: Cell[]; renamed: Renamed };

let me: Awaited<ReturnType<typeof signedInClient>>;
let wsUrl: string;
const at = (ds: string, extra: Record<string, string> = {}) => ({ params: { id: String(me.projectId), ds, ...extra } });
const table = async (ds: string) => (await expectJson<{ data: Row[]; columns: string[] }>(await me.client.get(rows.GET, "", at(ds)), 200)).data;
const rowOf = async (ds: string, parameter: string) => (await table(ds)).find((r) => r.Parameter === parameter)!;

beforeAll(async () => {
  ({ wsUrl } = await startRelay());
  me = await signedInClient("renames");
  await seedRows(me.projectId, "pier", [
    { parameter: "PierName", values: { Item1: "P1", Item2: "P2" } },
    { parameter: "PierHeight", values: { Item1: "12.4", Item2: "13.100", Item3: "9.000" } },
  ]);
  // Made through the API, so that its history starts with its creation.
  await expectJson(
    await me.client.post(rows.POST, "", { ...at("pier"), body: { data: { Parameter: "SkewAngle", Item1: "0.2617993877991494", Item2: "0.26" } } }),
    201,
  );
});

/** An add-in that applies every push, so the table has a baseline for the preview. */
async function addIn() {
  const { token } = await expectJson<{ token: string }>(await me.client.post(tokens.POST, "/api/revit/tokens", { body: { name: "Workstation" } }), 201);
  const agent = new RevitAgent({ url: wsUrl, token, document: "Bridge.rvt", apply: async () => ({ status: "applied", errors: [] }) });
  const welcome = agent.next("welcome");
  agent.start();
  await welcome;
  return agent;
}

async function pushAndWait(c: TestClient, body: Record<string, unknown>) {
  const answer = await expectJson<{ pushId: string }>(await c.post(pushes.POST, "", { params: { id: String(me.projectId) }, body }), 202);
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const { pushes: list } = await expectJson<{ pushes: { pushId: string; ackedAt: string | null }[] }>(await c.get(recent.GET, "/api/revit/pushes"), 200);
    if (list.find((p) => p.pushId === answer.pushId)?.ackedAt) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the add-in never acknowledged the push");
}

describe("a rename", () => {
  it("is told as a rename in the row's history, the table's activity and the push preview", async () => {
    const agent = await addIn();
    try {
      await pushAndWait(me.client, { dataset: "pier" });
      const skew = await rowOf("pier", "SkewAngle");
      await expectJson(
        await me.client.call(row.PATCH, "", {
          method: "PATCH",
          ...at("pier", { rowId: String(skew.Id) }),
          body: { data: { Version: skew.Version, Parameter: "SkewAngleAtBearing", Item2: "0.3" } },
        }),
        200,
      );

      const { versions } = await expectJson<{ versions: Entry[] }>(await me.client.get(history.GET, "", at("pier", { rowId: String(skew.Id) })), 200);
      expect(versions.map((v) => [v.version, v.action, v.renamed])).toEqual([
        [2, "edit", { from: "SkewAngle", to: "SkewAngleAtBearing" }],
        // A row made is not a rename, though its Parameter went from nothing to a name.
        [1, "create", null],
      ]);
      // The cells are as they always were: the Parameter first, then the values.
      expect(versions[0]!.changes).toEqual([
        { column: "Parameter", before: "SkewAngle", after: "SkewAngleAtBearing" },
        { column: "Item2", before: "0.26", after: "0.3" },
      ]);

      const { events } = await expectJson<{ events: (Entry & { rowId: number })[] }>(await me.client.get(activity.GET, "/x", at("pier")), 200);
      expect(events[0]).toMatchObject({
        rowId: skew.Id,
        action: "edit",
        parameter: "SkewAngleAtBearing",
        renamed: { from: "SkewAngle", to: "SkewAngleAtBearing" },
      });
      // Found by its old name too.
      const byOldName = await expectJson<{ events: Entry[] }>(await me.client.get(activity.GET, "/x?parameter=SkewAngle", at("pier")), 200);
      expect(byOldName.events.map((e) => e.renamed)).toEqual([{ from: "SkewAngle", to: "SkewAngleAtBearing" }, null]);

      const seen = await expectJson<{ added: Row[]; removed: Row[]; changed: { id: number; parameter: string; cells: Cell[]; renamed: Renamed }[] }>(
        await me.client.post(preview.POST, "", { params: { id: String(me.projectId) }, body: { dataset: "pier" } }),
        200,
      );
      // Revit sees a renamed row, not SkewAngle removed and SkewAngleAtBearing added.
      expect([seen.added, seen.removed]).toEqual([[], []]);
      expect(seen.changed).toEqual([
        {
          id: skew.Id,
          parameter: "SkewAngleAtBearing",
          cells: [
            { column: "Parameter", before: "SkewAngle", after: "SkewAngleAtBearing" },
            { column: "Item2", before: "0.26", after: "0.3" },
          ],
          renamed: { from: "SkewAngle", to: "SkewAngleAtBearing" },
        },
      ]);
    } finally {
      await agent.stop();
    }
  });

  it("a deletion is not a rename", async () => {
    const height = await rowOf("pier", "PierHeight");
    await expectJson(await me.client.delete(row.DELETE, "", at("pier", { rowId: String(height.Id) })), 200);
    const { events } = await expectJson<{ events: Entry[] }>(await me.client.get(activity.GET, "/x", at("pier")), 200);
    expect(events[0]).toMatchObject({ action: "delete", parameter: "PierHeight", renamed: null });
    await seedRows(me.projectId, "pier", [{ parameter: "PierHeight", values: { Item1: "12.4", Item2: "13.100", Item3: "9.000" } }]);
  });
});

describe("Item columns named by the table's naming row", () => {
  const download = async (format: "xlsx" | "csv") => {
    const response = await me.client.get(exportRoute.GET, `/api/projects/${me.projectId}/datasets/pier/export?format=${format}`, at("pier"));
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };
  const previewOf = async (bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.append("file", new Blob([bytes as BlobPart]), name);
    return expectJson<{ added: unknown[]; changed: { parameter: string; cells: Cell[] }[]; missing: unknown[]; newColumns: string[] }>(
      await me.client.post(importRoute.POST, "", { ...at("pier"), form }),
      200,
    );
  };

  it("head the exports as Item1 · P1, while the API's columns stay Item1", async () => {
    const answer = await expectJson<{ columns: string[] }>(await me.client.get(rows.GET, "", at("pier")), 200);
    expect(answer.columns).toEqual(expect.arrayContaining(["Item1", "Item2", "Item3"]));
    expect(answer.columns.some((c) => c.includes("·"))).toBe(false);

    const csv = new TextDecoder().decode(await download("csv"));
    expect(csv.split("\r\n")[0]).toBe("Id,Parameter,Unit,Item1 · P1,Item2 · P2,Item3,Version");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download("xlsx")).buffer as ArrayBuffer);
    expect(workbook.getWorksheet("Revit_Pier Data")!.getRow(1).values).toEqual([undefined, "Id", "Parameter", "Unit", "Item1 · P1", "Item2 · P2", "Item3"]);
  });

  it("re-import unchanged (CSV and workbook), and a changed cell under Item2 · P2 changes Item2", async () => {
    for (const [bytes, name] of [
      [await download("csv"), "pier.csv"],
      [await download("xlsx"), "pier.xlsx"],
    ] as const) {
      expect(await previewOf(bytes, name), name).toMatchObject({ added: [], changed: [], missing: [], newColumns: [] });
    }
    const csv = new TextDecoder().decode(await download("csv")).replace("PierHeight,m,12.4,13.100,", "PierHeight,m,12.4,13.2,");
    const seen = await previewOf(new TextEncoder().encode(csv), "pier.csv");
    expect(seen.changed).toEqual([expect.objectContaining({ parameter: "PierHeight", cells: [{ column: "Item2", before: "13.100", after: "13.2" }] })]);
  });
});
