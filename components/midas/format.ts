/** A moment as the same text on the server and in every browser (no hydration differences): "2026-03-14 09:26 UTC". */
export function formatWhen(iso: string | null): string {
  if (!iso) return "";
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

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
