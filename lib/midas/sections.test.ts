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
    expect(p.centroidDepth).toBeGreaterThan(0.5);
    expect(p.centroidDepth).toBeLessThan(1);
    expect(p.iyy).toBeGreaterThan(0);
    expect(p.j).toBeGreaterThan(p.iyy);
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
