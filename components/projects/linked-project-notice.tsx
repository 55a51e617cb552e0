"use client";

import { LinkIcon } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { callApi } from "@/lib/http/contract";
import { projectsApi } from "@/lib/projects/api";
import type { ProjectSummary } from "@/lib/projects/schemas";
import { showCurrentProject } from "./project-link";

/**
 * Beside a page opened by a link's ?project= of another of the user's projects: the page shows that project, the
 * stored current project stays (a link never switches it); making the linked one current is a click here.
 */
export function LinkedProjectNotice({ projects, currentId }: { projects: ProjectSummary[]; currentId: number | null }) {
  const router = useRouter();
  const params = useSearchParams();
  const [busy, setBusy] = useState(false);
  const linked = projects.find((p) => String(p.id) === params.get("project"));
  if (!linked || linked.id === currentId) return null;
  const current = projects.find((p) => p.id === currentId);

  async function makeCurrent(project: ProjectSummary) {
    setBusy(true);
    const result = await callApi(projectsApi.setCurrent, { body: { projectId: project.id } });
    setBusy(false);
    if (!result.ok) {
      toast.error(`Could not switch project: ${result.error}`);
      return;
    }
    showCurrentProject(router);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 print:hidden">
      <Alert data-testid="linked-project">
        <LinkIcon aria-hidden="true" />
        <AlertTitle>This page shows {linked.name}, opened from a link</AlertTitle>
        <AlertDescription>
          <p>
            {current
              ? `Your current project is still ${current.name}: the other screens, the spec's routes and the Revit add-in follow it.`
              : "You have no current project: the other screens, the spec's routes and the Revit add-in follow the current one."}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void makeCurrent(linked)} disabled={busy}>
              Make {linked.name} current
            </Button>
            {current && (
              <Button size="sm" variant="outline" onClick={() => void makeCurrent(current)} disabled={busy}>
                Back to {current.name}
              </Button>
            )}
          </div>
        </AlertDescription>
      </Alert>
    </div>
  );
}
