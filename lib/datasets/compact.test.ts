import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { carriedKind } from "./kinds";
import { type ColumnsAnswer, decodeLines, decodeRows, encodeLine, encodeRow, type LinesAnswer } from "./compact";

const columnName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,8}$/).filter((n) => !["Id", "Parameter", "CreatedAt", "UpdatedAt", "Version"].includes(n));

/** A table of up to 20 rows over up to 12 columns, its texts (Parameter and values) drawn from `text`. */
function tableOf(text: fc.Arbitrary<string>): fc.Arbitrary<[string[], Record<string, string | number>[]]> {
  return fc.uniqueArray(columnName, { maxLength: 12 }).chain((columns) =>
    fc.tuple(
      fc.constant(columns),
      fc.array(
        fc
          .record({
            Id: fc.integer({ min: 1 }),
            Parameter: text,
            Version: fc.integer({ min: 1 }),
            values: fc.array(fc.option(text, { nil: undefined }), { minLength: columns.length, maxLength: columns.length }),
          })
          .map((s) => {
            const row: Record<string, string | number> = {
              Id: s.Id,
              Parameter: s.Parameter,
              CreatedAt: "2026-11-25T10:00:00.000Z",
              UpdatedAt: "2026-11-25T11:00:00.000Z",
              Version: s.Version,
            };
            s.values.forEach((v, i) => v !== undefined && (row[columns[i]!] = v));
            return row;
          }),
        { maxLength: 20 },
      ),
    ),
  );
}

/** What the screen does with rows sees plain ones: keys in order, spreading, JSON, `in`. */
function expectPlainRows(decoded: readonly object[], rows: readonly Record<string, string | number>[], columns: readonly string[]): void {
  decoded.forEach((row, i) => {
    expect(Object.keys(row)).toEqual(Object.keys(rows[i]!));
    expect({ ...row }).toStrictEqual(rows[i]);
    expect(JSON.parse(JSON.stringify(row))).toStrictEqual(rows[i]);
    for (const column of columns) expect(column in row).toBe(column in rows[i]!);
  });
}

describe("the compact (columns) form of a table", () => {
  it("gives back every row exactly: its fixed fields and only the columns it has", () => {
    fc.assert(
      fc.property(tableOf(fc.string()), ([columns, rows]) => {
        const answer: ColumnsAnswer = JSON.parse(JSON.stringify({ fields: [], columns, rows: rows.map((r) => encodeRow(r, columns)) }));
        const decoded = decodeRows(answer);
        expect(decoded).toEqual(rows);
        expectPlainRows(decoded, rows, columns);
      }),
    );
  });

  it("gives read-only rows: a screen row is never changed in place", () => {
    const [row] = decodeRows({ fields: [], columns: ["Item1"], rows: [[1, "P", "c", "u", 1, "2.5"]] });
    expect(() => {
      (row as Record<string, unknown>).Item1 = "3";
    }).toThrow(TypeError);
    expect(row!.Item1).toBe("2.5");
    expect(String(row!.toString)).toContain("native code");
  });

  it("leaves off the trailing columns a row has no value in, and keeps empty texts", () => {
    const row = { Id: 7, Parameter: "PierHeight", CreatedAt: "c", UpdatedAt: "u", Version: 2, Item1: "", Item3: "4.5" };
    expect(encodeRow(row, ["Item1", "Item2", "Item3", "Item4", "Item5"])).toEqual([7, "PierHeight", "c", "u", 2, "", null, "4.5"]);
    expect(encodeRow({ Id: 8, Parameter: "Empty", CreatedAt: "c", UpdatedAt: "u", Version: 1 }, ["Item1"])).toEqual([8, "Empty", "c", "u", 1]);
  });
});

// Texts that a line must carry through: the characters it escapes, the absent-value mark, a lone backslash at the end.
const awkward = fc.oneof(
  fc.string(),
  fc.constantFrom("", "\\N", "a\tb", "line\nbreak", "cr\r", "back\\", "\\t", "\\\\N", "12.345", "S\u00e9ction \u00b7 P1", "\\"),
  fc.stringMatching(/^[\\\t\n\rNtnr]{0,6}$/),
);

describe("the lines form of a table (the screen's)", () => {
  it("gives back every row exactly, whatever its texts hold, as the columns form does", () => {
    fc.assert(
      fc.property(tableOf(awkward), ([columns, rows]) => {
        // Through JSON, as the browser receives it.
        const answer: LinesAnswer = JSON.parse(JSON.stringify({ fields: [], columns, rows: rows.map((r) => encodeLine(r, columns)) }));
        expect(answer.rows.every((line) => !/[\n\r]/.test(line) && line.split("\t").length <= 5 + columns.length)).toBe(true);
        const decoded = decodeLines(answer);
        // A row's Id and Parameter first (the grid sorts and filters on them before any value is read), then the rest.
        decoded.forEach((row, i) => {
          expect(row.Id).toBe(rows[i]!.Id);
          expect(row.Parameter).toBe(rows[i]!.Parameter);
        });
        expect(decoded).toEqual(rows);
        expectPlainRows(decoded, rows, columns);
        const columnsForm: ColumnsAnswer = { fields: [], columns, rows: rows.map((r) => encodeRow(r, columns)) };
        expect(decoded).toEqual(decodeRows(columnsForm));
      }),
    );
  });

  it("carries each row's kind beside it, and its rows are read-only", () => {
    // Parameter "Skew<tab>Angle" (its tab escaped), Item1 absent, Item2 "0.5".
    const line = ["3", "Skew\\tAngle", "c", "u", "4", "\\N", "0.5"].join("\t");
    const [row] = decodeLines({ fields: [], columns: ["Item1", "Item2"], rows: [line], kinds: [["angle", "rad", "name"]] });
    expect(Object.fromEntries(Object.entries(row!))).toEqual({ Id: 3, Parameter: "Skew\tAngle", CreatedAt: "c", UpdatedAt: "u", Version: 4, Item2: "0.5" });
    expect("Item1" in row!).toBe(false);
    expect(carriedKind(row!)).toEqual({ kind: "angle", unit: "rad", from: "name" });
    expect(() => {
      (row as Record<string, unknown>).Item2 = "3";
    }).toThrow(TypeError);
  });
});
