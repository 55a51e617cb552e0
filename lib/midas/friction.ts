/**
 * Friction along a tendon (issue 28, point 4; docs/midas.md, "Friction"). AS 5100.5 writes the force a distance x from
 * the jack as P(x) = Pj·e^(−μ(α + βp·x)), with α the sum of the angle changes up to x and βp the unintended angular
 * deviation per metre of duct ("wobble"); MIDAS writes e^(−(μα + k·x)) with k per metre (TDNT WF). So k = μ·βp: passing
 * βp as k, as the PT table used to, takes μ⁻¹ (five times, for μ = 0.2) too much wobble loss.
 */
import type { SpanData } from "./parse/setup";
import type { TendonGroupData } from "./parse/tendons";

/** MIDAS's wobble coefficient k (per metre) of a tendon group: μ·βp. */
export function wobbleCoefficient(t: Pick<TendonGroupData, "friction" | "wobbleBetaP">): number {
  return Number((t.friction * t.wobbleBetaP).toPrecision(12));
}

/** A profile point: distance along the tendon (m) and level (m, up positive). */
export type ProfilePoint = { x: number; z: number };

/**
 * The angle change (rad) accumulated from the start at each profile point, for a drape made of parabolas with zero
 * slope at each high and low point between the anchors: from an anchor to the first low point one parabola (the slope
 * at the anchor 2·Δz/Δx, turned to zero), between a low and a high point two with the inflection half way (the slope
 * rises to 2·Δz/Δx and falls back: 4·|Δz|/Δx). MIDAS fits its own spline through the same points; this is the
 * engineer's check of it, not its copy.
 */
export function cumulativeAngles(points: readonly ProfilePoint[]): number[] {
  const angles = [0];
  for (let k = 1; k < points.length; k++) {
    const dx = points[k]!.x - points[k - 1]!.x;
    const dz = Math.abs(points[k]!.z - points[k - 1]!.z);
    const atAnchor = k === 1 || k === points.length - 1;
    const change = dx > 0 ? ((atAnchor ? 2 : 4) * dz) / dx : 0;
    angles.push(angles[k - 1]! + change);
  }
  return angles;
}

export type TendonFriction = {
  name: string;
  /** Length along the girder, m. */
  length: number;
  /** Total angle change from end to end, rad. */
  angle: number;
  /** Jacked from both ends: where the force is lowest (m from the start), and that force as a share of the jacking force. */
  lowest: { x: number; share: number };
};

/**
 * The force at x of a tendon jacked from both ends, as a share of the jacking force: at each point the larger of what
 * reaches it from either jack, so it is lowest where the two meet. The angle grows linearly between profile points (the
 * parabolas' slopes change linearly).
 */
export function frictionShare(points: readonly ProfilePoint[], t: Pick<TendonGroupData, "friction" | "wobbleBetaP">): (x: number) => number {
  const angles = cumulativeAngles(points);
  const start = points[0]!.x;
  const end = points[points.length - 1]!.x;
  const total = angles[angles.length - 1]!;
  const angleAt = (x: number) => {
    let k = 1;
    while (k < points.length - 1 && points[k]!.x < x) k++;
    const a = points[k - 1]!;
    const b = points[k]!;
    const f = b.x > a.x ? (x - a.x) / (b.x - a.x) : 0;
    return angles[k - 1]! + f * (angles[k]! - angles[k - 1]!);
  };
  const share = (alpha: number, x: number) => Math.exp(-t.friction * (alpha + t.wobbleBetaP * x));
  return (x) => {
    const alpha = angleAt(x);
    return Math.max(share(alpha, x - start), share(total - alpha, end - x));
  };
}

/**
 * The tendon's level at x on the drape cumulativeAngles assumes: from an anchor a parabola flat at the next high or low
 * point, between a low and a high point two parabolas meeting half way, each flat at its end.
 */
export function profileLevel(points: readonly ProfilePoint[], x: number): number {
  let k = 1;
  while (k < points.length - 1 && points[k]!.x < x) k++;
  const a = points[k - 1]!;
  const b = points[k]!;
  const dx = b.x - a.x;
  if (!(dx > 0)) return b.z;
  const t = Math.min(1, Math.max(0, (x - a.x) / dx));
  if (points.length === 2) return a.z + (b.z - a.z) * t;
  if (k === 1) return b.z + (a.z - b.z) * (1 - t) ** 2;
  if (k === points.length - 1) return a.z + (b.z - a.z) * t ** 2;
  return a.z + (b.z - a.z) * (t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) ** 2);
}

/** The friction loss of a tendon jacked from both ends, read at 1 m steps: where it is lowest, and how low. */
export function tendonFriction(name: string, points: readonly ProfilePoint[], t: Pick<TendonGroupData, "friction" | "wobbleBetaP">): TendonFriction {
  const angles = cumulativeAngles(points);
  const length = points[points.length - 1]!.x - points[0]!.x;
  const total = angles[angles.length - 1]!;
  const shareAt = frictionShare(points, t);
  let lowest = { x: points[0]!.x, share: 1 };
  const steps = Math.max(1, Math.ceil(length));
  for (let i = 0; i <= steps; i++) {
    const x = points[0]!.x + (length * i) / steps;
    const force = shareAt(x);
    if (i === 0 || force < lowest.share) lowest = { x, share: force };
  }
  return { name, length, angle: total, lowest: { x: Number(lowest.x.toFixed(3)), share: Number(lowest.share.toFixed(4)) } };
}

export type TendonProfilePoint = { PT: number[]; bFIX: boolean; R: number; bBOTZ: boolean };

const round6 = (n: number) => Number(n.toFixed(6));

/**
 * A tendon group's profile from the start of FromSpan, as MIDAS's TDNA takes it (x along, z up from the girder's top):
 * anchor, then mid-span low points and pier high points. The model sends it; the design check reads the tendon's depth
 * and force from the same points.
 */
export function tendonProfile(
  spans: readonly Pick<SpanData, "index" | "length">[],
  t: Pick<TendonGroupData, "fromSpan" | "toSpan" | "depthAtEnds" | "depthAtPiers" | "depthAtMidspan">,
): TendonProfilePoint[] {
  const within = spans.filter((s) => s.index >= t.fromSpan && s.index <= t.toSpan);
  const profile: TendonProfilePoint[] = [];
  let x = 0;
  within.forEach((span, k) => {
    profile.push({ PT: [round6(x), round6(k === 0 ? -t.depthAtEnds : -t.depthAtPiers)], bFIX: k === 0, R: 0, bBOTZ: false });
    profile.push({ PT: [round6(x + span.length / 2), round6(-t.depthAtMidspan)], bFIX: false, R: 0, bBOTZ: false });
    x += span.length;
  });
  profile.push({ PT: [round6(x), round6(-t.depthAtEnds)], bFIX: true, R: 0, bBOTZ: false });
  return profile;
}

/** The profile as points (x along, z up). */
export const profilePoints = (profile: readonly TendonProfilePoint[]): ProfilePoint[] => profile.map(({ PT: [x, z] }) => ({ x: x!, z: z! }));
