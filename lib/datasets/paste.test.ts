import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePastedValues, pasteTargets } from "./paste";

describe("parsePastedValues", () => {
  it("splits on any whitespace and drops empty pieces", () => {
    expect(parsePastedValues("  12.5 13.0\n14.25   15 ")).toEqual(["12.5", "13.0", "14.25", "15"]);
  });

  it("splits Excel's tab-separated cells on tabs and line breaks, keeping spaces inside a cell", () => {
    expect(parsePastedValues("Pot Guided\tElastomeric Laminated\t\r\nFixed")).toEqual(["Pot Guided", "Elastomeric Laminated", "Fixed"]);
  });

  it("never yields an empty or untrimmed value", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        for (const value of parsePastedValues(text)) {
          expect(value).not.toBe("");
          expect(value).toBe(value.trim());
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("pasteTargets", () => {
  it("places values into Item1, Item2, ... only where those columns exist", () => {
    const targets = pasteTargets(["a", "b", "c", "d"], ["Item1", "Item2", "Item4", "Notes"]);
    expect([...targets]).toEqual([
      ["Item1", "a"],
      ["Item2", "b"],
      ["Item4", "d"],
    ]);
  });

  it("ignores values beyond the existing columns", () => {
    expect(pasteTargets(["1", "2", "3"], ["Item1"]).size).toBe(1);
  });
});
