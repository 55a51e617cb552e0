import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The stored theme (SPEC: local storage key `theme`). */
export const THEMES = ["dark", "light"] as const;
export type Theme = (typeof THEMES)[number];

/** Sets the stored theme before every page's first script, as a returning engineer's browser has it. */
export async function storeTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((stored) => localStorage.setItem("theme", stored), theme);
}

/** What axe-core finds serious or critical on the page as it is now (WCAG 2.1 A and AA), one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}
