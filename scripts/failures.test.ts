import { describe, expect, it } from "vitest";
import { firstLines, playwrightFailures, vitestFailures } from "./failures";

describe("the list of what failed, printed at the end of a test run", () => {
  it("names each failed vitest test with its file, duration and first error lines, and a file that failed outside its tests", () => {
    const report = {
      testResults: [
        {
          name: "/repo/test/hardening/auth-abuse.test.ts",
          status: "failed",
          assertionResults: [
            {
              fullName: "sign-in takes the same time",
              status: "failed",
              duration: 61839.4,
              failureMessages: ["\u001b[31mAssertionError: expected 12.5 to be less than 10\u001b[39m\n    at auth-abuse.test.ts:130:24"],
            },
            { fullName: "sign-in locks an e-mail", status: "passed", duration: 4588 },
          ],
        },
        {
          name: "/repo/db/queries/rows.api.test.ts",
          status: "failed",
          message: "Hook timed out in 60000ms.\nIf this is a long-running hook...",
          assertionResults: [],
        },
        { name: "/repo/lib/ok.test.ts", status: "passed", assertionResults: [{ fullName: "fine", status: "passed" }] },
      ],
    };
    expect(vitestFailures(report, "/repo")).toEqual([
      "vitest test/hardening/auth-abuse.test.ts > sign-in takes the same time (61839 ms): AssertionError: expected 12.5 to be less than 10 | at auth-abuse.test.ts:130:24",
      "vitest db/queries/rows.api.test.ts: Hook timed out in 60000ms. | If this is a long-running hook...",
    ]);
    expect(vitestFailures(undefined, "/repo")).toEqual([]);
  });

  it("names each unexpected browser failure with its project, file:line and titles, and the run's own errors", () => {
    const report = {
      suites: [
        {
          title: "excel.spec.ts",
          specs: [
            {
              title: "export and re-import",
              file: "excel.spec.ts",
              line: 16,
              tests: [
                {
                  projectName: "mobile-390",
                  status: "unexpected",
                  results: [{ errors: [{ message: "Error: expect(locator).toBeVisible() failed\n\nLocator: getByTestId('import-summary')" }] }],
                },
              ],
            },
            { title: "a viewer may export", file: "excel.spec.ts", line: 85, tests: [{ projectName: "mobile-390", status: "expected", results: [{}] }] },
          ],
          suites: [
            {
              title: "Concrete Shear",
              specs: [
                {
                  title: "works out Vuc",
                  file: "calculations.spec.ts",
                  line: 127,
                  tests: [{ projectName: "desktop-1280", status: "unexpected", results: [{ error: { message: "Timeout 60000ms exceeded." } }] }],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: "Error: Process from config.webServer exited early." }],
    };
    expect(playwrightFailures(report)).toEqual([
      "playwright [mobile-390] excel.spec.ts:16 > export and re-import: Error: expect(locator).toBeVisible() failed | Locator: getByTestId('import-summary')",
      "playwright [desktop-1280] calculations.spec.ts:127 > Concrete Shear > works out Vuc: Timeout 60000ms exceeded.",
      "playwright: Error: Process from config.webServer exited early.",
    ]);
  });

  it("keeps an error to three lines and 400 characters", () => {
    expect(firstLines(`a\nb\nc\nd`)).toBe("a | b | c");
    expect(firstLines("x".repeat(1000))).toHaveLength(400);
    expect(firstLines(undefined)).toBe("");
  });
});
