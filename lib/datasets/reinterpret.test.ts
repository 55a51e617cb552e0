import { describe, expect, it } from "vitest";
import { convertedValues, readingsAcross } from "./reinterpret";

describe("stored numbers across a change of angle-ness", () => {
  it("are unchanged when the row stays an angle row or stays not one", () => {
    expect(readingsAcross({ Item1: "0.5" }, true, true)).toEqual([]);
    expect(readingsAcross({ Item1: "0.5" }, false, false)).toEqual([]);
  });

  it("from an angle row: radians kept read as plain numbers; converted, the degrees the screen showed are stored", () => {
    // Hand check: 0.785398163397 rad x 180 / pi = 45.0000000000 degrees.
    const readings = readingsAcross({ Item1: "0.785398163397", Item2: "", Item3: "TBC" }, true, false);
    expect(readings).toEqual([{ column: "Item1", stored: "0.785398163397", before: "45.00", kept: "0.785398163397", converted: "45" }]);
    expect(convertedValues(readings)).toEqual({ Item1: "45" });
  });

  it("into an angle row: plain numbers kept read as radians; converted, they are stored as the radians of those degrees", () => {
    // Hand check: 30 degrees x pi / 180 = 0.5235987755982988 rad; 30 read as radians is 1718.87 degrees.
    const readings = readingsAcross({ Item1: "30" }, false, true);
    expect(readings).toEqual([{ column: "Item1", stored: "30", before: "30", kept: "1718.87", converted: "0.5235987755982988" }]);
  });
});
