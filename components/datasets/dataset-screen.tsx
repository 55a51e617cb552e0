"use client";

import { ClipboardPasteIcon, CopyIcon, SaveIcon, XCircleIcon, XIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useMediaQuery, WIDE_SCREEN } from "@/hooks/use-media-query";
import { datasetsApi } from "@/lib/datasets/api";
import { type ColumnPreset, compareColumns, deriveColumns, FIXED_FIELDS, presetColumns, type Row } from "@/lib/datasets/columns";
import { copyTargets } from "@/lib/datasets/copy";
import { type Draft, draftExtraColumns, draftFromRow, draftPayload, newRowDraft, rebaseDraft, setCellTexts } from "@/lib/datasets/draft";
import { pasteTargets } from "@/lib/datasets/paste";
import type { FirstScreen } from "@/lib/datasets/first-screen";
import type { DatasetInfo } from "@/lib/datasets/registry";
import { callApi } from "@/lib/http/contract";
import type { ProjectAccess } from "@/lib/projects/access";
import { refusal } from "@/lib/projects/roles";
import type { PushSummary } from "@/lib/relay/summary";
import { ExportMenu } from "./export-menu";
import { type GridActions, ParameterGrid } from "./grid/parameter-grid";
import { FirstScreenRows } from "./grid/first-screen";
import { DatasetToolbar } from "./toolbar";
import { LiveMark, LiveViewers } from "./live-marks";
import { useDatasetRows } from "./use-dataset-rows";
import { useLiveTable } from "./use-live-table";
import { usePush } from "./use-push";
import { useTableEdits } from "./use-table-edits";

// Dialogs and side panels load their code when first opened: none is needed to show the table.
const ConfirmDialog = dynamic(() => import("@/components/ui/confirm-dialog").then((m) => m.ConfirmDialog));
const CopyDialog = dynamic(() => import("./copy-dialog").then((m) => m.CopyDialog));
const PasteDialog = dynamic(() => import("./paste-dialog").then((m) => m.PasteDialog));
const RowHistory = dynamic(() => import("./row-history").then((m) => m.RowHistory));
const ActivityLog = dynamic(() => import("./activity-log").then((m) => m.ActivityLog));
const PushPreviewDialog = dynamic(() => import("./push-preview-dialog").then((m) => m.PushPreviewDialog));

const NO_ROWS: Row[] = [];
const fixed = new Set<string>(FIXED_FIELDS);

type Confirmation = { kind: "save" } | { kind: "delete"; row: Row } | null;

function logFailure(status: number, error: string) {
  console.error(`Server responded with ${status}: ${error}`);
}

type DatasetScreenProps = {
  dataset: DatasetInfo;
  project: ProjectAccess;
  /** The signed-in user: their own saves are not announced back to them. */
  userId: number;
  /** The Parameter filter a link opened the screen with (`?filter=`). */
  initialFilter?: string;
  /** Tools of one table shown above the grid (e.g. "Fill from Revit tables" on Model Setup). */
  extra?: React.ReactNode;
  /** The table's first rows, rendered by the server, shown until the grid is ready. */
  firstScreen?: FirstScreen;
};

/** One screen for every table of a project (Revit and Midas): load, filter, sort, edit (a row, or cells like a spreadsheet), create, delete, undo, history, push. */
export function DatasetScreen({ dataset, project, userId, initialFilter = "", extra, firstScreen }: DatasetScreenProps) {
  const { state, reload } = useDatasetRows(project.id, dataset.key);
  const { pushAll, pushRow, connected, outcome, dismissOutcome } = usePush(project.id, dataset.key);
  /** The push waiting for the engineer's OK after its preview: a row (by Parameter) or the whole table. */
  const [pushing, setPushing] = useState<{ parameter?: string } | null>(null);
  const wide = useMediaQuery(WIDE_SCREEN);
  /** Why this user may not change the table (viewers), shown on every disabled control. */
  const readOnly = refusal(project.role, "write", project.name);
  const [filter, setFilter] = useState(initialFilter);
  const [preset, setPreset] = useState<ColumnPreset>("all");
  const [editing, setEditing] = useState<Draft | null>(null);
  const [conflicts, setConflicts] = useState<Map<string, string> | null>(null);
  const [creating, setCreating] = useState<Draft | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const [copyOpen, setCopyOpen] = useState(false);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [historyOf, setHistoryOf] = useState<Row | null>(null);
  const [activityOpen, setActivityOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const rows = state.status === "ready" ? state.rows : NO_ROWS;
  const live = useLiveTable(project.id, dataset.key, userId, editing?.id ?? null, reload);
  const edits = useTableEdits(project.id, dataset.key, rows, reload);
  /** Every column the table has, shown or not (a row carries only its own). */
  const datasetColumns = useMemo(() => (state.status === "ready" ? state.columns.filter((k) => !fixed.has(k)) : []), [state]);
  const shownColumns = useMemo(() => deriveColumns(rows, [], datasetColumns), [rows, datasetColumns]);
  const extraKey = draftExtraColumns(editing, shownColumns).join(",");
  const columns = useMemo(
    () => presetColumns(extraKey ? [...shownColumns, ...extraKey.split(",")].sort(compareColumns) : shownColumns, preset),
    [shownColumns, extraKey, preset],
  );
  const liveRowIds = useMemo(() => new Set(rows.map((r) => Number(r.Id))), [rows]);
  /** Rows the add-in could not apply in the latest push, marked with its reason. */
  const rowNotes = useMemo(() => {
    const notes = new Map<number, React.ReactNode>();
    for (const error of outcome?.errors ?? []) {
      const id = error.id ?? Number(rows.find((r) => r.Parameter === error.parameter)?.Id);
      if (Number.isFinite(id)) notes.set(id, <FailedMark message={error.message} />);
    }
    for (const [id, name] of live.editedBy)
      notes.set(
        id,
        <>
          {notes.get(id)}
          <LiveMark kind="editing" name={name} />
        </>,
      );
    for (const [id, name] of live.changedBy)
      notes.set(
        id,
        <>
          {notes.get(id)}
          <LiveMark kind="changed" name={name} />
        </>,
      );
    return notes;
  }, [outcome, rows, live.editedBy, live.changedBy]);

  // Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z anywhere on the screen, except while typing into a field.
  const { undo, redo } = edits;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        void undo();
      } else if ((key === "z" && event.shiftKey) || key === "y") {
        event.preventDefault();
        void redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  function exitEdit() {
    setEditing(null);
    setConflicts(null);
  }

  async function save() {
    if (!editing || editing.id === undefined || !Number.isFinite(editing.id)) return;
    setBusy(true);
    const data = draftPayload(editing);
    const before = rows.find((r) => Number(r.Id) === editing.id);
    const result = await callApi(datasetsApi.edit, { params: { id: project.id, ds: dataset.key, rowId: editing.id }, body: { data } });
    setBusy(false);
    setConfirmation(null);
    if (result.ok) {
      toast.success(`Saved ${result.data.data.Parameter}`);
      edits.recordRowSave(before, data, result.data.data as Row);
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
    const result = await callApi(datasetsApi.create, { params: { id: project.id, ds: dataset.key }, body: { data: draftPayload(creating) } });
    setBusy(false);
    if (!result.ok) {
      logFailure(result.status, result.error);
      toast.error(`Could not create the row: ${result.error}`);
      return;
    }
    toast.success(`Created ${result.data.data.Parameter}`);
    edits.recordCreate(result.data.data as Row);
    setCreating(null);
    await reload();
  }

  async function remove(row: Row) {
    const id = Number(row.Id);
    if (!Number.isFinite(id)) return;
    setBusy(true);
    const result = await callApi(datasetsApi.remove, { params: { id: project.id, ds: dataset.key, rowId: id } });
    setBusy(false);
    setConfirmation(null);
    if (!result.ok) {
      logFailure(result.status, result.error);
      toast.error(`Could not delete ${row.Parameter}: ${result.error}`);
      await reload();
      return;
    }
    toast.success(`Deleted ${row.Parameter}`);
    edits.recordDelete(row);
    await reload();
  }

  const onRestored = useCallback(() => void reload(), [reload]);

  const actions: GridActions = {
    onEdit: (row) => {
      setCreating(null);
      setConflicts(null);
      setEditing(draftFromRow(row, datasetColumns));
    },
    onHistory: setHistoryOf,
    onDelete: (row) => setConfirmation({ kind: "delete", row }),
    onPush: (row) => setPushing({ parameter: String(row.Parameter) }),
    onSave: () => setConfirmation({ kind: "save" }),
    onExit: exitEdit,
    onEditDraft: setEditing,
    onConfirmCreate: () => void confirmCreate(),
    onCancelCreate: () => setCreating(null),
    onCreateDraft: setCreating,
  };

  const sheet = useMemo(
    () => ({
      onCellEdits: (list: Parameters<typeof edits.saveCells>[0], what: string) => void edits.saveCells(list, what),
      onMessage: (message: string) => toast.error(message),
    }),
    [edits],
  );

  const fetchedLine = state.status === "ready" ? `Fetched ${state.rows.length} items in ${state.ms}ms` : "\u00a0";
  const anyBusy = busy || edits.busy;

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
          <p className="text-xs text-muted-foreground" data-testid="table-project">
            {project.name} · {dataset.items}
            {readOnly && <span className="ml-1">· read only (you are a {project.role})</span>}
          </p>
        </CardHeader>
        <CardContent className="grid gap-3 px-4">
          <DatasetToolbar
            dataset={dataset}
            readOnly={readOnly}
            busy={anyBusy}
            creating={creating !== null}
            filter={filter}
            onFilter={setFilter}
            preset={preset}
            onPreset={setPreset}
            onPushAll={() => setPushing({})}
            onCreate={() => {
              exitEdit();
              setCreating(newRowDraft(columns));
            }}
            undoLabel={edits.undoLabel}
            redoLabel={edits.redoLabel}
            onUndo={() => void edits.undo()}
            onRedo={() => void edits.redo()}
            onActivity={() => setActivityOpen(true)}
            connected={connected}
          >
            <ExportMenu projectId={project.id} dataset={dataset} readOnly={readOnly} onImported={() => void reload()} />
            <LiveViewers others={live.others} />
          </DatasetToolbar>

          {editing && (
            <div
              className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2"
              role="region"
              aria-label="Edit tools"
            >
              <span className="mr-auto text-sm">
                Editing <strong>{editing.storedParameter}</strong>
                {editing.angle && <span className="text-muted-foreground"> (angles in degrees)</span>}
              </span>
              <Button size="sm" variant="outline" onClick={() => setCopyOpen(true)} disabled={anyBusy}>
                <CopyIcon aria-hidden="true" />
                Copy to N Number Cells
              </Button>
              <Button size="sm" variant="outline" onClick={() => setPasteOpen(true)} disabled={anyBusy}>
                <ClipboardPasteIcon aria-hidden="true" />
                Paste Excel Data
              </Button>
              <Button size="sm" onClick={() => setConfirmation({ kind: "save" })} disabled={anyBusy}>
                <SaveIcon aria-hidden="true" />
                Save
              </Button>
              <Button size="sm" variant="ghost" onClick={exitEdit} disabled={anyBusy}>
                <XIcon aria-hidden="true" />
                Exit
              </Button>
            </div>
          )}

          {extra}

          {outcome && <PushOutcome outcome={outcome} onDismiss={dismissOutcome} />}

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

          {state.status === "loading" &&
            (firstScreen && firstScreen.rows.length > 0 ? (
              <>
                <p className="sr-only">Loading...</p>
                <FirstScreenRows screen={firstScreen} />
              </>
            ) : (
              <p className="py-10 text-center text-muted-foreground">Loading...</p>
            ))}
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
              busy={anyBusy}
              wide={wide}
              actions={actions}
              sheet={sheet}
              datasetTitle={dataset.title}
              readOnly={readOnly}
              canPush={dataset.pushAllLabel !== null}
              rowNotes={rowNotes}
            />
          )}
        </CardContent>
      </Card>

      {confirmation?.kind === "save" && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirmation(null)}
          title={`Save ${editing?.parameter || "this row"}?`}
          description="The row is written to the database for everyone."
          confirmLabel="Save"
          busy={anyBusy}
          onConfirm={() => void save()}
        />
      )}
      {confirmation?.kind === "delete" && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirmation(null)}
          title={`Delete ${confirmation.row.Parameter}?`}
          description="The row is removed from the table for everyone. Undo, or Restore in the table's activity, brings it back."
          confirmLabel="Delete"
          destructive
          busy={anyBusy}
          onConfirm={() => void remove(confirmation.row)}
        />
      )}
      {copyOpen && (
        <CopyDialog
          open
          onOpenChange={setCopyOpen}
          angle={editing?.angle ?? false}
          onApply={(value, count) => editing && setEditing(setCellTexts(editing, copyTargets(value, count)))}
        />
      )}
      {pasteOpen && (
        <PasteDialog
          open
          onOpenChange={setPasteOpen}
          onApply={(values) => {
            if (!editing) return;
            const targets = pasteTargets(values, [...datasetColumns, ...Object.keys(editing.cells)]);
            setEditing(setCellTexts(editing, targets));
            toast.message(`Pasted ${targets.size} of ${values.length} value${values.length === 1 ? "" : "s"}`);
          }}
        />
      )}
      {pushing && (
        <PushPreviewDialog
          projectId={project.id}
          dataset={dataset.key}
          title={dataset.title}
          parameter={pushing.parameter}
          onClose={() => setPushing(null)}
          onPush={() => {
            setPushing(null);
            void (pushing.parameter === undefined ? pushAll() : pushRow(pushing.parameter));
          }}
        />
      )}
      {historyOf && (
        <RowHistory
          projectId={project.id}
          dataset={dataset.key}
          row={historyOf}
          readOnly={readOnly}
          onClose={() => setHistoryOf(null)}
          onRestored={() => {
            setHistoryOf(null);
            onRestored();
          }}
        />
      )}
      {activityOpen && (
        <ActivityLog
          projectId={project.id}
          dataset={dataset.key}
          title={dataset.title}
          open={activityOpen}
          readOnly={readOnly}
          liveRowIds={liveRowIds}
          onClose={() => setActivityOpen(false)}
          onRestored={onRestored}
        />
      )}
    </div>
  );
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

/** How the add-in applied the latest push, row by row; kept until the next push or dismissed. */
function PushOutcome({ outcome, onDismiss }: { outcome: PushSummary; onDismiss: () => void }) {
  const failed = outcome.errors.length;
  const applied = Math.max(0, outcome.rows - failed);
  return (
    <Alert variant={failed ? "destructive" : "default"} data-testid="push-outcome">
      <AlertTitle>
        {failed === 0
          ? `Revit applied all ${outcome.rows} row${outcome.rows === 1 ? "" : "s"} of the push`
          : `Revit applied ${applied} of ${outcome.rows} rows; ${failed} failed`}
      </AlertTitle>
      <AlertDescription>
        {failed > 0 && (
          <ul className="list-inside list-disc">
            {outcome.errors.slice(0, 12).map((e, i) => (
              <li key={i}>
                {e.parameter ?? `row ${e.id}`}: {e.message}
              </li>
            ))}
            {failed > 12 && <li>and {failed - 12} more</li>}
          </ul>
        )}
        <Button size="sm" variant="ghost" className="mt-1 w-fit px-2" onClick={onDismiss}>
          Dismiss
        </Button>
      </AlertDescription>
    </Alert>
  );
}
