import { describe, expect, it } from "vitest";
import { BUILT_IN_DATE_FORMATS, excelDateText } from "./date-format";

const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => new Date(Date.UTC(y, m - 1, d, h, min, s, ms));
/** A time of day as exceljs reads one: on Excel's day 0, 1899-12-30. */
const time = (h: number, min: number, s = 0, ms = 0) => at(1899, 12, 30, h, min, s, ms);

describe("a date or time cell reads as the text Excel shows for it", () => {
  it("shows dates in the cell's own order, with month and day names", () => {
    const day = at(2026, 11, 28);
    expect(excelDateText(day, "yyyy-mm-dd")).toBe("2026-11-28");
    expect(excelDateText(day, "dd/mm/yyyy")).toBe("28/11/2026");
    expect(excelDateText(day, "m/d/yy")).toBe("11/28/26");
    expect(excelDateText(day, "d-mmm-yy")).toBe("28-Nov-26");
    expect(excelDateText(day, "dddd, mmmm d, yyyy")).toBe("Saturday, November 28, 2026");
    expect(excelDateText(day, "ddd d mmmmm")).toBe("Sat 28 N");
  });

  it("shows times in 24 or 12 hours, to the second the format shows (rounded as Excel rounds)", () => {
    expect(excelDateText(time(14, 30), "h:mm")).toBe("14:30");
    expect(excelDateText(time(9, 5), "hh:mm")).toBe("09:05");
    expect(excelDateText(time(14, 30), "h:mm AM/PM")).toBe("2:30 PM");
    expect(excelDateText(time(0, 15), "h:mm am/pm")).toBe("12:15 am");
    expect(excelDateText(time(14, 29, 59, 600), "hh:mm:ss")).toBe("14:30:00");
    expect(excelDateText(time(14, 29, 59, 600), "mm:ss.0")).toBe("29:59.6");
    expect(excelDateText(at(2026, 11, 28, 23, 59, 59, 700), "yyyy-mm-dd hh:mm:ss")).toBe("2026-11-29 00:00:00");
  });

  it("tells minutes from months by what stands beside them", () => {
    const when = at(2026, 3, 4, 7, 8, 9);
    expect(excelDateText(when, "m/d h:mm")).toBe("3/4 7:08");
    expect(excelDateText(when, "mm:ss")).toBe("08:09");
    expect(excelDateText(when, "yyyy-mm")).toBe("2026-03");
  });

  it("shows elapsed hours ([h]:mm) past a day, in either date system", () => {
    expect(excelDateText(at(1899, 12, 31, 14, 15), "[h]:mm")).toBe("38:15");
    expect(excelDateText(at(1904, 1, 2, 2, 0), "[h]:mm:ss", true)).toBe("26:00:00");
    expect(excelDateText(at(1904, 1, 2), "yyyy-mm-dd", true)).toBe("1904-01-02");
  });

  it("keeps quoted and escaped text, and drops colours, locales and the other sections", () => {
    const day = at(2026, 11, 28);
    expect(excelDateText(day, "yyyy\\-mm\\-dd")).toBe("2026-11-28");
    expect(excelDateText(day, "[$-409]d mmm yyyy;@")).toBe("28 Nov 2026");
    expect(excelDateText(day, '[Blue]"Inspected "d.m.yyyy')).toBe("Inspected 28.11.2026");
    expect(excelDateText(day, "\\d\\a\\y d")).toBe("day 28");
  });

  it("reads Excel's locale short date (format 14) and date-time (22) as yyyy-mm-dd, the order nobody misreads", () => {
    expect(excelDateText(at(2026, 11, 28), BUILT_IN_DATE_FORMATS.get(14)!)).toBe("2026-11-28");
    expect(excelDateText(at(2026, 11, 28, 14, 30), BUILT_IN_DATE_FORMATS.get(22)!)).toBe("2026-11-28 14:30");
  });
});
