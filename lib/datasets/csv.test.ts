import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvError, detectSeparator, parseCsv, toCsv } from "./csv";

const fields = (text: string, separator?: string) => parseCsv(text, separator).map((r) => r.fields);

describe("writing CSV", () => {
  it("starts with the UTF-8 byte-order mark Excel needs and ends every record with CRLF", () => {
    expect(
      toCsv([
        ["Parameter", "Item1"],
        ["PierHeight", "12.4"],
      ]),
    ).toBe("\uFEFFParameter,Item1\r\nPierHeight,12.4\r\n");
  });

  it("quotes fields with commas, quotes, line breaks or outer spaces, doubling the quotes", () => {
    expect(toCsv([["a,b", 'say "hi"', "two\nlines", " padded", "plain"]])).toBe('\uFEFF"a,b","say ""hi""","two\nlines"," padded",plain\r\n');
  });

  it("writes text Excel would run as a formula behind an apostrophe, but leaves numbers alone", () => {
    expect(toCsv([['=HYPERLINK("x")', "@SUM(A1)", "+cmd", "-12.5", "+3", "1e-5"]])).toBe(`\uFEFF"'=HYPERLINK(""x"")",'@SUM(A1),'+cmd,-12.5,+3,1e-5\r\n`);
  });
});

describe("reading CSV", () => {
  it("reads what it wrote, exactly: commas, quotes, line breaks, formulas, apostrophes, accents", () => {
    const rows = [
      ["Parameter", "Item1", "Item2"],
      ["Bearing, type", 'He said "pot"', "line1\r\nline2"],
      ["=1+1", "'=already", "'plain apostrophe"],
      ["Pfeilerhöhe", "-0.5", ""],
    ];
    expect(fields(toCsv(rows))).toEqual(rows);
  });

  it("round-trips any table of text (the separator given: detection reads a header row of column names)", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "Z", "1", ",", ";", '"', "'", "=", "-", "+", "@", " ", "\n", "\r\n", "é", "\t") });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (table) => {
        const width = table[0]!.length;
        const rows = table.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? "x"));
        expect(fields(toCsv(rows), ",")).toEqual(rows);
      }),
    );
  });

  it("numbers records as Excel numbers rows: a line break inside quotes stays in its row", () => {
    const records = parseCsv('Parameter,Item1\r\nA,"x\r\ny"\r\nB,2\r\n');
    expect(records.map((r) => [r.row, r.fields[0]])).toEqual([
      [1, "Parameter"],
      [2, "A"],
      [3, "B"],
    ]);
  });

  it("takes LF or CR line ends, and no trailing line break", () => {
    expect(fields("a,b\nc,d")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(fields("a,b\rc,d\r")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("finds the separator Excel used: semicolons in many European locales, tabs from some tools", () => {
    expect(detectSeparator("Parameter;Item1;Item2\r\nA;1,5;2")).toBe(";");
    expect(detectSeparator("Parameter\tItem1\r\n")).toBe("\t");
    expect(detectSeparator('"a;b",c\r\n')).toBe(",");
    expect(fields("\uFEFFParameter;Item1\r\nPierHeight;12,4\r\n")).toEqual([
      ["Parameter", "Item1"],
      ["PierHeight", "12,4"],
    ]);
  });

  it("refuses a quote that is never closed, naming the row and column where it opened", () => {
    expect(() => parseCsv('Parameter,Item1\r\nA,"open\r\nB,2\r\n')).toThrow(CsvError);
    try {
      parseCsv('Parameter,Item1\r\nA,"open\r\nB,2\r\n');
    } catch (error) {
      expect(error).toMatchObject({ row: 2, column: 2 });
    }
  });
});
