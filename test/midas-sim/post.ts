/**
 * The simulator's /post/TABLE for the three tables Pontifex reads: REACTIONG,
 * ELASTICLINK and BEAMFORCE, in MIDAS's envelope with every number a string.
 * Series are addressed like the real API: NAME(ST), NAME(CB) for a plain
 * combination, NAME(CB:max|min|all) for an envelope-valued one, NAME(MV:max|min|all);
 * a wrong suffix silently drops the series, and no rows at all answer {"message": ""}.
 */
import type { AnalysisResults, CaseResult } from "./analysis";
import type { Row } from "./store";

export type TableAnswer = { status: number; body: unknown };

const FORCE: Record<string, number> = { KN: 1, N: 1000, KGF: 101.971621, TONF: 0.101971621, LBF: 224.808943, KIPS: 0.224808943 };
const LENGTH: Record<string, number> = { M: 1, CM: 100, MM: 1000, FT: 3.2808399, IN: 39.3700787 };
const LABEL_FORCE: Record<string, string> = { KN: "kN", N: "N", KGF: "kgf", TONF: "tonf", LBF: "lbf", KIPS: "kips" };
const LABEL_LENGTH: Record<string, string> = { M: "m", CM: "cm", MM: "mm", FT: "ft", IN: "in" };

type Series = { label: string; result: CaseResult; sense: "max" | "min" };

function parseName(text: string): { name: string; kind: string; sense: string | null } | null {
  const match = /^(.*)\(([A-Za-z]+)(?::([A-Za-z]+))?\)$/.exec(text.trim());
  if (!match) return null;
  return { name: match[1]!, kind: match[2]!.toUpperCase(), sense: match[3]?.toLowerCase() ?? null };
}

function series(results: AnalysisResults, requested: unknown): Series[] {
  const out: Series[] = [];
  const names = Array.isArray(requested) ? (requested as unknown[]).map(String) : [];
  if (names.length === 0) {
    for (const [name, result] of results.cases) {
      if (result.envelope) out.push({ label: `${name}(max)`, result, sense: "max" }, { label: `${name}(min)`, result, sense: "min" });
      else out.push({ label: name, result, sense: "max" });
    }
    return out;
  }
  for (const text of names) {
    const parsed = parseName(text);
    if (!parsed) continue;
    const result = results.cases.get(parsed.name);
    if (!result) continue;
    const kindOk = parsed.kind === result.kind;
    if (!kindOk) continue;
    if (!result.envelope) {
      // A single-valued case is addressed without a sense; with one it answers nothing.
      if (parsed.sense === null) out.push({ label: parsed.name, result, sense: "max" });
      continue;
    }
    if (parsed.sense === "max" || parsed.sense === "all") out.push({ label: `${parsed.name}(max)`, result, sense: "max" });
    if (parsed.sense === "min" || parsed.sense === "all") out.push({ label: `${parsed.name}(min)`, result, sense: "min" });
  }
  return out;
}

function selectKeys(nodeElems: unknown): ((id: number) => boolean) | string {
  if (typeof nodeElems !== "object" || nodeElems === null) return () => true;
  const n = nodeElems as Row;
  if (Array.isArray(n.KEYS)) {
    const keys = new Set((n.KEYS as unknown[]).map(Number));
    return (id) => keys.has(id);
  }
  if (typeof n.TO === "string") {
    const parts = n.TO.split(/\s+/).filter((p) => p !== "");
    const ranges: [number, number][] = [];
    for (let i = 0; i < parts.length; i++) {
      const a = Number(parts[i]);
      if (parts[i + 1]?.toLowerCase() === "to") {
        ranges.push([a, Number(parts[i + 2])]);
        i += 2;
      } else ranges.push([a, a]);
    }
    return (id) => ranges.some(([a, b]) => id >= a && id <= b);
  }
  if (n.STRUCTURE_GROUP_NAME !== undefined) return `there was an error creating utbl. (structure group ${String(n.STRUCTURE_GROUP_NAME)} not found)`;
  return () => true;
}

function formatter(styles: unknown): (v: number) => string {
  const s = (typeof styles === "object" && styles !== null ? styles : {}) as Row;
  const place = typeof s.PLACE === "number" ? Math.min(15, Math.max(0, s.PLACE)) : 4;
  if (s.FORMAT === "Scientific") return (v) => v.toExponential(place);
  return (v) => (Object.is(v, -0) ? 0 : v).toFixed(place);
}

/**
 * The other names some Civil NX builds give the columns we read (docs/midas.md, "Result tables"): the manual's own
 * REACTIONL writes Fx..Mz where REACTIONG writes FX..MZ, and the review names "Elastic Link" for "No." and
 * "Element" for "Elem"; part labels like "I[12]" come from the manual's BEAMFORCEVBM example.
 */
const ALTERNATIVE_HEADS: Record<string, string> = {
  "No.": "Elastic Link",
  Elem: "Element",
  FX: "Fx",
  FY: "Fy",
  FZ: "Fz",
  MX: "Mx",
  MY: "My",
  MZ: "Mz",
};

export function resultTable(results: AnalysisResults | null, argument: unknown, options: { alternativeColumns?: boolean } = {}): TableAnswer {
  if (typeof argument !== "object" || argument === null) return { status: 200, body: { message: 'The request needs an "Argument" object.' } };
  const arg = argument as Row;
  if (!results) return { status: 200, body: { message: "[T] Cannot generate table data as there is no analysis result." } };
  const type = String(arg.TABLE_TYPE ?? "");
  if (!["REACTIONG", "ELASTICLINK", "BEAMFORCE"].includes(type)) {
    return { status: 200, body: { message: `there was an error creating utbl. (ex PostMode ${type || "none"})` } };
  }
  const unit = (typeof arg.UNIT === "object" && arg.UNIT !== null ? arg.UNIT : {}) as Row;
  if (typeof arg.UNIT === "object" && arg.UNIT !== null && Object.keys(unit).length === 0) return { status: 200, body: { message: "Unknown Error" } };
  const forceKey = String(unit.FORCE ?? "KN").toUpperCase();
  const lengthKey = String(unit.DIST ?? "M").toUpperCase();
  const ff = FORCE[forceKey];
  const lf = LENGTH[lengthKey];
  if (ff === undefined || lf === undefined) return { status: 200, body: { message: `Wrong Field: UNIT ${forceKey}/${lengthKey}` } };
  const select = selectKeys(arg.NODE_ELEMS);
  if (typeof select === "string") return { status: 200, body: { message: select } };
  const fmt = formatter(arg.STYLES);
  const wanted = series(results, arg.LOAD_CASE_NAMES);
  const name = typeof arg.TABLE_NAME === "string" && arg.TABLE_NAME !== "" ? arg.TABLE_NAME : type;
  const value = (s: Series, index: number) => (s.sense === "max" ? s.result.max : s.result.min)[index]!;

  let head: string[];
  const data: string[][] = [];
  const row = (cells: string[]) => data.push([String(data.length + 1), ...cells]);
  if (type === "REACTIONG") {
    head = ["Index", "Node", "Load", "FX", "FY", "FZ", "MX", "MY", "MZ", "Mb"];
    results.reactionNodes.forEach((node, i) => {
      if (!select(node)) return;
      for (const s of wanted) {
        const [fx, fz, my] = [value(s, i * 3), value(s, i * 3 + 1), value(s, i * 3 + 2)];
        row([String(node), s.label, fmt(fx * ff), fmt(0), fmt(fz * ff), fmt(0), fmt(my * ff * lf), fmt(0), fmt(0)]);
      }
    });
  } else if (type === "ELASTICLINK") {
    head = ["Index", "No.", "Load", "Node", "Axial", "Shear-y", "Shear-z", "Torsion", "Moment-y", "Moment-z"];
    const base = results.reactionNodes.length * 3 + results.beams.length * 6;
    results.links.forEach((id, i) => {
      if (!select(id)) return;
      const [ni, nj] = results.linkNodes.get(id)!;
      for (const s of wanted) {
        for (const [end, node] of [
          [0, ni],
          [1, nj],
        ] as const) {
          const k = base + i * 6 + end * 3;
          row([String(id), s.label, String(node), fmt(value(s, k) * ff), fmt(0), fmt(value(s, k + 1) * ff), fmt(0), fmt(value(s, k + 2) * ff * lf), fmt(0)]);
        }
      }
    });
  } else {
    head = ["Index", "Elem", "Load", "Part", "Axial", "Shear-y", "Shear-z", "Torsion", "Moment-y", "Moment-z", "Bi-Moment", "T-Moment", "W-Moment"];
    const parts = Array.isArray(arg.PARTS) ? (arg.PARTS as unknown[]).map((p) => String(p).replace(/\s/g, "")) : ["PartI", "PartJ"];
    const base = results.reactionNodes.length * 3;
    results.beams.forEach((id, i) => {
      if (!select(id)) return;
      for (const s of wanted) {
        for (const [end, part] of [
          [0, "I"],
          [1, "J"],
        ] as const) {
          if (!parts.includes(`Part${part}`)) continue;
          const k = base + i * 6 + end * 3;
          row([
            String(id),
            s.label,
            options.alternativeColumns ? `${part}[${part === "I" ? results.beamNodes.get(id)![0] : results.beamNodes.get(id)![1]}]` : part,
            fmt(value(s, k) * ff),
            fmt(0),
            fmt(value(s, k + 1) * ff),
            fmt(0),
            fmt(value(s, k + 2) * ff * lf),
            fmt(0),
            fmt(0),
            fmt(0),
            fmt(0),
          ]);
        }
      }
    });
  }
  if (data.length === 0) return { status: 200, body: { message: "" } };
  let columns = head;
  let rows = data;
  if (Array.isArray(arg.COMPONENTS) && arg.COMPONENTS.length > 0) {
    const keep = ["Index", ...(arg.COMPONENTS as unknown[]).map(String)].filter((c, i, all) => head.includes(c) && all.indexOf(c) === i);
    const idx = keep.map((c) => head.indexOf(c));
    columns = keep;
    rows = data.map((r) => idx.map((i) => r[i]!));
  }
  if (options.alternativeColumns) columns = columns.map((c) => ALTERNATIVE_HEADS[c] ?? c);
  const table: Row = { FORCE: LABEL_FORCE[forceKey], DIST: LABEL_LENGTH[lengthKey], HEAD: columns, DATA: rows };
  if (type === "REACTIONG") {
    const sums = wanted.map((s) => {
      let fx = 0;
      let fz = 0;
      results.reactionNodes.forEach((_, i) => ((fx += value(s, i * 3)), (fz += value(s, i * 3 + 1))));
      return [s.label, fmt(fx * ff), fmt(0), fmt(fz * ff)];
    });
    table.SUB_TABLES = [
      {
        SUMMATIONOFREACTIONFORCESPRINTOUT: {
          HEAD: ["Load", `FX(${LABEL_FORCE[forceKey]})`, `FY(${LABEL_FORCE[forceKey]})`, `FZ(${LABEL_FORCE[forceKey]})`],
          DATA: sums,
        },
      },
    ];
  }
  return { status: 200, body: { [name]: table } };
}
