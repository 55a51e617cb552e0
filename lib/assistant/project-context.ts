import "server-only";
import { countRows } from "@/db/queries/rows";
import type { PublicUser } from "@/lib/auth/session";
import { datasetKeys, datasets } from "@/lib/datasets/registry";
import { datasetFromParam } from "@/lib/datasets/service";
import { carriedKind, ROW_KIND } from "@/lib/datasets/kinds";
import { fetchRowsWithKinds } from "@/lib/datasets/snapshot";
import type { ProjectAccess } from "@/lib/projects/access";
import type { AssistantContext } from "./context";

export type MidasReader = Pick<AssistantContext, "midasResults" | "midasStatus">;

const noMidas: MidasReader = {
  midasResults: async () => null,
  midasStatus: async () => ({ connected: false, lastBuild: null, hasResults: false }),
};

/** What the assistant may read: the user's current project, at their role. It has no write path. */
export function projectAssistantContext(user: PublicUser, project: ProjectAccess | null, midas: MidasReader = noMidas): AssistantContext {
  const table = (dataset: string) => {
    if (!project) throw Object.assign(new Error("You have no current project: choose or create one first."), { kind: "not-found" });
    return { projectId: project.id, dataset: datasetFromParam(dataset) };
  };
  return {
    user: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email },
    project: project && { id: project.id, name: project.name, role: project.role },
    listDatasets: async () =>
      project
        ? Promise.all(
            datasetKeys.map(async (key) => ({
              key,
              title: datasets[key].title,
              group: datasets[key].group,
              rowCount: await countRows({ projectId: project.id, dataset: key }),
            })),
          )
        : [],
    readRows: async ({ dataset, parameterFilter, columns, limit }) => {
      const filter = parameterFilter?.toLowerCase();
      const matching = (await fetchRowsWithKinds(table(dataset))).filter((row) => !filter || row.Parameter.toLowerCase().includes(filter));
      const keep = columns ? new Set(["Id", "Parameter", "Version", ...columns]) : null;
      // Each row keeps its kind (a symbol, not a column): the tools show its angles in degrees.
      const rows = matching
        .slice(0, limit)
        .map((row) => (keep ? Object.assign(Object.fromEntries(Object.entries(row).filter(([k]) => keep.has(k))), { [ROW_KIND]: carriedKind(row) }) : row));
      return { rows, total: matching.length, truncated: matching.length > limit };
    },
    ...(project ? midas : noMidas),
  };
}
