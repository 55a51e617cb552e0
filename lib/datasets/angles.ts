/**
 * The angle rule (SPEC section 3): in a row whose Parameter contains "angle"
 * (any case; at word edges, DECISIONS 18), values are stored in radians but
 * shown and edited in degrees with 2 decimals, and saved back as radian
 * strings. A cell the user did not touch is saved exactly as stored, so
 * opening and saving a row never drifts.
 */
import type { Row } from "./columns";
import { carriedKind, isAngleName } from "./kinds";

/** Whether a row of this name is an angle row, unless its engineers set its kind. Every template's angle rows are named as angles (templates.test.ts). */
export function isAngleRow(parameter: string): boolean {
  return isAngleName(parameter);
}

/** Whether a row on screen is an angle row: as the server said (its set kind wins), else by its name. */
export function isAngle(row: Row): boolean {
  const kind = carriedKind(row);
  return kind ? kind.kind === "angle" : isAngleRow(String(row.Parameter ?? ""));
}

function asNumber(text: string): number | null {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** What the table shows for a stored value; non-numeric values are shown as they are. */
export function displayValue(stored: string, angle: boolean): string {
  if (!angle) return stored;
  const radians = asNumber(stored);
  return radians === null ? stored : ((radians * 180) / Math.PI).toFixed(2);
}

/** What is stored for a value the user typed (in degrees on angle rows). */
export function storedValue(typed: string, angle: boolean): string {
  if (!angle) return typed;
  const degrees = asNumber(typed);
  return degrees === null ? typed : String((degrees * Math.PI) / 180);
}

/** One cell being edited: what was stored, what the input shows, and whether the user changed it. */
export type DraftCell = { stored: string; text: string; touched: boolean };

export function draftCell(stored: string, angle: boolean): DraftCell {
  return { stored, text: displayValue(stored, angle), touched: false };
}

export function editCell(cell: DraftCell, text: string): DraftCell {
  return { ...cell, text, touched: true };
}

/** The value to save: untouched cells exactly as stored, typed ones converted back. */
export function valueToSave(cell: DraftCell, angle: boolean): string {
  return cell.touched ? storedValue(cell.text, angle) : cell.stored;
}
