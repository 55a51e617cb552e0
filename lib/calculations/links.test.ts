import { describe, expect, it } from "vitest";
import { calculationLink, cleanSource, isDesignActionsLink, readShearLink } from "./links";

const SOURCE = "Demo Viaduct · MIDAS build 2026-11-23 14:02 · girder element 34, i-end · ULS1 (CB:max)";

describe("calculationLink: the page of a calculator with its design actions", () => {
  it("gives each tool's page with Mstar, Vstar, Nstar and source in the query, in that order", () => {
    expect(calculationLink("bending", { Mstar: 1250.5, Vstar: 310, Nstar: -45 }, SOURCE)).toBe(
      `/calculations?Mstar=1250.5&Vstar=310&Nstar=-45&source=${encodeURIComponent(SOURCE)}`,
    );
    expect(calculationLink("shear", { Vstar: 310 })).toBe("/calculations/concreteshear?Vstar=310");
    expect(calculationLink("lap", {}, "hand calculation")).toBe("/calculations/laplength?source=hand%20calculation");
    expect(calculationLink("lap", {})).toBe("/calculations/laplength");
  });

  it("reads back exactly as the page reads it (URLSearchParams): numbers, the source with its dots, commas and colons", () => {
    const link = calculationLink("shear", { Mstar: -0.125, Vstar: 1e-7, Nstar: 123456789.75 }, SOURCE);
    const query = new URL(link, "http://localhost").searchParams;
    expect(Number(query.get("Mstar"))).toBe(-0.125);
    expect(Number(query.get("Vstar"))).toBe(1e-7);
    expect(Number(query.get("Nstar"))).toBe(123456789.75);
    expect(query.get("source")).toBe(SOURCE);
    expect(link).not.toMatch(/[ ·]/);
  });

  it("leaves out undefined actions and an empty source, and writes −0 as 0", () => {
    expect(calculationLink("bending", { Mstar: -0, Vstar: undefined }, "   ")).toBe("/calculations?Mstar=0");
  });

  it("refuses a number that is not finite: a link must not open a calculation with a blank where MIDAS gave a number", () => {
    expect(() => calculationLink("bending", { Mstar: Number.NaN })).toThrow(/Mstar must be a finite number/);
    expect(() => calculationLink("shear", { Vstar: Number.POSITIVE_INFINITY })).toThrow(RangeError);
  });

  it("keeps the source plain text: markup goes through encoded, to be shown as text", () => {
    const link = calculationLink("lap", {}, '<img src=x onerror="alert(1)"> & co');
    expect(link).not.toMatch(/[<>"&]/);
    expect(new URL(link, "http://localhost").searchParams.get("source")).toBe('<img src=x onerror="alert(1)"> & co');
  });
});

describe("the source: one line of at most 300 characters", () => {
  it("turns line breaks and other control characters into spaces and trims", () => {
    expect(cleanSource("  girder 34\n\ti-end\u0000 ")).toBe("girder 34 i-end");
  });

  it("keeps 300 characters as they are and cuts a longer text to 299 and an ellipsis, never inside a character", () => {
    const exact = "x".repeat(300);
    expect(cleanSource(exact)).toBe(exact);
    const long = "🌉".repeat(400);
    const cut = cleanSource(long);
    expect(Array.from(cut)).toHaveLength(300);
    expect(cut.endsWith("🌉…")).toBe(true);
    expect(new URL(calculationLink("bending", {}, long), "http://localhost").searchParams.get("source")).toBe(cut);
  });
});

describe("reading a link", () => {
  const shearKeys = ["bv", "D", "d", "Mstar", "Vstar", "Nstar", "amendment", "source"];

  it("a link with only design actions (and source) is a design-actions link; a whole calculation is not", () => {
    expect(isDesignActionsLink({ Mstar: "1250", source: "girder 34" }, shearKeys)).toBe(true);
    expect(isDesignActionsLink({ Vstar: "310" }, shearKeys)).toBe(true);
    expect(isDesignActionsLink({ Mstar: "1250", bv: "300" }, shearKeys)).toBe(false);
    expect(isDesignActionsLink({}, shearKeys)).toBe(false);
    expect(isDesignActionsLink({ utm: "x" }, shearKeys)).toBe(false);
  });

  it("an old Concrete Shear link (amendment, no source) had N* tension positive: it is turned round; new links are read as they are", () => {
    expect(readShearLink({ Nstar: "250", amendment: "2" })).toEqual({ Nstar: "-250", amendment: "2" });
    expect(readShearLink({ Nstar: "-80", amendment: "0", Mstar: "5" })).toEqual({ Nstar: "80", amendment: "0", Mstar: "5" });
    expect(readShearLink({ Nstar: "0", amendment: "2" })).toEqual({ Nstar: "0", amendment: "2" });
    expect(readShearLink({ Nstar: "250", amendment: "2", source: "" })).toEqual({ Nstar: "250", amendment: "2", source: "" });
    expect(readShearLink({ Nstar: "250", source: "girder 34" })).toEqual({ Nstar: "250", source: "girder 34" });
    expect(readShearLink({ Nstar: "250" })).toEqual({ Nstar: "250" });
    expect(readShearLink({ Nstar: "abc", amendment: "2" })).toEqual({ Nstar: "abc", amendment: "2" });
  });
});
