import { describe, expect, it } from "vitest";
import { formatDay, formatTime } from "./time";

describe("times as the engineer reads them", () => {
  it("writes every moment one way, in the reader's time zone", () => {
    const iso = "2026-11-28T23:05:00.000Z";
    expect(formatTime(iso, "UTC")).toBe("28 Nov 2026, 23:05");
    // Sydney in summer is UTC+11: the same moment is the next morning there.
    expect(formatTime(iso, "Australia/Sydney")).toBe("29 Nov 2026, 10:05");
    expect(formatDay(iso, "Australia/Sydney")).toBe("29 Nov 2026");
  });
});
