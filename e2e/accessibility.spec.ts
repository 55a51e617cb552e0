import { seriousViolations, storeTheme, type Theme, THEMES } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { menuRoutes } from "@/lib/navigation";
import { PHONE, PHONE_ONLY, signUpAndLogIn, TABLE_LOAD } from "./helpers";

/**
 * axe-core on every page of the menu, signed out and signed in, in both themes: no serious or critical violation. At
 * 390 px, every signed-out page, and signed in one page of each layout with the bar's phone form and its menu drawer
 * open: the pages' own content is the same markup at both widths.
 */
const pages = [...new Set([...menuRoutes(), "/about", "/contact", "/register", "/docs/api"])].sort();

async function settle(page: Page, theme: Theme) {
  // Not "networkidle": a data screen keeps its events streams open for as long as it is shown.
  await page.waitForLoadState("load");
  // The colours checked are those of the theme asked for.
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
  // Data screens: wait for the table (or its error) rather than the spinner.
  const fetched = page.getByTestId("fetched-line");
  if (await fetched.count()) await expect(fetched).toHaveText(/^Fetched \d+ items/, TABLE_LOAD);
}

/** Each page in turn, settled: its serious and critical violations, each prefixed with its path. */
async function violationsOn(page: Page, paths: string[], theme: Theme): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settle(page, theme);
    for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
  }
  return found;
}

/** One page of each layout: home, a data table, the MIDAS tables, a results chart, a calculator, the assistant, settings. */
const PHONE_LAYOUTS = ["/", "/revitpier", "/midas", "/midas/midasresultgirder", "/calculations", "/midas/chatbot", "/settings"];

for (const theme of THEMES) {
  // Signed out, in four groups side by side (the API reference alone takes axe about 40 s on a busy machine; in two
  // groups, one ran past 180 s in CI beside the API tests).
  const SIGNED_OUT_GROUPS = 4;
  for (let group = 0; group < SIGNED_OUT_GROUPS; group++) {
    const part = pages.filter((_, i) => i % SIGNED_OUT_GROUPS === group);
    test(
      `signed out, ${theme} theme: no serious or critical accessibility violation on any page (group ${group + 1} of ${SIGNED_OUT_GROUPS})`,
      PHONE,
      async ({ page }) => {
        test.setTimeout(300_000);
        await storeTheme(page, theme);
        const found: string[] = [];
        // Signed out, most pages send the browser to the sign-in page: each page that is shown is checked once.
        const checked = new Set<string>();
        for (const path of part) {
          await page.goto(path);
          await settle(page, theme);
          const shown = new URL(page.url()).pathname;
          if (checked.has(shown)) continue;
          checked.add(shown);
          for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
        }
        expect(found).toEqual([]);
      },
    );
  }

  // Signed in, the pages are checked in groups side by side (each signs up once), not one after another: eight, since
  // groups of six pages ran past 180 s in CI beside the API tests (2026-11-29, the machine in a slow hour: axe took
  // about 30 s a page). Each test may take 300 s.
  const GROUPS = 8;
  for (let group = 0; group < GROUPS; group++) {
    const part = pages.filter((_, i) => i % GROUPS === group);
    test(`signed in, ${theme} theme: no serious or critical accessibility violation on any page (group ${group + 1} of ${GROUPS}: ${part.join(", ")})`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await storeTheme(page, theme);
      await signUpAndLogIn(page);
      expect(await violationsOn(page, part, theme)).toEqual([]);
    });
  }

  test(
    `signed in at phone width, ${theme} theme: no serious or critical accessibility violation on each layout, menu drawer open or closed`,
    PHONE_ONLY,
    async ({ page }) => {
      test.setTimeout(300_000);
      await storeTheme(page, theme);
      await signUpAndLogIn(page);
      const found = await violationsOn(page, PHONE_LAYOUTS, theme);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      // Colours are read once the drawer has slid in, not half-faded.
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
      for (const v of await seriousViolations(page)) found.push(`menu drawer: ${v}`);
      expect(found).toEqual([]);
    },
  );
}
