/**
 * The simulator's /doc/ANAL: a linear direct-stiffness solve of the model it
 * holds, projected onto the X–Z plane (3 degrees of freedom per node: DX, DZ,
 * RY). Elements with no length in that plane (headstock and cap beams across
 * the bridge) become rigid joints. Static cases come from self weight, beam and
 * nodal loads and tendon prestress; moving load cases are envelopes of the
 * vehicles run along their lanes over influence lines; combinations are
 * factored sums or envelopes. Out-of-plane loads (GY) are ignored.
 */
import { boxProperties, circleProperties, rectangleProperties, type PscArrays, type SectionProperties } from "@/lib/midas/sections";
import { reverseCuthillMcKee, SingularMatrixError, SkylineMatrix } from "./solver";
import type { Row, SimModel } from "./store";

export class AnalysisError extends Error {}

export type CaseResult = { kind: "ST" | "MV" | "CB"; envelope: boolean; max: Float64Array; min: Float64Array };

export type AnalysisResults = {
  revision: number;
  /** Output vector layout: 3 per reaction node (FX, FZ, MY), 6 per beam (I and J: axial, shear, moment), 6 per link (I and J: axial, shear, moment). */
  reactionNodes: number[];
  beams: number[];
  links: number[];
  /** Link end nodes, for the ELASTICLINK table. */
  linkNodes: Map<number, [number, number]>;
  beamNodes: Map<number, [number, number]>;
  cases: Map<string, CaseResult>;
  /** Total applied load of each static case, global X and Z (kN). */
  applied: Map<string, { fx: number; fz: number }>;
};

type Node = { x: number; z: number; y: number };
type Frame = {
  id: number;
  nodeI: number;
  nodeJ: number;
  gi: number;
  gj: number;
  c: number;
  s: number;
  L: number;
  L3: number;
  rigid: boolean;
  ea: number;
  ei: number;
  weight: number;
  /** Centroid below the element's nodes (section offset), m: the element acts at its centroid through rigid arms. */
  offset: number;
  /** Thermal expansion, 1/°C, and the section's depth (GTMP's Hz when USE_HZ). */
  alpha: number;
  depth: number;
};
type Link = {
  id: number;
  nodeI: number;
  nodeJ: number;
  gi: number;
  gj: number;
  c: number;
  s: number;
  L: number;
  ka: number;
  ks: number;
  kr: number;
  a: number;
};

/**
 * A stored vehicle's axles (position from the first, kN), lane load (kN/m) and dynamic load factor (1 + allowance).
 * Australian vehicles (VEH_AU) give the allowance as a fraction; the codes that use VEH_DEFAULT, in %. Each axle's
 * POINT_DIST is its distance to the next one (the manual's examples end with 0).
 */
function vehicleLoads(vehicle: Row): { dla: number; udl: number; axles: { p: number; d: number }[] } {
  const au = vehicle.VEH_AU as Row | undefined;
  if (vehicle.VEHICLE_LOAD_NUM === 1)
    throw new AnalysisError(`The simulator does not generate the standard vehicle ${String(vehicle.VEHICLE_TYPE_NAME)}; define it as a user vehicle.`);
  const own = (au ?? vehicle.VEH_DEFAULT ?? {}) as Row;
  const dla = 1 + (au ? num(own.DYN_LOAD_ALLOWANCE) : num(own.DYN_LOAD_ALLOWANCE) / 100);
  const items = ((au ? au.LOAD_ITEMS : vehicle.LOAD_ITEMS) as Row[] | undefined) ?? [];
  const axles: { p: number; d: number }[] = [];
  let d = 0;
  for (const item of items) {
    axles.push({ p: num(item.POINT_LOAD), d });
    d += num(item.POINT_DIST);
  }
  return { dla, udl: num(own.UNIFORM_LOAD), axles };
}

const num = (v: unknown, fallback = 0) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const EC: [number, number][] = [
  [20, 24000],
  [25, 26700],
  [32, 30100],
  [40, 32800],
  [50, 34800],
  [65, 37400],
  [80, 39600],
  [100, 42200],
];

/** Section properties, and how far the centroid lies below the node (the reference point OFFSET_PT puts at the node). */
function sectionProperties(row: Row): (SectionProperties & { offset: number }) | null {
  const before = (row.SECT_BEFORE ?? {}) as Row;
  const shape = String(before.SHAPE ?? "");
  const sectI = (before.SECT_I ?? {}) as Row;
  const size = Array.isArray(sectI.vSIZE) ? (sectI.vSIZE as number[]) : [];
  const props =
    row.SECTTYPE === "PSC" && shape === "1CEL"
      ? boxProperties(sectI as unknown as PscArrays)
      : shape === "SR" && size[0]
        ? circleProperties(size[0])
        : shape === "SB" && size[0] && size[1]
          ? rectangleProperties(size[1], size[0])
          : null;
  if (!props) return null;
  const point = String(before.OFFSET_PT ?? "CC");
  const offset = point.endsWith("T") ? props.centroidDepth : point.endsWith("B") ? props.centroidDepth - props.depth : 0;
  return { ...props, offset };
}

function materialOf(row: Row): { e: number; den: number; alpha: number } | null {
  const param = (Array.isArray(row.PARAM) ? row.PARAM[0] : null) as Row | null;
  if (!param) return null;
  if (param.P_TYPE === 2) return { e: num(param.ELAST), den: num(param.DEN), alpha: num(param.THERMAL, 1e-5) };
  const grade = /C(\d+)/i.exec(String(param.DB ?? ""));
  if (grade) {
    const fc = Number(grade[1]);
    const e = EC.reduce((best, [f, v]) => (fc >= f ? v : best), EC[0]![1]);
    return { e: e * 1000, den: 25, alpha: 1e-5 };
  }
  return null;
}

class UnionFind {
  private readonly parent = new Map<number, number>();
  find(a: number): number {
    let p = this.parent.get(a) ?? a;
    if (p !== a) {
      p = this.find(p);
      this.parent.set(a, p);
    }
    return p;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
}

const DOF_NAMES = ["DX", "DZ", "RY"];

export function analyse(model: SimModel): AnalysisResults {
  const nodesRaw = model.raw("NODE");
  const nodes = new Map<number, Node>(Object.entries(nodesRaw).map(([id, n]) => [Number(id), { x: num(n.X), y: num(n.Y), z: num(n.Z) }]));
  const materials = new Map(Object.entries(model.raw("MATL")).map(([id, m]) => [Number(id), materialOf(m)]));
  const sections = new Map(Object.entries(model.raw("SECT")).map(([id, s]) => [Number(id), sectionProperties(s)]));

  const uf = new UnionFind();
  const frames: Frame[] = [];
  for (const [idText, e] of Object.entries(model.raw("ELEM"))) {
    const id = Number(idText);
    if (e.TYPE !== undefined && e.TYPE !== "BEAM") throw new AnalysisError(`Element ${id} is a ${String(e.TYPE)}; the simulator analyses BEAM elements only.`);
    const [ni, nj] = e.NODE as number[];
    const a = nodes.get(ni!);
    const b = nodes.get(nj!);
    if (!a || !b) throw new AnalysisError(`Element ${id} refers to node ${!a ? ni : nj}, which does not exist.`);
    const section = sections.get(num(e.SECT));
    if (section === undefined) throw new AnalysisError(`Element ${id} refers to section ${String(e.SECT)}, which does not exist.`);
    if (section === null) throw new AnalysisError(`Section ${String(e.SECT)} has a shape the simulator cannot compute (element ${id}).`);
    const material = materials.get(num(e.MATL));
    if (!material) throw new AnalysisError(`Element ${id} refers to material ${String(e.MATL)}, which does not exist or is not user-defined.`);
    const dx = b.x - a.x;
    const dz = b.z - a.z;
    const L = Math.hypot(dx, dz);
    const L3 = Math.hypot(dx, dz, b.y - a.y);
    if (L3 < 1e-9) throw new AnalysisError(`Element ${id} has zero length.`);
    const rigid = L < 1e-6;
    if (rigid) uf.union(ni!, nj!);
    frames.push({
      id,
      nodeI: ni!,
      nodeJ: nj!,
      gi: 0,
      gj: 0,
      c: rigid ? 1 : dx / L,
      s: rigid ? 0 : dz / L,
      L,
      L3,
      rigid,
      ea: material.e * section.area,
      ei: material.e * section.iyy,
      weight: material.den * section.area,
      offset: section.offset,
      alpha: material.alpha,
      depth: section.depth,
    });
  }
  const links: Link[] = [];
  for (const [idText, l] of Object.entries(model.raw("ELNK"))) {
    const id = Number(idText);
    const [ni, nj] = l.NODE as number[];
    const a = nodes.get(ni!);
    const b = nodes.get(nj!);
    if (!a || !b) throw new AnalysisError(`Elastic link ${id} refers to node ${!a ? ni : nj}, which does not exist.`);
    const dx = b.x - a.x;
    const dz = b.z - a.z;
    const L = Math.hypot(dx, dz);
    const sdr = Array.isArray(l.SDR) ? (l.SDR as number[]) : [];
    const big = 1e12;
    const [ka, ks, kr] = l.LINK === "RIGID" ? [big, big, big] : l.LINK === "GEN" ? [num(sdr[0]), num(sdr[2]), num(sdr[4])] : [NaN, NaN, NaN];
    if (Number.isNaN(ka)) throw new AnalysisError(`Elastic link ${id} is of type ${String(l.LINK)}; the simulator takes GEN and RIGID links.`);
    const dr = Array.isArray(l.DR) ? num((l.DR as number[])[1], 0.5) : 0.5;
    links.push({ id, nodeI: ni!, nodeJ: nj!, gi: 0, gj: 0, c: L > 0 ? dx / L : 0, s: L > 0 ? dz / L : 1, L, ka, ks, kr, a: dr * L });
  }

  // Groups (rigidly joined nodes), their constraints and their order.
  const used = new Set<number>();
  for (const f of frames) {
    used.add(f.nodeI);
    used.add(f.nodeJ);
  }
  for (const l of links) {
    used.add(l.nodeI);
    used.add(l.nodeJ);
  }
  const consRows = model.raw("CONS");
  for (const id of Object.keys(consRows)) if (nodes.has(Number(id))) used.add(Number(id));
  const springRows = model.raw("NSPR");
  for (const id of Object.keys(springRows)) if (nodes.has(Number(id))) used.add(Number(id));
  const groupIndex = new Map<number, number>();
  const groupNodes: number[] = [];
  for (const n of [...used].sort((a, b) => a - b)) {
    const root = uf.find(n);
    if (!groupIndex.has(root)) {
      groupIndex.set(root, groupNodes.length);
      groupNodes.push(root);
    }
  }
  const group = (node: number) => groupIndex.get(uf.find(node))!;
  for (const f of frames) {
    f.gi = group(f.nodeI);
    f.gj = group(f.nodeJ);
  }
  for (const l of links) {
    l.gi = group(l.nodeI);
    l.gj = group(l.nodeJ);
  }
  const groups = groupNodes.length;
  const fixed = new Uint8Array(groups * 3);
  const reactionNodes: number[] = [];
  for (const [id, row] of Object.entries(consRows).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const n = Number(id);
    if (!nodes.has(n)) continue;
    const constraint = String(((row.ITEMS as Row[] | undefined)?.[0]?.CONSTRAINT as string | undefined) ?? "0000000");
    const g = group(n);
    [0, 2, 4].forEach((k, d) => {
      if (constraint[k] === "1") fixed[g * 3 + d] = 1;
    });
    reactionNodes.push(n);
  }
  // Linear point springs in the plane: SDx on DX, SDz on DZ, SRy on RY (SDy, SRx, SRz act out of it). Their forces are
  // reactions, as MIDAS reports a spring support's.
  const springs = new Float64Array(groups * 3);
  for (const [id, row] of Object.entries(springRows).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const n = Number(id);
    if (!nodes.has(n)) continue;
    const g = group(n);
    for (const item of (row.ITEMS as Row[] | undefined) ?? []) {
      if (item.TYPE !== "LINEAR" || !Array.isArray(item.SDR)) continue;
      const sdr = item.SDR as number[];
      [0, 2, 4].forEach((k, d) => (springs[g * 3 + d] = springs[g * 3 + d]! + num(sdr[k])));
    }
    if (!reactionNodes.includes(n)) reactionNodes.push(n);
  }
  const adjacency: number[][] = Array.from({ length: groups }, () => []);
  const connect = (a: number, b: number) => {
    if (a === b) return;
    adjacency[a]!.push(b);
    adjacency[b]!.push(a);
  };
  for (const f of frames) if (!f.rigid) connect(f.gi, f.gj);
  for (const l of links) connect(l.gi, l.gj);

  // Element stiffness in global X–Z coordinates (u, w, θ ccw about -Y) at both ends.
  const frameAt = new Map(frames.map((f, i) => [f.id, i]));
  const frameLocal = (f: Frame) => {
    const k1 = f.ea / f.L;
    const k2 = (12 * f.ei) / f.L ** 3;
    const k3 = (6 * f.ei) / f.L ** 2;
    const k4 = (4 * f.ei) / f.L;
    const k5 = (2 * f.ei) / f.L;
    return [
      [k1, 0, 0, -k1, 0, 0],
      [0, k2, k3, 0, -k2, k3],
      [0, k3, k4, 0, -k3, k5],
      [-k1, 0, 0, k1, 0, 0],
      [0, -k2, -k3, 0, k2, -k3],
      [0, k3, k5, 0, -k3, k4],
    ];
  };

  const frameK = (f: Frame): number[][] => transform(offsetK(frameLocal(f), f.offset), f.c, f.s);
  const linkLocal = (l: Link): number[][] => {
    const b = [
      [-1, 0, 0, 1, 0, 0],
      [0, -1, -l.a, 0, 1, -(l.L - l.a)],
      [0, 0, -1, 0, 0, 1],
    ];
    const k = [l.ka, l.ks, l.kr];
    const out = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
    for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) for (let r = 0; r < 3; r++) out[i]![j]! += b[r]![i]! * k[r]! * b[r]![j]!;
    return out;
  };
  const linkK = (l: Link) => transform(linkLocal(l), l.c, l.s);

  // Degrees of freedom nothing stiffens (a node only loaded through rigid joints) are held rather than left singular.
  const diag = new Float64Array(groups * 3);
  const stiffness: { gi: number; gj: number; k: number[][] }[] = [];
  for (const f of frames) if (!f.rigid) stiffness.push({ gi: f.gi, gj: f.gj, k: frameK(f) });
  for (const l of links) stiffness.push({ gi: l.gi, gj: l.gj, k: linkK(l) });
  for (const { gi, gj, k } of stiffness)
    for (let d = 0; d < 3; d++) {
      diag[gi * 3 + d] = diag[gi * 3 + d]! + k[d]![d]!;
      diag[gj * 3 + d] = diag[gj * 3 + d]! + k[d + 3]![d + 3]!;
    }
  for (let q = 0; q < groups * 3; q++) diag[q] = diag[q]! + springs[q]!;
  const held = new Uint8Array(groups * 3);
  for (let q = 0; q < groups * 3; q++) if (!fixed[q] && !(diag[q]! > 0)) held[q] = 1;

  const order = reverseCuthillMcKee(adjacency);
  const eq = new Int32Array(groups * 3).fill(-1);
  let equations = 0;
  for (const g of order) for (let d = 0; d < 3; d++) if (!fixed[g * 3 + d] && !held[g * 3 + d]) eq[g * 3 + d] = equations++;
  const dofs = (gi: number, gj: number) => [gi * 3, gi * 3 + 1, gi * 3 + 2, gj * 3, gj * 3 + 1, gj * 3 + 2];
  const couplings: [number, number][] = [];
  for (let q = 0; q < equations; q++) couplings.push([q, q]);
  for (const { gi, gj } of stiffness) {
    const ds = dofs(gi, gj).map((q) => eq[q]!);
    for (const a of ds) for (const b of ds) if (a >= 0 && b >= 0) couplings.push([a, b]);
  }
  const matrix = new SkylineMatrix(equations, couplings);
  for (const { gi, gj, k } of stiffness) {
    const ds = dofs(gi, gj).map((q) => eq[q]!);
    for (let i = 0; i < 6; i++)
      for (let j = i; j < 6; j++) if (ds[i]! >= 0 && ds[j]! >= 0) matrix.add(ds[i]!, ds[j]!, ds[i] === ds[j] && i !== j ? 2 * k[i]![j]! : k[i]![j]!);
  }
  for (let q = 0; q < groups * 3; q++) if (springs[q]! > 0 && eq[q]! >= 0) matrix.add(eq[q]!, eq[q]!, springs[q]!);
  try {
    matrix.factorise();
  } catch (e) {
    if (e instanceof SingularMatrixError) {
      const q = eq.indexOf(e.equation);
      throw new AnalysisError(`Error: the structure is unstable at node ${groupNodes[Math.floor(q / 3)]} (${DOF_NAMES[q % 3]}); check supports and links.`);
    }
    throw e;
  }

  const beams = frames.map((f) => f.id).sort((a, b) => a - b);
  const beamIndex = new Map(beams.map((id, i) => [id, i]));
  const linkIds = links.map((l) => l.id).sort((a, b) => a - b);
  const linkIndex = new Map(linkIds.map((id, i) => [id, i]));
  const reactionIndex = new Map(reactionNodes.map((n, i) => [n, i]));
  const outputs = reactionNodes.length * 3 + beams.length * 6 + linkIds.length * 6;
  const beamBase = reactionNodes.length * 3;
  const linkBase = beamBase + beams.length * 6;

  /** Nodal loads, member loads (local equivalent nodal loads), and displacements prescribed at restrained freedoms (SDSP). */
  type Loads = { nodal: Float64Array; member: Map<number, number[]>; prescribed?: Map<number, number> };
  const emptyLoads = (): Loads => ({ nodal: new Float64Array(groups * 3), member: new Map() });

  const localK = new Map<number, number[][]>();
  /** Displacements and every output for one load set. */
  const respond = (loads: Loads): Float64Array => {
    const rhs = new Float64Array(equations);
    const total = Float64Array.from(loads.nodal);
    for (const [id, qLocal] of loads.member) {
      const f = frames[frameAt.get(id)!]!;
      const qg = toGlobal(offsetLoad(qLocal, f.offset), f.c, f.s);
      dofs(f.gi, f.gj).forEach((q, i) => (total[q] = total[q]! + qg[i]!));
    }
    for (let q = 0; q < groups * 3; q++) if (eq[q]! >= 0) rhs[eq[q]!] = total[q]!;
    // A prescribed displacement moves its freedom; the free ones feel it through the stiffness that couples them.
    const u = new Float64Array(groups * 3);
    if (loads.prescribed)
      for (const [q, d] of loads.prescribed) {
        if (fixed[q]) u[q] = d;
      }
    if (loads.prescribed && loads.prescribed.size > 0) {
      for (const { gi, gj, k } of stiffness) {
        const ds = dofs(gi, gj);
        for (let i = 0; i < 6; i++) {
          if (eq[ds[i]!]! < 0) continue;
          for (let j = 0; j < 6; j++) if (u[ds[j]!] !== 0 && eq[ds[j]!]! < 0) rhs[eq[ds[i]!]!] = rhs[eq[ds[i]!]!]! - k[i]![j]! * u[ds[j]!]!;
        }
      }
    }
    const x = matrix.solve(rhs);
    for (let q = 0; q < groups * 3; q++) if (eq[q]! >= 0) u[q] = x[eq[q]!]!;
    const out = new Float64Array(outputs);
    const nodeForce = new Float64Array(groups * 3);
    for (const f of frames) {
      const k = beamIndex.get(f.id)!;
      if (f.rigid) continue;
      const ug = dofs(f.gi, f.gj).map((q) => u[q]!);
      const ul = offsetDisplacement(toLocal(ug, f.c, f.s), f.offset);
      let kl = localK.get(f.id);
      if (!kl) localK.set(f.id, (kl = frameLocal(f)));
      const q = loads.member.get(f.id) ?? [0, 0, 0, 0, 0, 0];
      const fl = kl.map((row, i) => row.reduce((sum, v, j) => sum + v * ul[j]!, 0) - q[i]!);
      const base = beamBase + k * 6;
      out.set([-fl[0]!, fl[1]!, -fl[2]!, fl[3]!, -fl[4]!, fl[5]!], base);
      const fg = toGlobal(offsetLoad(fl, f.offset), f.c, f.s);
      dofs(f.gi, f.gj).forEach((qd, i) => (nodeForce[qd] = nodeForce[qd]! + fg[i]!));
    }
    for (const l of links) {
      const ug = dofs(l.gi, l.gj).map((q) => u[q]!);
      const ul = toLocal(ug, l.c, l.s);
      const fl = linkLocal(l).map((row) => row.reduce((sum, v, j) => sum + v * ul[j]!, 0));
      const base = linkBase + linkIndex.get(l.id)! * 6;
      // Axial tension positive; shear along the link's local z, which is -y' in the plane (along +X for a link pointing up).
      out.set([-fl[0]!, fl[1]!, -fl[2]!, fl[3]!, -fl[4]!, fl[5]!], base);
      const fg = toGlobal(fl, l.c, l.s);
      dofs(l.gi, l.gj).forEach((qd, i) => (nodeForce[qd] = nodeForce[qd]! + fg[i]!));
    }
    for (const n of reactionNodes) {
      const g = group(n);
      if (reactionNodes.find((m) => group(m) === g) !== n) continue;
      const i = reactionIndex.get(n)!;
      const r = [0, 1, 2].map((d) => (fixed[g * 3 + d] || held[g * 3 + d] || springs[g * 3 + d]! > 0 ? nodeForce[g * 3 + d]! - loads.nodal[g * 3 + d]! : 0));
      out.set([r[0]!, r[1]!, -r[2]!], i * 3);
    }
    return out;
  };
  // Load cases.
  const stld = Object.values(model.raw("STLD"));
  const caseNames = stld.map((r) => String(r.NAME));
  const loadsOf = new Map(caseNames.map((name) => [name, emptyLoads()]));
  const need = (name: unknown, what: string): Loads => {
    const l = loadsOf.get(String(name));
    if (!l) throw new AnalysisError(`${what} refers to load case "${String(name)}", which does not exist.`);
    return l;
  };
  const addMember = (l: Loads, f: Frame, q: number[]) => {
    const prev = l.member.get(f.id) ?? [0, 0, 0, 0, 0, 0];
    l.member.set(
      f.id,
      prev.map((v, i) => v + q[i]!),
    );
  };
  const addNodal = (l: Loads, node: number, fx: number, fz: number, m2d: number) => {
    const g = group(node);
    l.nodal[g * 3] = l.nodal[g * 3]! + fx;
    l.nodal[g * 3 + 1] = l.nodal[g * 3 + 1]! + fz;
    l.nodal[g * 3 + 2] = l.nodal[g * 3 + 2]! + m2d;
  };
  for (const [id, b] of Object.entries(model.raw("BODF"))) {
    const l = need(b.LCNAME, `Self weight ${id}`);
    const fv = (Array.isArray(b.FV) ? b.FV : [0, 0, -1]) as number[];
    for (const f of frames) {
      const total = f.weight * f.L3;
      if (f.rigid) {
        addNodal(l, f.nodeI, (num(fv[0]) * total) / 2, (num(fv[2]) * total) / 2, 0);
        addNodal(l, f.nodeJ, (num(fv[0]) * total) / 2, (num(fv[2]) * total) / 2, 0);
      } else {
        addMember(l, f, distributed(f, (num(fv[0]) * total) / f.L, (num(fv[2]) * total) / f.L, 0, 1, "G"));
      }
    }
  }
  for (const [id, b] of Object.entries(model.raw("BMLD"))) {
    const f = frames[frameAt.get(Number(id)) ?? -1];
    if (!f) continue;
    for (const item of (b.ITEMS as Row[]) ?? []) {
      const l = need(item.LCNAME, `Beam load on element ${id}`);
      const dir = String(item.DIRECTION ?? "GZ");
      const d = (item.D as number[]) ?? [0, 1, 0, 0];
      const p = (item.P as number[]) ?? [0, 0, 0, 0];
      const axis = dir.endsWith("X") ? "x" : dir.endsWith("Z") ? "z" : "y";
      if (axis === "y") continue;
      const frame = dir.startsWith("L") ? "L" : "G";
      if (f.rigid) {
        const total = item.TYPE === "CONLOAD" ? num(p[0]) : ((num(p[0]) + num(p[1])) / 2) * (num(d[1], 1) - num(d[0])) * f.L3;
        addNodal(l, f.nodeI, axis === "x" ? total / 2 : 0, axis === "z" ? total / 2 : 0, 0);
        addNodal(l, f.nodeJ, axis === "x" ? total / 2 : 0, axis === "z" ? total / 2 : 0, 0);
        continue;
      }
      if (item.TYPE === "CONLOAD") {
        addMember(l, f, concentrated(f, axis === "x" ? num(p[0]) : 0, axis === "z" ? num(p[0]) : 0, num(d[0]), frame));
      } else if (item.TYPE === "UNILOAD") {
        const [a, bEnd] = [num(d[0]), num(d[1], 1)];
        addMember(l, f, trapezoid(f, axis, num(p[0]), num(p[1], num(p[0])), a, bEnd, frame));
      }
    }
  }
  for (const [id, c] of Object.entries(model.raw("CNLD"))) {
    if (!nodes.has(Number(id)) || !used.has(Number(id))) continue;
    for (const item of (c.ITEMS as Row[]) ?? []) addNodal(need(item.LCNAME, `Nodal load at node ${id}`), Number(id), num(item.FX), num(item.FZ), -num(item.MY));
  }
  // Imposed strains: a uniform temperature change (ETMP) lengthens an element by α·T, a gradient (GTMP, beams) bends it
  // to the curvature α·TZ/HZ, the +z face lengthening. Held at both ends, an element with axial strain ε and curvature κ
  // (+z face longer) needs the end forces −EAε, +EAε and the end moments +EIκ, −EIκ: its equivalent nodal loads.
  const imposed = (l: Loads, f: Frame, strain: number, curvature: number) =>
    addMember(l, f, [-f.ea * strain, 0, f.ei * curvature, f.ea * strain, 0, -f.ei * curvature]);
  for (const [id, t] of Object.entries(model.raw("ETMP"))) {
    const f = frames[frameAt.get(Number(id)) ?? -1];
    if (!f || f.rigid) continue;
    for (const item of (t.ITEMS as Row[]) ?? []) imposed(need(item.LCNAME, `Element temperature of element ${id}`), f, f.alpha * num(item.TEMP), 0);
  }
  for (const [id, t] of Object.entries(model.raw("GTMP"))) {
    const f = frames[frameAt.get(Number(id)) ?? -1];
    if (!f || f.rigid) continue;
    for (const item of (t.ITEMS as Row[]) ?? []) {
      const hz = item.USE_HZ === true ? f.depth : num(item.HZ);
      if (!(hz > 0)) throw new AnalysisError(`The temperature gradient of element ${id} has no depth (HZ).`);
      imposed(need(item.LCNAME, `Temperature gradient of element ${id}`), f, 0, (f.alpha * num(item.TZ)) / hz);
    }
  }
  for (const [id, d] of Object.entries(model.raw("SDSP"))) {
    const n = Number(id);
    if (!nodes.has(n) || !used.has(n)) continue;
    const g = group(n);
    for (const item of (d.ITEMS as Row[]) ?? []) {
      const l = need(item.LCNAME, `Specified displacement at node ${id}`);
      const values = (item.VALUES as Row[] | undefined) ?? [];
      // In the plane: Dx, Dz and Ry (VALUES 0, 2 and 4); a displacement at a free freedom is not a support's, and MIDAS ignores it.
      [0, 2, 4].forEach((k, dof) => {
        const v = values[k];
        if (!v || v.OPT_FLAG !== true) return;
        l.prescribed ??= new Map();
        l.prescribed.set(g * 3 + dof, dof === 2 ? -num(v.DISPLACEMENT) : num(v.DISPLACEMENT));
      });
    }
  }
  prestress(model, frames, frameAt, nodes, need, addNodal);

  const cases = new Map<string, CaseResult>();
  const applied = new Map<string, { fx: number; fz: number }>();
  for (const [name, loads] of loadsOf) {
    const values = respond(loads);
    cases.set(name, { kind: "ST", envelope: false, max: values, min: values });
    let fx = 0;
    let fz = 0;
    for (let g = 0; g < groups; g++) {
      fx += loads.nodal[g * 3]!;
      fz += loads.nodal[g * 3 + 1]!;
    }
    for (const [id, q] of loads.member) {
      const f = frames[frameAt.get(id)!]!;
      const qg = toGlobal(q, f.c, f.s);
      fx += qg[0]! + qg[3]!;
      fz += qg[1]! + qg[4]!;
    }
    applied.set(name, { fx, fz });
  }

  movingLoads(model, frames, frameAt, group, groups, respond, emptyLoads, cases);
  combinations(model, cases, outputs);

  return {
    revision: model.revision,
    reactionNodes,
    beams,
    links: linkIds,
    linkNodes: new Map(links.map((l) => [l.id, [l.nodeI, l.nodeJ]])),
    beamNodes: new Map(frames.map((f) => [f.id, [f.nodeI, f.nodeJ]])),
    cases,
    applied,
  };
}

function transform(local: number[][], c: number, s: number): number[][] {
  // T maps global (u, w, θ) to local (u', v', θ): u' = c u + s w, v' = -s u + c w.
  const t = [
    [c, s, 0],
    [-s, c, 0],
    [0, 0, 1],
  ];
  const T = (i: number, j: number) => (Math.floor(i / 3) === Math.floor(j / 3) ? t[i % 3]![j % 3]! : 0);
  const out = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
  for (let i = 0; i < 6; i++)
    for (let j = 0; j < 6; j++) {
      let sum = 0;
      for (let a = 0; a < 6; a++) {
        const tai = T(a, i);
        if (tai === 0) continue;
        for (let b = 0; b < 6; b++) {
          const tbj = T(b, j);
          if (tbj !== 0) sum += tai * local[a]![b]! * tbj;
        }
      }
      out[i]![j] = sum;
    }
  return out;
}

/**
 * A node above the centroid by d: the centroid moves u' + d θ when the node moves u' and turns θ
 * (E = [[1, 0, d], [0, 1, 0], [0, 0, 1]] at each end).
 */
function offsetDisplacement(u: number[], d: number): number[] {
  return d === 0 ? u : [u[0]! + d * u[2]!, u[1]!, u[2]!, u[3]! + d * u[5]!, u[4]!, u[5]!];
}

/** Forces at the centroid moved to the nodes (Eᵀ f): an axial force gains the couple d N. */
function offsetLoad(f: number[], d: number): number[] {
  return d === 0 ? f : [f[0]!, f[1]!, f[2]! + d * f[0]!, f[3]!, f[4]!, f[5]! + d * f[3]!];
}

/** Eᵀ K E. */
function offsetK(k: number[][], d: number): number[][] {
  if (d === 0) return k;
  const e = (i: number, j: number) => (i === j ? 1 : (i === 0 && j === 2) || (i === 3 && j === 5) ? d : 0);
  const out = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
  for (let i = 0; i < 6; i++)
    for (let j = 0; j < 6; j++) {
      let sum = 0;
      for (let a = 0; a < 6; a++) {
        const eai = e(a, i);
        if (eai === 0) continue;
        for (let b = 0; b < 6; b++) {
          const ebj = e(b, j);
          if (ebj !== 0) sum += eai * k[a]![b]! * ebj;
        }
      }
      out[i]![j] = sum;
    }
  return out;
}

function toLocal(g: number[], c: number, s: number): number[] {
  return [c * g[0]! + s * g[1]!, -s * g[0]! + c * g[1]!, g[2]!, c * g[3]! + s * g[4]!, -s * g[3]! + c * g[4]!, g[5]!];
}

function toGlobal(l: number[], c: number, s: number): number[] {
  return [c * l[0]! - s * l[1]!, s * l[0]! + c * l[1]!, l[2]!, c * l[3]! - s * l[4]!, s * l[3]! + c * l[4]!, l[5]!];
}

/** Equivalent nodal loads (local) of a load q(ξ) per unit length over ξ in [a, b]: Gauss quadrature of the shape functions. */
function integrate(f: Frame, qx: (xi: number) => number, qy: (xi: number) => number, a: number, b: number): number[] {
  const gauss = [
    [-0.906179845938664, 0.236926885056189],
    [-0.538469310105683, 0.478628670499366],
    [0, 0.568888888888889],
    [0.538469310105683, 0.478628670499366],
    [0.906179845938664, 0.236926885056189],
  ];
  const out = [0, 0, 0, 0, 0, 0];
  const L = f.L;
  for (const [g, w] of gauss) {
    const xi = (a + b) / 2 + ((b - a) / 2) * g!;
    const weight = ((b - a) / 2) * w! * L;
    const px = qx(xi);
    const py = qy(xi);
    out[0]! += (1 - xi) * px * weight;
    out[3]! += xi * px * weight;
    out[1]! += (1 - 3 * xi ** 2 + 2 * xi ** 3) * py * weight;
    out[2]! += L * (xi - 2 * xi ** 2 + xi ** 3) * py * weight;
    out[4]! += (3 * xi ** 2 - 2 * xi ** 3) * py * weight;
    out[5]! += L * (-(xi ** 2) + xi ** 3) * py * weight;
  }
  return out;
}

function splitLoad(f: Frame, x: number, z: number, frame: "L" | "G"): [number, number] {
  return frame === "L" ? [x, z] : [f.c * x + f.s * z, -f.s * x + f.c * z];
}

function distributed(f: Frame, gx: number, gz: number, a: number, b: number, frame: "L" | "G"): number[] {
  const [lx, ly] = splitLoad(f, gx, gz, frame);
  return integrate(
    f,
    () => lx,
    () => ly,
    a,
    b,
  );
}

function trapezoid(f: Frame, axis: "x" | "z", p1: number, p2: number, a: number, b: number, frame: "L" | "G"): number[] {
  if (b <= a) return [0, 0, 0, 0, 0, 0];
  const value = (xi: number) => p1 + ((p2 - p1) * (xi - a)) / (b - a);
  const [ux, uy] = splitLoad(f, axis === "x" ? 1 : 0, axis === "z" ? 1 : 0, frame);
  return integrate(
    f,
    (xi) => ux * value(xi),
    (xi) => uy * value(xi),
    a,
    b,
  );
}

function concentrated(f: Frame, gx: number, gz: number, xi: number, frame: "L" | "G"): number[] {
  const [px, py] = splitLoad(f, gx, gz, frame);
  const L = f.L;
  return [
    (1 - xi) * px,
    (1 - 3 * xi ** 2 + 2 * xi ** 3) * py,
    L * (xi - 2 * xi ** 2 + xi ** 3) * py,
    xi * px,
    (3 * xi ** 2 - 2 * xi ** 3) * py,
    L * (-(xi ** 2) + xi ** 3) * py,
  ];
}

/** Tendon prestress as the forces the tendon exerts on the concrete: anchor forces and the deviation forces at each profile point, moved to the girder nodes with their couples (no losses). */
function prestress(
  model: SimModel,
  frames: Frame[],
  frameAt: Map<number, number>,
  nodes: Map<number, Node>,
  need: (name: unknown, what: string) => { nodal: Float64Array },
  addNodal: (l: { nodal: Float64Array; member: Map<number, number[]> }, node: number, fx: number, fz: number, m2d: number) => void,
): void {
  const tdna = model.raw("TDNA");
  const tdnt = model.raw("TDNT");
  for (const [id, pl] of Object.entries(model.raw("TDPL"))) {
    const profile = tdna[id];
    if (!profile) throw new AnalysisError(`Tendon prestress ${id} refers to tendon profile ${id}, which does not exist.`);
    const elems = ((profile.ELEM as number[]) ?? []).map((e) => {
      const f = frames[frameAt.get(e) ?? -1];
      if (!f) throw new AnalysisError(`Tendon profile ${id} runs through element ${e}, which does not exist.`);
      return f;
    });
    if (elems.length === 0) continue;
    // Node chain and stations along it.
    const chain: { node: number; s: number }[] = [{ node: elems[0]!.nodeI, s: 0 }];
    for (const f of elems) chain.push({ node: f.nodeJ, s: chain[chain.length - 1]!.s + f.L });
    const at = (s: number) => chain.reduce((best, c) => (Math.abs(c.s - s) < Math.abs(best.s - s) ? c : best), chain[0]!);
    const pointOnAxis = (s: number): { x: number; z: number; nx: number; nz: number } => {
      let acc = 0;
      for (const f of elems) {
        if (s <= acc + f.L + 1e-9 || f === elems[elems.length - 1]) {
          const a = nodes.get(f.nodeI)!;
          const t = Math.min(Math.max((s - acc) / f.L, 0), 1);
          return { x: a.x + f.c * f.L * t, z: a.z + f.s * f.L * t, nx: -f.s, nz: f.c };
        }
        acc += f.L;
      }
      return { x: 0, z: 0, nx: 0, nz: 1 };
    };
    const points = ((profile.PROFZ as { PT: number[] }[]) ?? []).map((p) => ({ s: num(p.PT[0]), off: num(p.PT[1]) })).sort((a, b) => a.s - b.s);
    if (points.length < 2) continue;
    const tendon = points.map((p) => {
      const axis = pointOnAxis(p.s);
      return { s: p.s, x: axis.x + axis.nx * p.off, z: axis.z + axis.nz * p.off };
    });
    const prop = tdnt[String(profile.TDN_PROP)];
    for (const item of (pl.ITEMS as Row[]) ?? []) {
      const loads = need(item.LCNAME, `Tendon prestress ${id}`) as { nodal: Float64Array; member: Map<number, number[]> };
      const count = profile.bTP ? num(profile.CNT, 1) : 1;
      const force = (item.TYPE === "STRESS" ? num(item.BEGIN) * num(prop?.AREA) : num(item.BEGIN)) * count;
      const dir = (k: number) => {
        const a = tendon[k]!;
        const b = tendon[k + 1]!;
        const len = Math.hypot(b.x - a.x, b.z - a.z);
        return [(b.x - a.x) / len, (b.z - a.z) / len];
      };
      const apply = (k: number, fx: number, fz: number) => {
        const p = tendon[k]!;
        const node = at(p.s).node;
        const n = nodes.get(node)!;
        // Moment of the force about the node (θ counter-clockwise in the X–Z plane).
        const m = (p.x - n.x) * fz - (p.z - n.z) * fx;
        addNodal(loads, node, fx, fz, m);
      };
      const last = tendon.length - 1;
      const first = dir(0);
      apply(0, force * first[0]!, force * first[1]!);
      const end = dir(last - 1);
      apply(last, -force * end[0]!, -force * end[1]!);
      for (let k = 1; k < last; k++) {
        const before = dir(k - 1);
        const after = dir(k);
        apply(k, force * (after[0]! - before[0]!), force * (after[1]! - before[1]!));
      }
    }
  }
}

function movingLoads(
  model: SimModel,
  frames: Frame[],
  frameAt: Map<number, number>,
  group: (node: number) => number,
  groups: number,
  respond: (loads: { nodal: Float64Array; member: Map<number, number[]> }) => Float64Array,
  emptyLoads: () => { nodal: Float64Array; member: Map<number, number[]> },
  cases: Map<string, CaseResult>,
): void {
  const vehicles = new Map(Object.values(model.raw("MVHL")).map((v) => [String(v.VEHICLE_LOAD_NAME), v]));
  const lanes = new Map(Object.values(model.raw("LLAN")).map((l) => [String((l.COMMON as Row | undefined)?.LL_NAME), l]));
  const influence = new Map<number, Float64Array>();
  const unitResponse = (node: number) => {
    let r = influence.get(node);
    if (!r) {
      const loads = emptyLoads();
      loads.nodal[group(node) * 3 + 1] = -1;
      r = respond(loads);
      influence.set(node, r);
    }
    return r;
  };
  void groups;
  for (const mv of Object.values(model.raw("MVLD"))) {
    const name = String(mv.LCNAME);
    const def = (mv.DEFAULT ?? {}) as Row;
    const factors = (def.SCALE_FACTORS as number[]) ?? [1];
    let max: Float64Array | null = null;
    let min: Float64Array | null = null;
    for (const sub of (def.SUB_LOAD_DATAS as Row[]) ?? []) {
      const vehicle = vehicles.get(String(sub.VEHICLE_NAME));
      if (!vehicle) throw new AnalysisError(`Moving load case ${name} refers to vehicle ${String(sub.VEHICLE_NAME)}, which does not exist.`);
      const laneNames = (sub.LANE_NAMES as string[]) ?? [];
      const lane = lanes.get(laneNames[0] ?? "");
      if (!lane) throw new AnalysisError(`Moving load case ${name} refers to lane ${laneNames[0] ?? "(none)"}, which does not exist.`);
      const laneCount = Math.min(num(sub.MAX_LOADED_LANE, 1), laneNames.length);
      let multiplier = 0;
      for (let k = 0; k < laneCount; k++) multiplier += num(factors[Math.min(k, factors.length - 1)], 1);
      multiplier *= num(sub.SCALE_FACTOR, 1);
      // Stations of the lane's path.
      const path = ((lane.LANE_ITEMS as Row[]) ?? []).map((it) => frames[frameAt.get(num(it.ELEM)) ?? -1]).filter((f): f is Frame => !!f);
      if (path.length === 0) continue;
      const stations: { node: number; s: number }[] = [{ node: path[0]!.nodeI, s: 0 }];
      for (const f of path) stations.push({ node: f.nodeJ, s: stations[stations.length - 1]!.s + f.L });
      const il = stations.map((st) => unitResponse(st.node));
      const outputs = il[0]!.length;
      const { dla, udl, axles } = vehicleLoads(vehicle);
      const truckMax = new Float64Array(outputs);
      const truckMin = new Float64Array(outputs);
      const length = stations[stations.length - 1]!.s;
      const locate = (s: number): [number, number] | null => {
        if (s < -1e-9 || s > length + 1e-9) return null;
        let k = 0;
        while (k < stations.length - 2 && stations[k + 1]!.s < s) k++;
        const h = stations[k + 1]!.s - stations[k]!.s;
        return [k, h > 0 ? (s - stations[k]!.s) / h : 0];
      };
      const value = new Float64Array(outputs);
      // Each position's axles as weights on the stations they fall between (axles 1.25 m apart share stations), so
      // each influence line is read once per position.
      const weights = new Map<number, number>();
      for (const front of stations) {
        for (const sign of [-1, 1]) {
          value.fill(0);
          weights.clear();
          for (const axle of axles) {
            const hit = locate(front.s + sign * axle.d);
            if (!hit) continue;
            const [k, t] = hit;
            weights.set(k, (weights.get(k) ?? 0) + axle.p * (1 - t));
            if (t > 0) weights.set(k + 1, (weights.get(k + 1) ?? 0) + axle.p * t);
          }
          for (const [k, w] of weights) {
            const line = il[k]!;
            for (let r = 0; r < outputs; r++) value[r] = value[r]! + w * line[r]!;
          }
          for (let r = 0; r < outputs; r++) {
            if (value[r]! > truckMax[r]!) truckMax[r] = value[r]!;
            if (value[r]! < truckMin[r]!) truckMin[r] = value[r]!;
          }
        }
      }
      const posInt = new Float64Array(outputs);
      const negInt = new Float64Array(outputs);
      for (let k = 0; k + 1 < stations.length; k++) {
        const h = stations[k + 1]!.s - stations[k]!.s;
        const a = il[k]!;
        const b = il[k + 1]!;
        for (let r = 0; r < outputs; r++) {
          const r0 = a[r]!;
          const r1 = b[r]!;
          if (r0 >= 0 && r1 >= 0) posInt[r] = posInt[r]! + (h * (r0 + r1)) / 2;
          else if (r0 <= 0 && r1 <= 0) negInt[r] = negInt[r]! + (h * (r0 + r1)) / 2;
          else {
            const t = r0 / (r0 - r1);
            const p = r0 > 0 ? (h * t * r0) / 2 : (h * (1 - t) * r1) / 2;
            const n = r0 < 0 ? (h * t * r0) / 2 : (h * (1 - t) * r1) / 2;
            posInt[r] = posInt[r]! + p;
            negInt[r] = negInt[r]! + n;
          }
        }
      }
      const subMax = new Float64Array(outputs);
      const subMin = new Float64Array(outputs);
      for (let r = 0; r < outputs; r++) {
        subMax[r] = multiplier * (dla * truckMax[r]! + udl * posInt[r]!);
        subMin[r] = multiplier * (dla * truckMin[r]! + udl * negInt[r]!);
      }
      // Sub-loads "INDEPENDENT" are each a case of their own (the envelope); "COMBINED", applied together (the sum).
      const together = def.COMB_OPTION !== "INDEPENDENT";
      max = max ? max.map((v, r) => (together ? v + subMax[r]! : Math.max(v, subMax[r]!))) : subMax;
      min = min ? min.map((v, r) => (together ? v + subMin[r]! : Math.min(v, subMin[r]!))) : subMin;
    }
    const zero = new Float64Array(cases.values().next().value?.max.length ?? 0);
    cases.set(name, { kind: "MV", envelope: true, max: max ?? zero, min: min ?? zero });
  }
}

function combinations(model: SimModel, cases: Map<string, CaseResult>, outputs: number): void {
  const rows = new Map(Object.values(model.raw("LCOM-GEN")).map((c) => [String(c.NAME), c]));
  const visiting = new Set<string>();
  const evaluate = (name: string): CaseResult => {
    const done = cases.get(name);
    if (done && done.kind === "CB") return done;
    const row = rows.get(name)!;
    if (visiting.has(name)) throw new AnalysisError(`Combination ${name} includes itself.`);
    visiting.add(name);
    const type = num(row.iTYPE);
    if (type !== 0 && type !== 1) throw new AnalysisError(`Combination ${name} uses sum method ${type}; the simulator computes Add (0) and Envelope (1).`);
    const parts = ((row.vCOMB as Row[]) ?? []).map((c) => {
      const child = String(c.LCNAME);
      let r: CaseResult | undefined;
      if (c.ANAL === "CB") {
        if (!rows.has(child)) throw new AnalysisError(`Combination ${name} refers to combination ${child}, which does not exist.`);
        r = evaluate(child);
      } else {
        r = cases.get(child);
        if (!r || r.kind === "CB") throw new AnalysisError(`Combination ${name} refers to load case ${child}, which does not exist.`);
      }
      const f = num(c.FACTOR);
      return { r, f };
    });
    const envelope = type === 1 || parts.some((p) => p.r.envelope);
    const max = new Float64Array(outputs);
    const min = new Float64Array(outputs);
    if (type === 0) {
      for (const { r, f } of parts) {
        for (let k = 0; k < outputs; k++) {
          max[k] = max[k]! + (f >= 0 ? f * r.max[k]! : f * r.min[k]!);
          min[k] = min[k]! + (f >= 0 ? f * r.min[k]! : f * r.max[k]!);
        }
      }
    } else {
      max.fill(-Infinity);
      min.fill(Infinity);
      for (const { r, f } of parts) {
        for (let k = 0; k < outputs; k++) {
          const hi = f >= 0 ? f * r.max[k]! : f * r.min[k]!;
          const lo = f >= 0 ? f * r.min[k]! : f * r.max[k]!;
          if (hi > max[k]!) max[k] = hi;
          if (lo < min[k]!) min[k] = lo;
        }
      }
      if (parts.length === 0) {
        max.fill(0);
        min.fill(0);
      }
    }
    const result: CaseResult = { kind: "CB", envelope, max, min: envelope ? min : max };
    cases.set(name, result);
    visiting.delete(name);
    return result;
  };
  for (const name of rows.keys()) evaluate(name);
}
