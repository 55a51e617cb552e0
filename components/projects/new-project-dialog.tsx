"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldMessage } from "@/components/ui/field-message";
import { Label } from "@/components/ui/label";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { useFieldErrors } from "@/hooks/use-field-errors";
import { callApi } from "@/lib/http/contract";
import { MAX_PROJECT_NAME, projectsApi } from "@/lib/projects/api";
import type { ProjectSummary } from "@/lib/projects/schemas";
import { showCurrentProject } from "./project-link";

/** "New project...": a name, and optionally the project whose tables it starts as a copy of. It becomes the current project. */
export function NewProjectDialog({
  open,
  onOpenChange,
  projects,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projects: ProjectSummary[];
  /** The new project is the current one now: whatever was showing the old one (the phone's menu drawer) can close. */
  onCreated?: () => void;
}) {
  const router = useRouter();
  const id = useId();
  const [name, setName] = useState("");
  const [copyFrom, setCopyFrom] = useState("");
  const fields = useFieldErrors(id, { name: "Name", copyFrom: "Copy tables from" }, "name");
  const [busy, setBusy] = useState(false);

  async function create(event?: React.FormEvent) {
    event?.preventDefault();
    setBusy(true);
    fields.clear();
    const result = await callApi(projectsApi.create, { body: { name, copyFrom: copyFrom ? Number(copyFrom) : undefined } });
    setBusy(false);
    if (!result.ok) {
      fields.show(result.error);
      return;
    }
    toast.success(`Created ${result.data.project.name}; it is now your current project.`);
    setName("");
    setCopyFrom("");
    onOpenChange(false);
    onCreated?.();
    showCurrentProject(router);
  }

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New project"
      description="A project holds one bridge's tables. You will be its owner."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void create()} disabled={busy || name.trim() === ""}>
            Create project
          </Button>
        </>
      }
    >
      <form className="grid gap-4 py-2" onSubmit={(e) => void create(e)}>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={MAX_PROJECT_NAME}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Harbour Bridge"
            autoFocus
            {...fields.propsOf("name")}
          />
          <FieldMessage id={fields.messageId("name")}>{fields.messageOf("name")}</FieldMessage>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-copy`}>Copy tables from</Label>
          <select
            id={`${id}-copy`}
            value={copyFrom}
            onChange={(e) => setCopyFrom(e.target.value)}
            className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
          >
            <option value="">Nothing: start with empty tables</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <p className="text-xs text-muted-foreground">Copies every table&apos;s rows and columns, not its members or pushes.</p>
          <FieldMessage id={fields.messageId("copyFrom")}>{fields.messageOf("copyFrom")}</FieldMessage>
        </div>
      </form>
    </ResponsiveDialog>
  );
}
