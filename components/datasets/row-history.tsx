"use client";

import { RotateCcwIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { DisabledReason } from "@/components/ui/disabled-reason";
import { datasetsApi } from "@/lib/datasets/api";
import { displayValue, isAngleRow } from "@/lib/datasets/angles";
import { carriedKind } from "@/lib/datasets/kinds";
import type { Row } from "@/lib/datasets/columns";
import { cellsBesideRename, renameText } from "@/lib/datasets/rename-entries";
import { callApi, type ResponseOf } from "@/lib/http/contract";
import { formatTime } from "@/lib/format/time";

type Version = ResponseOf<typeof datasetsApi.history>["versions"][number];

const ACTION: Record<Version["action"], string> = { create: "created", edit: "edited", delete: "deleted", restore: "restored", import: "imported" };

/** What a change did, in a word: an edit that renamed the row is a rename ("renamed by ..."). */
export function actionWord(entry: Pick<Version, "action" | "renamed">): string {
  return entry.action === "edit" && entry.renamed ? "renamed" : ACTION[entry.action];
}

/** Opened on request, in the browser: the reader's own time (lib/format/time.ts). */
export const when = (iso: string) => formatTime(iso);

/** The cells a version changed, as the screen shows them (angles in degrees); a rename first, said as one. */
export function ChangedCells({ version, angle: setAngle }: { version: Pick<Version, "parameter" | "changes" | "renamed">; angle?: boolean }) {
  const { renamed } = version;
  const cells = cellsBesideRename(version.changes, renamed);
  if (cells.length === 0 && !renamed) return null;
  // A kind its engineers set holds for every version; otherwise each version reads by the name it had.
  const angle = setAngle ?? isAngleRow(version.parameter);
  const show = (column: string, value: string) => (column === "Parameter" ? value : displayValue(value, angle));
  return (
    <ul className="grid gap-0.5 text-xs" data-testid="changed-cells">
      {renamed && (
        <li className="font-medium break-words" data-testid="renamed">
          {renameText(renamed)}
        </li>
      )}
      {cells.slice(0, 30).map((c) => (
        <li key={c.column} className="break-words">
          <span className="font-mono text-muted-foreground">{c.column}</span>:{" "}
          <span className="line-through opacity-70">{show(c.column, c.before) || "(empty)"}</span> → <span>{show(c.column, c.after) || "(empty)"}</span>
        </li>
      ))}
      {cells.length > 30 && <li className="text-muted-foreground">and {cells.length - 30} more</li>}
    </ul>
  );
}

/** A row's history: every version with its author and the cells that changed; "Restore this version". */
export function RowHistory({
  projectId,
  dataset,
  row,
  readOnly,
  onClose,
  onRestored,
}: {
  projectId: number;
  dataset: string;
  row: Row | null;
  readOnly: string | null;
  onClose: () => void;
  onRestored: (restored: Row) => void;
}) {
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [busy, setBusy] = useState(false);
  const rowId = row ? Number(row.Id) : null;
  const carried = row ? carriedKind(row) : undefined;
  const setKind = carried?.from === "set" ? carried : undefined;

  useEffect(() => {
    if (rowId === null) return;
    let cancelled = false;
    void callApi(datasetsApi.history, { params: { id: projectId, ds: dataset, rowId } }).then((result) => {
      if (cancelled) return;
      if (result.ok) setVersions(result.data.versions);
      else toast.error(`Could not load the history: ${result.error}`);
    });
    return () => {
      cancelled = true;
      setVersions(null);
    };
  }, [projectId, dataset, rowId]);

  async function restore(version: number) {
    if (!row) return;
    setBusy(true);
    const result = await callApi(datasetsApi.restore, {
      params: { id: projectId, ds: dataset, rowId: Number(row.Id) },
      // The version the engineer is looking at, the newest the panel lists: the grid's copy of the row may not have its
      // last save's answer yet (History opened right after an edit), and a restore must not fail for that.
      body: { version, currentVersion: versions?.[0]?.version ?? Number(row.Version) },
    });
    setBusy(false);
    if (!result.ok) {
      toast.error(`Not restored: ${result.error}`);
      return;
    }
    toast.success(`Restored version ${version} of ${result.data.data.Parameter}`);
    onRestored(result.data.data as Row);
  }

  return (
    <Sheet open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent data-testid="row-history">
        <SheetTitle>History of {String(row?.Parameter ?? "")}</SheetTitle>
        <SheetDescription>Every version, newest first, with who made it and the cells that changed.</SheetDescription>
        <ol className="grid gap-3 overflow-y-auto pr-1">
          {versions === null && <li className="text-sm text-muted-foreground">Loading...</li>}
          {versions?.map((v, i) => (
            <li key={`${v.version}-${i}`} className="grid gap-1.5 rounded-md border p-3" data-testid="history-version">
              <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-medium">Version {v.version}</span>
                <span>
                  {actionWord(v)} by {v.user ?? "someone no longer here"}
                </span>
                <span className="text-xs text-muted-foreground">{when(v.at)}</span>
              </div>
              <ChangedCells version={v} angle={setKind ? setKind.kind === "angle" : undefined} />
              {i > 0 && v.action !== "delete" && (
                <div>
                  <DisabledReason reason={readOnly}>
                    <Button size="sm" variant="outline" disabled={busy || readOnly !== null} onClick={() => void restore(v.version)}>
                      <RotateCcwIcon aria-hidden="true" />
                      Restore this version
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
