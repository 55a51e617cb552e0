import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("follows same-site paths with their query", () => {
    expect(safeReturnPath("/revitpier")).toBe("/revitpier");
    expect(safeReturnPath("/settings?tab=tokens")).toBe("/settings?tab=tokens");
    expect(safeReturnPath("/revitpier?project=3#row-7")).toBe("/revitpier?project=3#row-7");
  });

  it("sends anything that could leave the site to the home page", () => {
    for (const next of [
      null,
      undefined,
      "",
      "https://evil.example.com",
      "//evil.example.com",
      "/\\evil.example.com",
      "javascript:alert(1)",
      "/\t/evil.example/phish",
      "/\n/evil.example/phish",
      "/\r\n/evil.example",
      "/%09/evil.example/phish".replace("%09", "\t"),
      "/\\/evil.example",
    ]) {
      expect(safeReturnPath(next)).toBe("/");
    }
  });
});
