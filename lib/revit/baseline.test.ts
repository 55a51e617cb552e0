import { describe, expect, it } from "vitest";
import { needsPreviousBaseline, nextBaseline } from "./baseline";

const row = (id: number, parameter: string, value: string) => JSON.stringify({ Id: id, Parameter: parameter, Item1: value });

describe("what an add-in holds after a push", () => {
  it("a whole-table push replaces it, keeping the old version of rows that failed, dropping rows no longer pushed", () => {
    const before = [row(1, "A", "1"), row(2, "B", "1"), row(3, "Gone", "1")];
    const pushed = [row(1, "A", "2"), row(2, "B", "2"), row(4, "New", "2")];
    expect(nextBaseline(before, pushed, "all", [{ id: 2, message: "no such parameter" }])).toEqual([row(1, "A", "2"), row(2, "B", "1"), row(4, "New", "2")]);
    expect(nextBaseline(before, pushed, "all", [{ parameter: "New", message: "x" }])).toEqual([row(1, "A", "2"), row(2, "B", "2")]);
  });

  it("a row push replaces that row when it applied, and nothing when it failed", () => {
    const before = [row(1, "A", "1"), row(2, "B", "1")];
    expect(nextBaseline(before, [row(2, "B", "9")], "one")).toEqual([row(1, "A", "1"), row(2, "B", "9")]);
    expect(nextBaseline(before, [row(2, "B", "9")], "one", [{ id: 2, message: "locked" }])).toEqual(before);
    expect(nextBaseline([], [row(5, "E", "1")], "one")).toEqual([row(5, "E", "1")]);
  });

  it("finds rows by Id whatever the order of their keys", () => {
    const reordered = JSON.stringify({ Parameter: "A", Item1: "3", Id: 1 });
    expect(nextBaseline([row(1, "A", "1"), row(2, "B", "1")], [reordered], "one")).toEqual([reordered, row(2, "B", "1")]);
    expect(nextBaseline([], [row(12, "L", "1"), reordered, row(3, "C", "1")], "all")).toEqual([reordered, row(3, "C", "1"), row(12, "L", "1")]);
  });

  it("reads the previous baseline only where the next one depends on it", () => {
    expect(needsPreviousBaseline("all")).toBe(false);
    expect(needsPreviousBaseline("all", [{ id: 2, message: "locked" }])).toBe(true);
    expect(needsPreviousBaseline("one")).toBe(true);
  });
});
