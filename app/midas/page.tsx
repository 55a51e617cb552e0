import type { Metadata } from "next";
import { CreateMidas } from "@/components/midas/create-midas";
import { runAnalysisReason } from "@/components/midas/results/results-page";
import { NoProject } from "@/components/projects/no-project";
import { requireUser } from "@/lib/auth/current-user";
import { datasets } from "@/lib/datasets/registry";
import { findConnection } from "@/lib/midas/connection";
import { projectModelFile } from "@/lib/midas/model-file";
import { loadProjectTables, projectRuns } from "@/lib/midas/runs";
import { midasDatasetKeys } from "@/lib/midas/tables";
import { validateMidasTables } from "@/lib/midas/validate";
import { findTool } from "@/lib/navigation";
import { pageProjects } from "@/lib/projects/page";

const tool = findTool("/midas")!;

export const metadata: Metadata = { title: tool.label };

export default async function CreateMidasPage() {
  const page = await pageProjects();
  if (!page) {
    await requireUser("/midas");
    return null;
  }
  if (!page.current) return <NoProject title={tool.label} projects={page.projects} />;
  const project = page.current;
  const [connection, { tables }, runs, analysisReason, modelFile] = await Promise.all([
    findConnection(page.user.id),
    loadProjectTables(project.id),
    projectRuns(project.id),
    runAnalysisReason(page.user.id, project),
    projectModelFile(project.id),
  ]);
  const titles = Object.fromEntries(midasDatasetKeys.map((key) => [key, datasets[key].title]));
  return (
    <CreateMidas
      key={project.id}
      project={project}
      connection={connection && { baseUrl: connection.baseUrl, keyLast4: connection.keyLast4 }}
      modelPath={modelFile.modelPath}
      problems={validateMidasTables(tables)}
      titles={titles}
      running={runs.find((r) => r.finishedAt === null) ?? null}
      lastRun={runs.find((r) => r.finishedAt !== null) ?? null}
      analysisReason={analysisReason}
      lastAnalysis={runs.find((r) => r.kind === "analysis" && r.finishedAt !== null) ?? null}
    />
  );
}
