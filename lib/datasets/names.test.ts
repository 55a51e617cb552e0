import { describe, expect, it } from "vitest";
import { normaliseParameterName } from "./names";

describe("Parameter names", () => {
  it("are one name when they differ only by invisible characters, composition or surrounding spaces", () => {
    const name = "PierHeight";
    for (const lookalike of ["Pier\u200BHeight", "\uFEFFPierHeight", "PierHeight\u2060", "Pier\u00ADHeight", "  PierHeight "]) {
      expect(normaliseParameterName(lookalike)).toBe(name);
    }
    expect(normaliseParameterName("Cafe\u0301Width")).toBe(normaliseParameterName("Caf\u00E9Width"));
  });

  it("keep visible differences", () => {
    expect(normaliseParameterName("Pier Height")).toBe("Pier Height");
    expect(normaliseParameterName("pierheight")).not.toBe(normaliseParameterName("PierHeight"));
  });
});
