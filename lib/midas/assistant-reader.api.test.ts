import { describe, expect, it } from "vitest";
import { saveResults } from "@/db/queries/midas";
import { saveConnection } from "@/lib/midas/connection";
import { useTestDatabase } from "@/test/database";
import { signedInClient } from "@/test/session";
import { midasReader } from "./assistant-reader";

useTestDatabase();

describe("the assistant's MIDAS reader", () => {
  it("reads the stored results filtered by case, flagged stale without a current build, and says what is there", async () => {
    const person = await signedInClient("reader");
    const project = { id: person.projectId, name: "Reader project", role: "owner" as const };
    const reader = midasReader(person.userId, project);
    expect(await reader.midasResults({ kind: "reaction" })).toBeNull();
    expect(await reader.midasStatus()).toEqual({ connected: false, lastBuild: null, hasResults: false });

    await saveResults({
      projectId: project.id,
      kind: "reaction",
      analysisId: null,
      buildId: null,
      fetchedBy: person.userId,
      source: "analysis",
      data: {
        units: { force: "kN", length: "m" },
        columns: ["Support", "Chainage", "Load", "FZ"],
        rows: [
          ["A1", 0, "DL", 1200],
          ["A1", 0, "ULS(max)", 1900],
          ["A1", 0, "ULS(min)", 900],
        ],
        cases: ["DL", "ULS"],
        missing: [],
      },
    });
    await saveConnection(person.userId, { baseUrl: "http://127.0.0.1:9/civil", apiKey: "reader-key-1234" });
    const results = await reader.midasResults({ kind: "reaction", cases: ["ULS"] });
    expect(results).toEqual({
      units: { force: "kN", length: "m" },
      columns: ["Support", "Chainage", "Load", "FZ"],
      rows: [
        ["A1", 0, "ULS(max)", 1900],
        ["A1", 0, "ULS(min)", 900],
      ],
      stale: true,
    });
    await expect(reader.midasResults({ kind: "reaction", cases: ["SLS"] })).rejects.toThrow(/"SLS".*DL, ULS/);
    expect(await reader.midasStatus()).toEqual({ connected: true, lastBuild: null, hasResults: true });
    expect(await midasReader(person.userId, null).midasResults({ kind: "reaction" })).toBeNull();
  });
});
