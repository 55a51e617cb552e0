import { afterEach, describe, expect, it, vi } from "vitest";
import { actionReport, type AssistantActions, decide, projectActions, rowEditRequests } from "./actions";
import type { ConfirmProposal, RowEditsProposal } from "./cards";

const proposal: RowEditsProposal = {
  kind: "rowEdits",
  dataset: "pier",
  title: "Revit_Pier Data",
  applicable: true,
  skipped: [],
  edits: [
    { rowId: 1, parameter: "PierHeight", column: "Item1", version: 3, angle: false, oldValue: "10", newValue: "12", oldStored: "10", newStored: "12" },
    {
      rowId: 2,
      parameter: "PierSkewAngle",
      column: "Item1",
      version: 5,
      angle: true,
      oldValue: "15.00",
      newValue: "30",
      oldStored: "0.26",
      newStored: "0.5235987755982988",
    },
    { rowId: 1, parameter: "PierHeight", column: "Item2", version: 3, angle: false, oldValue: "11", newValue: "13", oldStored: "11", newStored: "13" },
  ],
};

function recording(overrides: Partial<AssistantActions> = {}) {
  const calls: unknown[][] = [];
  const actions: AssistantActions = {
    applyRowEdits: async (...args) => (calls.push(["applyRowEdits", ...args]), { ok: true, message: "Saved." }),
    pushToRevit: async (...args) => (calls.push(["pushToRevit", ...args]), { ok: true, message: "Sent." }),
    createMidasModel: async () => (calls.push(["createMidasModel"]), { ok: true, message: "Built." }),
    runMidasAnalysis: async () => (calls.push(["runMidasAnalysis"]), { ok: true, message: "Ran." }),
    ...overrides,
  };
  return { actions, calls };
}

const now = new Date("2026-01-01T10:00:00Z");

describe("the engineer's decision on a card", () => {
  it("Apply saves one change per row, with the row's Version and the stored (radian) values", async () => {
    expect(rowEditRequests(proposal.edits)).toEqual([
      { rowId: 1, version: 3, values: { Item1: "12", Item2: "13" } },
      { rowId: 2, version: 5, values: { Item1: "0.5235987755982988" } },
    ]);
    const { actions, calls } = recording();
    expect(await decide(proposal, "confirm", actions, now)).toEqual({ ok: true, message: "Saved.", at: "2026-01-01T10:00:00.000Z" });
    expect(calls).toEqual([["applyRowEdits", "pier", rowEditRequests(proposal.edits)]]);
  });

  it("a version conflict comes back with the current row, for the card", async () => {
    const current = { Id: 1, Parameter: "PierHeight", Version: 4, Item1: "11" };
    const { actions } = recording({ applyRowEdits: async () => ({ ok: false, error: "Someone else saved this row.", conflict: { rowId: 1, current } }) });
    expect(await decide(proposal, "confirm", actions, now)).toEqual({
      ok: false,
      message: "Someone else saved this row.",
      at: "2026-01-01T10:00:00.000Z",
      conflict: { rowId: 1, current },
    });
  });

  it("Discard and a not-applicable proposal (a viewer) run nothing", async () => {
    const { actions, calls } = recording();
    expect(await decide(proposal, "discard", actions, now)).toMatchObject({ ok: false, declined: true });
    expect(await decide({ ...proposal, applicable: false, reason: "Viewers cannot change tables." }, "confirm", actions, now)).toMatchObject({
      ok: false,
      message: "Viewers cannot change tables.",
    });
    expect(calls).toEqual([]);
  });

  it("Confirm runs the one action the card names; a network failure becomes a message", async () => {
    const push: ConfirmProposal = {
      kind: "confirm",
      action: "pushToRevit",
      title: "Push to Revit",
      summary: "",
      dataset: "pier",
      parameter: "PierHeight",
      applicable: true,
    };
    const { actions, calls } = recording({ runMidasAnalysis: async () => Promise.reject(new TypeError("Failed to fetch")) });
    await decide(push, "confirm", actions, now);
    await decide({ ...push, action: "createMidasModel", dataset: undefined, parameter: undefined }, "confirm", actions, now);
    expect(calls).toEqual([["pushToRevit", "pier", "PierHeight"], ["createMidasModel"]]);
    expect(await decide({ ...push, action: "runMidasAnalysis" }, "confirm", actions, now)).toMatchObject({
      ok: false,
      message: expect.stringContaining("Cannot reach the server"),
    });
  });

  it("the report the chat sends says what was pressed and what came of it", () => {
    expect(actionReport(proposal, { ok: true, message: "Saved 3 changes in 2 rows.", at: "" })).toBe(
      "I pressed Apply on the proposed changes to Revit_Pier Data. Result: Saved 3 changes in 2 rows.",
    );
    const run: ConfirmProposal = { kind: "confirm", action: "runMidasAnalysis", title: "Run the MIDAS analysis", summary: "", applicable: true };
    expect(actionReport(run, { ok: false, message: "MIDAS is busy.", at: "" })).toBe(
      'I pressed Confirm on "Run the MIDAS analysis". It failed: MIDAS is busy.',
    );
  });
});

describe("what the buttons call: the project's own routes", () => {
  type Sent = { url: string; method: string; body: unknown };
  function serve(answer: (request: Sent) => { status: number; body?: unknown; html?: boolean }) {
    const sent: Sent[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      const request = { url, method: init.method ?? "GET", body: init.body === undefined ? undefined : JSON.parse(String(init.body)) };
      sent.push(request);
      const { status, body, html } = answer(request);
      return html
        ? new Response("<html>Not found</html>", { status, statusText: "Not Found", headers: { "content-type": "text/html" } })
        : Response.json(body ?? {}, { status });
    });
    return sent;
  }
  afterEach(() => vi.unstubAllGlobals());

  it("Apply sends every row in one request, each with its Version; a 409 saved nothing and carries the current row", async () => {
    const current = { Id: 2, Parameter: "PierSkewAngle", Version: 6, Item1: "0.3" };
    const refusal = "1 of the 2 rows changed since they were read; nothing was saved. Review the newer values and save again.";
    let status = 409;
    const sent = serve(() =>
      status === 409
        ? { status, body: { error: refusal, conflicts: [{ dataset: "pier", id: 2, data: current }] } }
        : { status, body: { batchId: "b", tables: [] } },
    );
    const result = await projectActions(7).applyRowEdits("pier", rowEditRequests(proposal.edits));
    const batch = {
      url: "/api/projects/7/datasets/batch",
      method: "POST",
      body: {
        tables: [
          {
            dataset: "pier",
            edit: [
              { id: 1, data: { Item1: "12", Item2: "13", Version: 3 } },
              { id: 2, data: { Item1: "0.5235987755982988", Version: 5 } },
            ],
          },
        ],
      },
    };
    expect(sent).toEqual([batch]);
    expect(result).toEqual({ ok: false, error: refusal, conflict: { rowId: 2, current } });
    status = 200;
    expect(await projectActions(7).applyRowEdits("pier", rowEditRequests(proposal.edits))).toEqual({ ok: true, message: "Saved 3 changes in 2 rows." });
    expect(sent).toEqual([batch, batch]);
  });

  it("Push posts to the project's pushes and says where the rows went", async () => {
    const sent = serve(() => ({ status: 202, body: { pushId: "p1", projectId: 7, dataset: "pier", rows: 1, status: "queued", deliveredTo: 0 } }));
    expect(await projectActions(7).pushToRevit("pier", "PierHeight")).toEqual({ ok: true, message: "1 row queued: no add-in is connected yet." });
    expect(sent).toEqual([{ url: "/api/projects/7/pushes", method: "POST", body: { dataset: "pier", parameter: "PierHeight" } }]);
  });

  it("the MIDAS build and analysis call the project's MIDAS routes and report their outcome or refusal", async () => {
    let answer: { status: number; body?: unknown; html?: boolean } = {
      status: 200,
      body: { runId: 1, outcome: "applied", tables: { UNIT: { outcome: "applied" }, NODE: { outcome: "applied" } } },
    };
    const sent = serve(() => answer);
    const actions = projectActions(7);
    expect(await actions.createMidasModel()).toEqual({ ok: true, message: "The MIDAS model was built: 2 tables written and read back unchanged." });
    answer = { status: 200, body: { runId: 2, outcome: "mismatch", tables: { UNIT: { outcome: "applied" }, ELNK: { outcome: "mismatch" } } } };
    expect(await actions.createMidasModel()).toMatchObject({ ok: false, error: expect.stringContaining("ELNK") });
    answer = {
      status: 422,
      body: {
        error: "The Midas tables have 4 problems.",
        problems: [{ message: "Span 2 has no length." }, { message: "No section PSC1." }, { message: "a" }, { message: "b" }],
      },
    };
    expect(await actions.createMidasModel()).toEqual({
      ok: false,
      error: "The Midas tables have 4 problems. Span 2 has no length. No section PSC1. a (and 1 more: open Create Midas)",
    });
    answer = { status: 409, body: { error: "Build the model first: the tables changed since the last build." } };
    expect(await actions.runMidasAnalysis()).toEqual({ ok: false, error: "Build the model first: the tables changed since the last build." });
    answer = { status: 200, body: { outcome: "done" } };
    expect(await actions.runMidasAnalysis()).toEqual({ ok: true, message: "The analysis ran; its results can be read now." });
    // A server without the MIDAS routes: Next's HTML 404 page.
    answer = { status: 404, html: true };
    expect(await actions.runMidasAnalysis()).toEqual({ ok: false, error: "This server cannot build or run MIDAS models yet." });
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      ...Array(3).fill("POST /api/projects/7/midas/apply"),
      ...Array(3).fill("POST /api/projects/7/midas/analysis"),
    ]);
  });
});
