import { describe, expect, it } from "vitest";
import { demoMidasTables } from "@/lib/demo/seed-midas-data";
import { rows, smallTables, withValue } from "@/test/midas-sim/fixtures";
import { validateMidasTables } from "./validate";

const problemsOf = (tables: ReturnType<typeof smallTables>) => validateMidasTables(tables);
const one = (tables: ReturnType<typeof smallTables>) => {
  const problems = problemsOf(tables);
  expect(problems).toHaveLength(1);
  return problems[0]!;
};

describe("validateMidasTables", () => {
  it("accepts the demo project's tables and the small test bridge", () => {
    expect(validateMidasTables(demoMidasTables())).toEqual([]);
    expect(problemsOf(smallTables())).toEqual([]);
  });

  it("names a girder section that PSC Sections does not define, with the table, row and item", () => {
    const p = one(withValue(smallTables(), "midassetup", "GirderSection", "Item2", "BOX-9"));
    expect(p).toMatchObject({ dataset: "midassetup", parameter: "GirderSection", item: "Item2" });
    expect(p.message).toBe('GirderSection of span 2 (Item2) is "BOX-9", but PSC Sections has no section of that name (it has BOX).');
  });

  it("says when a value is not a number and what unit it takes", () => {
    const p = one(withValue(smallTables(), "midassetup", "SpanLength", "Item1", "30m"));
    expect(p.message).toBe('SpanLength of span 1 (Item1) is "30m", which is not a number. Enter a value in m, without the unit.');
  });

  it("refuses spans that are not longer than 0 and numbers out of range", () => {
    expect(one(withValue(smallTables(), "midassetup", "SpanLength", "Item1", "0")).message).toBe(
      "SpanLength of span 1 (Item1) is 0 m; it must be greater than 0 and at most 300 m.",
    );
    expect(one(withValue(smallTables(), "midassetup", "ConcreteUnitWeight", "Item1", "250")).message).toMatch(/between 15 and 30 kN\/m³/);
  });

  it("wants an even ElementsPerSpan so a node falls at mid-span, and elements of a sensible size", () => {
    expect(one(withValue(smallTables(), "midassetup", "ElementsPerSpan", "Item2", "5")).message).toBe(
      'ElementsPerSpan of span 2 (Item2) is "5"; enter a whole, even number between 2 and 100.',
    );
    const many = one(withValue(withValue(smallTables(), "midassetup", "SpanLength", "Item1", "10"), "midassetup", "ElementsPerSpan", "Item1", "60"));
    expect(many.message).toMatch(/60 elements in span 1 \(10 m\) are 0.1666666667 m long; use fewer/);
  });

  it("checks combination factors refer to defined load cases", () => {
    const tables = smallTables();
    tables.midasloadcomb.push(...rows({ LL: [1.5, "", ""] }));
    const p = one(tables);
    expect(p).toMatchObject({ dataset: "midasloadcomb", parameter: "LL", item: "Item1" });
    expect(p.message).toMatch(/no load case, moving load or combination is named "LL"/);
  });

  it("refuses a factor that is not a number and a combination that includes itself through another", () => {
    expect(one(withValue(smallTables(), "midasloadcomb", "DL", "Item1", "x")).message).toMatch(/enter a number between -10 and 10/);
    const loop = withValue(smallTables(), "midasloadcomb", "ENV", "Item1", "1");
    expect(problemsOf(loop).map((p) => p.message)).toContainEqual(expect.stringMatching(/ULS → ENV → ULS include each other in a loop/));
  });

  it("checks every section's material is one of Model Setup's grades", () => {
    const p = one(withValue(smallTables(), "midasgeneralsections", "Material", "Item3", "C45"));
    expect(p).toMatchObject({ dataset: "midasgeneralsections", parameter: "Material", item: "Item3" });
    expect(p.message).toBe(
      'Material of Item3 ("PILE") is C45, which is not among ConcreteGrades in Model Setup (C50, C40). Add it there or pick a listed grade.',
    );
  });

  it("checks load case references of tendons and pile group references of piers", () => {
    expect(one(withValue(smallTables(), "midaspt", "LoadCaseName", "Item1", "PT")).message).toMatch(
      /Superstructure Loads has no load case of that name \(it has DL, SDL, PS\)/,
    );
    expect(one(withValue(smallTables(), "midassetup", "PileGroup", "Item1", "PG9")).message).toMatch(/Piles has no pile group of that name/);
  });

  it("keeps the pier rows blank after the last span, which ends at abutment A2", () => {
    const p = one(withValue(smallTables(), "midassetup", "PierHeight", "Item2", "9"));
    expect(p.message).toBe(
      "PierHeight has a value in Item2, but Item2 is the support after the last span, which is abutment A2, not a pier. Clear it or change SpanCount.",
    );
  });

  it("reads global values from Item1 only", () => {
    expect(one(withValue(smallTables(), "midassetup", "DeckLevel", "Item2", "5")).message).toMatch(/DeckLevel is a global value: only Item1 is read/);
  });

  it("finds unknown rows, misspelt ones and duplicate names", () => {
    const tables = smallTables();
    tables.midaspsc.push({ parameter: "depth", values: { Item1: "2" } });
    expect(problemsOf(tables)[0]!.message).toBe('PSC Sections has a row "depth"; the template spells it "Depth". Rename the row.');
    const dup = withValue(smallTables(), "midasgeneralsections", "SectionName", "Item2", "COL");
    expect(problemsOf(dup).some((p) => p.message === 'SectionName "COL" is used by Item1 and Item2; names must be unique.')).toBe(true);
  });

  it("wants load case names unique across loads, moving loads and combinations, and free of brackets", () => {
    expect(problemsOf(withValue(smallTables(), "midasmoving", "LoadCaseName", "Item1", "SDL")).map((p) => p.message)).toContainEqual(
      expect.stringMatching(/Load case name "SDL" is already used by Superstructure Loads Item2/),
    );
    expect(problemsOf(withValue(smallTables(), "midasload", "LoadCaseName", "Item1", "DL(1)"))[0]!.message).toMatch(/no brackets or commas/);
  });

  it("checks the moving load's axles, spacings and lane factors agree", () => {
    expect(one(withValue(smallTables(), "midasmoving", "AxleSpacings", "Item1", "4, 4")).message).toMatch(/2 axle loads and 2 spacings; give 1 spacing \(/);
    expect(one(withValue(smallTables(), "midasmoving", "LaneFactors", "Item1", "1")).message).toMatch(/loads 2 lanes but lists 1 lane factor;/);
  });

  it("keeps tendons inside the girder and below their breaking load", () => {
    expect(one(withValue(smallTables(), "midaspt", "DepthAtMidspan", "Item1", "2.1")).message).toMatch(
      /at or below the soffit of the girder it runs in \(2 m deep\)/,
    );
    expect(one(withValue(smallTables(), "midaspt", "JackingForce", "Item1", "4000")).message).toMatch(/more than the breaking load of one tendon \(3209 kN/);
  });

  it("wants at least one support fixed along the bridge", () => {
    expect(one(withValue(smallTables(), "midassetup", "EndBearing", "Item1", "Free")).message).toMatch(/No support holds the deck along the bridge/);
  });
});
