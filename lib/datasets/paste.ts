/**
 * 'Paste Excel Data' (SPEC section 4): pasted values go into Item1, Item2, ...
 * of the edited row, only where those columns exist. Values are separated by
 * whitespace; when the text holds tabs (cells copied from Excel) tabs and line
 * breaks separate them instead, so a cell like "Pot Guided" stays one value.
 */
export function parsePastedValues(text: string): string[] {
  const parts = text.includes("\t") ? text.split(/\t|\r?\n/) : text.split(/\s+/);
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}

/** Which Item column gets which pasted value: Item{i+1} for the i-th value, where that column exists. */
export function pasteTargets(values: readonly string[], existingColumns: Iterable<string>): Map<string, string> {
  const existing = new Set(existingColumns);
  const targets = new Map<string, string>();
  values.forEach((value, i) => {
    const column = `Item${i + 1}`;
    if (existing.has(column)) targets.set(column, value);
  });
  return targets;
}
