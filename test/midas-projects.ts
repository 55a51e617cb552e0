import * as row from "@/app/api/projects/[id]/datasets/[ds]/rows/[rowId]/route";
import * as rows from "@/app/api/projects/[id]/datasets/[ds]/rows/route";
import { insertProject, setCurrentProject } from "@/db/queries/projects";
import { demoMidasTables } from "@/lib/demo/seed-midas-data";
import { midasDatasetKeys } from "@/lib/midas/tables";
import { expectJson, type TestClient } from "./http";
import { seedRows, signedInClient } from "./session";

type Person = Awaited<ReturnType<typeof signedInClient>>;
type Row = Record<string, string | number>;

/** The MIDAS API tests' projects: the demo's Midas tables, and one cell edited through the row API as a user would. */
const p = (id: number, extra: Record<string, string> = {}) => ({ params: { id: String(id), ...extra } });

/** A project of the user holding the demo's Midas tables, made current. */
export async function demoProject(owner: Person, name: string): Promise<number> {
  const project = await insertProject(name, owner.userId);
  const tables = demoMidasTables();
  for (const dataset of midasDatasetKeys) await seedRows(project.id, dataset, tables[dataset]);
  await setCurrentProject(owner.userId, project.id);
  return project.id;
}

/** Sets one cell of a table's row, named by its Parameter, at the Version it has. */
export async function setCell(client: TestClient, id: number, ds: string, parameter: string, item: string, value: string): Promise<void> {
  const list = (await expectJson<{ data: Row[] }>(await client.get(rows.GET, `/api/projects/${id}/datasets/${ds}/rows`, p(id, { ds })), 200)).data;
  const target = list.find((r) => r.Parameter === parameter)!;
  const res = await client.call(row.PATCH, `/api/projects/${id}/datasets/${ds}/rows/${target.Id}`, {
    method: "PATCH",
    ...p(id, { ds, rowId: String(target.Id) }),
    body: { data: { Version: target.Version, [item]: value } },
  });
  await expectJson(res, 200);
}
