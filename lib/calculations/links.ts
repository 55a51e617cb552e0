/**
 * Links that open a calculator with its design actions filled in: the MIDAS
 * results pages send M*, V*, N* and where they came from. The contract, kept
 * by the pages (components/calculations/url-form.ts):
 *
 * - `Mstar` kNm, `Vstar` kN, `Nstar` kN with compression positive;
 * - `source`: free text of at most 300 characters, shown as "Design actions from: …".
 *
 * Concrete Bending and Concrete Shear take them; Lap Length has no design
 * actions and opens such a link with them left out. Every calculator also takes
 * the calc sheet's header (`project`, `element`, `combination`, `by`, `date`).
 */

import type { SearchParams } from "@/lib/navigation";

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export type CalculationTool = "bending" | "shear" | "lap";
export type DesignActions = { Mstar?: number; Vstar?: number; Nstar?: number };

export const CALCULATION_PATHS: Record<CalculationTool, string> = {
  bending: "/calculations",
  shear: "/calculations/concreteshear",
  lap: "/calculations/laplength",
};

/** The query parameters of the design actions, in the order a link carries them (Bending and Shear; Lap Length has none). */
export const DESIGN_ACTION_KEYS = ["Mstar", "Vstar", "Nstar", "source"] as const;
export const SOURCE_MAX_LENGTH = 300;

/** Text as one line of at most `max` characters: control characters to spaces, cut with an ellipsis, never mid-character. */
function oneLine(text: string, max: number): string {
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join("")}…`;
}

/** The source as one line of at most 300 characters (cut with an ellipsis, never mid-character). */
export function cleanSource(source: string): string {
  return oneLine(source, SOURCE_MAX_LENGTH);
}

/** The header of every calc sheet: what it is for, who made it and when. Plain text, shown as such. */
export type SheetHeader = { project?: string; element?: string; combination?: string; by?: string; date?: string };
/** The header's query parameters, in the order a link carries them. */
export const SHEET_HEADER_KEYS = ["project", "element", "combination", "by", "date"] as const satisfies readonly (keyof SheetHeader)[];
export const SHEET_HEADER_MAX_LENGTH = 120;

/** A header field as one line of at most 120 characters. */
export function cleanHeaderField(text: string): string {
  return oneLine(text, SHEET_HEADER_MAX_LENGTH);
}

/** The header a link gives: each field cleaned to one line; blank ones left out. */
export function sheetHeaderFrom(params: SearchParams): SheetHeader {
  const header: SheetHeader = {};
  for (const key of SHEET_HEADER_KEYS) {
    const text = first(params[key]);
    const clean = text === undefined ? "" : cleanHeaderField(text);
    if (clean) header[key] = clean;
  }
  return header;
}

/** A number for a link: finite (else the caller's mistake), −0 as 0; String() never gives an exponent below 1e21. */
function linkNumber(key: string, value: unknown): string {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new RangeError(`${key} must be a finite number, not ${String(value)}`);
  return String(value === 0 ? 0 : value);
}

/**
 * The page path of a calculator with the design actions in its query:
 * `calculationLink("bending", { Mstar: 1250 }, "Demo Viaduct · girder 34")`
 * → `/calculations?Mstar=1250&source=Demo%20Viaduct%20%C2%B7%20girder%2034`.
 * Actions left undefined are left out; a number that is not finite is a mistake of the caller.
 */
export function calculationLink(tool: CalculationTool, actions: DesignActions, source?: string): string {
  const path = CALCULATION_PATHS[tool];
  if (!path) throw new RangeError(`unknown calculation tool "${String(tool)}"`);
  const query: string[] = [];
  for (const key of ["Mstar", "Vstar", "Nstar"] as const) {
    const value = actions[key];
    if (value === undefined) continue;
    query.push(`${key}=${encodeURIComponent(linkNumber(key, value))}`);
  }
  const text = source === undefined ? "" : cleanSource(source);
  if (text) query.push(`source=${encodeURIComponent(text)}`);
  return query.length ? `${path}?${query.join("&")}` : path;
}

/**
 * The page path of a calculator with a whole form and the sheet's header:
 * `calculatorLink("bending", { b: 300, D: 450, steel: "1800@390" }, { project: "Demo Viaduct" })`
 * → `/calculations?b=300&D=450&steel=1800%40390&project=Demo%20Viaduct`.
 * The values go in the order given (the form's URL keys, as the page reads
 * them), undefined ones left out, numbers finite (else a RangeError); then the
 * header, in SHEET_HEADER_KEYS order, each field cleaned to one line, blank
 * ones left out. The header goes only in `header`: a value under one of its
 * keys is a RangeError, so a link never carries a key twice.
 */
export function calculatorLink(tool: CalculationTool, values: Record<string, string | number | undefined>, header: SheetHeader = {}): string {
  const path = CALCULATION_PATHS[tool];
  if (!path) throw new RangeError(`unknown calculation tool "${String(tool)}"`);
  const headerKeys = new Set<string>(SHEET_HEADER_KEYS);
  const query: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (headerKeys.has(key)) throw new RangeError(`${key} belongs to the sheet's header, not its values`);
    const text = typeof value === "string" ? value : linkNumber(key, value);
    query.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  for (const key of SHEET_HEADER_KEYS) {
    const text = cleanHeaderField(header[key] ?? "");
    if (text) query.push(`${key}=${encodeURIComponent(text)}`);
  }
  return query.length ? `${path}?${query.join("&")}` : path;
}

/**
 * A link that carries only design actions (what the MIDAS pages send), not a
 * whole calculation: the actions it leaves out open blank (0), not as the
 * tool's example values, so the sheet shows only what the source gave.
 */
export function isDesignActionsLink(params: SearchParams, formKeys: readonly string[]): boolean {
  const actions = new Set<string>(DESIGN_ACTION_KEYS);
  const given = formKeys.filter((key) => first(params[key]) !== undefined);
  return given.length > 0 && given.every((key) => actions.has(key));
}

/**
 * Concrete Shear links written before design actions existed carry N* with
 * tension positive (as the API and Cl 8.2.4.2.2 take it); the page now reads
 * N* with compression positive, like every design-actions link. Such links
 * are the page's own, so they hold `amendment` and never `source`: their N*
 * is turned round so that they open as they were.
 */
export function readShearLink(params: SearchParams): SearchParams {
  const legacy = first(params.amendment) !== undefined && first(params.source) === undefined;
  const text = first(params.Nstar);
  if (!legacy || text === undefined || text.trim() === "") return params;
  const value = Number(text);
  if (!Number.isFinite(value) || value === 0) return params;
  return { ...params, Nstar: String(-value) };
}
