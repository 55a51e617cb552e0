const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** Numbers by value (12.45 before 12.5), everything else in natural order ("P2" before "P10"). */
export function compareCellValues(a: string, b: string): number {
  const na = a.trim() === "" ? Number.NaN : Number(a);
  const nb = b.trim() === "" ? Number.NaN : Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return collator.compare(a, b);
}
