"use client";

import { FolderPlusIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { ProjectSummary } from "@/lib/projects/schemas";

// Loaded when first opened, as from the project switcher: a data screen's page carries it for users with no project.
const NewProjectDialog = dynamic(() => import("./new-project-dialog").then((m) => m.NewProjectDialog));

/** What a data screen shows to someone with no current project: what projects are, and how to get one. */
export function NoProject({ title, projects }: { title: string; projects: ProjectSummary[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Card data-testid="no-project">
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">{title}</h1>
          </CardTitle>
          <CardDescription>You have no project open.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          <p>
            Every table in Pontifex belongs to a project: one bridge, with its Revit and Midas tables, its pushes and its analysis model. Create a project to
            start, or ask the owner of an existing project to add you to it (they do that on their Settings page, with your e-mail address).
          </p>
          <div>
            <Button onClick={() => setOpen(true)}>
              <FolderPlusIcon aria-hidden="true" />
              Create project
            </Button>
          </div>
        </CardContent>
      </Card>
      {open && <NewProjectDialog open onOpenChange={setOpen} projects={projects} />}
    </div>
  );
}
