import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAngleName, kindFromName, parameterWords, valueProblem } from "./kinds";

describe("the angle rule at word edges (DECISIONS 18)", () => {
  it.each([
    "SkewAngle",
    "angle_deg",
    "Angle1",
    "BEARING_ANGLE",
    "skew angle",
    "PlanRotationAngle",
    "ANGLEOfSkew",
    "XAngle",
    "2Angle",
    "WingwallAngles",
    "angle",
  ])("%s is an angle row", (name) => expect(isAngleName(name)).toBe(true));

  it.each(["RectangleColumnWidth", "Triangle", "Quadrangle", "Tangle", "Strangle", "TRIANGLE_COUNT", "Angler", "Dangle", "BEARINGANGLE", "PierHeight", ""])(
    "%s is not",
    (name) => expect(isAngleName(name)).toBe(false),
  );

  it("splits CamelCase, capitals, underscores, spaces and digits into words", () => {
    expect(parameterWords("TopOfHeadstockRL")).toEqual(["top", "of", "headstock", "rl"]);
    expect(parameterWords("BEARING_ANGLE 2")).toEqual(["bearing", "angle"]);
    expect(parameterWords("HTMLAngle3deg")).toEqual(["html", "angle", "deg"]);
  });

  it("never calls a Parameter an angle that does not contain 'angle' (the spec's rule is never widened)", () => {
    fc.assert(fc.property(fc.string(), (name) => !isAngleName(name) || /angle/i.test(name)));
  });
});

describe("a row's kind by its name", () => {
  it("reads the last word: widths are lengths, counts are counts, names and types are text", () => {
    expect(kindFromName("RectangleColumnWidth")).toBe("length");
    expect(kindFromName("PileCapDepth")).toBe("length");
    expect(kindFromName("NoOfBearings")).toBe("count");
    expect(kindFromName("ColumnCount")).toBe("count");
    expect(kindFromName("BarrierType")).toBe("text");
    expect(kindFromName("SkewAngle")).toBe("angle");
  });

  it("is text when the name tells nothing: it takes any value and converts none", () => {
    expect(kindFromName("Foo")).toBe("text");
    expect(kindFromName("Notes")).toBe("text");
  });
});

describe("values checked against their row's kind", () => {
  it("an angle, length or force row refuses what is not a plain number", () => {
    for (const kind of ["angle", "length", "force"] as const) {
      expect(valueProblem(kind, "15°")).toMatch(/is not a number/);
      expect(valueProblem(kind, "2,5 m")).toMatch(/is not a number/);
      expect(valueProblem(kind, "TBC")).toMatch(/is not a number/);
      expect(valueProblem(kind, "2,5")).toMatch(/is not a number/);
      expect(valueProblem(kind, "Infinity")).toMatch(/is not a number/);
    }
    expect(valueProblem("angle", "15°")).toBe("is not a number (an angle row takes numbers only)");
    expect(valueProblem("length", "TBC")).toBe("is not a number (a length row takes numbers only)");
  });

  it("takes plain decimals, exponents and blanks", () => {
    for (const value of ["2.5", "-0.25", "+3", ".5", "1e3", "0.261799387799", "", "  "]) expect(valueProblem("length", value)).toBeNull();
  });

  it("a count row takes whole numbers only", () => {
    expect(valueProblem("count", "6")).toBeNull();
    expect(valueProblem("count", "2.5")).toMatch(/whole number/);
    expect(valueProblem("count", "-1")).toMatch(/whole number/);
  });

  it("a text row takes anything", () => {
    fc.assert(fc.property(fc.string(), (value) => valueProblem("text", value) === null));
  });
});
