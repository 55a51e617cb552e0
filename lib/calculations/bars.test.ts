import { describe, expect, it } from "vitest";
import { barArea, parseBars } from "./bars";

describe("bars as drawings write them", () => {
  it("works out the area from the count and the nominal area (AS/NZS 4671)", () => {
    expect(parseBars("4N28")).toEqual({ count: 4, diameter: 28, area: 2464 });
    expect(parseBars("12N16 @ 200")).toEqual({ count: 12, diameter: 16, spacing: 200, area: 2412 });
    expect(parseBars(" 32 n20 ")).toEqual({ count: 32, diameter: 20, area: 10_048 });
    expect(parseBars("N16")).toEqual({ count: 1, diameter: 16, area: 201 });
    expect(barArea("86N20")).toBe(27_004);
    expect(barArea(1800)).toBe(1800);
  });

  it("says what is wrong with what is not a bar", () => {
    expect(() => parseBars("4N25")).toThrow("N25 is not a bar size: use N10, N12, N16, N20, N24, N28, N32, N36 or N40");
    expect(() => parseBars("4Y28")).toThrow('write bars as count, N and diameter, e.g. "4N28" or "12N16 @ 200"');
    expect(() => parseBars("0N20")).toThrow("the number of bars is 1 to 1000");
    expect(() => parseBars("2N16 @ 0")).toThrow("the spacing is more than 0 mm");
  });
});
