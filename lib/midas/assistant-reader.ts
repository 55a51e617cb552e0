/**
 * The assistant's read-only view of MIDAS for one user and project: the
 * stored results of a kind (filtered by case, flagged stale) and whether MIDAS
 * is connected, built and analysed. Reads what the results pages read; never
 * calls MIDAS.
 */
import "server-only";
import { latestBuild, listResults } from "@/db/queries/midas";
import type { MidasReader } from "@/lib/assistant/project-context";
import { DomainError } from "@/lib/errors";
import type { ProjectAccess } from "@/lib/projects/access";
import { projectResults } from "./analysis";
import { findConnection } from "./connection";

export function midasReader(userId: number, project: ProjectAccess | null): MidasReader {
  return {
    midasResults: async ({ kind, cases }) => {
      if (!project) return null;
      try {
        const answer = await projectResults(project, kind, { cases });
        return { units: answer.units, columns: answer.columns, rows: answer.rows, stale: answer.stale };
      } catch (error) {
        if (error instanceof DomainError && error.kind === "not-found") return null;
        // A case the results do not hold: the message names the ones they do.
        if (error instanceof DomainError) throw new Error(error.message);
        throw error;
      }
    },
    midasStatus: async () => {
      const connected = (await findConnection(userId)) !== null;
      if (!project) return { connected, lastBuild: null, hasResults: false };
      const [build, results] = await Promise.all([latestBuild(project.id), listResults(project.id)]);
      return { connected, lastBuild: build?.finishedAt?.toISOString() ?? null, hasResults: results.length > 0 };
    },
  };
}
