/**
 * Every parameter table of a project: the four Revit tables of the spec and
 * the nine Midas DB tables. One implementation serves them all (same grid,
 * same API, same rules); only these facts differ.
 */

import { type MidasDatasetKey, midasDatasetKeys, midasTableInfo } from "@/lib/midas/table-info";

export { type MidasDatasetKey, midasDatasetKeys };
export const revitDatasetKeys = ["pier", "abt", "box", "coresetup"] as const;
export const datasetKeys = [...revitDatasetKeys, ...midasDatasetKeys] as const;

export type RevitDatasetKey = (typeof revitDatasetKeys)[number];
export type DatasetKey = (typeof datasetKeys)[number];

export type DatasetInfo = {
  key: DatasetKey;
  /** The screen's route. */
  route: string;
  title: string;
  /** revit: pushed to the Revit add-in; midas: builds the MIDAS Civil NX model. */
  group: "revit" | "midas";
  /** The push-all button's label; Midas tables are not pushed to Revit. */
  pushAllLabel: string | null;
  /** What one Item column stands for, shown under the title. */
  items: string;
  /** The table's template as a button names it: "Start from the pier template". */
  template: string;
};

const revit = (key: RevitDatasetKey, route: string, title: string, pushAllLabel: string, items: string, template: string): DatasetInfo => ({
  key,
  route,
  title,
  group: "revit",
  pushAllLabel,
  items,
  template,
});
/** A Midas DB table: its screen, title and meaning come from its template (lib/midas/tables.ts). */
const midas = (key: MidasDatasetKey): DatasetInfo => ({
  key,
  route: midasTableInfo[key].route,
  title: midasTableInfo[key].title,
  group: "midas",
  pushAllLabel: null,
  items: midasTableInfo[key].itemsAre,
  template: midasTableInfo[key].title,
});

export const datasets: Record<DatasetKey, DatasetInfo> = {
  pier: revit("pier", "/revitpier", "Revit_Pier Data", "Push All to Revit", "one Item column per pier", "pier"),
  abt: revit("abt", "/revitabt", "Revit_Abt Data", "Push All to Revit", "one Item column per abutment", "abutment"),
  box: revit("box", "/revitbox", "Revit_Box Data", "Push All to Revit", "one Item column per span", "box"),
  coresetup: revit("coresetup", "/coresetup", "Core Data", "Push to Revit", "global values", "core setup"),
  midassetup: midas("midassetup"),
  midasgeneralsections: midas("midasgeneralsections"),
  midaspsc: midas("midaspsc"),
  midaspiles: midas("midaspiles"),
  midasload: midas("midasload"),
  midasloadsub: midas("midasloadsub"),
  midasmoving: midas("midasmoving"),
  midasloadcomb: midas("midasloadcomb"),
  midaspt: midas("midaspt"),
};

export function isDatasetKey(value: string): value is DatasetKey {
  return (datasetKeys as readonly string[]).includes(value);
}

export function isRevitDataset(key: DatasetKey): key is RevitDatasetKey {
  return datasets[key].group === "revit";
}

/** The table whose screen is at `pathname`, if one is. */
export function datasetAt(pathname: string): DatasetKey | undefined {
  return datasetKeys.find((key) => datasets[key].route === pathname);
}
