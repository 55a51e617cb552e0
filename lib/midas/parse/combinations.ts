import { COMBINATION_HEADER_ROWS, namedItems, parseNumber, type TableReader } from "./reader";
import type { CaseNames, SubLoadCase, SuperLoadCase, VehicleData } from "./loads";

export type CombinationData = {
  item: string;
  name: string;
  limitState: "Ultimate" | "Serviceability" | "Other";
  method: "Add" | "Envelope";
  description: string;
  factors: { name: string; factor: number }[];
  /** Made by the model build from the cases' kinds (combinations.ts), not read from the table. */
  generated?: boolean;
};

/** Load Combinations: its header rows, then one factor row per load case or combination it may include. */
export function readCombinations(
  reader: TableReader,
  caseNames: CaseNames,
  cases: {
    superLoads: readonly SuperLoadCase[];
    subLoads: readonly SubLoadCase[];
    vehicles: readonly VehicleData[];
    /** Generated combinations and secondary-effect cases a table combination may include. */
    generated: readonly string[];
    secondary: readonly string[];
  },
): CombinationData[] {
  const combItems = namedItems(reader);
  const combNames = combItems.map((c) => c.name);
  for (const c of combItems) caseNames.claim(reader, "CombinationName", c.item, c.name);
  const staticNames = [...cases.superLoads, ...cases.subLoads].map((c) => c.name).concat(cases.secondary);
  const movingNames = cases.vehicles.map((v) => v.caseName).filter((n) => n !== "");
  const factorRows = reader.rows.filter((row) => !COMBINATION_HEADER_ROWS.has(row.parameter));
  const combinations: CombinationData[] = combItems.map(({ item, name, label }) => {
    const factors: { name: string; factor: number }[] = [];
    for (const row of factorRows) {
      const text = (row.values[item] ?? "").trim();
      if (text === "") continue;
      const factor = parseNumber(text);
      if (factor === null || Math.abs(factor) > 10) {
        reader.problem(row.parameter, item, `The factor of ${row.parameter} in ${label} is "${text}"; enter a number between -10 and 10, or leave it blank.`);
        continue;
      }
      const known = [...staticNames, ...movingNames, ...combNames, ...cases.generated];
      const target = known.find((n) => n === row.parameter);
      if (!target) {
        reader.problem(
          row.parameter,
          item,
          `Row "${row.parameter}" gives ${label} a factor, but no load case, moving load or combination is named "${row.parameter}". Rename the row to a defined case.`,
        );
        continue;
      }
      if (target === name) {
        reader.problem(row.parameter, item, `${label} includes itself; remove the factor from row "${row.parameter}".`);
        continue;
      }
      factors.push({ name: target, factor });
    }
    if (factors.length === 0) reader.problem("CombinationName", item, `${label} has no factors; give at least one load case a factor in its rows.`);
    return {
      item,
      name,
      limitState: (reader.text("LimitState", item, label) || "Other") as CombinationData["limitState"],
      method: (reader.text("CombinationMethod", item, label) || "Add") as CombinationData["method"],
      description: reader.text("Description", item, label),
      factors,
    };
  });
  for (const cycle of combinationCycles(combinations)) {
    const first = combinations.find((c) => c.name === cycle[0])!;
    reader.problem("CombinationName", first.item, `Combinations ${cycle.join(" → ")} include each other in a loop; MIDAS cannot evaluate them.`);
  }
  return combinations;
}

/** Loops in combinations that include combinations (A includes B includes A). */
function combinationCycles(combinations: CombinationData[]): string[][] {
  const byName = new Map(combinations.map((c) => [c.name, c]));
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "open") {
      cycles.push([...path.slice(path.indexOf(name)), name]);
      return;
    }
    state.set(name, "open");
    for (const f of byName.get(name)?.factors ?? []) if (byName.has(f.name)) visit(f.name, [...path, name]);
    state.set(name, "done");
  };
  for (const c of combinations) visit(c.name, []);
  return cycles;
}
