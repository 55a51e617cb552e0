"use client";

import type * as React from "react";
import { Button } from "./button";
import { ResponsiveDialog } from "./responsive-dialog";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
};

/** Asks before an action: a centred dialog on wide screens, a bottom drawer on phones. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, destructive, busy, onConfirm }: ConfirmDialogProps) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant={destructive ? "destructive" : "default"} onClick={onConfirm} disabled={busy} autoFocus>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
