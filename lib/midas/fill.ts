import type { ParameterRow, Row } from "@/lib/datasets/columns";
import { groupCellsByRow } from "@/lib/datasets/row-changes";
import type { RowsBatchTable } from "@/lib/datasets/schemas";
import type { MidasDatasetKey, MidasTables } from "./tables";

/**
 * How far (m) a Revit pier's or abutment's Chainage may lie from a support of the model (StartChainage plus the
 * spans before it) and still fill it. Wider than any rounding of a chainage, far narrower than any span.
 */
export const FILL_CHAINAGE_TOLERANCE = 0.5;

/** A value the fill writes; `note` says where it comes from when it is not a plain copy (heights, pile lengths, bearings). */
export type FillChange = { dataset: MidasDatasetKey; parameter: string; item: string; from: string; to: string; note?: string };

/** The nearest support of the other side, and how far it is (m). */
export type FillNearest = { name: string; chainage: number; distance: number };

/**
 * Something the fill could not pair: a Revit pier or abutment no support of the model takes ("revit-*"), or a
 * support of the model no Revit item fills ("model-*"), with the nearest candidate of the other side.
 */
export type FillUnmatched = {
  kind: "revit-pier" | "revit-abutment" | "model-pier" | "model-abutment";
  name: string;
  /** The Revit table's item (ItemN) or, for the model, the Model Setup item of the support. */
  item: string;
  chainage: number | null;
  nearest: FillNearest | null;
};

/** A pier's height as Revit measures it and as the model needs it, and why the two differ. */
export type FillHeight = { revit: number | null; midas: number | null; pileCapTopRL: number | null; note: string };

/** One support of the model (A1, the piers, A2) and the Revit item that fills it. */
export type FillSupport = {
  support: string;
  kind: "pier" | "abutment";
  /** Model Setup item its values go to: Item k for the pier at the end of span k; Item1 (Start*) for A1, ItemN for A2. */
  item: string;
  chainage: number;
  revit: { item: string; name: string; chainage: number; distance: number } | null;
  /** Revit's SkewAngle in degrees: not carried, the line model has no skew. */
  skewDegrees: number | null;
  height: FillHeight | null;
};

export type FillResult = {
  tables: MidasTables;
  changes: FillChange[];
  /** FILL_CHAINAGE_TOLERANCE, for the preview. */
  tolerance: number;
  supports: FillSupport[];
  unmatched: FillUnmatched[];
  /** What the engineer should know: what was not carried (skew), unknown bearing types, values left for them to set. */
  notes: string[];
};

/** Revit's bearing types (lower case, single spaces) and the Model Setup type each is; any other is reported, not guessed. */
const BEARINGS: Record<string, string> = {
  "pot fixed": "Pot Fixed",
  "fixed pot": "Pot Fixed",
  "pot guided": "Pot Guided",
  "guided pot": "Pot Guided",
  "pot guided sliding": "Pot Guided",
  "pot free": "Pot Free",
  "free pot": "Pot Free",
  "pot free sliding": "Pot Free",
  elastomeric: "Elastomeric",
  "elastomeric laminated": "Elastomeric",
  "laminated elastomeric": "Elastomeric",
};

/** Piles in a group → [PileRows along the bridge, PilesPerRow across it]. Other counts are reported, not guessed. */
export const PILE_LAYOUTS: Record<number, [number, number]> = { 1: [1, 1], 2: [1, 2], 3: [1, 3], 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4] };

/** Cover from a new pile group's cap edge to its outer piles' edges, when no group of its layout gives the spacings. */
const PILE_EDGE_COVER = 0.15;

/** The Piles rows a new group takes from an existing one (they are not in the Revit table). */
const GROUP_ROWS_KEPT = ["PileCapSection", "ElementsPerPile", "SoilLayerDepths", "SoilKh", "ToeFixity"];

const value = (rows: readonly ParameterRow[], parameter: string, item: string) => (rows.find((r) => r.parameter === parameter)?.values[item] ?? "").trim();

function number(text: string): number | null {
  if (text === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function items(rows: readonly ParameterRow[], ...parameters: string[]): string[] {
  const found = new Set<string>();
  for (const parameter of parameters) {
    const row = rows.find((r) => r.parameter === parameter);
    for (const [k, v] of Object.entries(row?.values ?? {})) if (/^Item\d+$/.test(k) && v.trim() !== "") found.add(k);
  }
  return [...found].sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)));
}

const f3 = (n: number) => n.toFixed(3);
/** A length as a name's part: 18 → "18", 18.25 → "18.25". */
const short = (n: number) => String(Number(n.toFixed(3)));
const degrees = (radians: number) => (radians * 180) / Math.PI;

/** A Revit BearingType as Model Setup names it, or null when it is not one the model knows. */
export function bearingTypeFromRevit(text: string): string | null {
  return BEARINGS[text.trim().toLowerCase().replace(/\s+/g, " ")] ?? null;
}

/** `count` bearings `spacing` apart, symmetric about the girder line: 2 at 4.8 → "-2.400, 2.400". */
export function bearingOffsets(count: number, spacing: number): string {
  return Array.from({ length: count }, (_, i) => f3((i - (count - 1) / 2) * spacing + 0)).join(", ");
}

type Located = { item: string; name: string; chainage: number | null; skew: number | null };

/**
 * Pairs each support with the Revit item nearest it within the tolerance, one to one, the closest pairs first.
 * Returns for each support the index of its Revit item (or -1).
 */
function pair(supports: readonly number[], revit: readonly Located[], tolerance: number): number[] {
  const candidates: { s: number; r: number; d: number }[] = [];
  supports.forEach((c, s) =>
    revit.forEach((item, r) => {
      if (item.chainage === null) return;
      const d = Math.abs(item.chainage - c);
      if (d <= tolerance) candidates.push({ s, r, d });
    }),
  );
  candidates.sort((a, b) => a.d - b.d || a.s - b.s || a.r - b.r);
  const bySupport = supports.map(() => -1);
  const taken = new Set<number>();
  for (const { s, r } of candidates) {
    if (bySupport[s] !== -1 || taken.has(r)) continue;
    bySupport[s] = r;
    taken.add(r);
  }
  return bySupport;
}

function nearest(chainage: number | null, among: readonly { name: string; chainage: number | null }[]): FillNearest | null {
  if (chainage === null) return null;
  let best: FillNearest | null = null;
  for (const c of among) {
    if (c.chainage === null) continue;
    const distance = Math.abs(c.chainage - chainage);
    if (!best || distance < best.distance) best = { name: c.name, chainage: c.chainage, distance: Number(distance.toFixed(3)) };
  }
  return best;
}

function located(rows: readonly ParameterRow[], nameParameter: string): Located[] {
  return items(rows, nameParameter, "Chainage").map((item) => {
    const skew = number(value(rows, "SkewAngle", item));
    return {
      item,
      name: value(rows, nameParameter, item) || item,
      chainage: number(value(rows, "Chainage", item)),
      skew: skew === null ? null : Number(degrees(skew).toFixed(3)),
    };
  });
}

/**
 * "Fill from Revit tables" on Model Setup (docs/midas.md, "Fill from Revit"): span lengths from the box table; then
 * each support of the model, at StartChainage plus the spans before it, takes the Revit pier (pier table) or abutment
 * (abutment table) whose Chainage lies within FILL_CHAINAGE_TOLERANCE of it. A pier takes its name, columns (a
 * General Section COL-<mm>, added when missing), headstock length, bearings (EndBearing and BearingOffsets of the span
 * it ends), pile group (Piles, one group per distinct pile arrangement, PILE-<mm> added when missing) and its height:
 * the column keeps its base at Revit's top of pile cap and reaches the model's headstock, whose seat lies the girder
 * depth and BearingHeight below the girder line. A1 and A2 take their bearings. Whatever matches nothing is listed in
 * `unmatched`, never dropped; what is not carried (skew) or not known (a bearing type) is in `notes`. Returns the new
 * tables and every value it changes, for a preview; nothing is written here.
 */
export function fillFromRevit(
  revit: { box: readonly ParameterRow[]; pier: readonly ParameterRow[]; abt?: readonly ParameterRow[] },
  midas: MidasTables,
): FillResult {
  const tables = structuredClone(midas);
  for (const key of ["midassetup", "midasgeneralsections", "midaspiles", "midaspsc"] as const) tables[key] ??= [];
  const changes: FillChange[] = [];
  const notes: string[] = [];
  const result = (supports: FillSupport[] = [], unmatched: FillUnmatched[] = []): FillResult => ({
    tables,
    changes,
    tolerance: FILL_CHAINAGE_TOLERANCE,
    supports,
    unmatched,
    notes,
  });
  const set = (dataset: MidasDatasetKey, parameter: string, item: string, to: string, note?: string) => {
    const rows = tables[dataset];
    let row = rows.find((r) => r.parameter === parameter);
    if (!row) {
      row = { parameter, values: {} };
      rows.push(row);
    }
    const from = row.values[item] ?? "";
    if (from === to) return;
    row.values[item] = to;
    changes.push({ dataset, parameter, item, from, to, ...(note ? { note } : {}) });
  };
  const setup = (parameter: string, item = "Item1") => value(tables.midassetup, parameter, item);

  const spanItems = items(revit.box, "SpanLength");
  if (spanItems.length === 0) {
    notes.push("The Revit box table has no SpanLength values: there is nothing to fill.");
    return result();
  }
  const n = spanItems.length;
  set("midassetup", "SpanCount", "Item1", String(n));
  spanItems.forEach((item, k) => set("midassetup", "SpanLength", `Item${k + 1}`, value(revit.box, "SpanLength", item)));
  const spans = spanItems.map((item) => number(value(revit.box, "SpanLength", item)) ?? 0);
  const total = spans.reduce((a, b) => a + b, 0);

  // The support after the last span is abutment A2: no pier values there.
  for (const parameter of ["PierName", "PierHeight", "PierSection", "ColumnCount", "ColumnSpacing", "HeadstockSection", "HeadstockLength", "PileGroup"]) {
    const row = tables.midassetup.find((r) => r.parameter === parameter);
    if (row && (row.values[`Item${n}`] ?? "") !== "") set("midassetup", parameter, `Item${n}`, "");
  }

  const revitPiers = located(revit.pier, "PierName");
  const revitAbutments = located(revit.abt ?? [], "AbutmentName");

  let start = number(setup("StartChainage"));
  if (start === null) {
    // No StartChainage yet: the first Revit abutment with another one the bridge's length further on.
    const sorted = revitAbutments.filter((a) => a.chainage !== null).sort((a, b) => a.chainage! - b.chainage!);
    const a1 = sorted.find((a) => sorted.some((b) => Math.abs(b.chainage! - a.chainage! - total) <= FILL_CHAINAGE_TOLERANCE));
    if (!a1) {
      notes.push(
        `Model Setup has no StartChainage, and no two Revit abutments lie the bridge's length (${f3(total)} m) apart: set StartChainage to match piers by chainage. Only the spans are filled.`,
      );
      return result();
    }
    start = a1.chainage!;
    set("midassetup", "StartChainage", "Item1", f3(start), `Chainage of Revit abutment ${a1.name}: Model Setup had none.`);
    notes.push(`StartChainage taken from Revit abutment ${a1.name} (${f3(start)} m), the first with another abutment ${f3(total)} m further on.`);
  }

  // Support s of the model: A1 (s = 0), the pier at the end of span s, A2 (s = n).
  const chainages = [start];
  for (const length of spans) chainages.push(chainages[chainages.length - 1]! + length);
  const modelPiers = Array.from({ length: n - 1 }, (_, k) => ({
    s: k + 1,
    item: `Item${k + 1}`,
    chainage: chainages[k + 1]!,
    name: setup("PierName", `Item${k + 1}`) || `P${k + 1}`,
  }));
  const modelAbutments = [
    { s: 0, item: "Item1", chainage: chainages[0]!, name: "A1" },
    { s: n, item: `Item${n}`, chainage: chainages[n]!, name: "A2" },
  ];
  const pierPairs = pair(
    modelPiers.map((p) => p.chainage),
    revitPiers,
    FILL_CHAINAGE_TOLERANCE,
  );
  const abutmentPairs = pair(
    modelAbutments.map((a) => a.chainage),
    revitAbutments,
    FILL_CHAINAGE_TOLERANCE,
  );

  const unmatched: FillUnmatched[] = [];
  const unpaired = (pairs: number[], revitItems: Located[], model: typeof modelPiers, kind: "pier" | "abutment") => {
    const taken = new Set(pairs);
    revitItems.forEach((r, i) => {
      if (!taken.has(i)) unmatched.push({ kind: `revit-${kind}`, name: r.name, item: r.item, chainage: r.chainage, nearest: nearest(r.chainage, model) });
    });
    model.forEach((m, i) => {
      if (pairs[i] === -1)
        unmatched.push({ kind: `model-${kind}`, name: m.name, item: m.item, chainage: m.chainage, nearest: nearest(m.chainage, revitItems) });
    });
  };

  const sections = new Sections(tables, set);
  const groups = new PileGroups(tables, set, notes);
  const supports: FillSupport[] = [];
  const support = (m: (typeof modelPiers)[number], kind: "pier" | "abutment", r: Located | undefined): FillSupport => ({
    support: m.name,
    kind,
    item: m.item,
    chainage: Number(m.chainage.toFixed(3)),
    revit: r ? { item: r.item, name: r.name, chainage: r.chainage!, distance: Number(Math.abs(r.chainage! - m.chainage).toFixed(3)) } : null,
    skewDegrees: r?.skew ?? null,
    height: null,
  });

  /** A support's bearings: Revit BearingType, BearingCount, BearingSpacing → a bearing type and offsets row. */
  const bearings = (rows: readonly ParameterRow[], r: Located, label: string, typeRow: string, offsetsRow: string, item: string) => {
    const text = value(rows, "BearingType", r.item);
    if (text !== "") {
      const type = bearingTypeFromRevit(text);
      if (type) set("midassetup", typeRow, item, type, `${label}: Revit BearingType "${text}".`);
      else
        notes.push(
          `${label}: Revit BearingType "${text}" is not one the model knows (Pot Fixed, Pot Guided, Pot Free, Elastomeric): ${typeRow} ${item} left as it is.`,
        );
    }
    const count = number(value(rows, "BearingCount", r.item));
    if (count === null) return;
    if (!Number.isInteger(count) || count < 1 || count > 12) {
      notes.push(`${label}: Revit BearingCount ${count} is not 1 to 12 bearings: ${offsetsRow} ${item} left as it is.`);
      return;
    }
    const spacing = count === 1 ? 0 : number(value(rows, "BearingSpacing", r.item));
    if (spacing === null || spacing < 0) {
      notes.push(`${label}: ${count} bearings in Revit but no BearingSpacing: ${offsetsRow} ${item} left as it is.`);
      return;
    }
    set(
      "midassetup",
      offsetsRow,
      item,
      bearingOffsets(count, spacing),
      `${label}: ${count} bearing${count === 1 ? "" : "s"} ${f3(spacing)} m apart in Revit, symmetric about the girder line.`,
    );
  };

  modelPiers.forEach((m, k) => {
    const r = pierPairs[k]! >= 0 ? revitPiers[pierPairs[k]!]! : undefined;
    const entry = support(m, "pier", r);
    supports.push(entry);
    if (!r) return;
    const target = m.item;
    const label = `${r.name} (Revit ${r.item})`;
    const copy = (from: string, to: string) => {
      const v = value(revit.pier, from, r.item);
      if (v !== "") set("midassetup", to, target, v);
    };
    copy("PierName", "PierName");
    entry.support = m.name = value(tables.midassetup, "PierName", target) || m.name;
    copy("ColumnCount", "ColumnCount");
    copy("ColumnSpacing", "ColumnSpacing");
    copy("HeadstockLength", "HeadstockLength");
    const grade = /(\d+)/.exec(value(revit.pier, "ConcreteGrade", r.item))?.[1];
    const diameter = number(value(revit.pier, "ColumnDiameter", r.item));
    if (diameter !== null && diameter > 0)
      set("midassetup", "PierSection", target, sections.circle("COL", diameter, grade, "Pier column (from the Revit pier table)"));

    entry.height = pierHeight(tables, revit.pier, r, m.s, spans);
    if (entry.height.midas !== null) set("midassetup", "PierHeight", target, f3(entry.height.midas), `${label}: ${entry.height.note}`);
    if (entry.height.midas !== null && entry.height.midas < 0.5)
      notes.push(
        `${label}: the model's headstock leaves ${f3(entry.height.midas)} m of column above Revit's pile cap: check the levels (PierHeight must be at least 0.5 m).`,
      );

    bearings(revit.pier, r, label, "EndBearing", "BearingOffsets", target);

    const group = groups.fromRevit(revit.pier, r, label, (d) => sections.circle("PILE", d, grade, "Bored pile (from the Revit pier table)"));
    if (group) set("midassetup", "PileGroup", target, group);
  });

  modelAbutments.forEach((m, i) => {
    const r = abutmentPairs[i]! >= 0 ? revitAbutments[abutmentPairs[i]!]! : undefined;
    supports.splice(i === 0 ? 0 : supports.length, 0, support(m, "abutment", r));
    if (!r) return;
    const label = `${m.name}: ${r.name} (Revit ${r.item})`;
    if (i === 0) bearings(revit.abt!, r, label, "StartBearing", "StartBearingOffsets", "Item1");
    else bearings(revit.abt!, r, label, "EndBearing", "BearingOffsets", m.item);
  });

  // Listed with the names the fill gives the model's piers.
  unpaired(pierPairs, revitPiers, modelPiers, "pier");
  unpaired(abutmentPairs, revitAbutments, modelAbutments, "abutment");

  const skews = supports.filter((s) => s.skewDegrees !== null && Math.abs(s.skewDegrees) > 1e-9);
  if (skews.length > 0)
    notes.push(
      `Skew is not carried (the line model has no skew): ${skews.map((s) => `${s.support} ${s.skewDegrees!.toFixed(1)}°`).join(", ")} in the Revit tables.`,
    );
  return result(supports, unmatched);
}

/**
 * The pier's height for the model (docs/midas.md, "Fill from Revit"): the column keeps its base where Revit puts the
 * top of the pile cap (TopOfHeadstockRL − HeadstockDepth − PierHeight) and reaches the underside of the model's
 * headstock: girder level (DeckLevel + grade · x) − the deeper girder section at the pier − BearingHeight (the seat,
 * top of headstock) − the depth of its HeadstockSection. Without what the model needs for that, Revit's PierHeight
 * is copied as measured, and the note says what is missing.
 */
function pierHeight(tables: MidasTables, pier: readonly ParameterRow[], r: Located, s: number, spans: readonly number[]): FillHeight {
  const revitHeight = number(value(pier, "PierHeight", r.item));
  const top = number(value(pier, "TopOfHeadstockRL", r.item));
  const revitHeadstock = number(value(pier, "HeadstockDepth", r.item));
  if (revitHeight === null) return { revit: null, midas: null, pileCapTopRL: null, note: "Revit has no PierHeight: PierHeight left as it is." };
  const asMeasured = (why: string): FillHeight => ({
    revit: revitHeight,
    midas: revitHeight,
    pileCapTopRL: null,
    note: `Revit's PierHeight copied as measured: ${why}.`,
  });
  if (top === null || revitHeadstock === null) return asMeasured("Revit has no TopOfHeadstockRL or HeadstockDepth to place the pile cap");

  const setup = tables.midassetup;
  const g = (parameter: string, item = "Item1") => number(value(setup, parameter, item));
  const deck = g("DeckLevel");
  const grade = g("LongitudinalGrade") ?? 0;
  const bearing = g("BearingHeight");
  const pscDepth = (name: string) => {
    const item = Object.entries(tables.midaspsc.find((row) => row.parameter === "SectionName")?.values ?? {}).find(([, v]) => v.trim() === name)?.[0];
    return item ? number(value(tables.midaspsc, "Depth", item)) : null;
  };
  const sectionAt = (k: number) => value(setup, "GirderSectionAtSupport", `Item${k}`) || value(setup, "GirderSection", `Item${k}`);
  const girderSections = [sectionAt(s), sectionAt(s + 1)];
  const girderDepths = girderSections.map(pscDepth);
  const headstockName = value(setup, "HeadstockSection", `Item${s}`);
  const headstockItem = Object.entries(tables.midasgeneralsections.find((row) => row.parameter === "SectionName")?.values ?? {}).find(
    ([, v]) => v.trim() === headstockName && headstockName !== "",
  )?.[0];
  const headstock = headstockItem ? number(value(tables.midasgeneralsections, "Depth", headstockItem)) : null;
  const missing = [
    deck === null ? "DeckLevel" : "",
    bearing === null ? "BearingHeight" : "",
    girderDepths.some((d) => d === null) ? `the Depth of girder sections ${girderSections.map((x) => x || "(blank)").join(" and ")} in PSC Sections` : "",
    headstock === null ? `the Depth of HeadstockSection ${headstockName || "(blank)"} in General Sections` : "",
  ].filter((x) => x !== "");
  if (missing.length > 0) return asMeasured(`the model lacks ${missing.join(", ")} to place its headstock`);

  const x = spans.slice(0, s).reduce((a, b) => a + b, 0);
  const girder = deck! + (grade / 100) * x;
  const depth = Math.max(...(girderDepths as number[]));
  const seat = girder - depth - bearing!;
  const capTop = top - revitHeadstock - revitHeight;
  const midas = seat - headstock! - capTop;
  const seatShift = seat - top;
  const headstockShift = revitHeadstock - headstock!;
  const why =
    Math.abs(midas - revitHeight) < 0.0005
      ? "the same as Revit's"
      : [
          Math.abs(seatShift) >= 0.0005
            ? `the model's seat is ${f3(Math.abs(seatShift))} m ${seatShift > 0 ? "above" : "below"} Revit's TopOfHeadstockRL ${f3(top)}`
            : "",
          Math.abs(headstockShift) >= 0.0005
            ? `its headstock is ${f3(Math.abs(headstockShift))} m ${headstockShift > 0 ? "shallower" : "deeper"} than Revit's (${f3(headstock!)} against ${f3(revitHeadstock)} m)`
            : "",
        ]
          .filter((t) => t !== "")
          .join("; ");
  return {
    revit: revitHeight,
    midas: Number(midas.toFixed(3)),
    pileCapTopRL: Number(capTop.toFixed(3)),
    note:
      `Revit ${f3(revitHeight)} m, MIDAS ${f3(midas)} m (${why}): column base kept at Revit's top of pile cap RL ${f3(capTop)} ` +
      `(${f3(top)} − ${f3(revitHeadstock)} − ${f3(revitHeight)}); model seat RL ${f3(seat)} = girder ${f3(girder)} − depth ${f3(depth)} − bearing ${f3(bearing!)}, less headstock ${f3(headstock!)}.`,
  };
}

type SetValue = (dataset: MidasDatasetKey, parameter: string, item: string, to: string, note?: string) => void;

/** The next free item of a Midas table: after the last one holding a value (a template's blank Item1 is free). */
function nextItem(rows: readonly ParameterRow[]): string {
  const used = rows.flatMap((r) =>
    Object.entries(r.values)
      .filter(([k, v]) => /^Item\d+$/.test(k) && v.trim() !== "")
      .map(([k]) => Number(k.slice(4))),
  );
  return `Item${Math.max(0, ...used) + 1}`;
}

/** General Sections the fill refers to, added when missing: COL-<mm> columns and PILE-<mm> piles. */
class Sections {
  constructor(
    private readonly tables: MidasTables,
    private readonly set: SetValue,
  ) {}

  circle(prefix: string, diameter: number, grade: string | undefined, usage: string): string {
    const name = `${prefix}-${Math.round(diameter * 1000)}`;
    const rows = this.tables.midasgeneralsections;
    const names = rows.find((r) => r.parameter === "SectionName");
    if (names && Object.values(names.values).includes(name)) return name;
    const item = nextItem(rows);
    if (!names) rows.unshift({ parameter: "SectionName", values: {} });
    this.set("midasgeneralsections", "SectionName", item, name);
    this.set("midasgeneralsections", "Shape", item, "Circle");
    this.set("midasgeneralsections", "Diameter", item, f3(diameter));
    if (grade) this.set("midasgeneralsections", "Material", item, `C${grade}`);
    this.set("midasgeneralsections", "Usage", item, usage);
    return name;
  }
}

/**
 * Pile groups from the Revit pier table: one per distinct arrangement (PileCount, PileDiameter, PileLength, the cap's
 * PileCapLength, PileCapWidth and PileCapDepth), named PG<count>-<Revit PileLength>, e.g. PG4-18. PileLength in
 * MIDAS runs from the cap's centroid, so it is Revit's (below the cap's underside) plus half the cap's depth. A new
 * group takes RowSpacing and PileSpacing from a group of its layout, else spreads its piles over the cap (outer
 * piles PILE_EDGE_COVER inside its edges), and its cap section, elements and soil from an existing group.
 */
class PileGroups {
  private readonly byKey = new Map<string, string>();

  constructor(
    private readonly tables: MidasTables,
    private readonly set: SetValue,
    private readonly notes: string[],
  ) {}

  private item(name: string): string | undefined {
    return Object.entries(this.tables.midaspiles.find((r) => r.parameter === "PileGroupName")?.values ?? {}).find(([, v]) => v.trim() === name)?.[0];
  }

  fromRevit(pier: readonly ParameterRow[], r: Located, label: string, pileSection: (diameter: number) => string): string | null {
    const get = (parameter: string) => number(value(pier, parameter, r.item));
    const count = get("PileCount");
    const diameter = get("PileDiameter");
    const length = get("PileLength");
    const cap = { length: get("PileCapLength"), width: get("PileCapWidth"), depth: get("PileCapDepth") };
    if (count === null && diameter === null && length === null) return null;
    if (count === null || diameter === null || length === null || cap.length === null || cap.width === null || cap.depth === null) {
      this.notes.push(
        `${label}: the Revit pier table lacks some of PileCount, PileDiameter, PileLength, PileCapLength, PileCapWidth, PileCapDepth: its pile group is left as it is.`,
      );
      return null;
    }
    const layout = PILE_LAYOUTS[count];
    if (!layout) {
      this.notes.push(
        `${label}: ${count} piles is not a layout the fill knows (${Object.keys(PILE_LAYOUTS).join(", ")} piles): its pile group is left as it is.`,
      );
      return null;
    }
    const key = [count, diameter, length, cap.length, cap.width, cap.depth].join("|");
    const known = this.byKey.get(key);
    if (known) return known;
    const base = `PG${count}-${short(length)}`;
    const used = new Set(this.byKey.values());
    let name = base;
    for (let i = 2; used.has(name); i++) name = `${base}-${i}`;
    this.byKey.set(key, name);

    const rows = this.tables.midaspiles;
    const existing = this.item(name);
    const item = existing ?? nextItem(rows);
    const [pileRows, perRow] = layout;
    if (!rows.some((r) => r.parameter === "PileGroupName")) rows.unshift({ parameter: "PileGroupName", values: {} });
    const set = (parameter: string, to: string, note?: string) => this.set("midaspiles", parameter, item, to, note);
    set("PileGroupName", name);
    set("PileSection", pileSection(diameter));
    set("PileRows", String(pileRows), `${count} piles: ${pileRows} row${pileRows === 1 ? "" : "s"} along the bridge of ${perRow} across.`);
    set("PilesPerRow", String(perRow));
    set(
      "PileLength",
      f3(length + cap.depth / 2),
      `Revit's ${f3(length)} m below the cap's underside plus half its depth (${f3(cap.depth / 2)} m): MIDAS measures from the cap's centroid.`,
    );
    set("PileCapLength", f3(cap.length));
    set("PileCapWidth", f3(cap.width));
    set("PileCapDepth", f3(cap.depth));
    if (existing) return name;

    // A new group: what the Revit table does not say, from the groups already there.
    const groupItems = Object.entries(rows.find((r) => r.parameter === "PileGroupName")!.values)
      .filter(([k, v]) => k !== item && v.trim() !== "")
      .map(([k]) => k);
    const sameLayout = groupItems.find((k) => value(rows, "PileRows", k) === String(pileRows) && value(rows, "PilesPerRow", k) === String(perRow));
    const template = sameLayout ?? groupItems[0];
    if (sameLayout) {
      for (const parameter of ["RowSpacing", "PileSpacing"]) {
        const v = value(rows, parameter, sameLayout);
        if (v !== "") set(parameter, v, `From pile group ${value(rows, "PileGroupName", sameLayout)} of the same layout.`);
      }
    } else {
      const edge = diameter / 2 + PILE_EDGE_COVER;
      const note = `Spread over the cap, the outer piles' edges ${f3(PILE_EDGE_COVER)} m inside it: check it.`;
      if (pileRows > 1) set("RowSpacing", f3((cap.width - 2 * edge) / (pileRows - 1)), note);
      if (perRow > 1) set("PileSpacing", f3((cap.length - 2 * edge) / (perRow - 1)), note);
      this.notes.push(
        `Pile group ${name}: RowSpacing and PileSpacing spread the piles over the cap (no group of ${pileRows} × ${perRow} piles to take them from): check them.`,
      );
    }
    const blank: string[] = [];
    for (const parameter of GROUP_ROWS_KEPT) {
      const v = template ? value(rows, parameter, template) : "";
      if (v !== "") set(parameter, v, `From pile group ${value(rows, "PileGroupName", template!)}.`);
      else blank.push(parameter);
    }
    if (blank.length > 0) this.notes.push(`Pile group ${name} is new: set its ${blank.join(", ")} in Piles.`);
    return name;
  }
}

/**
 * A fill's changes as one write of the tables it touches: an existing row edited at the Version the preview read
 * (someone's save in between refuses the whole fill), a missing one created.
 */
export function fillWrites(changes: readonly FillChange[], current: Partial<Record<MidasDatasetKey, readonly Row[]>>): RowsBatchTable[] {
  const tables = new Map<MidasDatasetKey, { create: { data: Row }[]; edit: { id: number; data: Row }[] }>();
  const rows = groupCellsByRow(
    changes.map((change) => ({ row: change, column: change.item, value: change.to })),
    ({ dataset, parameter }) => `${dataset}\u0000${parameter}`,
  );
  for (const { row, values } of rows) {
    const table = tables.get(row.dataset) ?? { create: [], edit: [] };
    tables.set(row.dataset, table);
    const existing = current[row.dataset]?.find((r) => r.Parameter === row.parameter);
    if (existing) table.edit.push({ id: Number(existing.Id), data: { ...values, Version: Number(existing.Version) } });
    else table.create.push({ data: { Parameter: row.parameter, ...values } });
  }
  return [...tables].map(([dataset, { create, edit }]) => ({ dataset, ...(create.length ? { create } : {}), ...(edit.length ? { edit } : {}) }));
}
