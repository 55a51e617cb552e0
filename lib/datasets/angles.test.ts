import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayValue, draftCell, editCell, isAngleRow, storedValue, valueToSave } from "./angles";

describe("angle rows", () => {
  it("are the rows whose Parameter contains 'angle' as a word, in any case (DECISIONS 18)", () => {
    expect(isAngleRow("SkewAngle")).toBe(true);
    expect(isAngleRow("ANGLE_OF_FRICTION")).toBe(true);
    expect(isAngleRow("triangle count")).toBe(false);
    expect(isAngleRow("RectangleColumnWidth")).toBe(false);
    expect(isAngleRow("PierHeight")).toBe(false);
  });

  it("show radians as degrees with 2 decimals", () => {
    expect(displayValue(String(Math.PI / 12), true)).toBe("15.00");
    expect(displayValue("0.261799387799", true)).toBe("15.00");
    expect(displayValue("-1.5707963267949", true)).toBe("-90.00");
    expect(displayValue("0", true)).toBe("0.00");
  });

  it("leave non-numeric and empty values alone", () => {
    expect(displayValue("", true)).toBe("");
    expect(displayValue("N/A", true)).toBe("N/A");
    expect(storedValue("varies", true)).toBe("varies");
  });

  it("leave other rows alone", () => {
    expect(displayValue("12.345", false)).toBe("12.345");
    expect(storedValue("12.345", false)).toBe("12.345");
  });

  it("save typed degrees as radian strings", () => {
    expect(Number(storedValue("15", true))).toBeCloseTo(Math.PI / 12, 15);
    expect(storedValue("180", true)).toBe(String(Math.PI));
  });

  it("save an untouched cell exactly as stored, whatever its precision", () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), (radians) => {
        const stored = String(radians);
        const cell = draftCell(stored, true);
        expect(valueToSave(cell, true)).toBe(stored);
      }),
      { numRuns: 500 },
    );
  });

  it("save a touched cell from the degrees the user sees, within the 2-decimal rounding", () => {
    fc.assert(
      fc.property(fc.double({ min: -6.3, max: 6.3, noNaN: true }), (radians) => {
        const cell = draftCell(String(radians), true);
        const retyped = editCell(cell, cell.text);
        expect(Math.abs(Number(valueToSave(retyped, true)) - radians)).toBeLessThanOrEqual(((0.005 + 1e-9) * Math.PI) / 180);
      }),
      { numRuns: 500 },
    );
  });

  it("mark a cell touched only when the user types into it", () => {
    const cell = draftCell("0.5", true);
    expect(cell.touched).toBe(false);
    expect(editCell(cell, "30").touched).toBe(true);
  });
});
