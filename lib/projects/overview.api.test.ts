import { beforeAll, describe, expect, it } from "vitest";
import * as rows from "@/app/api/projects/[id]/datasets/[ds]/rows/route";
import { useTestDatabase } from "@/test/database";
import { expectJson } from "@/test/http";
import { joinProject, signedInClient } from "@/test/session";
import { nextStep, projectOverview, type WorkflowState } from "./overview";

useTestDatabase();

describe("the next step on the home page", () => {
  const start: WorkflowState = { revitRows: 0, canEdit: true, midasConnected: false, build: "none", analysed: false };
  it("follows the work: tables, MIDAS connection, Midas tables, Create Midas, analysis, checks", () => {
    expect(nextStep(start).text).toBe("Start from the pier template");
    expect(nextStep({ ...start, revitRows: 40 }).text).toBe("Connect MIDAS on Settings");
    expect(nextStep({ ...start, revitRows: 40, midasConnected: true })).toMatchObject({ text: "Fill the Midas tables from Revit", href: "/midas/midassetup" });
    expect(nextStep({ ...start, revitRows: 40, midasConnected: true, build: "failed" }).detail).toMatch(/last build failed/);
    expect(nextStep({ ...start, revitRows: 40, midasConnected: true, build: "stale" })).toMatchObject({ text: "Create Midas again", href: "/midas" });
    expect(nextStep({ ...start, revitRows: 40, midasConnected: true, build: "current" }).text).toBe("Run the analysis");
    expect(nextStep({ ...start, revitRows: 40, midasConnected: true, build: "current", analysed: true })).toMatchObject({
      text: "Check the girder",
      href: "/midas/midasresultgirder",
    });
  });

  it("never asks a viewer to do what they cannot", () => {
    expect(nextStep({ ...start, canEdit: false }).text).toBe("Connect MIDAS on Settings");
    expect(nextStep({ ...start, canEdit: false, midasConnected: true }).text).toBe("Look at the Midas tables");
  });
});

describe("the project overview", () => {
  let alice: Awaited<ReturnType<typeof signedInClient>>;
  beforeAll(async () => {
    alice = await signedInClient("alice");
  });

  it("a new engineer's project: empty Revit tables, no model, no add-in, and the pier template as the next step", async () => {
    const overview = await projectOverview(alice.userId, { id: alice.projectId, name: "My first project", role: "owner" });
    const pier = overview.tables.find((t) => t.dataset === "pier")!;
    expect(pier).toMatchObject({ title: "Revit_Pier Data", route: "/revitpier", rows: 0, lastChangeAt: null });
    expect(overview.tables.filter((t) => t.group === "revit").map((t) => t.dataset)).toEqual(["pier", "abt", "box", "coresetup"]);
    expect(overview.midas).toMatchObject({ connected: false, build: "none", builtAt: null, analysedAt: null });
    expect(overview.revit).toEqual({ tokens: 0, connected: 0 });
    expect(overview.activity).toEqual([]);
    expect(overview.next.text).toBe("Start from the pier template");
  });

  it("counts rows and columns, names who changed a table last, and lists the latest changes (a batch once)", async () => {
    const at = { params: { id: String(alice.projectId), ds: "pier" } };
    await expectJson(await alice.client.post(rows.POST, "", { ...at, body: { data: { Parameter: "PierHeight", Item1: "12.5", Item2: "13" } } }), 201);
    await expectJson(await alice.client.post(rows.POST, "", { ...at, body: { data: { Parameter: "PierWidth", Item1: "2.4" } } }), 201);
    const bob = await signedInClient("bob");
    await joinProject(bob.userId, alice.projectId, "viewer");

    const overview = await projectOverview(bob.userId, { id: alice.projectId, name: "My first project", role: "viewer" });
    const pier = overview.tables.find((t) => t.dataset === "pier")!;
    expect(pier).toMatchObject({ rows: 2, items: 2, lastChangeBy: alice.email });
    expect(Date.parse(pier.lastChangeAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(overview.activity.map((a) => [a.parameter, a.rows, a.title, a.by])).toEqual([
      ["PierWidth", 1, "Revit_Pier Data", alice.email],
      ["PierHeight", 1, "Revit_Pier Data", alice.email],
    ]);
    // Bob's own MIDAS connection is what counts: he has none.
    expect(overview.next.text).toBe("Connect MIDAS on Settings");
  });
});
