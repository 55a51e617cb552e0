import { describe, expect, it } from "vitest";
import { reverseCuthillMcKee, SingularMatrixError, SkylineMatrix } from "./solver";

/** A random sparse symmetric positive definite matrix: a banded Laplacian-like pattern plus a diagonal shift. */
function sparseSpd(n: number, seed: number): number[][] {
  let s = seed;
  const rand = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const k = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (rand() < 0.08) {
        const w = rand() * 5;
        k[i]![j]! -= w;
        k[j]![i]! -= w;
        k[i]![i]! += w;
        k[j]![j]! += w;
      }
    }
    k[i]![i]! += 1 + rand();
  }
  return k;
}

describe("skyline solver", () => {
  it("solves K x = b like a dense solve, after a reverse Cuthill-McKee renumbering", () => {
    const n = 60;
    const k = sparseSpd(n, 7);
    const adjacency = k.map((row, i) => row.flatMap((v, j) => (v !== 0 && i !== j ? [j] : [])));
    const order = reverseCuthillMcKee(adjacency);
    expect([...order].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
    const position = new Int32Array(n);
    order.forEach((v, p) => (position[v] = p));
    const pairs: [number, number][] = [];
    k.forEach((row, i) => row.forEach((v, j) => v !== 0 && pairs.push([position[i]!, position[j]!])));
    const m = new SkylineMatrix(n, pairs);
    k.forEach((row, i) => row.forEach((v, j) => j >= i && m.add(position[i]!, position[j]!, v)));
    const x = Array.from({ length: n }, (_, i) => Math.sin(i + 1));
    const b = k.map((row) => row.reduce((sum, v, j) => sum + v * x[j]!, 0));
    const rhs = new Float64Array(n);
    b.forEach((v, i) => (rhs[position[i]!] = v));
    const solved = m.solve(rhs);
    x.forEach((v, i) => expect(solved[position[i]!]).toBeCloseTo(v, 9));
  });

  it("refuses a singular matrix, naming the equation", () => {
    const m = new SkylineMatrix(2, [[0, 1]]);
    m.add(0, 0, 1);
    m.add(0, 1, 1);
    m.add(1, 1, 1);
    expect(() => m.factorise()).toThrow(SingularMatrixError);
  });
});
