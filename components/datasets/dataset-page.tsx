import { requireUser } from "@/lib/auth/current-user";
import { type DatasetKey, datasets } from "@/lib/datasets/registry";
import { DatasetScreen } from "./dataset-screen";

/** The server side of a data screen: signed-in users only, then the interactive screen. */
export async function DatasetPage({ dataset }: { dataset: DatasetKey }) {
  const info = datasets[dataset];
  const user = await requireUser(info.route);
  return <DatasetScreen dataset={info} user={user.email} />;
}
