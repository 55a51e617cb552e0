/**
 * A 400 names the field it refuses by its API name (`Invalid field "apiKey": a MAPI-Key is at least 16
 * characters`): a contract for clients. A form shows the message under its own field instead, where the label the
 * engineer sees names it; these read it apart.
 */
const NAMED = /^Invalid field "([^"]+)": (.+)$/s;

export type FieldError = { field: string; message: string };

/** The field an answer's error names, and what it says of it; null when it names none. */
export function fieldErrorOf(error: string): FieldError | null {
  const match = NAMED.exec(error);
  return match ? { field: match[1]!, message: sentence(match[2]!) } : null;
}

/** "a MAPI-Key is at least 16 characters" → "A MAPI-Key is at least 16 characters." */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * Where an error belongs on a form with these fields (API name → label): under the field it names, or under
 * `fallback` (the field the form is about) when it names none or one the form does not show; the text never
 * carries the API's name of a field.
 */
export function placeFieldError(error: string, labels: Record<string, string>, fallback: string): FieldError {
  const named = fieldErrorOf(error);
  if (!named) return { field: fallback, message: error };
  if (named.field in labels) return named;
  return { field: fallback, message: named.message };
}
