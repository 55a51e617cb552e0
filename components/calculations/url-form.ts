import { useEffect, useMemo, useRef, useState } from "react";
import type { z } from "zod";
import { DESIGN_ACTION_KEYS, isDesignActionsLink, SHEET_HEADER_KEYS } from "@/lib/calculations/links";
import { fieldErrors } from "@/lib/calculations/schemas";
import type { SearchParams } from "@/lib/navigation";

/** A calculator's inputs as typed, by URL key. */
export type FormValues = Record<string, string>;

/**
 * The calculator's inputs, kept in the page's URL (so a calculation can be
 * shared as a link): the address is rewritten in place as the user types,
 * without a navigation.
 */
export function useUrlForm(defaults: FormValues, params: SearchParams): [FormValues, (name: string, value: string) => void] {
  const [initial] = useState(() => fromSearchParams(defaults, params));
  const [values, setValues] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    // An untouched form keeps the page's address as it was opened.
    if (values === initial) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const params = new URLSearchParams(values);
      // The sheet's header keeps its own keys in the address (calc-sheet.tsx): carried over, not dropped.
      const now = new URLSearchParams(window.location.search);
      for (const key of SHEET_HEADER_KEYS) {
        const text = now.get(key);
        if (text !== null && !params.has(key)) params.set(key, text);
      }
      window.history.replaceState(window.history.state, "", `${window.location.pathname}?${params.toString()}`);
    }, 250);
    return () => clearTimeout(timer.current);
  }, [values, initial]);
  return [values, (name, value) => setValues((v) => ({ ...v, [name]: value }))];
}

/**
 * The form as a shared link left it: known keys from the address, defaults for
 * the rest; a link with only design actions leaves the actions it does not give blank.
 */
export function fromSearchParams(defaults: FormValues, params: SearchParams): FormValues {
  const values = { ...defaults };
  if (isDesignActionsLink(params, Object.keys(defaults))) {
    for (const key of DESIGN_ACTION_KEYS) if (key in values) values[key] = "";
  }
  for (const key of Object.keys(defaults)) {
    const given = params[key];
    const text = Array.isArray(given) ? given[0] : given;
    if (text !== undefined) values[key] = text;
  }
  return values;
}

/**
 * The form's inputs checked by the tool's schema (the API's own) and, when
 * valid, worked out: once per change of the inputs, not on every render.
 */
export function useCalculation<Input, Result>(
  schema: z.ZodType<Input, unknown>,
  candidate: unknown,
  compute: (input: Input) => Result,
): { input: Input; result: Result; errors: Record<string, string> } | { input: null; result: null; errors: Record<string, string> } {
  const key = JSON.stringify(candidate);
  return useMemo(
    () => {
      const parsed = schema.safeParse(candidate);
      return parsed.success
        ? { input: parsed.data, result: compute(parsed.data), errors: {} }
        : { input: null, result: null, errors: fieldErrors(parsed.error) };
    },
    // The candidate is a fresh object each render; its text identifies the inputs (NaN stays NaN in the closure).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, schema, compute],
  );
}

/** Form text to a number for the schema; blank or junk stays recognisably invalid. */
export function num(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : Number.NaN;
}
