"use client";

import { useCallback, useState } from "react";
import { toast } from "@/components/ui/toast";
import { datasetsApi } from "@/lib/datasets/api";
import type { Row } from "@/lib/datasets/columns";
import { type CellEdit, editsToChanges, type RowChange } from "@/lib/datasets/sheet";
import { cellChangeLabel, rowSaveLabel } from "@/lib/datasets/undo-labels";
import { problemsMessage, refusedValues } from "@/lib/datasets/value-problems";
import type { RowsConflict } from "@/lib/openapi/errors";
import { callApi } from "@/lib/http/contract";

/**
 * The engineer's own changes on one table screen, saved through the API and
 * undoable. Undo and redo are changes like any other, version-checked on
 * the server: an undo never overwrites someone else's newer change; it says
 * so and is dropped instead.
 */

type Values = Record<string, string>;

/** One undoable step: what it changed, and the versions it left the rows at. */
export type UndoStep =
  | { kind: "update"; label: string; rows: { id: number; before: Values; after: Values; version: number }[] }
  | { kind: "create"; label: string; id: number; version: number }
  | { kind: "delete"; label: string; id: number; parameter: string };

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** The stored values a change replaces, for the keys it writes. */
function previousValues(row: Row | undefined, data: Record<string, string | number>): Values {
  const before: Values = {};
  for (const key of Object.keys(data)) if (key !== "Version") before[key] = text(row?.[key]);
  return before;
}

const conflictText = (error: string, status: number) =>
  status === 409 ? "Someone else changed these rows since; undo would overwrite their change, so nothing was undone." : error;

export function useTableEdits(projectId: number, dataset: string, rows: readonly Row[], reload: () => Promise<void>) {
  const [undoStack, setUndoStack] = useState<UndoStep[]>([]);
  const [redoStack, setRedoStack] = useState<UndoStep[]>([]);
  const [busy, setBusy] = useState(false);
  const params = { id: projectId, ds: dataset };

  const remember = useCallback((step: UndoStep) => {
    setUndoStack((stack) => [...stack.slice(-99), step]);
    setRedoStack([]);
  }, []);

  /** Saves row changes as one batch; returns the saved rows, or null after telling the user why not. */
  const saveChanges = useCallback(
    async (changes: RowChange[]): Promise<Row[] | null> => {
      setBusy(true);
      const result = await callApi(datasetsApi.saveRows, { params, body: { rows: changes } });
      setBusy(false);
      if (result.ok) return result.data.data as Row[];
      console.error(`Server responded with ${result.status}: ${result.error}`);
      const conflicts = (result.body as RowsConflict | null)?.conflicts ?? [];
      toast.error(result.error, conflicts.length ? { description: "The newer values are now on screen." } : undefined);
      await reload();
      return null;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [projectId, dataset, reload],
  );

  /** Cell edits from the sheet (typing, paste, fill, clear: `what`) saved as one change. */
  const saveCells = useCallback(
    async (edits: CellEdit[], what: string, converted?: ReadonlyMap<number, Record<string, string>>): Promise<boolean> => {
      // Values stored as given (a rename across the angle rule that converts its numbers), over the edits' own.
      const changes = editsToChanges(rows, edits).map((c) => (converted?.has(c.id) ? { ...c, data: { ...c.data, ...converted.get(c.id) } } : c));
      if (changes.length === 0) return true;
      // A value its row cannot take is refused here, in the server's words, before anything is sent.
      const refused = refusedValues(rows, changes);
      if (refused.length > 0) {
        toast.error(problemsMessage(refused));
        return false;
      }
      const byId = new Map(rows.map((r) => [Number(r.Id), r]));
      const label = cellChangeLabel(rows, changes, what);
      const saved = await saveChanges(changes);
      if (!saved) return false;
      const versions = new Map(saved.map((r) => [Number(r.Id), Number(r.Version)]));
      remember({
        kind: "update",
        label,
        rows: changes.map((c) => ({
          id: c.id,
          before: previousValues(byId.get(c.id), c.data),
          after: Object.fromEntries(
            Object.entries(c.data)
              .filter(([k]) => k !== "Version")
              .map(([k, v]) => [k, String(v)]),
          ),
          version: versions.get(c.id) ?? 0,
        })),
      });
      toast.success(`${label}: saved ${changes.length} row${changes.length === 1 ? "" : "s"}`);
      await reload();
      return true;
    },
    [rows, saveChanges, remember, reload],
  );

  /** A save of the one-row edit mode, made undoable. */
  const recordRowSave = useCallback(
    (before: Row | undefined, data: Record<string, string | number>, saved: Row) => {
      const after = Object.fromEntries(
        Object.entries(data)
          .filter(([k]) => k !== "Version")
          .map(([k, v]) => [k, String(v)]),
      );
      const previous = previousValues(before, data);
      const changed = Object.keys(after).filter((k) => after[k] !== previous[k]);
      if (changed.length === 0) return;
      remember({
        kind: "update",
        // By the name it had: a rename is "Rename of SkewAngle".
        label: rowSaveLabel(String(before?.Parameter ?? saved.Parameter), changed),
        rows: [{ id: Number(saved.Id), before: pick(previous, changed), after: pick(after, changed), version: Number(saved.Version) }],
      });
    },
    [remember],
  );

  const recordCreate = useCallback(
    (row: Row) => remember({ kind: "create", label: `Create ${row.Parameter}`, id: Number(row.Id), version: Number(row.Version) }),
    [remember],
  );
  /** An Item column added with its item's name in the naming row (undo blanks the name, and the column hides again). */
  const recordItemColumn = useCallback(
    (column: string, name: string, naming: Row) =>
      remember({
        kind: "update",
        label: `Add ${column} (${name})`,
        rows: [{ id: Number(naming.Id), before: { [column]: "" }, after: { [column]: name }, version: Number(naming.Version) }],
      }),
    [remember],
  );
  const recordDelete = useCallback(
    (row: Row) => remember({ kind: "delete", label: `Delete ${row.Parameter}`, id: Number(row.Id), parameter: String(row.Parameter) }),
    [remember],
  );

  /** Runs one step backwards (undo) or forwards (redo); returns the step that reverses it, or null when refused. */
  const run = useCallback(
    async (step: UndoStep, direction: "undo" | "redo"): Promise<UndoStep | null> => {
      setBusy(true);
      try {
        if (step.kind === "update") {
          const changes = step.rows.map((r) => ({ id: r.id, data: { Version: r.version, ...(direction === "undo" ? r.before : r.after) } }));
          const result = await callApi(datasetsApi.saveRows, { params, body: { rows: changes } });
          if (!result.ok) throw new Refused(conflictText(result.error, result.status));
          const versions = new Map(result.data.data.map((r) => [Number(r.Id), Number(r.Version)]));
          return { ...step, rows: step.rows.map((r) => ({ ...r, version: versions.get(r.id) ?? r.version })) };
        }
        const removeRow = async (id: number, version?: number) => {
          const result = await callApi(datasetsApi.remove, {
            params: { ...params, rowId: id },
            query: version === undefined ? undefined : ({ version: String(version) } as never),
          });
          if (!result.ok) throw new Refused(result.status === 409 ? "Someone else changed this row since; it was not deleted." : result.error);
        };
        const bringBack = async (id: number) => {
          const result = await callApi(datasetsApi.undelete, { params: { ...params, rowId: id } });
          if (!result.ok) throw new Refused(result.error);
          return result.data.data as Row;
        };
        // create/delete: undoing one is the other.
        const removing = (step.kind === "create") === (direction === "undo");
        if (removing) {
          await removeRow(step.id, step.kind === "create" ? step.version : undefined);
          return step;
        }
        const back = await bringBack(step.id);
        return step.kind === "create" ? { ...step, version: Number(back.Version) } : step;
      } catch (error) {
        if (error instanceof Refused) {
          toast.error(`Not ${direction === "undo" ? "undone" : "redone"}: ${step.label}`, { description: error.message });
          return null;
        }
        throw error;
      } finally {
        setBusy(false);
        await reload();
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [projectId, dataset, reload],
  );

  const undo = useCallback(async () => {
    const step = undoStack.at(-1);
    if (!step || busy) return;
    setUndoStack((stack) => stack.slice(0, -1));
    const reversed = await run(step, "undo");
    if (reversed) {
      setRedoStack((stack) => [...stack, reversed]);
      toast.message(`Undone: ${step.label}`);
    }
  }, [undoStack, busy, run]);

  const redo = useCallback(async () => {
    const step = redoStack.at(-1);
    if (!step || busy) return;
    setRedoStack((stack) => stack.slice(0, -1));
    const again = await run(step, "redo");
    if (again) {
      setUndoStack((stack) => [...stack, again]);
      toast.message(`Redone: ${step.label}`);
    }
  }, [redoStack, busy, run]);

  return {
    busy,
    saveCells,
    recordRowSave,
    recordCreate,
    recordDelete,
    recordItemColumn,
    undo,
    redo,
    undoLabel: undoStack.at(-1)?.label ?? null,
    redoLabel: redoStack.at(-1)?.label ?? null,
  };
}

class Refused extends Error {}

function pick(values: Values, keys: string[]): Values {
  return Object.fromEntries(keys.map((k) => [k, values[k] ?? ""]));
}
