"use client";

import { FolderPlusIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { callApi } from "@/lib/http/contract";
import { projectsApi } from "@/lib/projects/api";
import type { ProjectSummary } from "@/lib/projects/schemas";
import { DeleteProjectDialog } from "./delete-project-dialog";
import { NewProjectDialog } from "./new-project-dialog";
import { ProjectMembers } from "./project-members";

/** The Projects section of /settings: every project of the user with its role; owners rename, manage members and delete. */
export function ProjectsSettings({ projects, currentId, selfId }: { projects: ProjectSummary[]; currentId: number | null; selfId: number }) {
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<ProjectSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => router.refresh();

  async function rename(project: ProjectSummary, name: string) {
    setBusy(true);
    const result = await callApi(projectsApi.rename, { params: { id: project.id }, body: { name } });
    setBusy(false);
    if (!result.ok) {
      toast.error(`Could not rename: ${result.error}`);
      return;
    }
    toast.success(`Renamed to ${result.data.project.name}`);
    setRenaming(null);
    refresh();
  }

  async function remove(project: ProjectSummary) {
    setBusy(true);
    const result = await callApi(projectsApi.remove, { params: { id: project.id } });
    setBusy(false);
    if (!result.ok) {
      toast.error(`Could not delete: ${result.error}`);
      return;
    }
    toast.success(`Deleted ${project.name}`);
    setDeleting(null);
    refresh();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Projects</h2>
        </CardTitle>
        <CardDescription>
          Each project is one bridge: its tables, pushes and analysis model. Owners rename, delete and manage members; editors change the tables; viewers read
          them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {projects.length === 0 && <p className="text-sm text-muted-foreground">You are not in any project yet.</p>}
        {projects.map((project) => (
          <section key={project.id} className="grid gap-3 rounded-lg border p-3" aria-label={project.name} data-testid="project-settings">
            <div className="flex flex-wrap items-center gap-2">
              {renaming?.id === project.id ? (
                <form
                  className="flex flex-1 flex-wrap gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void rename(project, renaming.name);
                  }}
                >
                  <Input
                    aria-label={`New name for ${project.name}`}
                    value={renaming.name}
                    onChange={(e) => setRenaming({ id: project.id, name: e.target.value })}
                    className="max-w-xs"
                    autoFocus
                  />
                  <Button type="submit" size="sm" disabled={busy}>
                    Save
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <h3 className="min-w-48 flex-1 font-medium break-words">
                  {project.name}
                  {project.id === currentId && (
                    <Badge variant="secondary" className="ml-2">
                      current
                    </Badge>
                  )}
                </h3>
              )}
              <span className="text-sm text-muted-foreground">{project.role}</span>
              {project.role === "owner" && renaming?.id !== project.id && (
                <>
                  <Button size="sm" variant="outline" onClick={() => setRenaming({ id: project.id, name: project.name })}>
                    <PencilIcon aria-hidden="true" />
                    Rename
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setDeleting(project)} aria-label={`Delete ${project.name}`}>
                    <Trash2Icon aria-hidden="true" />
                    Delete
                  </Button>
                </>
              )}
            </div>
            <ProjectMembers project={project} selfId={selfId} onChanged={refresh} />
          </section>
        ))}
        <div>
          <Button variant="outline" onClick={() => setCreating(true)}>
            <FolderPlusIcon aria-hidden="true" />
            New project
          </Button>
        </div>
      </CardContent>
      <NewProjectDialog open={creating} onOpenChange={setCreating} projects={projects} />
      <DeleteProjectDialog
        name={deleting?.name ?? ""}
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Card>
  );
}
