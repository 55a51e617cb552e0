"use client";

import dynamic from "next/dynamic";
import { useCallback, useMemo, useState } from "react";
import { useAfterLoad } from "@/hooks/use-after-load";
import { toast } from "@/components/ui/toast";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useMediaQuery, WIDE_SCREEN } from "@/hooks/use-media-query";
import { type ColumnPreset, compareColumns, deriveColumns, FIXED_FIELDS, presetColumns, type Row } from "@/lib/datasets/columns";
import { copyTargets } from "@/lib/datasets/copy";
import { draftExtraColumns, newRowDraft, setCellTexts } from "@/lib/datasets/draft";
import { nextItem } from "@/lib/datasets/item-columns";
import { itemNames } from "@/lib/datasets/item-labels";
import { pasteTargets } from "@/lib/datasets/paste";
import { type Rename, renameQuestion, renamesIn, renamesQuestion } from "@/lib/datasets/renames";
import { convertedValues } from "@/lib/datasets/reinterpret";
import type { CellEdit } from "@/lib/datasets/sheet";
import type { FirstScreen } from "@/lib/datasets/first-screen";
import type { DatasetInfo } from "@/lib/datasets/registry";
import type { ProjectAccess } from "@/lib/projects/access";
import { refusal } from "@/lib/projects/roles";
import { ExportMenu } from "./export-menu";
import { type GridActions, kindButtonLabel, ParameterGrid } from "./grid/parameter-grid";
import { FirstScreenRows } from "./grid/first-screen";
import { DatasetToolbar } from "./toolbar";
import { LiveViewers } from "./live-marks";
import { useRowNotes } from "./row-notes";
import { useDatasetRows } from "./use-dataset-rows";
import { useLiveTable } from "./use-live-table";
import { usePush } from "./use-push";
import { useRowForm } from "./use-row-form";
import { useTableEdits } from "./use-table-edits";
import { useTableStructure } from "./use-table-structure";
import { useUndoKeys } from "./use-undo-keys";

// Dialogs and side panels load their code when first opened: none is needed to show the table.
const ConfirmDialog = dynamic(() => import("@/components/ui/confirm-dialog").then((m) => m.ConfirmDialog));
const CopyDialog = dynamic(() => import("./copy-dialog").then((m) => m.CopyDialog));
const KindDialog = dynamic(() => import("./kind-dialog").then((m) => m.KindDialog));
const ReinterpretDialog = dynamic(() => import("./reinterpret-dialog").then((m) => m.ReinterpretDialog));
const PasteDialog = dynamic(() => import("./paste-dialog").then((m) => m.PasteDialog));
const RowHistory = dynamic(() => import("./row-history").then((m) => m.RowHistory));
const ActivityLog = dynamic(() => import("./activity-log").then((m) => m.ActivityLog));
const PushPreviewDialog = dynamic(() => import("./push-preview-dialog").then((m) => m.PushPreviewDialog));
// So are what only editing, a push's outcome or an empty table shows; editing's code is fetched once the page is idle.
const EditTools = dynamic(() => import("./edit-tools").then((m) => m.EditTools));
const ConflictAlert = dynamic(() => import("./edit-tools").then((m) => m.ConflictAlert));
const RowEditorList = dynamic(() => import("./row-editor-list").then((m) => m.RowEditorList));
const PushOutcome = dynamic(() => import("./push-outcome").then((m) => m.PushOutcome));
const TemplateOffer = dynamic(() => import("./template-offer").then((m) => m.TemplateOffer));
const loadEditing = () => Promise.all([import("./grid/editable-row"), import("./edit-tools"), import("./row-editor-list")]);

const NO_ROWS: Row[] = [];
const fixed = new Set<string>(FIXED_FIELDS);

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
  const [copyOpen, setCopyOpen] = useState(false);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [historyOf, setHistoryOf] = useState<Row | null>(null);
  const [kindOf, setKindOf] = useState<Row | null>(null);
  const [activityOpen, setActivityOpen] = useState(false);
  // Cell edits that rename rows, held until the engineer answers the rename question.
  const [renaming, setRenaming] = useState<{ edits: CellEdit[]; what: string; renames: Rename[] } | null>(null);

  const rows = state.status === "ready" ? state.rows : NO_ROWS;
  const edits = useTableEdits(project.id, dataset.key, rows, reload);
  const structure = useTableStructure(project.id, dataset, edits, reload);
  const form = useRowForm(project.id, dataset.key, rows, edits, reload);
  const { editing, setEditing, conflicts, creating, setCreating, confirmation, setConfirmation, exitEdit } = form;
  const live = useLiveTable(project.id, dataset.key, userId, editing?.id ?? null, reload);
  /** Every column the table has, shown or not (a row carries only its own). */
  const datasetColumns = useMemo(() => (state.status === "ready" ? state.columns.filter((k) => !fixed.has(k)) : []), [state]);
  const shownColumns = useMemo(() => deriveColumns(rows, [], datasetColumns), [rows, datasetColumns]);
  const extraKey = draftExtraColumns(editing, shownColumns).join(",");
  /** Every column shown, with those an edit is adding: what the phone's row editor lists, before the preset. */
  const rowColumns = useMemo(() => (extraKey ? [...shownColumns, ...extraKey.split(",")].sort(compareColumns) : shownColumns), [shownColumns, extraKey]);
  const columns = useMemo(() => presetColumns(rowColumns, preset), [rowColumns, preset]);
  const names = useMemo(() => itemNames(rows, dataset.key), [rows, dataset.key]);
  // Why "Add item column" cannot add one now, if it cannot: the editor's reasons first, then the table's.
  const addItemReason = useMemo(() => {
    if (readOnly) return readOnly;
    if (rows.length === 0) return `This table has no rows yet: start from the ${dataset.template} template, or create a row.`;
    // The table's columns, not every row's keys: reading those split all 2,000 rows out of their lines at load.
    const next = nextItem(rows, dataset.key, datasetColumns);
    return "refusal" in next ? next.refusal : null;
  }, [readOnly, rows, dataset.key, dataset.template, datasetColumns]);
  const editedRow = editing ? rows.find((r) => Number(r.Id) === editing.id) : undefined;
  const liveRowIds = useMemo(() => new Set(rows.map((r) => Number(r.Id))), [rows]);
  const rowNotes = useRowNotes(outcome, rows, live);
  useUndoKeys(edits.undo, edits.redo);
  useAfterLoad(useCallback(() => void (readOnly || loadEditing()), [readOnly]));

  const onRestored = useCallback(() => void reload(), [reload]);

  const actions: GridActions = {
    onEdit: (row) => form.startEdit(row, datasetColumns),
    onHistory: setHistoryOf,
    onDelete: (row) => setConfirmation({ kind: "delete", row }),
    onPush: (row) => setPushing({ parameter: String(row.Parameter) }),
    onKind: setKindOf,
    onSave: () => setConfirmation({ kind: "save" }),
    onExit: exitEdit,
    onEditDraft: setEditing,
    onConfirmCreate: () => void form.confirmCreate(),
    onCancelCreate: () => setCreating(null),
    onCreateDraft: setCreating,
  };

  const sheet = useMemo(
    () => ({
      onCellEdits: (list: CellEdit[], what: string) => {
        // Revit matches rows by Parameter: a rename is asked first, whichever way it was typed, pasted or filled.
        const renames = renamesIn(rows, list);
        if (renames.length > 0) setRenaming({ edits: list, what, renames });
        else void edits.saveCells(list, what);
      },
      onMessage: (message: string) => toast.error(message),
    }),
    [edits, rows],
  );

  const fetchedLine = state.status === "ready" ? `Fetched ${state.rows.length} items in ${state.ms}ms` : "\u00a0";
  const anyBusy = form.busy || edits.busy || structure.busy;

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
        <CardContent className="grid gap-3 px-2 md:px-4">
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
            onAddItemColumn={() => void structure.addItemColumn()}
            addItemReason={editing ? "Save or exit the row being edited first." : addItemReason}
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
            <EditTools
              editing={editing}
              busy={anyBusy}
              onCopy={() => setCopyOpen(true)}
              onPaste={() => setPasteOpen(true)}
              onSave={() => setConfirmation({ kind: "save" })}
              onExit={exitEdit}
            />
          )}

          {editing && !wide && editedRow && (
            <RowEditorList
              key={editing.id}
              draft={editing}
              columns={rowColumns}
              names={names}
              conflicts={conflicts}
              busy={anyBusy}
              onChange={setEditing}
              onSave={() => setConfirmation({ kind: "save" })}
              onExit={exitEdit}
              kind={{ label: kindButtonLabel(state.status === "ready" ? state.units : undefined, editedRow), onOpen: () => setKindOf(editedRow) }}
            />
          )}

          {extra}

          {outcome && <PushOutcome outcome={outcome} onDismiss={dismissOutcome} />}

          {conflicts && conflicts.size > 0 && <ConflictAlert conflicts={conflicts} />}

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
              dataset={dataset.key}
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
              units={state.units}
              emptyAction={<TemplateOffer dataset={dataset} readOnly={readOnly} busy={anyBusy} onStart={() => void structure.startFromTemplate()} />}
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
          onConfirm={() => void form.save()}
        />
      )}
      {renaming &&
        (renaming.renames.some((r) => r.crossesAngle) ? (
          <ReinterpretDialog
            {...(renaming.renames.length === 1 ? renameQuestion(renaming.renames[0]!) : renamesQuestion(renaming.renames))}
            action="Rename"
            readings={renaming.renames.flatMap((r) => r.values.map((reading) => ({ row: r.from, reading })))}
            busy={anyBusy}
            onCancel={() => setRenaming(null)}
            onKeep={() => {
              setRenaming(null);
              void edits.saveCells(renaming.edits, renaming.what);
            }}
            onConvert={() => {
              setRenaming(null);
              void edits.saveCells(renaming.edits, renaming.what, new Map(renaming.renames.map((r) => [r.rowId, convertedValues(r.values)])));
            }}
          />
        ) : (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setRenaming(null)}
            {...(renaming.renames.length === 1 ? renameQuestion(renaming.renames[0]!) : renamesQuestion(renaming.renames))}
            confirmLabel="Rename"
            busy={anyBusy}
            onConfirm={() => {
              setRenaming(null);
              void edits.saveCells(renaming.edits, renaming.what);
            }}
          />
        ))}
      {confirmation?.kind === "delete" && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirmation(null)}
          title={`Delete ${confirmation.row.Parameter}?`}
          description="The row is removed from the table for everyone. Undo, or Restore in the table's activity, brings it back."
          confirmLabel="Delete"
          destructive
          busy={anyBusy}
          onConfirm={() => void form.remove(confirmation.row)}
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
      {kindOf && (
        <KindDialog
          projectId={project.id}
          dataset={dataset.key}
          row={kindOf}
          onClose={() => setKindOf(null)}
          onSaved={() => {
            setKindOf(null);
            exitEdit();
            void reload();
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
