/** Characters that print as nothing: zero-width space, joiners, word joiner, byte-order mark, soft hyphen. */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

/**
 * A Parameter name as stored and compared: Unicode NFC (so "é" typed as one
 * character or as e + accent is one name), without invisible characters, and
 * trimmed. Two names that look the same are the same name.
 */
export function normaliseParameterName(name: string): string {
  return name.normalize("NFC").replace(INVISIBLE, "").trim();
}
