/**
 * The data of the result charts, from a stored result table: grouped bars per
 * support, pile or load, girder lines against chainage with the envelope of the
 * chosen loads, and the values at the girder's supports and mid-spans. Pure
 * (no React): the pages draw it, the benchmark times it.
 */
import type { ResultTable } from "./results";

export type Cell = string | number;
export type BarDatum = { category: string } & Record<string, number | string>;
export type LinePoint = { chainage: number; value: number; elem: number; part: string };
export type KeyPoint = { label: string; chainage: number; elem: number; part: "I" | "J" };
export type KeyPointValues = KeyPoint & {
  moment: { max: number; maxLoad: string; min: number; minLoad: string };
  shear: { max: number; maxLoad: string; min: number; minLoad: string };
};

const num = (v: Cell | undefined) => (typeof v === "number" ? v : Number(v ?? 0) || 0);

function idx(table: ResultTable, column: string): number {
  const i = table.columns.indexOf(column);
  if (i < 0) throw new RangeError(`The table has no "${column}" column.`);
  return i;
}

/** The Load labels of the rows, in order of first appearance, kept to `loads` when given. */
export function loadsOf(table: ResultTable, loads?: readonly string[]): string[] {
  const i = idx(table, "Load");
  const all = [...new Set(table.rows.map((r) => String(r[i])))];
  return loads ? all.filter((l) => loads.includes(l)) : all;
}

/**
 * Bars grouped by category (the joined `by` columns): one bar per load, the
 * value of `column`; with several rows per category and load (a pile's
 * elements) the one of largest magnitude.
 */
export function groupedBars(table: ResultTable, by: readonly string[], column: string, loads?: readonly string[]): { data: BarDatum[]; series: string[] } {
  const byIdx = by.map((c) => idx(table, c));
  const load = idx(table, "Load");
  const value = idx(table, column);
  const series = loadsOf(table, loads);
  const chosen = new Set(series);
  const out = new Map<string, BarDatum>();
  for (const row of table.rows) {
    const l = String(row[load]);
    if (!chosen.has(l)) continue;
    const category = byIdx.map((i) => String(row[i])).join(" ");
    const datum = out.get(category) ?? ({ category } as BarDatum);
    const v = num(row[value]);
    const prev = datum[l];
    if (typeof prev !== "number" || Math.abs(v) > Math.abs(prev)) datum[l] = v;
    out.set(category, datum);
  }
  return { data: [...out.values()], series };
}

/** Per load, the girder's `column` against chainage (each element's I and J ends, in chainage order). */
export function girderLines(table: ResultTable, column: string, loads?: readonly string[]): { series: string[]; lines: Record<string, LinePoint[]> } {
  const [elem, part, chainage, load, value] = ["Elem", "Part", "Chainage", "Load", column].map((c) => idx(table, c)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const series = loadsOf(table, loads);
  const lines: Record<string, LinePoint[]> = Object.fromEntries(series.map((s) => [s, []]));
  for (const row of table.rows) {
    const line = lines[String(row[load])];
    if (line) line.push({ chainage: num(row[chainage]), value: num(row[value]), elem: num(row[elem]), part: String(row[part]) });
  }
  for (const line of Object.values(lines)) line.sort((a, b) => a.chainage - b.chainage || a.elem - b.elem);
  return { series, lines };
}

/** The envelope of lines: at every element end, the largest and smallest value over them. */
export function lineEnvelope(lines: Record<string, LinePoint[]>): { max: LinePoint[]; min: LinePoint[] } {
  const at = new Map<string, { max: LinePoint; min: LinePoint }>();
  for (const line of Object.values(lines)) {
    for (const p of line) {
      const key = `${p.elem}/${p.part}`;
      const e = at.get(key);
      if (!e) at.set(key, { max: p, min: p });
      else {
        if (p.value > e.max.value) e.max = p;
        if (p.value < e.min.value) e.min = p;
      }
    }
  }
  const order = (a: LinePoint, b: LinePoint) => a.chainage - b.chainage || a.elem - b.elem;
  const values = [...at.values()];
  return { max: values.map((v) => v.max).sort(order), min: values.map((v) => v.min).sort(order) };
}

/** Moment and shear at the girder's supports and mid-spans: the extremes over the chosen loads, and which load gives each. */
export function keyPointValues(table: ResultTable, points: readonly KeyPoint[], loads?: readonly string[]): KeyPointValues[] {
  const [elem, part, load, moment, shear] = ["Elem", "Part", "Load", "Moment", "Shear"].map((c) => idx(table, c)) as [number, number, number, number, number];
  const chosen = loads ? new Set(loads) : null;
  return points.map((point) => {
    const out: KeyPointValues = {
      ...point,
      moment: { max: -Infinity, maxLoad: "", min: Infinity, minLoad: "" },
      shear: { max: -Infinity, maxLoad: "", min: Infinity, minLoad: "" },
    };
    for (const row of table.rows) {
      if (num(row[elem]) !== point.elem || String(row[part]) !== point.part) continue;
      const l = String(row[load]);
      if (chosen && !chosen.has(l)) continue;
      for (const [key, i] of [
        ["moment", moment],
        ["shear", shear],
      ] as const) {
        const v = num(row[i]);
        if (v > out[key].max) Object.assign(out[key], { max: v, maxLoad: l });
        if (v < out[key].min) Object.assign(out[key], { min: v, minLoad: l });
      }
    }
    for (const key of ["moment", "shear"] as const) if (out[key].maxLoad === "") Object.assign(out[key], { max: 0, min: 0 });
    return out;
  });
}

/** Max and min of `column` per category over the chosen loads (the reactions page's max/min per support). */
export function extremesBy(
  table: ResultTable,
  by: string,
  column: string,
  loads?: readonly string[],
): { category: string; max: number; maxLoad: string; min: number; minLoad: string }[] {
  const [b, load, value] = [by, "Load", column].map((c) => idx(table, c)) as [number, number, number];
  const chosen = loads ? new Set(loads) : null;
  const out = new Map<string, { category: string; max: number; maxLoad: string; min: number; minLoad: string }>();
  for (const row of table.rows) {
    const l = String(row[load]);
    if (chosen && !chosen.has(l)) continue;
    const category = String(row[b]);
    const v = num(row[value]);
    const e = out.get(category) ?? { category, max: -Infinity, maxLoad: "", min: Infinity, minLoad: "" };
    if (v > e.max) Object.assign(e, { max: v, maxLoad: l });
    if (v < e.min) Object.assign(e, { min: v, minLoad: l });
    out.set(category, e);
  }
  return [...out.values()];
}
