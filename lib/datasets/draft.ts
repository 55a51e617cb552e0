import { type DraftCell, draftCell, editCell, isAngle, isAngleRow, storedValue, valueToSave } from "./angles";
import type { Row } from "./columns";

/**
 * A row being edited (or created) on screen: every cell remembers what was
 * stored and whether the user touched it, so saving converts only what the
 * user typed (angle rule) and leaves everything else exactly as stored.
 */
export type Draft = {
  /** Undefined for a new row. */
  id?: number;
  /** The Version the edit started from; sent back so a concurrent save is detected. */
  version?: number;
  parameter: string;
  /** The Parameter as stored when the edit started ("" for a new row). */
  storedParameter: string;
  /** Angle rows show and take degrees; fixed when the edit starts. */
  angle: boolean;
  cells: Record<string, DraftCell>;
};

/** Whether the engineer has changed anything in the draft (its kind is set between edits, not in the middle of one). */
export function isDraftTouched(draft: Draft): boolean {
  return draft.parameter !== draft.storedParameter || Object.values(draft.cells).some((cell) => cell.touched);
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

export function draftFromRow(row: Row, columns: readonly string[]): Draft {
  const parameter = text(row.Parameter);
  const angle = isAngle(row);
  const cells: Record<string, DraftCell> = {};
  for (const column of columns) cells[column] = draftCell(text(row[column]), angle);
  return { id: Number(row.Id), version: Number(row.Version), parameter, storedParameter: parameter, angle, cells };
}

export function newRowDraft(columns: readonly string[]): Draft {
  const cells: Record<string, DraftCell> = {};
  for (const column of columns) cells[column] = draftCell("", false);
  return { parameter: "", storedParameter: "", angle: false, cells };
}

/** The user typed into a cell (a column the draft lacks is added). */
export function setCellText(draft: Draft, column: string, value: string): Draft {
  const cell = draft.cells[column] ?? draftCell("", draft.angle);
  return { ...draft, cells: { ...draft.cells, [column]: editCell(cell, value) } };
}

/** Several cells at once, as Copy and Paste do; the texts are what the user would have typed. */
export function setCellTexts(draft: Draft, values: Map<string, string>): Draft {
  const cells = { ...draft.cells };
  for (const [column, value] of values) cells[column] = editCell(cells[column] ?? draftCell("", draft.angle), value);
  return { ...draft, cells };
}

/** Whether the row is an angle row for saving: an existing row keeps its kind, a new one follows the typed name. */
function savesAsAngle(draft: Draft): boolean {
  return draft.id === undefined ? isAngleRow(draft.parameter) : draft.angle;
}

/** The `data` of edit-element / create-element. */
export function draftPayload(draft: Draft): Record<string, string | number> {
  const angle = savesAsAngle(draft);
  const data: Record<string, string | number> = { Parameter: draft.parameter.trim() };
  if (draft.version !== undefined) data.Version = draft.version;
  for (const [column, cell] of Object.entries(draft.cells)) {
    data[column] = draft.id === undefined ? storedValue(cell.text, angle) : valueToSave(cell, angle);
  }
  return data;
}

/** Columns the draft has that the table does not show yet (Copy to N beyond the last Item). */
export function draftExtraColumns(draft: Draft | null, columns: readonly string[]): string[] {
  if (!draft) return [];
  const known = new Set(columns);
  return Object.keys(draft.cells).filter((c) => !known.has(c));
}

/**
 * After a 409: the user's edits stay, the draft now builds on the newer
 * version (saving again overwrites it knowingly), and the columns whose
 * stored value changed are reported with their newer values.
 */
export function rebaseDraft(draft: Draft, current: Row): { draft: Draft; changed: Map<string, string> } {
  const changed = new Map<string, string>();
  const cells: Record<string, DraftCell> = {};
  for (const [column, cell] of Object.entries(draft.cells)) {
    const newer = text(current[column]);
    if (newer !== cell.stored) changed.set(column, newer);
    cells[column] = cell.touched ? { ...cell, stored: newer } : draftCell(newer, draft.angle);
  }
  const newerParameter = text(current.Parameter);
  const parameterTouched = draft.parameter !== draft.storedParameter;
  if (newerParameter !== draft.storedParameter) changed.set("Parameter", newerParameter);
  return {
    draft: {
      ...draft,
      version: Number(current.Version),
      parameter: parameterTouched ? draft.parameter : newerParameter,
      storedParameter: newerParameter,
      cells,
    },
    changed,
  };
}
