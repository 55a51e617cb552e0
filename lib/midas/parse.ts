import type { MidasDatasetKey, MidasTables } from "./tables";
import { generateCombinations } from "./combinations";
import { type CombinationData, readCombinations } from "./parse/combinations";
import { CaseNames, readSubLoads, readSuperLoads, readVehicles, type SubLoadCase, type SuperLoadCase, type VehicleData } from "./parse/loads";
import { type Problem, TableReader } from "./parse/reader";
import { type GeneralSectionData, type PileGroupData, type PscSectionData, readGeneralSections, readPileGroups, readPscSections } from "./parse/sections";
import { readSetup, readSetupGlobals, type SetupData } from "./parse/setup";
import { readTendonGroups, type TendonGroupData } from "./parse/tendons";

export type ParsedTables = {
  setup: SetupData;
  generalSections: GeneralSectionData[];
  pscSections: PscSectionData[];
  pileGroups: PileGroupData[];
  superLoads: SuperLoadCase[];
  subLoads: SubLoadCase[];
  vehicles: VehicleData[];
  /** The generated AS 5100.2 combinations (unless Model Setup says No) and the table's, which replace a generated one of the same name. */
  combinations: CombinationData[];
  tendonGroups: TendonGroupData[];
  /** Each prestress case that has tendons, and the generated case that carries its secondary effect (model.ts, secondaryEffects). */
  secondary: { prestress: string; secondary: string }[];
};

/** The name of the generated case that carries a prestress case's secondary effect. */
export const secondaryCaseName = (prestress: string) => `${prestress}-SEC`;

/**
 * The nine Midas tables read into what the model build needs, with every
 * problem found on the way. Each table is read after the tables it names
 * (grades, then sections, pile groups, spans and piers, load cases,
 * combinations, tendons), so a reference is checked against what exists.
 */
export function parseMidasTables(tables: MidasTables): { parsed: ParsedTables; problems: Problem[] } {
  const problems: Problem[] = [];
  const reader = (key: MidasDatasetKey) => new TableReader(key, tables[key] ?? [], problems);

  const setupReader = reader("midassetup");
  const globals = readSetupGlobals(setupReader);
  const generalSections = readGeneralSections(reader("midasgeneralsections"), globals);
  const pscSections = readPscSections(reader("midaspsc"), globals);
  const pileGroups = readPileGroups(reader("midaspiles"), generalSections);
  const setup = readSetup(setupReader, globals, {
    generalSections,
    pscNames: pscSections.map((s) => s.name),
    pileNames: pileGroups.map((p) => p.name),
  });
  const caseNames = new CaseNames();
  const superLoads = readSuperLoads(reader("midasload"), caseNames, setup.spanCount);
  const subLoads = readSubLoads(reader("midasloadsub"), caseNames, setup.piers);
  const vehicles = readVehicles(reader("midasmoving"), caseNames);
  const ptReader = reader("midaspt");
  const tendonGroups = readTendonGroups(ptReader, setup, superLoads, pscSections);
  const secondary = [...new Set(tendonGroups.map((t) => t.caseName).filter((n) => n !== ""))].map((prestress) => ({
    prestress,
    secondary: secondaryCaseName(prestress),
  }));
  const taken = new Set([...superLoads, ...subLoads].map((c) => c.name.toLowerCase()).concat(vehicles.map((v) => v.caseName.toLowerCase())));
  for (const s of secondary) {
    if (taken.has(s.secondary.toLowerCase())) {
      const t = tendonGroups.find((g) => g.caseName === s.prestress)!;
      ptReader.problem(
        "LoadCaseName",
        t.item,
        `The secondary effect of ${s.prestress} is the generated case "${s.secondary}", a name another load case has. Rename that case.`,
      );
    }
  }
  const generated = setup.generateCombinations ? generateCombinations({ superLoads, subLoads, vehicles, secondary }) : [];
  const table = readCombinations(reader("midasloadcomb"), caseNames, {
    superLoads,
    subLoads,
    vehicles,
    generated: generated.map((c) => c.name),
    secondary: secondary.map((s) => s.secondary),
  });
  // A table combination named like a generated one takes its place (and its MIDAS id); the others follow.
  const byName = new Map(table.map((c) => [c.name.toLowerCase(), c]));
  const combinations = [
    ...generated.map((c) => byName.get(c.name.toLowerCase()) ?? c),
    ...table.filter((c) => !generated.some((g) => g.name.toLowerCase() === c.name.toLowerCase())),
  ];

  return {
    parsed: { setup, generalSections, pscSections, pileGroups, superLoads, subLoads, vehicles, combinations, tendonGroups, secondary },
    problems,
  };
}
