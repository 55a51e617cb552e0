/**
 * What the screens need of the nine Midas DB tables: their keys, routes, titles and naming rows. Apart from
 * lib/midas/tables.ts (their templates, about 35 KB of source) so that every table screen's script does not carry the
 * templates it never reads.
 */

export const midasDatasetKeys = [
  "midassetup",
  "midasgeneralsections",
  "midaspsc",
  "midaspiles",
  "midasload",
  "midasloadsub",
  "midasmoving",
  "midasloadcomb",
  "midaspt",
] as const;
export type MidasDatasetKey = (typeof midasDatasetKeys)[number];

export function isMidasDatasetKey(value: string): value is MidasDatasetKey {
  return (midasDatasetKeys as readonly string[]).includes(value);
}

export type MidasTableInfo = {
  key: MidasDatasetKey;
  route: `/midas/${MidasDatasetKey}`;
  title: string;
  /** What one Item column is. */
  itemsAre: string;
  /** The row that names each item (absent for Model Setup, whose items are spans). */
  nameParameter?: string;
};

export const midasTableInfo: Record<MidasDatasetKey, MidasTableInfo> = {
  midassetup: { key: "midassetup", route: "/midas/midassetup", title: "Model Setup", itemsAre: "global values in Item1; per-span values in Item k for span k" },
  midasgeneralsections: {
    key: "midasgeneralsections",
    route: "/midas/midasgeneralsections",
    title: "General Sections",
    itemsAre: "one section each (piers, piles, crossheads)",
    nameParameter: "SectionName",
  },
  midaspsc: { key: "midaspsc", route: "/midas/midaspsc", title: "PSC Sections", itemsAre: "one box or I girder section each", nameParameter: "SectionName" },
  midaspiles: { key: "midaspiles", route: "/midas/midaspiles", title: "Piles", itemsAre: "one pile group each", nameParameter: "PileGroupName" },
  midasload: { key: "midasload", route: "/midas/midasload", title: "Superstructure Loads", itemsAre: "one load case each", nameParameter: "LoadCaseName" },
  midasloadsub: {
    key: "midasloadsub",
    route: "/midas/midasloadsub",
    title: "Substructure Loads",
    itemsAre: "one load case each",
    nameParameter: "LoadCaseName",
  },
  midasmoving: {
    key: "midasmoving",
    route: "/midas/midasmoving",
    title: "Moving Loads",
    itemsAre: "one vehicle / lane arrangement each",
    nameParameter: "VehicleName",
  },
  midasloadcomb: {
    key: "midasloadcomb",
    route: "/midas/midasloadcomb",
    title: "Load Combinations",
    itemsAre: "one combination each; one row per load case holds its factor",
    nameParameter: "CombinationName",
  },
  midaspt: { key: "midaspt", route: "/midas/midaspt", title: "PT", itemsAre: "one tendon group each", nameParameter: "TendonGroupName" },
};
