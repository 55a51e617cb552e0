"use client";

import { SendIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { cellsBesideRename, renameText } from "@/lib/datasets/rename-entries";
import { callApi, type ResponseOf } from "@/lib/http/contract";
import { revitApi } from "@/lib/revit/api";
import { when } from "./row-history";

type Preview = ResponseOf<typeof revitApi.preview>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Before a push: what it changes in Revit since the add-in last applied this
 * table (rows and cells added, changed, removed), and which add-ins get it.
 */
export function PushPreviewDialog({
  projectId,
  dataset,
  title,
  parameter,
  onPush,
  onClose,
}: {
  projectId: number;
  dataset: string;
  title: string;
  /** One row (by Parameter), or the whole table. */
  parameter?: string;
  onPush: () => void;
  onClose: () => void;
}) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void callApi(revitApi.preview, { params: { id: projectId }, body: { dataset, parameter } }).then((result) => {
      if (cancelled) return;
      if (result.ok) setPreview(result.data);
      else setError(result.error);
    });
    return () => {
      cancelled = true;
    };
  }, [projectId, dataset, parameter]);

  const what = parameter ? `row ${parameter}` : title;
  // A rename is counted as one, not as a changed cell: Revit matches rows by Parameter, so it is told apart.
  const renamed = preview?.changed.filter((row) => row.renamed).length ?? 0;
  const cells = preview?.changed.reduce((n, row) => n + cellsBesideRename(row.cells, row.renamed).length, 0) ?? 0;
  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Push ${what} to Revit?`}
      description={
        preview
          ? preview.baselineAt
            ? `Changes since your add-in last applied this table (${when(preview.baselineAt)}).`
            : "Your add-in has not applied this table yet: every row is new to it."
          : "Comparing with what your add-in last applied..."
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onPush} disabled={!preview} autoFocus>
            <SendIcon aria-hidden="true" />
            Push
          </Button>
        </>
      }
    >
      <div className="grid max-h-[50vh] gap-3 overflow-y-auto py-2 text-sm" data-testid="push-preview">
        {error && (
          <p role="alert" className="text-destructive">
            {error}
          </p>
        )}
        {preview && (
          <>
            <p data-testid="push-preview-counts">
              {plural(preview.added.length, "row")} added, {plural(preview.changed.length, "row")} changed ({plural(cells, "cell")}
              {renamed > 0 && `, ${renamed} renamed`}), {plural(preview.removed.length, "row")} removed.
            </p>
            {preview.changed.length > 0 && (
              <ul className="grid gap-1" aria-label="Changed rows">
                {preview.changed.slice(0, 20).map((row) => {
                  const cells = cellsBesideRename(row.cells, row.renamed);
                  return (
                    <li key={row.id} className="break-words">
                      <strong>{row.parameter}</strong>:{" "}
                      {row.renamed && (
                        <span className="font-medium" data-testid="push-preview-renamed">
                          {renameText(row.renamed)}
                          {cells.length > 0 && "; "}
                        </span>
                      )}
                      {cells
                        .slice(0, 6)
                        .map((c) => `${c.column} ${c.before || "(empty)"} → ${c.after || "(empty)"}`)
                        .join("; ")}
                      {cells.length > 6 && ` and ${cells.length - 6} more`}
                    </li>
                  );
                })}
                {preview.changed.length > 20 && <li className="text-muted-foreground">and {preview.changed.length - 20} more rows</li>}
              </ul>
            )}
            {preview.added.length > 0 && preview.baselineAt && (
              <p>
                Added:{" "}
                {preview.added
                  .slice(0, 10)
                  .map((r) => String(r.Parameter))
                  .join(", ")}
                {preview.added.length > 10 ? ", ..." : ""}
              </p>
            )}
            {preview.removed.length > 0 && (
              <p>
                Removed since:{" "}
                {preview.removed
                  .slice(0, 10)
                  .map((r) => String(r.Parameter))
                  .join(", ")}
                {preview.removed.length > 10 ? ", ..." : ""}
              </p>
            )}
            <p data-testid="push-recipients">
              {preview.recipients.length === 0
                ? "No add-in is connected: the push waits up to 24 hours for one."
                : `Goes to ${plural(preview.recipients.length, "add-in")}: ${preview.recipients.map((r) => `${r.tokenName} (${r.document || r.clientName}, Revit ${r.revitVersion})`).join(", ")}.`}
            </p>
          </>
        )}
      </div>
    </ResponsiveDialog>
  );
}
