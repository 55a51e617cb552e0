import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("follows same-site paths with their query", () => {
    expect(safeReturnPath("/revitpier")).toBe("/revitpier");
    expect(safeReturnPath("/settings?tab=tokens")).toBe("/settings?tab=tokens");
  });

  it("sends anything that could leave the site to the home page", () => {
    for (const next of [null, undefined, "", "https://evil.example.com", "//evil.example.com", "/\\evil.example.com", "javascript:alert(1)"]) {
      expect(safeReturnPath(next)).toBe("/");
    }
  });
});
