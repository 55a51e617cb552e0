/**
 * Section geometry: the MIDAS PSC 1-cell box dimension arrays and the section
 * properties of the shapes the model uses. model.ts writes the arrays; the
 * MIDAS simulator reads them back into properties, so both sides agree on one
 * interpretation (documented in docs/midas.md).
 */

export type BoxDimensions = {
  depth: number;
  topWidth: number;
  bottomWidth: number;
  topSlab: number;
  bottomSlab: number;
  web: number;
  cantilever: number;
  cantileverTip: number;
  cantileverRoot: number;
};

export type PscArrays = { vSIZE_PSC_A: number[]; vSIZE_PSC_B: number[]; vSIZE_PSC_C: number[]; vSIZE_PSC_D: number[] };

const round = (n: number) => Number(n.toFixed(6));

/**
 * The four dimension arrays of a symmetric 1CEL box, in the order of the official
 * midas-civil client (HO1 HO2 HO21 HO22 HO3 HO31 / BO1 BO11 BO12 BO2 BO21 BO3 /
 * HI1 HI2 HI21 HI22 HI3 HI31 HI4 HI41 HI42 HI5 / BI1 BI11 BI12 BI21 BI3 BI31 BI32 BI4),
 * half widths measured from the centreline, no haunches.
 */
export function boxArrays(b: BoxDimensions): PscArrays {
  const webOuterTop = b.topWidth / 2 - b.cantilever;
  const webOuterBottom = b.bottomWidth / 2;
  const innerHeight = b.depth - b.topSlab - b.bottomSlab;
  // Inner face of the (sloping) web at the underside of the top slab and the top of the bottom slab.
  const at = (z: number) => webOuterTop + ((webOuterBottom - webOuterTop) * z) / b.depth - b.web;
  return {
    vSIZE_PSC_A: [b.cantileverTip, b.cantileverRoot - b.cantileverTip, 0, 0, b.depth - b.cantileverRoot, 0].map(round),
    vSIZE_PSC_B: [b.cantilever, 0, 0, webOuterTop - webOuterBottom, 0, webOuterBottom].map(round),
    vSIZE_PSC_C: [b.topSlab, 0, 0, 0, innerHeight, 0, 0, 0, 0, b.bottomSlab].map(round),
    vSIZE_PSC_D: [at(b.topSlab), 0, 0, 0, at(b.depth - b.bottomSlab), 0, 0, 0].map(round),
  };
}

type Point = [number, number];

/** Outer and inner outlines (y across, z up from the top of the section) of a box from its arrays. */
export function boxOutlines(a: PscArrays): { outer: Point[]; inner: Point[]; depth: number } {
  const [tip = 0, slope = 0, , , web = 0] = a.vSIZE_PSC_A;
  const [cant = 0, , , webSlope = 0, , halfBottom = 0] = a.vSIZE_PSC_B;
  const [topSlab = 0, , , , innerHeight = 0] = a.vSIZE_PSC_C;
  const [innerTop = 0, , , , innerBottom = 0] = a.vSIZE_PSC_D;
  const depth = tip + slope + web;
  const webTop = halfBottom + webSlope;
  const halfTop = webTop + cant;
  const outer: Point[] = [
    [-halfTop, 0],
    [halfTop, 0],
    [halfTop, -tip],
    [webTop, -(tip + slope)],
    [halfBottom, -depth],
    [-halfBottom, -depth],
    [-webTop, -(tip + slope)],
    [-halfTop, -tip],
  ];
  const inner: Point[] = [
    [-innerTop, -topSlab],
    [innerTop, -topSlab],
    [innerBottom, -(topSlab + innerHeight)],
    [-innerBottom, -(topSlab + innerHeight)],
  ];
  return { outer, inner, depth };
}

export type SectionProperties = {
  /** Area, m². */
  area: number;
  /** Second moment about the horizontal (local y) axis through the centroid, m⁴: vertical bending. */
  iyy: number;
  /** Second moment about the vertical (local z) axis, m⁴. */
  izz: number;
  /** Torsion constant, m⁴. */
  j: number;
  /** Overall depth, m. */
  depth: number;
  /** Depth of the centroid below the top, m. */
  centroidDepth: number;
};

function polygon(points: Point[]): { a: number; sy: number; sz: number; iyy0: number; izz0: number } {
  // Green's theorem; y across, z up; second moments about the origin.
  let a = 0;
  let sy = 0;
  let sz = 0;
  let iyy0 = 0;
  let izz0 = 0;
  for (let i = 0; i < points.length; i++) {
    const [y1, z1] = points[i]!;
    const [y2, z2] = points[(i + 1) % points.length]!;
    const c = y1 * z2 - y2 * z1;
    a += c / 2;
    sy += ((z1 + z2) * c) / 6;
    sz += ((y1 + y2) * c) / 6;
    iyy0 += ((z1 * z1 + z1 * z2 + z2 * z2) * c) / 12;
    izz0 += ((y1 * y1 + y1 * y2 + y2 * y2) * c) / 12;
  }
  const s = Math.sign(a) || 1;
  return { a: a * s, sy: sy * s, sz: sz * s, iyy0: iyy0 * s, izz0: izz0 * s };
}

export function boxProperties(arrays: PscArrays): SectionProperties {
  const { outer, inner, depth } = boxOutlines(arrays);
  const o = polygon(outer);
  const i = polygon(inner);
  const a = o.a - i.a;
  const zc = (o.sy - i.sy) / a;
  const yc = (o.sz - i.sz) / a;
  const iyy = o.iyy0 - i.iyy0 - a * zc * zc;
  const izz = o.izz0 - i.izz0 - a * yc * yc;
  // Bredt: J = 4 A0² / ∮ ds/t around the mid-line of the closed cell.
  const topSlab = arrays.vSIZE_PSC_C[0] ?? 0;
  const bottomSlab = arrays.vSIZE_PSC_C[9] ?? 0;
  const webOuterTop = outer[3]![0];
  const webOuterBottom = outer[4]![0];
  const midTop = (webOuterTop + inner[1]![0]) / 2;
  const midBottom = (webOuterBottom + inner[2]![0]) / 2;
  const zTop = -topSlab / 2;
  const zBottom = -depth + bottomSlab / 2;
  const a0 = ((2 * midTop + 2 * midBottom) / 2) * (zTop - zBottom);
  const webT = Math.max(1e-6, webOuterTop - inner[1]![0]);
  const webLen = Math.hypot(midTop - midBottom, zTop - zBottom);
  const perimeterOverT = (2 * midTop) / Math.max(1e-6, topSlab) + (2 * midBottom) / Math.max(1e-6, bottomSlab) + (2 * webLen) / webT;
  const j = (4 * a0 * a0) / perimeterOverT;
  return { area: a, iyy, izz, j, depth, centroidDepth: -zc };
}

export function circleProperties(diameter: number): SectionProperties {
  const r = diameter / 2;
  const i = (Math.PI * r ** 4) / 4;
  return { area: Math.PI * r * r, iyy: i, izz: i, j: 2 * i, depth: diameter, centroidDepth: r };
}

/** A solid rectangle B wide (local y) and H deep (local z). */
export function rectangleProperties(width: number, depth: number): SectionProperties {
  const [long, short] = width >= depth ? [width, depth] : [depth, width];
  // Roark's approximation for a solid rectangle's torsion constant.
  const j = long * short ** 3 * (1 / 3 - 0.21 * (short / long) * (1 - short ** 4 / (12 * long ** 4)));
  return { area: width * depth, iyy: (width * depth ** 3) / 12, izz: (depth * width ** 3) / 12, j, depth, centroidDepth: depth / 2 };
}

/** Width of a closed outline cut at level z (the sum of the lengths of the cut inside it). */
function widthAt(points: readonly Point[], z: number): number {
  const ys: number[] = [];
  for (let i = 0; i < points.length; i++) {
    const [y1, z1] = points[i]!;
    const [y2, z2] = points[(i + 1) % points.length]!;
    if (z1 === z2 || z < Math.min(z1, z2) || z >= Math.max(z1, z2)) continue;
    ys.push(y1 + ((y2 - y1) * (z - z1)) / (z2 - z1));
  }
  ys.sort((a, b) => a - b);
  let width = 0;
  for (let i = 0; i + 1 < ys.length; i += 2) width += ys[i + 1]! - ys[i]!;
  return width;
}

/** Area of the box's cell (inside the webs and slabs), m²: a solid diaphragm fills it. */
export function boxCellArea(arrays: PscArrays): number {
  return polygon(boxOutlines(arrays).inner).a;
}

/** Depth over which AS 5100.2 Cl 17.3's positive differential acts, from the top of the deck, m. */
export const GRADIENT_DEPTH = 1.2;

/**
 * The curvature (1/m, top lengthening positive) a box takes, free, under AS 5100.2 Cl 17.3's positive temperature
 * differential: T(d) = T0·(1 − d/1.2)^5 at depth d below the top, 0 below 1.2 m. Its linear part is what a line model
 * can carry: κ = α ∫ T(z)(z − zc) b(z) dz / I, integrated in 1 mm strips; the rest are self-equilibrating stresses.
 */
export function gradientCurvature(arrays: PscArrays, topDifference: number, alpha: number): number {
  const { outer, inner } = boxOutlines(arrays);
  const { iyy, centroidDepth } = boxProperties(arrays);
  const step = 0.001;
  let moment = 0;
  for (let d = step / 2; d < GRADIENT_DEPTH; d += step) {
    const b = widthAt(outer, -d) - widthAt(inner, -d);
    moment += topDifference * (1 - d / GRADIENT_DEPTH) ** 5 * (centroidDepth - d) * b * step;
  }
  return (alpha * moment) / iyy;
}
