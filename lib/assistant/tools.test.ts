import { describe, expect, it } from "vitest";
import { fakeContext } from "@/test/llm-fake/fake-context";
import type { CalculationCard, ConfirmProposal, MidasResultsCard, RowsCard } from "./cards";
import type { AssistantContext } from "./context";
import { assistantTools, MAX_RESULT_ROWS, ToolFailure } from "./tools";

const options = { toolCallId: "t", messages: [] };

/** Runs one tool the way the SDK does, with input checked by its schema. */
async function run(context: AssistantContext, name: keyof ReturnType<typeof assistantTools>, input: unknown): Promise<unknown> {
  const tool = assistantTools(context)[name];
  const schema = tool.inputSchema as { parse: (v: unknown) => unknown };
  return (tool.execute as unknown as (input: unknown, o: typeof options) => Promise<unknown>)(schema.parse(input), options);
}

describe("calculation tools", () => {
  it("shear: φVu, checks and a calculator link with the page's parameter names", async () => {
    const card = (await run(fakeContext(), "concreteShear", {
      bv: 300,
      D: 450,
      d: 390,
      fc: 32,
      Ast: 1800,
      Vstar: 150,
      Mstar: 150,
      Asv: 157,
    })) as CalculationCard;
    expect(card.results.find((r) => r.symbol === "φVu")).toMatchObject({ value: "230.8", unit: "kN", clause: "8.2.3.1" });
    expect(card.checks.every((c) => c.pass)).toBe(true);
    const link = new URL(card.link, "http://x");
    expect(link.pathname).toBe("/calculations/concreteshear");
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ bv: "300", Vstar: "150", Asv: "157", method: "general", amendment: "2", alphaV: "90" });
  });

  it("lap length: the rounded lengths, and cover given as cover and clear spacing in the link", async () => {
    const card = (await run(fakeContext(), "lapLength", { db: 12, fc: 40, cover: 50, clearSpacing: 100 })) as CalculationCard;
    expect(card.results.find((r) => r.symbol === "Lsy.t.lap")).toMatchObject({ value: "350", unit: "mm" });
    const params = new URL(card.link, "http://x").searchParams;
    expect([params.get("cdFrom"), params.get("cover"), params.get("clearSpacing"), params.get("castBelow300"), params.get("narrow")]).toEqual([
      "cover",
      "50",
      "100",
      "0",
      "1",
    ]);
  });
});

describe("table tools", () => {
  it("readRows shows angle rows in degrees and only the asked columns", async () => {
    const card = (await run(fakeContext(), "readRows", { dataset: "pier", columns: ["Item1"] })) as RowsCard;
    expect(card.columns).toEqual(["Item1"]);
    expect(card.rows.map((r) => [r.parameter, r.angle, r.values.Item1])).toEqual([
      ["PierHeight", false, "10"],
      ["PierSkewAngle", true, "15.00"],
      ["PierWidth", false, "2.4"],
    ]);
  });

  it("refuses without a current project, with a message saying what to do", async () => {
    await expect(run(fakeContext({ role: null }), "listDatasets", {})).rejects.toThrow(/no current project/);
    await expect(
      run(fakeContext({ role: null }), "proposeRowEdits", { dataset: "pier", changes: [{ parameter: "PierHeight", column: "Item1", value: 1 }] }),
    ).rejects.toBeInstanceOf(ToolFailure);
  });

  it("proposeRowEdits explains what it left out and refuses when nothing is left", async () => {
    const context = fakeContext();
    await expect(
      run(context, "proposeRowEdits", {
        dataset: "pier",
        changes: [
          { parameter: "Nope", column: "Item1", value: 1 },
          { parameter: "PierHeight", column: "Version", value: 9 },
          { parameter: "PierHeight", column: "Item9", value: 9 },
          { parameter: "PierHeight", column: "Item1", value: "10" },
        ],
      }),
    ).rejects.toThrow(
      'Nothing to change. No row "Nope" in pier. "Version" is not a value column: only Item columns can be changed here. pier has no column "Item9". PierHeight Item1 is already 10.',
    );
    expect(context.writes).toEqual([]);
  });

  it("an unexpected failure of the server's context reaches the model as a plain sentence, without its internals", async () => {
    const broken = { ...fakeContext(), listDatasets: async () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2")) };
    await expect(run(broken, "listDatasets", {})).rejects.toThrow("The server could not read the project's data for this tool. Try again later.");
  });
});

describe("confirmation-only tools", () => {
  it("pushToRevit proposes, naming what would be pushed; MIDAS tables cannot be pushed", async () => {
    const context = fakeContext();
    expect(await run(context, "pushToRevit", { dataset: "pier", parameter: "PierHeight" })).toMatchObject({
      kind: "confirm",
      action: "pushToRevit",
      applicable: true,
      summary: "Push the row PierHeight of Revit_Pier Data to Revit.",
    });
    await expect(run(context, "pushToRevit", { dataset: "midassetup" })).rejects.toThrow(/only Revit tables/);
    expect(context.writes).toEqual([]);
  });

  it("MIDAS actions say why they cannot be confirmed: not connected, not built, a viewer", async () => {
    const offline = fakeContext({ midas: { connected: false, lastBuild: null, hasResults: false } });
    expect(await run(offline, "createMidasModel", {})).toMatchObject({ applicable: false, reason: "MIDAS Civil is not connected." });
    const unbuilt = fakeContext({ midas: { connected: true, lastBuild: null, hasResults: false } });
    expect(await run(unbuilt, "runMidasAnalysis", {})).toMatchObject({ applicable: false, reason: "The MIDAS model has not been built yet." });
    const viewer = (await run(fakeContext({ role: "viewer" }), "runMidasAnalysis", {})) as ConfirmProposal;
    expect(viewer.applicable).toBe(false);
    expect(viewer.reason).toMatch(/viewer/);
    for (const context of [offline, unbuilt]) expect(context.writes).toEqual([]);
  });

  it("midasResults is read-only: results capped, or a message when the analysis has not run", async () => {
    expect(await run(fakeContext(), "midasResults", { kind: "reaction" })).toEqual({
      kind: "midasResults",
      resultKind: "reaction",
      available: false,
      message: "There are no results yet: the analysis has not run.",
    });
    const rows = Array.from({ length: MAX_RESULT_ROWS + 5 }, (_, i) => [`S${i}`, "ULS", i]);
    const context = fakeContext({ results: { units: { force: "kN", length: "m" }, columns: ["Support", "Case", "Fz"], rows, stale: true } });
    const card = (await run(context, "midasResults", { kind: "reaction", cases: ["ULS"] })) as Extract<MidasResultsCard, { available: true }>;
    expect([card.rows.length, card.totalRows, card.truncated, card.stale]).toEqual([MAX_RESULT_ROWS, MAX_RESULT_ROWS + 5, true, true]);
  });
});
