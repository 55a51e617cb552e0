import { describe, expect, it } from "vitest";
import { boxArrays, boxOutlines, boxProperties, circleProperties, rectangleProperties } from "./sections";

const box = { depth: 2, topWidth: 10, bottomWidth: 5, topSlab: 0.25, bottomSlab: 0.2, web: 0.4, cantilever: 2.5, cantileverTip: 0.2, cantileverRoot: 0.4 };

describe("section geometry", () => {
  it("writes a 1-cell box as the four MIDAS PSC arrays in the official client's order", () => {
    expect(boxArrays(box)).toEqual({
      vSIZE_PSC_A: [0.2, 0.2, 0, 0, 1.6, 0],
      vSIZE_PSC_B: [2.5, 0, 0, 0, 0, 2.5],
      vSIZE_PSC_C: [0.25, 0, 0, 0, 1.55, 0, 0, 0, 0, 0.2],
      vSIZE_PSC_D: [2.1, 0, 0, 0, 2.1, 0, 0, 0],
    });
  });

  it("reads the arrays back into the same outline: overall depth and widths", () => {
    const { outer, inner, depth } = boxOutlines(boxArrays(box));
    expect(depth).toBe(2);
    expect(Math.max(...outer.map(([y]) => y))).toBe(5);
    expect(Math.min(...outer.map(([, z]) => z))).toBe(-2);
    expect(inner.map(([y]) => Math.abs(y))).toEqual([2.1, 2.1, 2.1, 2.1]);
  });

  it("computes the box area and stiffness from its outline", () => {
    const p = boxProperties(boxArrays(box));
    // Outer polygon less the void, by hand: cantilevers, webs and slabs.
    const outer = 10 * 0.2 + (2 * (2.5 * 0.2)) / 2 + 5 * 1.8;
    const voidArea = 4.2 * 1.55;
    expect(p.area).toBeCloseTo(outer - voidArea, 9);
    expect(p.depth).toBe(2);
    // The same parts, each with its area, centroid depth and own second moment (the two haunches together, the void negative).
    const parts = [
      { a: 10 * 0.2, z: 0.1, i: (10 * 0.2 ** 3) / 12 },
      { a: 2 * ((2.5 * 0.2) / 2), z: (0.2 + 0.4 + 0.2) / 3, i: (2 * (2.5 * 0.2 ** 3)) / 36 },
      { a: 5 * 1.8, z: 0.2 + 1.8 / 2, i: (5 * 1.8 ** 3) / 12 },
      { a: -voidArea, z: 0.25 + 1.55 / 2, i: -(4.2 * 1.55 ** 3) / 12 },
    ];
    const zc = parts.reduce((sum, q) => sum + q.a * q.z, 0) / (outer - voidArea);
    expect(p.centroidDepth).toBeCloseTo(zc, 9);
    expect(p.centroidDepth).toBeCloseTo(0.7135, 4);
    expect(p.iyy).toBeCloseTo(
      parts.reduce((sum, q) => sum + q.i + q.a * (q.z - zc) ** 2, 0),
      9,
    );
    expect(p.iyy).toBeCloseTo(2.6998, 4);
    // Bredt on the cell's mid-line: A0 = 4.6 m × 1.775 m, ∮ds/t = 4.6/0.25 + 4.6/0.2 + 2 × 1.775/0.4.
    expect(p.j).toBeCloseTo((4 * (4.6 * 1.775) ** 2) / (4.6 / 0.25 + 4.6 / 0.2 + (2 * 1.775) / 0.4), 9);
  });

  it("gives circles and rectangles their closed-form properties", () => {
    expect(circleProperties(2).area).toBeCloseTo(Math.PI, 12);
    expect(circleProperties(2).iyy).toBeCloseTo(Math.PI / 4, 12);
    const r = rectangleProperties(2, 1.5);
    expect(r.area).toBe(3);
    expect(r.iyy).toBeCloseTo((2 * 1.5 ** 3) / 12, 12);
    expect(r.izz).toBeCloseTo((1.5 * 2 ** 3) / 12, 12);
  });
});
