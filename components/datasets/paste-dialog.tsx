"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { parsePastedValues } from "@/lib/datasets/paste";

type PasteDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApply: (values: string[]) => void;
};

/** 'Paste Excel Data': values into Item1, Item2, ... of the edited row, where those columns exist. */
export function PasteDialog({ open, onOpenChange, onApply }: PasteDialogProps) {
  const [text, setText] = useState("");
  const values = parsePastedValues(text);
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Paste Excel Data"
      description="Paste a row of cells copied from Excel, or values separated by spaces. They go into Item1, Item2, ... where those columns exist."
      footer={
        <Button
          onClick={() => {
            onApply(values);
            onOpenChange(false);
          }}
          disabled={values.length === 0}
        >
          Apply
        </Button>
      }
    >
      <div className="grid gap-2">
        <Label htmlFor="paste-text">Data</Label>
        <textarea
          id="paste-text"
          className="min-h-28 w-full rounded-md border border-input bg-transparent px-3 py-2 font-mono text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoFocus
        />
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {values.length} value{values.length === 1 ? "" : "s"}
        </p>
      </div>
    </ResponsiveDialog>
  );
}
