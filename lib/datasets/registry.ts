/** The four parameter tables. One implementation serves them all; only these facts differ. */

export const datasetKeys = ["pier", "abt", "box", "coresetup"] as const;
export type DatasetKey = (typeof datasetKeys)[number];

export type DatasetInfo = {
  key: DatasetKey;
  /** The screen's route. */
  route: "/revitpier" | "/revitabt" | "/revitbox" | "/coresetup";
  title: string;
  pushAllLabel: string;
};

export const datasets: Record<DatasetKey, DatasetInfo> = {
  pier: { key: "pier", route: "/revitpier", title: "Revit_Pier Data", pushAllLabel: "Push All to Revit" },
  abt: { key: "abt", route: "/revitabt", title: "Revit_Abt Data", pushAllLabel: "Push All to Revit" },
  box: { key: "box", route: "/revitbox", title: "Revit_Box Data", pushAllLabel: "Push All to Revit" },
  coresetup: { key: "coresetup", route: "/coresetup", title: "Core Data", pushAllLabel: "Push to Revit" },
};

export function isDatasetKey(value: string): value is DatasetKey {
  return (datasetKeys as readonly string[]).includes(value);
}
