import { describe, expect, it } from "vitest";
import { draftExtraColumns, draftFromRow, draftPayload, newRowDraft, rebaseDraft, setCellText, setCellTexts } from "./draft";

const skew = { Id: 7, Parameter: "SkewAngle", Item1: "0.261799387799", Item2: "0.3", Version: 4, CreatedAt: "", UpdatedAt: "" };

describe("editing a row", () => {
  it("shows angle rows in degrees and saves untouched cells exactly as stored", () => {
    const draft = draftFromRow(skew, ["Item1", "Item2"]);
    expect(draft.cells.Item1!.text).toBe("15.00");
    expect(draftPayload(draft)).toEqual({ Parameter: "SkewAngle", Version: 4, Item1: "0.261799387799", Item2: "0.3" });
  });

  it("converts only the cells the user typed back to radians", () => {
    const draft = setCellText(draftFromRow(skew, ["Item1", "Item2"]), "Item2", "30");
    const payload = draftPayload(draft);
    expect(payload.Item1).toBe("0.261799387799");
    expect(Number(payload.Item2)).toBeCloseTo(Math.PI / 6, 15);
  });

  it("leaves other rows' values as typed", () => {
    const draft = setCellText(draftFromRow({ Id: 1, Parameter: "PierHeight", Item1: "12.4", Version: 1 }, ["Item1"]), "Item1", "12.50");
    expect(draftPayload(draft)).toMatchObject({ Item1: "12.50" });
  });

  it("takes copied and pasted values as typed degrees on angle rows, and adds columns it lacks", () => {
    const draft = setCellTexts(
      draftFromRow(skew, ["Item1", "Item2"]),
      new Map([
        ["Item1", "45"],
        ["Item3", "90"],
      ]),
    );
    const payload = draftPayload(draft);
    expect(Number(payload.Item1)).toBeCloseTo(Math.PI / 4, 15);
    expect(Number(payload.Item3)).toBeCloseTo(Math.PI / 2, 15);
    expect(draftExtraColumns(draft, ["Item1", "Item2"])).toEqual(["Item3"]);
  });
});

describe("creating a row", () => {
  it("sends no Id or Version, and converts degrees when the new name is an angle", () => {
    let draft = newRowDraft(["Item1"]);
    draft = { ...draft, parameter: " PlanAngle " };
    draft = setCellText(draft, "Item1", "90");
    const payload = draftPayload(draft);
    expect(payload).not.toHaveProperty("Id");
    expect(payload).not.toHaveProperty("Version");
    expect(payload.Parameter).toBe("PlanAngle");
    expect(Number(payload.Item1)).toBeCloseTo(Math.PI / 2, 15);
  });
});

describe("after a conflicting save (409)", () => {
  it("keeps the user's typed values, takes the newer ones elsewhere, reports what changed and builds on the newer Version", () => {
    let draft = draftFromRow({ Id: 3, Parameter: "PierHeight", Item1: "10", Item2: "11", Item3: "12", Version: 2 }, ["Item1", "Item2", "Item3"]);
    draft = setCellText(draft, "Item1", "10.5");
    const current = { Id: 3, Parameter: "PierHeight", Item1: "10.2", Item2: "11.4", Item3: "12", Version: 3 };
    const { draft: rebased, changed } = rebaseDraft(draft, current);
    expect([...changed]).toEqual([
      ["Item1", "10.2"],
      ["Item2", "11.4"],
    ]);
    expect(rebased.version).toBe(3);
    expect(rebased.cells.Item1!.text).toBe("10.5");
    expect(rebased.cells.Item2!.text).toBe("11.4");
    expect(draftPayload(rebased)).toMatchObject({ Version: 3, Item1: "10.5", Item2: "11.4", Item3: "12" });
  });

  it("adopts a renamed Parameter unless the user renamed it too", () => {
    const draft = draftFromRow({ Id: 3, Parameter: "PierHeight", Item1: "1", Version: 1 }, ["Item1"]);
    const renamed = rebaseDraft(draft, { Id: 3, Parameter: "PierHeightTop", Item1: "1", Version: 2 });
    expect(renamed.draft.parameter).toBe("PierHeightTop");
    expect(renamed.changed.get("Parameter")).toBe("PierHeightTop");
    const mine = rebaseDraft({ ...draft, parameter: "MyName" }, { Id: 3, Parameter: "PierHeightTop", Item1: "1", Version: 2 });
    expect(mine.draft.parameter).toBe("MyName");
  });
});
