import { z } from "zod";

/**
 * Whether Postgres can store a string as text: no NUL character, and no
 * broken UTF-16 (a lone surrogate), which it refuses in jsonb and which would
 * otherwise be silently replaced in text columns.
 */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && value.isWellFormed();
}

/** The largest id Postgres' integer column holds. */
export const MAX_ID = 2_147_483_647;

export const STORABLE_TEXT_MESSAGE = "must not contain the NUL character or broken Unicode";

/** Text that can be stored as given. */
export function storableText(options: { max: number; typeError?: string; maxError?: string }) {
  return z
    .string({ error: options.typeError ?? "expected text" })
    .max(options.max, { error: options.maxError ?? `at most ${options.max} characters` })
    .refine(isStorableText, { error: STORABLE_TEXT_MESSAGE });
}
