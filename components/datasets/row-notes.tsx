import { XCircleIcon } from "lucide-react";
import { useMemo } from "react";
import type { Row } from "@/lib/datasets/columns";
import type { PushSummary } from "@/lib/revit/summary";
import { LiveMark } from "./live-marks";
import type { LiveTable } from "./use-live-table";

/** The marks beside each row's Parameter: the rows Revit did not apply in the latest push, and who is editing or just changed a row. */
export function useRowNotes(outcome: PushSummary | null, rows: readonly Row[], live: Pick<LiveTable, "editedBy" | "changedBy">): Map<number, React.ReactNode> {
  return useMemo(() => {
    const notes = new Map<number, React.ReactNode>();
    for (const error of outcome?.errors ?? []) {
      const id = error.id ?? Number(rows.find((r) => r.Parameter === error.parameter)?.Id);
      if (Number.isFinite(id)) notes.set(id, <FailedMark message={error.message} />);
    }
    for (const [kind, marks] of [
      ["editing", live.editedBy],
      ["changed", live.changedBy],
    ] as const) {
      for (const [id, name] of marks)
        notes.set(
          id,
          <>
            {notes.get(id)}
            <LiveMark kind={kind} name={name} />
          </>,
        );
    }
    return notes;
  }, [outcome, rows, live.editedBy, live.changedBy]);
}

/** A row Revit did not apply: a mark in the Parameter cell, the add-in's reason on hover and for screen readers. */
function FailedMark({ message }: { message: string }) {
  return (
    <span className="ml-1 shrink-0 text-destructive" title={message} data-testid="row-push-failed">
      <XCircleIcon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">Not applied in Revit: {message}</span>
    </span>
  );
}
