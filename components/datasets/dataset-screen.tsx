"use client";

import { ClipboardPasteIcon, CopyIcon, FilterIcon, PlusIcon, SaveIcon, SendIcon, XIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { RevitIndicator } from "@/components/revit/revit-indicator";
import { Input } from "@/components/ui/input";
import { useMediaQuery, WIDE_SCREEN } from "@/hooks/use-media-query";
import { apiRequest } from "@/lib/api-client";
import { type ColumnPreset, compareColumns, columnPresets, deriveColumns, FIXED_FIELDS, presetColumns, type Row } from "@/lib/datasets/columns";
import { copyTargets } from "@/lib/datasets/copy";
import { type Draft, draftExtraColumns, draftFromRow, draftPayload, newRowDraft, rebaseDraft, setCellTexts } from "@/lib/datasets/draft";
import { pasteTargets } from "@/lib/datasets/paste";
import type { DatasetInfo } from "@/lib/datasets/registry";
import { CopyDialog } from "./copy-dialog";
import { type GridActions, ParameterGrid } from "./parameter-grid";
import { PasteDialog } from "./paste-dialog";
import { useDatasetRows } from "./use-dataset-rows";
import { usePush } from "./use-push";

const NO_ROWS: Row[] = [];
const fixed = new Set<string>(FIXED_FIELDS);

type Confirmation = { kind: "save" } | { kind: "delete"; row: Row } | null;

function logFailure(status: number, error: string) {
  console.error(`Server responded with ${status}: ${error}`);
}

/** One screen for every dataset (pier, abt, box, coresetup): load, filter, sort, edit, create, delete, push. */
export function DatasetScreen({ dataset, user }: { dataset: DatasetInfo; user: string }) {
  const { state, reload } = useDatasetRows(dataset.key);
  const { pushAll, pushRow, connected } = usePush(dataset.key, user);
  const wide = useMediaQuery(WIDE_SCREEN);
  const [filter, setFilter] = useState("");
  const [preset, setPreset] = useState<ColumnPreset>("all");
  const [editing, setEditing] = useState<Draft | null>(null);
  const [conflicts, setConflicts] = useState<Map<string, string> | null>(null);
  const [creating, setCreating] = useState<Draft | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const [copyOpen, setCopyOpen] = useState(false);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const rows = state.status === "ready" ? state.rows : NO_ROWS;
  /** Every column the dataset has (the API sends all of them on each row), shown or not. */
  const datasetColumns = useMemo(() => Object.keys(rows[0] ?? {}).filter((k) => !fixed.has(k)), [rows]);
  const shownColumns = useMemo(() => deriveColumns(rows), [rows]);
  const extraKey = draftExtraColumns(editing, shownColumns).join(",");
  const columns = useMemo(
    () => presetColumns(extraKey ? [...shownColumns, ...extraKey.split(",")].sort(compareColumns) : shownColumns, preset),
    [shownColumns, extraKey, preset],
  );

  function exitEdit() {
    setEditing(null);
    setConflicts(null);
  }

  async function save() {
    if (!editing || editing.id === undefined || !Number.isFinite(editing.id)) return;
    setBusy(true);
    const result = await apiRequest<{ data: Row }>(`/api/database/${dataset.key}/edit-element`, {
      method: "POST",
      body: { id: editing.id, data: draftPayload(editing) },
    });
    setBusy(false);
    setConfirmation(null);
    if (result.ok) {
      toast.success(`Saved ${result.data.data.Parameter}`);
      exitEdit();
      await reload();
      return;
    }
    logFailure(result.status, result.error);
    const current = result.body?.data;
    if (result.status === 409 && current && typeof current === "object") {
      const rebased = rebaseDraft(editing, current as Row);
      setEditing(rebased.draft);
      setConflicts(rebased.changed);
      toast.error(result.error, { description: "Your edits are kept. Newer values are marked; Save again to overwrite them, or Exit to keep them." });
      void reload();
      return;
    }
    toast.error(`Could not save: ${result.error}`);
  }

  async function confirmCreate() {
    if (!creating) return;
    if (!creating.parameter.trim()) {
      toast.error("Give the new row a Parameter name.");
      return;
    }
    setBusy(true);
    const result = await apiRequest<{ data: Row }>(`/api/database/${dataset.key}/create-element`, {
      method: "POST",
      body: { data: draftPayload(creating) },
    });
    setBusy(false);
    if (!result.ok) {
      logFailure(result.status, result.error);
      toast.error(`Could not create the row: ${result.error}`);
      return;
    }
    toast.success(`Created ${result.data.data.Parameter}`);
    setCreating(null);
    await reload();
  }

  async function remove(row: Row) {
    const id = Number(row.Id);
    if (!Number.isFinite(id)) return;
    setBusy(true);
    const result = await apiRequest(`/api/database/${dataset.key}/delete-element`, { method: "POST", body: { id } });
    setBusy(false);
    setConfirmation(null);
    if (!result.ok) {
      logFailure(result.status, result.error);
      toast.error(`Could not delete ${row.Parameter}: ${result.error}`);
      await reload();
      return;
    }
    toast.success(`Deleted ${row.Parameter}`);
    await reload();
  }

  const actions: GridActions = {
    onEdit: (row) => {
      setCreating(null);
      setConflicts(null);
      setEditing(draftFromRow(row, datasetColumns));
    },
    onDelete: (row) => setConfirmation({ kind: "delete", row }),
    onPush: (row) => void pushRow(String(row.Parameter)),
    onSave: () => setConfirmation({ kind: "save" }),
    onExit: exitEdit,
    onEditDraft: setEditing,
    onConfirmCreate: () => void confirmCreate(),
    onCancelCreate: () => setCreating(null),
    onCreateDraft: setCreating,
  };

  const fetchedLine = state.status === "ready" ? `Fetched ${state.rows.length} items in ${state.ms}ms` : "\u00a0";

  return (
    <div className="mx-auto max-w-screen-2xl px-2 py-4 md:px-6">
      <Card className="gap-4 py-4">
        <CardHeader className="px-4">
          <CardTitle>
            <h1 className="text-xl">{dataset.title}</h1>
          </CardTitle>
          <CardDescription data-testid="fetched-line" aria-live="polite">
            {fetchedLine}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 px-4">
          <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Table tools">
            <Button onClick={() => void pushAll()}>
              <SendIcon aria-hidden="true" />
              {dataset.pushAllLabel}
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                exitEdit();
                setCreating(newRowDraft(columns));
              }}
              disabled={creating !== null || busy}
            >
              <PlusIcon aria-hidden="true" />
              Create New Row
            </Button>
            <Input
              className="w-full max-w-xs sm:w-64"
              placeholder="Filter Parameters..."
              aria-label="Filter Parameters"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">
                  <FilterIcon aria-hidden="true" />
                  Filter Columns
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel>Show</DropdownMenuLabel>
                <DropdownMenuSeparator />
                <DropdownMenuRadioGroup value={preset} onValueChange={(v) => setPreset(v as ColumnPreset)}>
                  {columnPresets.map((p) => (
                    <DropdownMenuRadioItem key={p.value} value={p.value}>
                      {p.label}
                    </DropdownMenuRadioItem>
                  ))}
                </DropdownMenuRadioGroup>
              </DropdownMenuContent>
            </DropdownMenu>
            <div className="ml-auto">
              <RevitIndicator count={connected} />
            </div>
          </div>

          {editing && (
            <div className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2" role="region" aria-label="Edit tools">
              <span className="mr-auto text-sm">
                Editing <strong>{editing.storedParameter}</strong>
                {editing.angle && <span className="text-muted-foreground"> (angles in degrees)</span>}
              </span>
              <Button size="sm" variant="outline" onClick={() => setCopyOpen(true)} disabled={busy}>
                <CopyIcon aria-hidden="true" />
                Copy to N Number Cells
              </Button>
              <Button size="sm" variant="outline" onClick={() => setPasteOpen(true)} disabled={busy}>
                <ClipboardPasteIcon aria-hidden="true" />
                Paste Excel Data
              </Button>
              <Button size="sm" onClick={() => setConfirmation({ kind: "save" })} disabled={busy}>
                <SaveIcon aria-hidden="true" />
                Save
              </Button>
              <Button size="sm" variant="ghost" onClick={exitEdit} disabled={busy}>
                <XIcon aria-hidden="true" />
                Exit
              </Button>
            </div>
          )}

          {conflicts && conflicts.size > 0 && (
            <Alert variant="destructive" data-testid="conflict-alert">
              <AlertTitle>Someone else saved this row while you were editing</AlertTitle>
              <AlertDescription>
                <p>Newer values (your edits are kept; Save overwrites these, Exit keeps them):</p>
                <ul className="list-inside list-disc">
                  {[...conflicts].slice(0, 12).map(([column, value]) => (
                    <li key={column}>
                      {column}: {value === "" ? "(empty)" : value}
                    </li>
                  ))}
                  {conflicts.size > 12 && <li>and {conflicts.size - 12} more</li>}
                </ul>
              </AlertDescription>
            </Alert>
          )}

          {state.status === "loading" && <p className="py-10 text-center text-muted-foreground">Loading...</p>}
          {state.status === "error" && (
            <p className="py-10 text-center text-destructive" role="alert">
              {state.message}
            </p>
          )}
          {state.status === "ready" && (
            <ParameterGrid
              rows={rows}
              columns={columns}
              filter={filter}
              editing={editing}
              conflicts={conflicts}
              creating={creating}
              busy={busy}
              wide={wide}
              actions={actions}
              datasetTitle={dataset.title}
            />
          )}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirmation?.kind === "save"}
        onOpenChange={(open) => !open && setConfirmation(null)}
        title={`Save ${editing?.parameter || "this row"}?`}
        description="The row is written to the database for everyone."
        confirmLabel="Save"
        busy={busy}
        onConfirm={() => void save()}
      />
      <ConfirmDialog
        open={confirmation?.kind === "delete"}
        onOpenChange={(open) => !open && setConfirmation(null)}
        title={`Delete ${confirmation?.kind === "delete" ? confirmation.row.Parameter : ""}?`}
        description="The row is removed from the table for everyone. This cannot be undone."
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={() => confirmation?.kind === "delete" && void remove(confirmation.row)}
      />
      <CopyDialog
        open={copyOpen}
        onOpenChange={setCopyOpen}
        angle={editing?.angle ?? false}
        onApply={(value, count) => editing && setEditing(setCellTexts(editing, copyTargets(value, count)))}
      />
      <PasteDialog
        open={pasteOpen}
        onOpenChange={setPasteOpen}
        onApply={(values) => {
          if (!editing) return;
          const targets = pasteTargets(values, [...datasetColumns, ...Object.keys(editing.cells)]);
          setEditing(setCellTexts(editing, targets));
          toast.message(`Pasted ${targets.size} of ${values.length} value${values.length === 1 ? "" : "s"}`);
        }}
      />
    </div>
  );
}
