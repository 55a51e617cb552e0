import type { MidasDatasetKey, MidasTables } from "./tables";
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
  combinations: CombinationData[];
  tendonGroups: TendonGroupData[];
};

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
  const combinations = readCombinations(reader("midasloadcomb"), caseNames, { superLoads, subLoads, vehicles });
  const tendonGroups = readTendonGroups(reader("midaspt"), setup, superLoads, pscSections);

  return { parsed: { setup, generalSections, pscSections, pileGroups, superLoads, subLoads, vehicles, combinations, tendonGroups }, problems };
}
