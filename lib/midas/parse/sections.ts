import { parseBars } from "@/lib/calculations/bars";
import type { BoxDimensions } from "../sections";
import { checkRef, fmt, namedItems, type TableReader } from "./reader";
import type { SetupGlobals } from "./setup";

export type GeneralSectionData = {
  item: string;
  name: string;
  shape: "Circle" | "Rectangle";
  material: string;
  diameter: number;
  width: number;
  depth: number;
};

/** The reinforcement the girder design check reads (not sent to MIDAS): bars as written ("86N20"), cover in mm. */
export type PscReinforcement = { topBars: string; bottomBars: string; barCover: number; fitments: string };

export type PscSectionData = BoxDimensions & PscReinforcement & { item: string; name: string; material: string };

export type PileGroupData = {
  item: string;
  name: string;
  pileSection: string;
  capSection: string;
  rows: number;
  perRow: number;
  rowSpacing: number;
  pileSpacing: number;
  length: number;
  elements: number;
  capDepth: number;
  /** Plan size of the cap across and along the bridge, m: with capDepth, its volume. */
  capLength: number;
  capWidth: number;
  /** Soil layers below the underside of the cap: top depth (m) and kh (kN/m³); empty when there is no soil. */
  soil: { top: number; kh: number }[];
  toe: "Fixed" | "Pinned";
};

/** General Sections: circles and rectangles of a listed concrete grade (columns, headstocks, piles, pile caps). */
export function readGeneralSections(reader: TableReader, globals: SetupGlobals): GeneralSectionData[] {
  return namedItems(reader).map(({ item, name, label }) => {
    const shape = reader.text("Shape", item, label) as GeneralSectionData["shape"];
    const s: GeneralSectionData = {
      item,
      name,
      shape,
      material: globals.checkGrade(reader, item, label),
      diameter: reader.num("Diameter", item, label),
      width: reader.num("Width", item, label),
      depth: reader.num("Depth", item, label),
    };
    if (shape === "Circle" && Number.isNaN(s.diameter) && reader.raw("Diameter", item) === "")
      reader.problem("Diameter", item, `${label} is a Circle; enter its Diameter in m.`);
    if (shape === "Rectangle") {
      for (const p of ["Width", "Depth"] as const) {
        if (reader.raw(p, item) === "") reader.problem(p, item, `${label} is a Rectangle; enter its ${p} in m.`);
      }
    }
    return s;
  });
}

/** PSC Sections: the girder's single-cell boxes, each a box that can be built. */
export function readPscSections(reader: TableReader, globals: SetupGlobals): PscSectionData[] {
  return namedItems(reader).map(({ item, name, label }) => {
    reader.text("SectionType", item, label);
    const n = (p: string) => reader.num(p, item, label);
    const s: PscSectionData = {
      item,
      name,
      material: globals.checkGrade(reader, item, label),
      depth: n("Depth"),
      topWidth: n("TopWidth"),
      bottomWidth: n("BottomWidth"),
      topSlab: n("TopSlabThickness"),
      bottomSlab: n("BottomSlabThickness"),
      web: n("WebThickness"),
      cantilever: n("CantileverLength"),
      cantileverTip: n("CantileverTipThickness"),
      cantileverRoot: n("CantileverRootThickness"),
      topBars: reader.text("TopBars", item, label),
      bottomBars: reader.text("BottomBars", item, label),
      barCover: reader.num("BarCover", item, label, 50),
      fitments: reader.text("Fitments", item, label),
    };
    for (const [parameter, text, spacing] of [
      ["TopBars", s.topBars, false],
      ["BottomBars", s.bottomBars, false],
      ["Fitments", s.fitments, true],
    ] as const) {
      if (text === "") continue;
      const problem = barsProblem(text, spacing);
      if (problem) reader.problem(parameter, item, `${parameter} of ${label} is "${text}": ${problem}`);
    }
    checkBoxGeometry(s, (parameter, message) => reader.problem(parameter, item, `${label}: ${message}`));
    return s;
  });
}

function checkBoxGeometry(s: BoxDimensions, problem: (parameter: string, message: string) => void): void {
  if ([s.depth, s.topWidth, s.bottomWidth, s.topSlab, s.bottomSlab, s.web, s.cantilever, s.cantileverTip, s.cantileverRoot].some((v) => !Number.isFinite(v)))
    return;
  const webTop = s.topWidth / 2 - s.cantilever;
  if (webTop <= 0)
    problem("CantileverLength", `two cantilevers of ${fmt(s.cantilever)} m leave no top flange between the webs of a ${fmt(s.topWidth)} m wide top.`);
  if (s.depth <= s.topSlab + s.bottomSlab + 0.1)
    problem("Depth", `a depth of ${fmt(s.depth)} m leaves no void between a ${fmt(s.topSlab)} m top and ${fmt(s.bottomSlab)} m bottom slab.`);
  if (s.cantileverRoot < s.cantileverTip) problem("CantileverRootThickness", "the cantilever is thinner at the root than at the tip.");
  if (s.cantileverRoot >= s.depth - s.bottomSlab) problem("CantileverRootThickness", "the cantilever root is deeper than the webs.");
  if (webTop - s.web <= 0 || s.bottomWidth / 2 - s.web <= 0) problem("WebThickness", `webs ${fmt(s.web)} m thick leave no void inside the box.`);
}

/** Piles: pile groups under the piers, their piles and caps General Sections. */
export function readPileGroups(reader: TableReader, generalSections: readonly GeneralSectionData[]): PileGroupData[] {
  const generalNames = generalSections.map((s) => s.name);
  return namedItems(reader).map(({ item, name, label }) => {
    const n = (p: string, blank = NaN) => reader.num(p, item, label, blank);
    const p: PileGroupData = {
      item,
      name,
      pileSection: checkRef(reader, "PileSection", item, label, reader.text("PileSection", item, label), generalNames, "section", "General Sections"),
      capSection: checkRef(reader, "PileCapSection", item, label, reader.text("PileCapSection", item, label), generalNames, "section", "General Sections"),
      rows: n("PileRows"),
      perRow: n("PilesPerRow"),
      rowSpacing: n("RowSpacing", 0),
      pileSpacing: n("PileSpacing", 0),
      length: n("PileLength"),
      elements: n("ElementsPerPile"),
      capDepth: n("PileCapDepth"),
      capLength: n("PileCapLength"),
      capWidth: n("PileCapWidth"),
      soil: [],
      toe: (reader.text("ToeFixity", item, label) || "Fixed") as PileGroupData["toe"],
    };
    const depths = reader.list<number>("SoilLayerDepths", item, label);
    const kh = reader.list<number>("SoilKh", item, label);
    if (depths.length !== kh.length) {
      reader.problem(
        "SoilKh",
        item,
        `${label} has ${depths.length} soil layer${depths.length === 1 ? "" : "s"} in SoilLayerDepths and ${kh.length} SoilKh value${kh.length === 1 ? "" : "s"}; give one kh per layer.`,
      );
    } else if (depths.length > 0) {
      if (depths[0] !== 0 || depths.some((d, k) => k > 0 && !(d > depths[k - 1]!)))
        reader.problem(
          "SoilLayerDepths",
          item,
          `SoilLayerDepths of ${label} must start at 0 (the underside of the cap) and go down, each deeper than the one before.`,
        );
      else if (kh.some((k) => !(k > 0))) reader.problem("SoilKh", item, `SoilKh of ${label} must each be greater than 0 kN/m³.`);
      else p.soil = depths.map((top, k) => ({ top, kh: kh[k]! }));
    }
    if (p.rows > 1 && !(p.rowSpacing > 0)) reader.problem("RowSpacing", item, `${label} has ${p.rows} rows of piles; enter RowSpacing (m, greater than 0).`);
    if (p.perRow > 1 && !(p.pileSpacing > 0))
      reader.problem("PileSpacing", item, `${label} has ${p.perRow} piles per row; enter PileSpacing (m, greater than 0).`);
    if (p.rows * p.perRow > 16) reader.problem("PilesPerRow", item, `${label} has ${p.rows * p.perRow} piles; the line model takes at most 16 per group.`);
    return p;
  });
}

/** Why bar text cannot be read (null: it can); fitments need their spacing. */
function barsProblem(text: string, needsSpacing: boolean): string | null {
  try {
    const bars = parseBars(text);
    if (needsSpacing && bars.spacing === undefined) return 'give the legs and their spacing, as "4N16 @ 200".';
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
