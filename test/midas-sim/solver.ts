/**
 * A symmetric positive definite solver for the simulator's frame analysis:
 * skyline (profile) storage, LDLᵀ factorisation after Bathe's COLSOL, with the
 * unknowns renumbered by reverse Cuthill-McKee so the profile stays narrow.
 */

export class SingularMatrixError extends Error {
  constructor(readonly equation: number) {
    super(`the stiffness matrix is singular at equation ${equation}`);
  }
}

/** Reverse Cuthill-McKee order of a graph given as adjacency lists. */
export function reverseCuthillMcKee(adjacency: number[][]): number[] {
  const n = adjacency.length;
  const degree = adjacency.map((a) => a.length);
  const visited = new Uint8Array(n);
  const order: number[] = [];
  const byDegree = [...Array(n).keys()].sort((a, b) => degree[a]! - degree[b]!);
  for (const start of byDegree) {
    if (visited[start]) continue;
    // A pseudo-peripheral start: the last node reached from the lowest-degree node of this component.
    let root = start;
    for (let pass = 0; pass < 2; pass++) {
      const seen = new Set([root]);
      let frontier = [root];
      let last = root;
      while (frontier.length) {
        const next: number[] = [];
        for (const v of frontier) {
          for (const w of adjacency[v]!) {
            if (seen.has(w)) continue;
            seen.add(w);
            next.push(w);
          }
        }
        if (next.length) last = next.reduce((best, v) => (degree[v]! < degree[best]! ? v : best), next[0]!);
        frontier = next;
      }
      root = last;
    }
    visited[root] = 1;
    const queue = [root];
    for (let head = 0; head < queue.length; head++) {
      const v = queue[head]!;
      order.push(v);
      const neighbours = adjacency[v]!.filter((w) => !visited[w]).sort((a, b) => degree[a]! - degree[b]!);
      for (const w of neighbours) {
        visited[w] = 1;
        queue.push(w);
      }
    }
  }
  return order.reverse();
}

/** A symmetric matrix assembled entry by entry, then factorised once and solved for many right-hand sides. */
export class SkylineMatrix {
  private readonly heights: Int32Array;
  private maxa: Int32Array | null = null;
  private a: Float64Array | null = null;
  private factorised = false;

  constructor(
    readonly size: number,
    /** Pairs (i, j) with a possibly non-zero K[i][j]; sets the profile. */
    couplings: Iterable<[number, number]>,
  ) {
    this.heights = new Int32Array(size);
    for (const [i, j] of couplings) {
      const [row, col] = i < j ? [i, j] : [j, i];
      this.heights[col] = Math.max(this.heights[col]!, col - row);
    }
    const maxa = new Int32Array(size + 1);
    for (let j = 0; j < size; j++) maxa[j + 1] = maxa[j]! + this.heights[j]! + 1;
    this.maxa = maxa;
    this.a = new Float64Array(maxa[size]!);
  }

  add(i: number, j: number, value: number): void {
    if (value === 0) return;
    const [row, col] = i < j ? [i, j] : [j, i];
    if (col - row > this.heights[col]!) throw new Error(`entry (${row}, ${col}) outside the profile`);
    const at = this.maxa![col]! + (col - row);
    this.a![at] = this.a![at]! + value;
  }

  get(i: number, j: number): number {
    const [row, col] = i < j ? [i, j] : [j, i];
    if (col - row > this.heights[col]!) return 0;
    return this.a![this.maxa![col]! + (col - row)]!;
  }

  factorise(): void {
    const a = this.a!;
    const maxa = this.maxa!;
    const n = this.size;
    // A pivot that loses all but 1e-11 of its diagonal is a mechanism, whatever rounding leaves of it.
    const diagonal = Float64Array.from({ length: n }, (_, col) => a[maxa[col]!]!);
    for (let col = 0; col < n; col++) {
      const kn = maxa[col]!;
      const kl = kn + 1;
      const ku = maxa[col + 1]! - 1;
      const kh = ku - kl;
      if (kh > 0) {
        let k = col - kh;
        let ic = 0;
        let klt = ku;
        for (let j = 1; j <= kh; j++) {
          ic++;
          klt--;
          const ki = maxa[k]!;
          const nd = maxa[k + 1]! - ki - 1;
          if (nd > 0) {
            const kk = Math.min(ic, nd);
            let c = 0;
            for (let l = 1; l <= kk; l++) c += a[ki + l]! * a[klt + l]!;
            a[klt] = a[klt]! - c;
          }
          k++;
        }
      }
      if (kh >= 0) {
        let k = col;
        let b = 0;
        for (let kk = kl; kk <= ku; kk++) {
          k--;
          const ki = maxa[k]!;
          const c = a[kk]! / a[ki]!;
          b += c * a[kk]!;
          a[kk] = c;
        }
        a[kn] = a[kn]! - b;
      }
      if (!(a[kn]! > 1e-11 * diagonal[col]!)) throw new SingularMatrixError(col);
    }
    this.factorised = true;
  }

  solve(rhs: Float64Array): Float64Array {
    if (!this.factorised) this.factorise();
    const a = this.a!;
    const maxa = this.maxa!;
    const n = this.size;
    const v = Float64Array.from(rhs);
    for (let col = 0; col < n; col++) {
      const kl = maxa[col]! + 1;
      const ku = maxa[col + 1]! - 1;
      if (ku - kl >= 0) {
        let k = col;
        let c = 0;
        for (let kk = kl; kk <= ku; kk++) {
          k--;
          c += a[kk]! * v[k]!;
        }
        v[col] = v[col]! - c;
      }
    }
    for (let col = 0; col < n; col++) v[col] = v[col]! / a[maxa[col]!]!;
    for (let col = n - 1; col > 0; col--) {
      const kl = maxa[col]! + 1;
      const ku = maxa[col + 1]! - 1;
      if (ku - kl >= 0) {
        let k = col;
        for (let kk = kl; kk <= ku; kk++) {
          k--;
          v[k] = v[k]! - a[kk]! * v[col]!;
        }
      }
    }
    return v;
  }
}
