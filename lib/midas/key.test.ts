import { describe, expect, it } from "vitest";
import { MAPI_KEY_MIN_LENGTH, shownLast4 } from "./key";

describe("what is shown of a MAPI-Key", () => {
  it("is its last 4 characters from 16 characters on, nothing for a shorter key (4 of 8 would be half of it)", () => {
    expect(MAPI_KEY_MIN_LENGTH).toBe(16);
    expect(shownLast4(8, "1234")).toBe("");
    expect(shownLast4(15, "1234")).toBe("");
    expect(shownLast4(16, "1234")).toBe("1234");
    expect(shownLast4(64, "wxyz")).toBe("wxyz");
  });
});
