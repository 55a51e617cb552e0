"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { MAX_COPY_COLUMNS } from "@/lib/datasets/copy";

type CopyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  angle: boolean;
  onApply: (value: string, count: number) => void;
};

/** 'Copy Value to Columns': one value into Item1..ItemN of the edited row. */
export function CopyDialog({ open, onOpenChange, angle, onApply }: CopyDialogProps) {
  const [value, setValue] = useState("");
  const [count, setCount] = useState("");
  const n = Number(count);
  const valid = Number.isInteger(n) && n >= 1 && n <= MAX_COPY_COLUMNS;
  const apply = () => {
    if (!valid) return;
    onApply(value, n);
    onOpenChange(false);
  };
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Copy Value to Columns"
      description={`Fills Item1 to ItemN of the row you are editing${angle ? " (in degrees: this is an angle row)" : ""}. Missing Item columns are added when you save.`}
      footer={
        <Button onClick={apply} disabled={!valid}>
          Copy
        </Button>
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="copy-value">Value</Label>
          <Input id="copy-value" value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="copy-count">Number of columns</Label>
          <Input
            id="copy-count"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_COPY_COLUMNS}
            value={count}
            onChange={(e) => setCount(e.target.value)}
            aria-invalid={count !== "" && !valid}
            aria-describedby="copy-count-hint"
          />
          <p id="copy-count-hint" className="text-xs text-muted-foreground">
            A whole number from 1 to {MAX_COPY_COLUMNS.toLocaleString("en")}.
          </p>
        </div>
        <button type="submit" hidden />
      </form>
    </ResponsiveDialog>
  );
}
