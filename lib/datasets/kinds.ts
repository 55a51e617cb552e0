/**
 * What a row holds: its kind (angle, length, force, count, text, ...) and unit. A row's kind comes from its table's
 * template (lib/datasets/templates.ts for the Revit tables, the Midas tables' own templates), else from its name, and
 * decides how its values are shown (angles: degrees on screen, radians stored; SPEC section 3) and which values it
 * takes (docs/tables.md, "Kinds and units"; DECISIONS 18 and 19).
 */

export const rowKinds = [
  "angle",
  "length",
  "area",
  "force",
  "line-load",
  "moment",
  "stress",
  "stiffness",
  "unit-weight",
  "count",
  "ratio",
  "percent",
  "number",
  "text",
] as const;
export type RowKind = (typeof rowKinds)[number];

export function isRowKind(value: string): value is RowKind {
  return (rowKinds as readonly string[]).includes(value);
}

/** A row's kind and the unit of what is stored (an angle row stores radians and shows degrees). */
export type KindAndUnit = { kind: RowKind; unit: string };

/** Where a row's kind came from: its engineers (set per row), its table's template, or its name. */
export type KindSource = "set" | "template" | "name";
export type RowKindInfo = KindAndUnit & { from: KindSource };

/**
 * The key under which a row on screen carries its kind as the server said it (a symbol: not a column, not sent back,
 * kept by a spread copy of the row).
 */
export const ROW_KIND = Symbol("row kind");

/** The kind the server gave a row on screen, if it came from the server. */
export function carriedKind(row: object): RowKindInfo | undefined {
  return (row as { [ROW_KIND]?: RowKindInfo })[ROW_KIND];
}

/** The unit each kind is kept in, unless its template names another (mm² for strand area, years for design life). */
export const KIND_UNITS: Record<RowKind, string> = {
  angle: "rad",
  length: "m",
  area: "m²",
  force: "kN",
  "line-load": "kN/m",
  moment: "kN·m",
  stress: "MPa",
  stiffness: "kN/m",
  "unit-weight": "kN/m³",
  count: "—",
  ratio: "—",
  percent: "%",
  number: "—",
  text: "—",
};

/** The unit an engineer reads on screen and in exports: degrees for angle rows, the stored unit otherwise. */
export function shownUnit(row: KindAndUnit): string {
  return row.kind === "angle" ? "°" : row.unit;
}

/** What the grid shows beside a Parameter: its unit, nothing for text and plain counts. */
export function unitLabel(row: KindAndUnit): string {
  const unit = shownUnit(row);
  return unit === "—" ? "" : unit;
}

/** A row's kind and unit by its name alone (a row the screen has not had from the server yet). */
export function kindAndUnitFromName(parameter: string): KindAndUnit {
  const kind = kindFromName(parameter);
  return { kind, unit: KIND_UNITS[kind] };
}

/** The words of a Parameter: CamelCase, underscores, spaces, digits and other marks are word edges. */
export function parameterWords(parameter: string): string[] {
  return parameter
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2")
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/**
 * The angle rule by name (SPEC section 3, "contains angle", at word edges as DECISIONS 18 decides): SkewAngle,
 * angle_deg, Angle1, BEARING_ANGLE and WingwallAngles are angles; Rectangle, Triangle, Quadrangle and Tangle are not.
 */
export function isAngleName(parameter: string): boolean {
  return parameterWords(parameter).some((word) => word === "angle" || word === "angles");
}

const TEXT_WORDS = new Set([
  "name",
  "type",
  "label",
  "description",
  "comment",
  "comments",
  "note",
  "notes",
  "remark",
  "remarks",
  "material",
  "grade",
  "code",
  "classification",
  "class",
  "method",
  "status",
  "id",
]);
const COUNT_WORDS = new Set(["count", "number", "qty", "quantity", "strands"]);
const LENGTH_WORDS = new Set([
  "length",
  "width",
  "height",
  "depth",
  "thickness",
  "diameter",
  "spacing",
  "chainage",
  "offset",
  "cover",
  "rl",
  "level",
  "radius",
  "gap",
  "cantilever",
  "elevation",
  "eccentricity",
  "shoulder",
]);

/**
 * A row's kind from its name alone, for a Parameter its table's template does not list: an angle by the angle rule;
 * else by its last word (PierCount: count; ColumnWidth: length; BarrierType: text); else text, which takes any value
 * and converts nothing (the engineer can give the row its kind).
 */
export function kindFromName(parameter: string): RowKind {
  if (isAngleName(parameter)) return "angle";
  const words = parameterWords(parameter);
  const last = words.at(-1);
  if (last === undefined) return "text";
  if (TEXT_WORDS.has(last)) return "text";
  if (COUNT_WORDS.has(last) || (words[0] === "no" && words.length > 1)) return "count";
  if (LENGTH_WORDS.has(last)) return "length";
  return "text";
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A plain decimal number with a point ("2.5", "-0.25", "1e3"), finite. */
export function isPlainNumber(text: string): boolean {
  return NUMBER.test(text.trim()) && Number.isFinite(Number(text));
}

/** Whether a kind's values are numbers (all but text). */
export function isNumericKind(kind: RowKind): boolean {
  return kind !== "text";
}

/**
 * Why a value cannot be stored in a row of this kind, or null when it can. Blank is always allowed (no value yet).
 * Numbers are plain decimals with a point ("2.5", "-0.25", "1e3"); "15°", "2,5 m" and "TBC" are refused, since a
 * number read out of them would be a guess. The value is checked as it will be stored (radians on angle rows).
 */
export function valueProblem(kind: RowKind, value: string): string | null {
  if (kind === "text" || value.trim() === "") return null;
  const text = value.trim();
  if (!isPlainNumber(text)) return `is not a number (${withArticle(kindLabel(kind))} row takes numbers only)`;
  if (kind === "count" && !/^\+?\d+$/.test(text)) return "is not a whole number (a count row takes 0, 1, 2, ...)";
  return null;
}

const withArticle = (word: string) => `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`;

/** A kind as an engineer reads it in a sentence. */
export function kindLabel(kind: RowKind): string {
  return kind === "line-load" ? "line load" : kind === "unit-weight" ? "unit weight" : kind;
}
