"use client";

import { EllipsisVerticalIcon, HistoryIcon, PencilIcon, SendIcon, Trash2Icon } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { DisabledReason } from "@/components/ui/disabled-reason";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { Row } from "@/lib/datasets/columns";

/** What the row buttons do; the screen implements them. */
export type RowActions = {
  onEdit: (row: Row) => void;
  onHistory: (row: Row) => void;
  onDelete: (row: Row) => void;
  onPush: (row: Row) => void;
};

type RowActionsProps = {
  data: Row;
  /** Another edit is open: the actions that change rows wait. */
  locked: boolean;
  readOnly: string | null;
  canPush: boolean;
  actions: RowActions;
};

// The same elements on every render: a row re-rendered (its buttons locked while another row is edited) keeps its icons untouched.
const editIcon = <PencilIcon aria-hidden="true" />;
const historyIcon = <HistoryIcon aria-hidden="true" />;
const deleteIcon = <Trash2Icon aria-hidden="true" />;
const pushIcon = <SendIcon aria-hidden="true" />;

/** A row's actions as buttons side by side (a wide screen). */
export function RowButtons({ data, locked, readOnly, canPush, actions }: RowActionsProps) {
  const parameter = String(data.Parameter ?? "");
  return (
    <>
      <DisabledReason reason={readOnly}>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Edit ${parameter}`}
          title={readOnly ? undefined : "Edit"}
          disabled={locked || readOnly !== null}
          onClick={() => actions.onEdit(data)}
        >
          {editIcon}
        </Button>
      </DisabledReason>
      <Button variant="ghost" size="icon-sm" aria-label={`History of ${parameter}`} title="History" onClick={() => actions.onHistory(data)}>
        {historyIcon}
      </Button>
      <DisabledReason reason={readOnly}>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete ${parameter}`}
          title={readOnly ? undefined : "Delete"}
          disabled={locked || readOnly !== null}
          onClick={() => actions.onDelete(data)}
        >
          {deleteIcon}
        </Button>
      </DisabledReason>
      {canPush && (
        <DisabledReason reason={readOnly}>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Push row to Revit: ${parameter}`}
            title={readOnly ? undefined : "Push row to Revit"}
            disabled={readOnly !== null}
            onClick={() => actions.onPush(data)}
          >
            {pushIcon}
          </Button>
        </DisabledReason>
      )}
    </>
  );
}

/**
 * A row's actions in one menu (a phone): the same actions, each item named as its button is ("Edit PierHeight"), so
 * four buttons do not take half the screen's width.
 */
export function RowActionsMenu({ data, locked, readOnly, canPush, actions }: RowActionsProps) {
  const parameter = String(data.Parameter ?? "");
  const writeBlocked = readOnly !== null;
  // Focus goes where a chosen action leads (the row editor, a dialog), not back to this button; a dismissed menu gives it back.
  const acted = useRef(false);
  const act = (action: (row: Row) => void) => () => {
    acted.current = true;
    action(data);
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Row actions: ${parameter}`} title="Row actions">
          <EllipsisVerticalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="max-w-72"
        onCloseAutoFocus={(event) => {
          if (acted.current) event.preventDefault();
          acted.current = false;
        }}
      >
        <DropdownMenuLabel className="truncate">{parameter}</DropdownMenuLabel>
        <DropdownMenuItem aria-label={`Edit ${parameter}`} disabled={locked || writeBlocked} onSelect={act(actions.onEdit)}>
          {editIcon}
          Edit
        </DropdownMenuItem>
        <DropdownMenuItem aria-label={`History of ${parameter}`} onSelect={act(actions.onHistory)}>
          {historyIcon}
          History
        </DropdownMenuItem>
        <DropdownMenuItem aria-label={`Delete ${parameter}`} disabled={locked || writeBlocked} onSelect={act(actions.onDelete)}>
          {deleteIcon}
          Delete
        </DropdownMenuItem>
        {canPush && (
          <DropdownMenuItem aria-label={`Push row to Revit: ${parameter}`} disabled={writeBlocked} onSelect={act(actions.onPush)}>
            {pushIcon}
            Push row to Revit
          </DropdownMenuItem>
        )}
        {readOnly && <p className="px-2 py-1 text-xs text-muted-foreground">{readOnly}</p>}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
