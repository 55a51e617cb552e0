import { describe, expect, it } from "vitest";
import { compareCellValues } from "./sort";

describe("sorting cells", () => {
  it("sorts blanks first, then numbers by value, then text in natural order", () => {
    const sorted = ["12.5", "P10", "12.45", "", "P2", "-3", "abc", "1e3"].sort(compareCellValues);
    expect(sorted).toEqual(["", "-3", "12.45", "12.5", "1e3", "abc", "P2", "P10"]);
  });
});
