"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";

/** Deleting a project takes every table with it: the owner types its name to confirm. */
export function DeleteProjectDialog({
  name,
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped("");
        onOpenChange(next);
      }}
      title={`Delete ${name}?`}
      description="Its tables, members, pushes and MIDAS runs are deleted for everyone. This cannot be undone."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={busy || typed !== name}>
            Delete project
          </Button>
        </>
      }
    >
      <div className="grid gap-2 py-2">
        <Label htmlFor={id}>Type the project&apos;s name to confirm</Label>
        <Input id={id} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" placeholder={name} />
      </div>
    </ResponsiveDialog>
  );
}
