import { describe, expect, it } from "vitest";
import { copyTargets } from "./copy";

describe("copyTargets", () => {
  it("fills Item1..ItemN with the value", () => {
    expect([...copyTargets("1.200", 3)]).toEqual([
      ["Item1", "1.200"],
      ["Item2", "1.200"],
      ["Item3", "1.200"],
    ]);
  });

  it("reaches past the existing columns (the dataset grows on save)", () => {
    expect(copyTargets("x", 14).has("Item14")).toBe(true);
  });

  it("refuses N that is not a whole number from 1 to 2000", () => {
    for (const n of [0, -1, 1.5, 2001, Number.NaN]) expect(() => copyTargets("x", n)).toThrow(RangeError);
  });
});
