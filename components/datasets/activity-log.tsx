"use client";

import { ArchiveRestoreIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { DisabledReason } from "@/components/ui/disabled-reason";
import { datasetsApi } from "@/lib/datasets/api";
import type { Row } from "@/lib/datasets/columns";
import { callApi, type ResponseOf } from "@/lib/http/contract";
import { actionWord, ChangedCells, when } from "./row-history";

type Event = ResponseOf<typeof datasetsApi.activity>["events"][number];

/** The table's activity: who changed what, newest first, filterable by person and Parameter; deleted rows can be brought back. */
export function ActivityLog({
  projectId,
  dataset,
  title,
  open,
  readOnly,
  liveRowIds,
  onClose,
  onRestored,
}: {
  projectId: number;
  dataset: string;
  title: string;
  open: boolean;
  readOnly: string | null;
  /** Rows the table has now: a deleted row already back shows no Restore. */
  liveRowIds: ReadonlySet<number>;
  onClose: () => void;
  onRestored: (row: Row) => void;
}) {
  const [events, setEvents] = useState<Event[] | null>(null);
  const [person, setPerson] = useState("");
  const [parameter, setParameter] = useState("");
  const [busy, setBusy] = useState(false);
  const [people, setPeople] = useState<Map<number, string>>(new Map());

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void callApi(datasetsApi.activity, {
        params: { id: projectId, ds: dataset },
        query: { user: person || undefined, parameter: parameter.trim() || undefined } as never,
      }).then((result) => {
        if (cancelled) return;
        if (!result.ok) {
          toast.error(`Could not load the activity: ${result.error}`);
          return;
        }
        setEvents(result.data.events);
        // Everyone seen in the log so far, to filter by (a filtered answer does not forget the others).
        setPeople((known) => {
          const next = new Map(known);
          for (const e of result.data.events) if (e.userId !== null) next.set(e.userId, e.user ?? `user ${e.userId}`);
          return next;
        });
      });
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [open, projectId, dataset, person, parameter]);

  async function undelete(event: Event) {
    setBusy(true);
    const result = await callApi(datasetsApi.undelete, { params: { id: projectId, ds: dataset, rowId: event.rowId } });
    setBusy(false);
    if (!result.ok) {
      toast.error(`Not restored: ${result.error}`);
      return;
    }
    toast.success(`Restored ${result.data.data.Parameter}`);
    onRestored(result.data.data as Row);
  }

  const selectClass = "h-9 rounded-md border border-input bg-transparent px-2 text-sm dark:bg-input/30";
  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()}>
      <SheetContent data-testid="activity-log">
        <SheetTitle>Activity of {title}</SheetTitle>
        <SheetDescription>Who changed what, newest first.</SheetDescription>
        <div className="flex flex-wrap gap-2">
          <select aria-label="Changes by" className={selectClass} value={person} onChange={(e) => setPerson(e.target.value)}>
            <option value="">Everyone</option>
            {[...people].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
          <Input
            className="max-w-52"
            placeholder="Parameter contains..."
            aria-label="Parameter contains"
            value={parameter}
            onChange={(e) => setParameter(e.target.value)}
          />
        </div>
        <ol className="grid gap-3 overflow-y-auto pr-1">
          {events === null && <li className="text-sm text-muted-foreground">Loading...</li>}
          {events?.length === 0 && <li className="text-sm text-muted-foreground">No changes match.</li>}
          {events?.map((e) => (
            <li key={e.id} className="grid gap-1.5 rounded-md border p-3" data-testid="activity-event">
              <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-medium">{e.parameter}</span>
                <span>
                  {actionWord(e)} by {e.user ?? "someone no longer here"}
                </span>
                <span className="text-xs text-muted-foreground">{when(e.at)}</span>
              </div>
              {e.action !== "delete" && <ChangedCells version={e} />}
              {e.action === "delete" && !liveRowIds.has(e.rowId) && (
                <div>
                  <DisabledReason reason={readOnly}>
                    <Button size="sm" variant="outline" disabled={busy || readOnly !== null} onClick={() => void undelete(e)}>
                      <ArchiveRestoreIcon aria-hidden="true" />
                      Restore {e.parameter}
                    </Button>
                  </DisabledReason>
                </div>
              )}
            </li>
          ))}
        </ol>
      </SheetContent>
    </Sheet>
  );
}
