import { type MidasClient, MidasError } from "./client";
import type { MidasCaseCatalog, MidasIdScheme, SupportIds } from "./model";

/** The four result pages and what each reads. */
export const resultKinds = ["reaction", "bearing", "girder", "pile"] as const;
export type ResultKind = (typeof resultKinds)[number];

export type ResultTable = {
  units: { force: string; length: string };
  columns: string[];
  rows: (string | number)[][];
  /** Which MIDAS table it was read from (its TABLE_TYPE and name), for errors that name it. */
  source?: string;
};
export type FetchedResults = ResultTable & {
  /** Series asked for that MIDAS did not return (it drops a wrongly addressed series without an error). */
  missing: string[];
};
/** What fetchResults needs from a model build: the id scheme and the case names. */
export type ResultContext = { scheme: MidasIdScheme; cases: MidasCaseCatalog };

/** A selection names a case the model does not define. */
export class MidasResultRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MidasResultRequestError";
  }
}

const TABLE_TYPE: Record<ResultKind, "REACTIONG" | "ELASTICLINK" | "BEAMFORCE"> = {
  reaction: "REACTIONG",
  bearing: "ELASTICLINK",
  girder: "BEAMFORCE",
  pile: "BEAMFORCE",
};
const COMPONENTS: Record<ResultKind, string[]> = {
  reaction: ["Node", "Load", "FX", "FY", "FZ", "MX", "MY", "MZ"],
  bearing: ["No.", "Load", "Node", "Axial", "Shear-y", "Shear-z", "Torsion", "Moment-y", "Moment-z"],
  girder: ["Elem", "Load", "Part", "Axial", "Shear-y", "Shear-z", "Torsion", "Moment-y", "Moment-z"],
  pile: ["Elem", "Load", "Part", "Axial", "Shear-y", "Shear-z", "Torsion", "Moment-y", "Moment-z"],
};
/**
 * The names Civil NX builds give each column we read, the manual's first (docs/midas.md, "Result tables"): the
 * manual's REACTIONL writes Fx..Mz where REACTIONG writes FX..MZ; builds name the link column "Elastic Link" and the
 * element column "Element". A column not listed has one name.
 */
const COLUMN_NAMES: Record<string, readonly string[]> = {
  "No.": ["No.", "Elastic Link"],
  Elem: ["Elem", "Element"],
  FX: ["FX", "Fx"],
  FY: ["FY", "Fy"],
  FZ: ["FZ", "Fz"],
  MX: ["MX", "Mx"],
  MY: ["MY", "My"],
  MZ: ["MZ", "Mz"],
};
const TEXT_COLUMNS = new Set(["Load", "Part", "Stage", "Step", "Component", "SectionPosition", "ElementType", "SurfaceSpringType", "Node&Part"]);
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A /post/TABLE answer, {"<name>": {FORCE, DIST, HEAD, DATA}} with every cell a
 * string, as a table with numbers as numbers (Load, Part and other label columns
 * stay text) and the Index column dropped. {"message": ""}, MIDAS's answer when
 * no requested series exists, is an empty table.
 */
export function parseResultTable(answer: unknown, tableName: string, tableType?: string): ResultTable {
  const source = tableType ? `${tableType} table "${tableName}"` : `table "${tableName}"`;
  if (typeof answer !== "object" || answer === null)
    throw new MidasError("bad-response", "MIDAS answered /post/TABLE with something other than a JSON object.");
  const body = answer as Record<string, unknown>;
  const key = Object.keys(body).find((k) => k.toLowerCase() === tableName.toLowerCase());
  if (!key) {
    if (body.message === "") return { units: { force: "kN", length: "m" }, columns: [], rows: [], source };
    if (typeof body.message === "string") throw new MidasError("midas-error", `MIDAS could not produce the table: ${body.message}`);
    throw new MidasError("bad-response", `MIDAS answered /post/TABLE without the table "${tableName}".`);
  }
  const table = body[key] as Record<string, unknown>;
  const head = table.HEAD;
  const data = table.DATA;
  if (!Array.isArray(head) || !Array.isArray(data)) throw new MidasError("bad-response", `The table "${tableName}" from MIDAS has no HEAD and DATA.`);
  const keep = head.map((h, i) => [String(h), i] as const).filter(([h]) => h !== "Index");
  const rows = data.map((row) => {
    const cells = Array.isArray(row) ? row : [];
    return keep.map(([h, i]) => {
      const cell = cells[i];
      if (typeof cell === "number") return cell;
      const text = cell === undefined || cell === null ? "" : String(cell);
      return !TEXT_COLUMNS.has(h) && NUMBER.test(text.trim()) ? Number(text) : text;
    });
  });
  return { units: { force: String(table.FORCE ?? "kN"), length: String(table.DIST ?? "m") }, columns: keep.map(([h]) => h), rows, source };
}

/** Whether a case answers as a max/min pair: moving loads, envelopes, and any combination that contains one. */
export function isEnvelopeValued(name: string, cases: MidasCaseCatalog, seen = new Set<string>()): boolean {
  if (cases.moving.includes(name)) return true;
  const combination = cases.combinations.find((c) => c.name === name);
  if (!combination || seen.has(name)) return false;
  seen.add(name);
  return combination.method === "Envelope" || combination.factors.some((f) => isEnvelopeValued(f.name, cases, seen));
}

/**
 * The LOAD_CASE_NAMES to ask for and the labels MIDAS answers with: NAME(ST) → NAME;
 * NAME(MV:max) → NAME(max); NAME(CB) for a single-valued combination, NAME(CB:max)
 * and NAME(CB:min) for an envelope-valued one (a wrong suffix returns nothing).
 */
export function loadCaseAddresses(cases: MidasCaseCatalog, selected?: string[]): { request: string[]; labels: string[] } {
  const all = [...cases.static, ...cases.moving, ...cases.combinations.map((c) => c.name)];
  const names = selected && selected.length > 0 ? selected : all;
  const request: string[] = [];
  const labels: string[] = [];
  for (const name of names) {
    if (cases.static.includes(name)) {
      request.push(`${name}(ST)`);
      labels.push(name);
    } else if (cases.moving.includes(name) || cases.combinations.some((c) => c.name === name)) {
      const kind = cases.moving.includes(name) ? "MV" : "CB";
      if (isEnvelopeValued(name, cases)) {
        request.push(`${name}(${kind}:max)`, `${name}(${kind}:min)`);
        labels.push(`${name}(max)`, `${name}(min)`);
      } else {
        request.push(`${name}(${kind})`);
        labels.push(name);
      }
    } else {
      throw new MidasResultRequestError(`"${name}" is not a load case, moving load or combination of this model. It has ${all.join(", ") || "none"}.`);
    }
  }
  return { request, labels };
}

/** The MIDAS ids each kind reads: support nodes, bearing links, girder elements, pile elements. */
export function resultKeys(kind: ResultKind, scheme: MidasIdScheme): number[] {
  switch (kind) {
    case "reaction":
      return scheme.supports.flatMap((s) => s.supportNodes);
    case "bearing":
      return scheme.supports.flatMap((s) => s.bearings.map((b) => b.link));
    case "girder":
      return scheme.girderElements.map((e) => e.id);
    case "pile":
      return scheme.supports.flatMap((s) => s.piles.flatMap((p) => p.elements));
  }
}

export function resultTableName(kind: ResultKind): string {
  return `Pontifex-${kind}`;
}

/** The /post/TABLE Argument of a result kind. */
export function resultArgument(kind: ResultKind, scheme: MidasIdScheme, loadCaseNames: string[]): Record<string, unknown> {
  return {
    TABLE_NAME: resultTableName(kind),
    TABLE_TYPE: TABLE_TYPE[kind],
    UNIT: { FORCE: "kN", DIST: "m" },
    STYLES: { FORMAT: "Fixed", PLACE: 4 },
    COMPONENTS: COMPONENTS[kind],
    NODE_ELEMS: { KEYS: resultKeys(kind, scheme) },
    LOAD_CASE_NAMES: loadCaseNames,
    ...(kind === "girder" || kind === "pile" ? { PARTS: ["PartI", "PartJ"] } : {}),
  };
}

/** Where a column we read is, under any of its known names; else an error naming the table, the names and what MIDAS sent. */
export function column(table: ResultTable, name: string): number {
  const names = COLUMN_NAMES[name] ?? [name];
  for (const candidate of names) {
    const i = table.columns.indexOf(candidate);
    if (i >= 0) return i;
  }
  const looked = names.map((c) => `"${c}"`).join(" or ");
  throw new MidasError("bad-response", `The MIDAS ${table.source ?? "table"} has no ${looked} column (it has ${table.columns.join(", ")}).`);
}

const n = (v: string | number | undefined) => (typeof v === "number" ? v : Number(v ?? 0) || 0);
const r4 = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * Reactions per support (abutment seat, or all pile toes of a pier) and load:
 * forces summed, moments taken about the support centre at the level of its
 * support nodes. For a max or min series each node contributes its own extreme,
 * so a pier's total is an upper bound, not a concurrent value.
 */
function shapeReactions(raw: ResultTable, scheme: MidasIdScheme): ResultTable {
  const [node, load, fx, fy, fz, mx, my, mz] = ["Node", "Load", "FX", "FY", "FZ", "MX", "MY", "MZ"].map((c) => column(raw, c));
  const where = new Map<number, { support: SupportIds; dx: number; dy: number }>();
  for (const s of scheme.supports) {
    for (const p of s.piles) where.set(p.toeNode, { support: s, dx: p.x - (s.chainage - scheme.girderNodes[0]!.chainage), dy: p.y });
    if (s.kind === "abutment") for (const id of s.supportNodes) where.set(id, { support: s, dx: 0, dy: 0 });
  }
  const totals = new Map<string, { support: SupportIds; load: string; v: number[]; nodes: number }>();
  for (const row of raw.rows) {
    const w = where.get(n(row[node!]));
    if (!w) continue;
    const label = String(row[load!]);
    const key = `${w.support.index}\u0000${label}`;
    const t = totals.get(key) ?? { support: w.support, load: label, v: [0, 0, 0, 0, 0, 0], nodes: 0 };
    const [FX, FY, FZ, MX, MY, MZ] = [fx, fy, fz, mx, my, mz].map((i) => n(row[i!]));
    t.v[0]! += FX!;
    t.v[1]! += FY!;
    t.v[2]! += FZ!;
    t.v[3]! += MX! + w.dy * FZ!;
    t.v[4]! += MY! - w.dx * FZ!;
    t.v[5]! += MZ! + w.dx * FY! - w.dy * FX!;
    t.nodes++;
    totals.set(key, t);
  }
  const rows = [...totals.values()]
    .sort((a, b) => a.support.index - b.support.index)
    .map((t) => [t.support.name, t.support.chainage, t.load, ...t.v.map(r4), t.nodes] as (string | number)[]);
  return { units: raw.units, columns: ["Support", "Chainage", "Load", "FX", "FY", "FZ", "MX", "MY", "MZ", "Nodes"], rows };
}

/**
 * Bearing forces per bearing and load, read at the seat end of each bearing's link (Offset: its place across): vertical
 * (compression positive: minus the link's axial force), longitudinal (Shear-z) and
 * transverse (Shear-y). In a max/min pair the vertical values trade rows, so that
 * the "(max)" row holds the largest compression and the "(min)" row the least.
 */
function shapeBearings(raw: ResultTable, scheme: MidasIdScheme): ResultTable {
  const [no, load, nodeCol, axial, shearY, shearZ] = ["No.", "Load", "Node", "Axial", "Shear-y", "Shear-z"].map((c) => column(raw, c));
  const byLink = new Map(scheme.supports.flatMap((s) => s.bearings.map((b) => [b.link, { support: s, bearing: b }] as const)));
  const seatRows = raw.rows.filter((row) => byLink.get(n(row[no!]))?.bearing.seatNode === n(row[nodeCol!]));
  const axialOf = new Map(seatRows.map((row) => [`${n(row[no!])}\u0000${String(row[load!])}`, n(row[axial!])]));
  const rows: (string | number)[][] = [];
  for (const row of seatRows) {
    const { support: s, bearing } = byLink.get(n(row[no!]))!;
    const label = String(row[load!]);
    const pair = /^(.*)\((max|min)\)$/.exec(label);
    const partner = pair ? axialOf.get(`${bearing.link}\u0000${pair[1]}(${pair[2] === "max" ? "min" : "max"})`) : undefined;
    const vertical = r4(-(partner ?? n(row[axial!])));
    rows.push([
      s.name,
      s.chainage,
      bearing.link,
      label,
      vertical,
      r4(n(row[shearZ!])),
      r4(n(row[shearY!])),
      s.fixity,
      vertical < 0 ? "yes" : "no",
      bearing.offset,
    ]);
  }
  return { units: raw.units, columns: ["Support", "Chainage", "Link", "Load", "Vertical", "Longitudinal", "Transverse", "Fixity", "Uplift", "Offset"], rows };
}

/** Girder forces against chainage: each element's I and J ends. */
function shapeGirder(raw: ResultTable, scheme: MidasIdScheme): ResultTable {
  const [elem, load, part, axial, shearZ, torsion, momentY] = ["Elem", "Load", "Part", "Axial", "Shear-z", "Torsion", "Moment-y"].map((c) => column(raw, c));
  const byId = new Map(scheme.girderElements.map((e) => [e.id, e]));
  const rows: (string | number)[][] = [];
  for (const row of raw.rows) {
    const e = byId.get(n(row[elem!]));
    if (!e) continue;
    const end = String(row[part!]).startsWith("J") ? "J" : "I";
    rows.push([
      e.id,
      e.span,
      end,
      end === "I" ? e.chainageI : e.chainageJ,
      String(row[load!]),
      r4(n(row[axial!])),
      r4(n(row[shearZ!])),
      r4(n(row[momentY!])),
      r4(n(row[torsion!])),
    ]);
  }
  rows.sort((a, b) => n(a[3]) - n(b[3]) || n(a[0]) - n(b[0]));
  return { units: raw.units, columns: ["Elem", "Span", "Part", "Chainage", "Load", "Axial", "Shear", "Moment", "Torsion"], rows };
}

/** Pile forces per pier, pile (row R, column C of the group) and depth below the pile head. */
function shapePiles(raw: ResultTable, scheme: MidasIdScheme): ResultTable {
  const [elem, load, part, axial, shearY, shearZ, torsion, momentY, momentZ] = [
    "Elem",
    "Load",
    "Part",
    "Axial",
    "Shear-y",
    "Shear-z",
    "Torsion",
    "Moment-y",
    "Moment-z",
  ].map((c) => column(raw, c));
  const where = new Map<number, { support: SupportIds; pile: string; top: number; bottom: number }>();
  for (const s of scheme.supports) {
    for (const p of s.piles) {
      const size = p.length / p.elements.length;
      p.elements.forEach((id, k) => where.set(id, { support: s, pile: `R${p.row}C${p.column}`, top: r4(k * size), bottom: r4((k + 1) * size) }));
    }
  }
  const rows: (string | number)[][] = [];
  for (const row of raw.rows) {
    const w = where.get(n(row[elem!]));
    if (!w) continue;
    const end = String(row[part!]).startsWith("J") ? "J" : "I";
    rows.push([
      w.support.name,
      w.support.pileGroup ?? "",
      w.pile,
      n(row[elem!]),
      end,
      end === "I" ? w.top : w.bottom,
      String(row[load!]),
      ...[axial, shearY, shearZ, torsion, momentY, momentZ].map((i) => r4(n(row[i!]))),
    ]);
  }
  return {
    units: raw.units,
    columns: ["Support", "PileGroup", "Pile", "Elem", "Part", "Depth", "Load", "Axial", "ShearY", "ShearZ", "Torsion", "MomentY", "MomentZ"],
    rows,
  };
}

export function shapeResults(kind: ResultKind, raw: ResultTable, scheme: MidasIdScheme): ResultTable {
  switch (kind) {
    case "reaction":
      return shapeReactions(raw, scheme);
    case "bearing":
      return shapeBearings(raw, scheme);
    case "girder":
      return shapeGirder(raw, scheme);
    case "pile":
      return shapePiles(raw, scheme);
  }
}

/** Reads one result kind from MIDAS for the chosen cases (all when none are named). */
export async function fetchResults(client: MidasClient, context: ResultContext, kind: ResultKind, cases?: string[]): Promise<FetchedResults> {
  const { request, labels } = loadCaseAddresses(context.cases, cases);
  const argument = resultArgument(kind, context.scheme, request);
  const answer = await client.postTable(argument);
  const raw = parseResultTable(answer, resultTableName(kind), TABLE_TYPE[kind]);
  const got = new Set(raw.columns.includes("Load") ? raw.rows.map((r) => String(r[raw.columns.indexOf("Load")])) : []);
  const shaped = shapeResults(kind, raw, context.scheme);
  return { ...shaped, missing: labels.filter((l) => !got.has(l)) };
}

/**
 * The envelope of a table over its loads: for each group of the `by` columns, a
 * "max" and a "min" row holding the extreme of every value column over the rows
 * whose Load is in `loads` (all loads when omitted).
 */
export function envelope(table: ResultTable, options: { by: string[]; values?: string[]; loads?: string[] }): ResultTable {
  const byIdx = options.by.map((c) => table.columns.indexOf(c));
  if (byIdx.some((i) => i < 0)) throw new MidasResultRequestError(`The table has no column ${options.by.filter((_, k) => byIdx[k]! < 0).join(", ")}.`);
  const loadIdx = table.columns.indexOf("Load");
  const valueColumns =
    options.values ??
    table.columns.filter((c, i) => !options.by.includes(c) && c !== "Load" && table.rows.length > 0 && table.rows.every((r) => typeof r[i] === "number"));
  const valueIdx = valueColumns.map((c) => table.columns.indexOf(c));
  const groups = new Map<string, { key: (string | number)[]; max: number[]; min: number[] }>();
  for (const row of table.rows) {
    if (options.loads && loadIdx >= 0 && !options.loads.includes(String(row[loadIdx]))) continue;
    const key = byIdx.map((i) => row[i]!);
    const id = JSON.stringify(key);
    let g = groups.get(id);
    if (!g) {
      g = { key, max: valueIdx.map(() => -Infinity), min: valueIdx.map(() => Infinity) };
      groups.set(id, g);
    }
    valueIdx.forEach((i, k) => {
      const v = n(row[i]);
      if (v > g!.max[k]!) g!.max[k] = v;
      if (v < g!.min[k]!) g!.min[k] = v;
    });
  }
  const rows: (string | number)[][] = [];
  for (const g of groups.values()) {
    rows.push([...g.key, "max", ...g.max]);
    rows.push([...g.key, "min", ...g.min]);
  }
  return { units: table.units, columns: [...options.by, "Envelope", ...valueColumns], rows };
}

/** Points along the girder where values are listed: each support and each mid-span, with the element end that sits there. */
export function girderKeyPoints(scheme: MidasIdScheme): { label: string; chainage: number; elem: number; part: "I" | "J" }[] {
  const points: { label: string; chainage: number; elem: number; part: "I" | "J" }[] = [];
  const elements = scheme.girderElements;
  const atNode = (node: number) => {
    const j = elements.find((e) => e.nodeJ === node);
    return j ? { elem: j.id, part: "J" as const } : { elem: elements.find((e) => e.nodeI === node)!.id, part: "I" as const };
  };
  scheme.supports.forEach((s, k) => {
    points.push({ label: s.name, chainage: s.chainage, ...atNode(s.girderNode) });
    const next = scheme.supports[k + 1];
    if (!next) return;
    const mid = (s.chainage + next.chainage) / 2;
    const node = scheme.girderNodes.reduce((best, g) => (Math.abs(g.chainage - mid) < Math.abs(best.chainage - mid) ? g : best));
    points.push({ label: `Span ${k + 1} mid`, chainage: node.chainage, ...atNode(node.id) });
  });
  return points;
}
