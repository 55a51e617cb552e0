/** The MAPI-Key's rules, shared by the server and the settings form (no zod here: it goes to the browser). */

/** MIDAS issues long keys: a shorter one is not a MIDAS key, and its last 4 characters would show much of it. */
export const MAPI_KEY_MIN_LENGTH = 16;

/** What is shown of a key of this length: its last 4 characters, or "" for a shorter key saved before keys had to be long. */
export const shownLast4 = (keyLength: number, last4: string): string => (keyLength >= MAPI_KEY_MIN_LENGTH ? last4 : "");
