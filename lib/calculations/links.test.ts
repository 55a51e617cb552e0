import { describe, expect, it } from "vitest";
import {
  calculationLink,
  calculatorLink,
  cleanHeaderField,
  cleanSource,
  isDesignActionsLink,
  readShearLink,
  SHEET_HEADER_KEYS,
  sheetHeaderFrom,
} from "./links";

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

describe("calculatorLink: a whole calculation and its sheet's header", () => {
  const GIRDER = { project: "Demo Viaduct", element: "Girder, span 3, chainage 1,136.0 m", combination: "ULS-ENV" };

  it("carries the values in the order given, then the header in SHEET_HEADER_KEYS order, whatever order the header was written in", () => {
    expect(
      calculatorLink(
        "shear",
        { bv: 300, D: 1500, d: 1380, Vstar: 2450.5, method: "general" },
        { combination: GIRDER.combination, element: GIRDER.element, project: GIRDER.project },
      ),
    ).toBe(
      "/calculations/concreteshear?bv=300&D=1500&d=1380&Vstar=2450.5&method=general&project=Demo%20Viaduct&element=Girder%2C%20span%203%2C%20chainage%201%2C136.0%20m&combination=ULS-ENV",
    );
    expect(SHEET_HEADER_KEYS).toEqual(["project", "element", "combination", "by", "date"]);
    const full = calculatorLink("lap", {}, { date: "28 Nov 2026", by: "A. Engineer", ...GIRDER });
    expect([...new URL(full, "http://localhost").searchParams.keys()]).toEqual(["project", "element", "combination", "by", "date"]);
  });

  it("reads back as the page reads it: any key, strings as they are, the header as sheetHeaderFrom gives it", () => {
    const link = calculatorLink("bending", { steel: "1800@390;900@60", Mstar: -0.125, source: "girder 34 · i-end", note: "" }, GIRDER);
    const query = new URL(link, "http://localhost").searchParams;
    expect(query.get("steel")).toBe("1800@390;900@60");
    expect(Number(query.get("Mstar"))).toBe(-0.125);
    expect(query.get("source")).toBe("girder 34 · i-end");
    expect(query.get("note")).toBe("");
    expect(sheetHeaderFrom(Object.fromEntries(query))).toEqual(GIRDER);
    expect(link).not.toMatch(/[ ·,]/);
  });

  it("leaves out undefined values and blank header fields, writes −0 as 0, and gives the bare path when nothing is left", () => {
    expect(calculatorLink("bending", { Mstar: -0, Vstar: undefined }, { project: "  ", by: undefined })).toBe("/calculations?Mstar=0");
    expect(calculatorLink("lap", {})).toBe("/calculations/laplength");
  });

  it("refuses a number that is not finite, a header key among the values, and an unknown tool", () => {
    expect(() => calculatorLink("bending", { D: Number.NaN })).toThrow(/D must be a finite number/);
    expect(() => calculatorLink("shear", { Vstar: Number.NEGATIVE_INFINITY })).toThrow(RangeError);
    expect(() => calculatorLink("lap", { project: "Demo Viaduct" })).toThrow(/header/);
    expect(() => calculatorLink("girder" as "lap", {})).toThrow(/unknown calculation tool/);
  });

  it("keeps header fields to one line of at most 120 characters and plain text (markup encoded, to be shown as text)", () => {
    const link = calculatorLink("lap", {}, { element: "Pier 2\nheadstock", by: "x".repeat(200), project: '<b onclick="alert(1)">P</b> & co' });
    const header = sheetHeaderFrom(Object.fromEntries(new URL(link, "http://localhost").searchParams));
    expect(header.element).toBe("Pier 2 headstock");
    expect(Array.from(header.by!)).toHaveLength(120);
    expect(header.by!.endsWith("x…")).toBe(true);
    expect(header.project).toBe('<b onclick="alert(1)">P</b> & co');
    expect(link).not.toMatch(/[<>"]|& /);
  });
});

describe("the sheet's header from a link", () => {
  it("takes the first of repeated keys, cleans each field and leaves blank ones out", () => {
    expect(sheetHeaderFrom({ project: ["Demo Viaduct", "Other"], element: " \t ", combination: "ULS\u0000ENV", by: "a".repeat(120), utm: "x" })).toEqual({
      project: "Demo Viaduct",
      combination: "ULS ENV",
      by: "a".repeat(120),
    });
    expect(sheetHeaderFrom({})).toEqual({});
  });

  it("cuts a field longer than 120 characters to 119 and an ellipsis, never inside a character", () => {
    const cut = cleanHeaderField("🌉".repeat(121));
    expect(Array.from(cut)).toHaveLength(120);
    expect(cut.endsWith("🌉…")).toBe(true);
    expect(cleanHeaderField("🌉".repeat(120))).toBe("🌉".repeat(120));
  });
});
