import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { datasetsApi } from "@/lib/datasets/api";
import type { Row } from "@/lib/datasets/columns";
import { type Draft, draftFromRow, draftPayload, rebaseDraft } from "@/lib/datasets/draft";
import { callApi } from "@/lib/http/contract";
import type { useTableEdits } from "./use-table-edits";

export type Confirmation = { kind: "save" } | { kind: "delete"; row: Row } | null;

type UndoRecords = Pick<ReturnType<typeof useTableEdits>, "recordRowSave" | "recordCreate" | "recordDelete">;

function logFailure(status: number, error: string) {
  console.error(`Server responded with ${status}: ${error}`);
}

/**
 * The row form of a table screen (SPEC section 4): one row edited at a time
 * and saved after a confirmation (a newer save by someone else is shown, the
 * edits kept), a new row at the top, a delete after a confirmation. Every
 * change is recorded for undo, and the table reloads after it.
 */
export function useRowForm(projectId: number, dataset: string, rows: readonly Row[], edits: UndoRecords, reload: () => Promise<void>) {
  const [editing, setEditing] = useState<Draft | null>(null);
  const [conflicts, setConflicts] = useState<Map<string, string> | null>(null);
  const [creating, setCreating] = useState<Draft | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const [busy, setBusy] = useState(false);

  function exitEdit() {
    setEditing(null);
    setConflicts(null);
  }

  function startEdit(row: Row, columns: readonly string[]) {
    setCreating(null);
    setConflicts(null);
    setEditing(draftFromRow(row, columns));
  }

  async function save() {
    if (!editing || editing.id === undefined || !Number.isFinite(editing.id)) return;
    setBusy(true);
    const data = draftPayload(editing);
    const before = rows.find((r) => Number(r.Id) === editing.id);
    const result = await callApi(datasetsApi.edit, { params: { id: projectId, ds: dataset, rowId: editing.id }, body: { data } });
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
    const result = await callApi(datasetsApi.create, { params: { id: projectId, ds: dataset }, body: { data: draftPayload(creating) } });
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
    const result = await callApi(datasetsApi.remove, { params: { id: projectId, ds: dataset, rowId: id } });
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

  return { editing, setEditing, conflicts, creating, setCreating, confirmation, setConfirmation, busy, exitEdit, startEdit, save, confirmCreate, remove };
}
