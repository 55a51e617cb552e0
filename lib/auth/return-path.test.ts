import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("follows same-site paths with their query", () => {
    expect(safeReturnPath("/revitpier")).toBe("/revitpier");
    expect(safeReturnPath("/settings?tab=tokens")).toBe("/settings?tab=tokens");
    expect(safeReturnPath("/revitpier?project=3#row-7")).toBe("/revitpier?project=3#row-7");
    expect(safeReturnPath("/./revitpier")).toBe("/revitpier");
    expect(safeReturnPath("/midas/../settings")).toBe("/settings");
    expect(safeReturnPath("/revitpier?filter=a%20b")).toBe("/revitpier?filter=a%20b");
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
      // Dot segments collapse to a leading `//` once resolved (issue 24, item 4).
      "/.//evil.example/x",
      decodeURIComponent("%2F.%2F%2Fevil.example%2Fx"),
      "/..//evil.example/x",
      "/./\\evil.example",
      "/.\\/evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "/%2e%2e/%2f%2fevil.example",
      "/%2F%2Fevil.example",
      "/%5C%5Cevil.example",
      "/%252F%252Fevil.example",
      "/%2e%2f%2fevil.example",
      "/%",
    ]) {
      expect(safeReturnPath(next)).toBe("/");
    }
  });
});
