import { NoProject } from "@/components/projects/no-project";
import { requireUser } from "@/lib/auth/current-user";
import { DomainError } from "@/lib/errors";
import { BUILD_FIRST, projectResults, type ResultsAnswer } from "@/lib/midas/analysis";
import { findConnection } from "@/lib/midas/connection";
import type { ResultKind } from "@/lib/midas/results";
import { buildStatus } from "@/lib/midas/runs";
import { refusal } from "@/lib/projects/roles";
import { pageProjects } from "@/lib/projects/page";
import { ResultsView } from "./results-view";

/** Why Run analysis cannot be used now, or null: the role, the connection, the build. */
export async function runAnalysisReason(userId: number, project: { id: number; name: string; role: Parameters<typeof refusal>[0] }): Promise<string | null> {
  const readOnly = refusal(project.role, "write", project.name);
  if (readOnly) return readOnly;
  if (!(await findConnection(userId))) return "Save your MIDAS connection on Settings first.";
  const status = await buildStatus(project.id);
  return status.build && status.current ? null : BUILD_FIRST;
}

/** A results page of Midas Control: the stored results of the current project, drawn in the browser. */
export async function MidasResultsPage({ kind, title, path }: { kind: ResultKind; title: string; path: string }) {
  const page = await pageProjects();
  if (!page) {
    await requireUser(path);
    return null;
  }
  if (!page.current) return <NoProject title={title} projects={page.projects} />;
  const project = page.current;
  let answer: ResultsAnswer | null = null;
  try {
    answer = await projectResults(project, kind);
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === "not-found")) throw error;
  }
  const reason = answer ? null : await runAnalysisReason(page.user.id, project);
  return (
    <ResultsView
      key={`${project.id}-${kind}`}
      project={{ id: project.id, name: project.name }}
      kind={kind}
      title={title}
      answer={answer}
      runReason={reason}
      refreshReason={refusal(project.role, "write", project.name)}
    />
  );
}
