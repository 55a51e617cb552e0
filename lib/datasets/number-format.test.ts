import { describe, expect, it } from "vitest";
import { isNumberFormatProblem, type NumberCell, numberFormatOf } from "./number-format";

const cells = (...texts: string[]): NumberCell[] => texts.map((text, i) => ({ row: i + 2, column: 2, text }));
const readAs = (texts: string[], separator?: string) => {
  const format = numberFormatOf(cells(...texts), separator);
  if (isNumberFormatProblem(format)) throw new Error(`${format.reason}: ${format.cells.map((c) => c.text).join(", ")}`);
  return { decimal: format.decimal, read: Object.fromEntries(format.read.map((r) => [r.cell.text, r.as])) };
};

describe("decimal commas and thousands separators", () => {
  it("a decimal-comma file is read as the numbers it means", () => {
    expect(readAs(["16,00", "11,591", "2,5", "7"])).toEqual({ decimal: "comma", read: { "16,00": "16.00", "11,591": "11.591", "2,5": "2.5" } });
    expect(readAs(["1.234,5", "0,25"])).toEqual({ decimal: "comma", read: { "1.234,5": "1234.5", "0,25": "0.25" } });
    expect(readAs(["1 234,5", "3,75"]).read["1 234,5"]).toBe("1234.5");
    // Four digits before the comma: no thousands group, so a decimal comma (found by the API test of the demo table).
    expect(readAs(["1064,500"])).toEqual({ decimal: "comma", read: { "1064,500": "1064.500" } });
  });

  it("a semicolon CSV file is a decimal-comma locale's, so its 11,591 is 11.591", () => {
    expect(readAs(["11,591", "10,206"], ";")).toEqual({ decimal: "comma", read: { "11,591": "11.591", "10,206": "10.206" } });
  });

  it("a point file reads a comma between thousands, and plain numbers as they are", () => {
    expect(readAs(["1,064.5", "2.25"])).toEqual({ decimal: "point", read: { "1,064.5": "1064.5" } });
    expect(readAs(["1,064", "0.5"])).toEqual({ decimal: "point", read: { "1,064": "1064" } });
    expect(readAs(["12.400", "7", "1e3"])).toEqual({ decimal: "point", read: {} });
  });

  it('refuses "1,064" when nothing in the file says whether it is 1.064 or 1064, naming the cells', () => {
    const format = numberFormatOf(cells("1,064", "12", "3,500"));
    expect(format).toEqual({ reason: "ambiguous", cells: [cells("1,064")[0], { row: 4, column: 2, text: "3,500" }] });
  });

  it("refuses a file that writes some numbers with a decimal comma and others with a point", () => {
    const format = numberFormatOf(cells("2,5", "12", "2.5"));
    expect(isNumberFormatProblem(format) && format.reason).toBe("mixed");
    expect(isNumberFormatProblem(format) && format.cells.map((c) => c.text)).toEqual(["2,5", "2.5"]);
  });

  it("leaves what is no number in either format to the row's kind (15°, TBC)", () => {
    expect(readAs(["15°", "TBC", "2,5"])).toEqual({ decimal: "comma", read: { "2,5": "2.5" } });
  });
});
