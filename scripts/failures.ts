/**
 * What failed in a test run, one line each, read from the runners' JSON reports: `npm test` prints the list again
 * just above its summary, since CI keeps only the end of a long log.
 */

export type VitestReport = {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; duration?: number; failureMessages?: string[] }[];
  }[];
};

type PlaywrightResult = { error?: { message?: string }; errors?: { message?: string }[] };
type PlaywrightSuite = {
  title: string;
  specs?: { title: string; file: string; line: number; tests: { projectName: string; status: string; results: PlaywrightResult[] }[] }[];
  suites?: PlaywrightSuite[];
};
export type PlaywrightReport = { suites?: PlaywrightSuite[]; errors?: { message?: string }[] };

/** The first lines of an error, without terminal colours, short enough for one line of a log. */
export function firstLines(text: string | undefined): string {
  return (text ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .trim()
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join(" | ")
    .slice(0, 400);
}

/** Each failed vitest test (file, names, duration, first lines of its error), and each file that failed outside its tests. */
export function vitestFailures(report: VitestReport | undefined, root: string): string[] {
  return (report?.testResults ?? []).flatMap((file) => {
    const where = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    const lines = failed.map((test) => `vitest ${where} > ${test.fullName} (${Math.round(test.duration ?? 0)} ms): ${firstLines(test.failureMessages?.[0])}`);
    if (file.status === "failed" && failed.length === 0) lines.push(`vitest ${where}: ${firstLines(file.message)}`);
    return lines;
  });
}

/** Each browser test that failed unexpectedly (project, file:line, titles, first lines of its error), and the run's own errors. */
export function playwrightFailures(report: PlaywrightReport | undefined): string[] {
  const walk = (suite: PlaywrightSuite, titles: string[]): string[] => {
    // The outermost suite is the file, already named by the spec's file:line.
    const here = suite.title && !/\.spec\.ts$/.test(suite.title) ? [...titles, suite.title] : titles;
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === "unexpected")
        .map((test) => {
          const last = test.results.at(-1);
          const error = (last?.error ?? last?.errors?.[0])?.message;
          return `playwright [${test.projectName}] ${spec.file}:${spec.line} > ${[...here, spec.title].join(" > ")}: ${firstLines(error)}`;
        }),
    );
    return [...own, ...(suite.suites ?? []).flatMap((child) => walk(child, here))];
  };
  return [...(report?.suites ?? []).flatMap((suite) => walk(suite, [])), ...(report?.errors ?? []).map((error) => `playwright: ${firstLines(error.message)}`)];
}
