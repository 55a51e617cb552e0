/** How long a run took: "42 s", "3 min 5 s". */
export function formatDuration(fromIso: string, toIso: string | null): string {
  if (!toIso) return "";
  const s = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

export const ACTION_TEXT: Record<string, string> = {
  read: "reading",
  create: "creating rows in",
  update: "updating rows of",
  delete: "deleting rows of",
  verify: "reading back",
};
