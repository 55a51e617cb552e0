/**
 * Links that open a calculator with its design actions filled in: the MIDAS
 * results pages send M*, V*, N* and where they came from. The contract, kept
 * by the pages (components/calculations/url-form.ts):
 *
 * - `Mstar` kNm, `Vstar` kN, `Nstar` kN with compression positive;
 * - `source`: free text of at most 300 characters, shown as "Design actions from: …".
 */

import type { SearchParams } from "@/lib/navigation";

export type CalculationTool = "bending" | "shear" | "lap";
export type DesignActions = { Mstar?: number; Vstar?: number; Nstar?: number };

export const CALCULATION_PATHS: Record<CalculationTool, string> = {
  bending: "/calculations",
  shear: "/calculations/concreteshear",
  lap: "/calculations/laplength",
};

/** The query parameters of the design actions, in the order a link carries them. */
export const DESIGN_ACTION_KEYS = ["Mstar", "Vstar", "Nstar", "source"] as const;
export const SOURCE_MAX_LENGTH = 300;

/** The source as one line of at most 300 characters (cut with an ellipsis, never mid-character). */
export function cleanSource(source: string): string {
  const line = source.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length <= SOURCE_MAX_LENGTH ? line : `${chars.slice(0, SOURCE_MAX_LENGTH - 1).join("")}…`;
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
    if (typeof value !== "number" || !Number.isFinite(value)) throw new RangeError(`${key} must be a finite number, not ${String(value)}`);
    // -0 reads as 0; String() never gives an exponent below 1e21, and Number() reads it back exactly.
    query.push(`${key}=${encodeURIComponent(String(value === 0 ? 0 : value))}`);
  }
  const text = source === undefined ? "" : cleanSource(source);
  if (text) query.push(`source=${encodeURIComponent(text)}`);
  return query.length ? `${path}?${query.join("&")}` : path;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

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
