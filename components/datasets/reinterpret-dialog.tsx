"use client";

import { Button } from "@/components/ui/button";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import type { Reading } from "@/lib/datasets/reinterpret";

const SHOWN = 12;

/**
 * Asks before a change that makes a row's stored numbers read differently (a rename across the angle rule, a kind
 * set): each value as it shows now, kept as it is, and converted; the engineer keeps the numbers or converts them.
 */
export function ReinterpretDialog({
  title,
  description,
  readings,
  action,
  busy,
  onCancel,
  onKeep,
  onConvert,
}: {
  title: string;
  description: string;
  readings: readonly { row: string; reading: Reading }[];
  /** What is done either way ("Rename", "Set kind"): the buttons say it. */
  action: string;
  busy?: boolean;
  onCancel: () => void;
  onKeep: () => void;
  onConvert: () => void;
}) {
  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={title}
      description={description}
      className="sm:max-w-xl"
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="outline" onClick={onKeep} disabled={busy}>
            {action}: keep the numbers as they are
          </Button>
          <Button onClick={onConvert} disabled={busy} autoFocus>
            {action}: convert the numbers
          </Button>
        </>
      }
    >
      {readings.length > 0 && (
        <div className="max-h-64 overflow-auto px-4 sm:px-0">
          <table className="w-full text-sm tabular-nums" data-testid="reinterpret-values">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 pr-2 font-medium">Value</th>
                <th className="py-1 pr-2 font-medium">Shows now</th>
                <th className="py-1 pr-2 font-medium">Kept as they are</th>
                <th className="py-1 font-medium">Converted</th>
              </tr>
            </thead>
            <tbody>
              {readings.slice(0, SHOWN).map(({ row, reading }) => (
                <tr key={`${row}:${reading.column}`} className="border-t">
                  <td className="py-1 pr-2 font-mono text-xs">{readings.some((r) => r.row !== row) ? `${row}, ${reading.column}` : reading.column}</td>
                  <td className="py-1 pr-2">{reading.before}</td>
                  <td className="py-1 pr-2">
                    {reading.kept} <span className="text-xs text-muted-foreground">(stored {reading.stored})</span>
                  </td>
                  <td className="py-1">
                    {reading.before} <span className="text-xs text-muted-foreground">(stored {reading.converted})</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {readings.length > SHOWN && <p className="pt-1 text-xs text-muted-foreground">and {readings.length - SHOWN} more values</p>}
        </div>
      )}
    </ResponsiveDialog>
  );
}
