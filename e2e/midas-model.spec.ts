import { seriousViolations } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { BASE_URL, MIDAS_SIM_KEY, MIDAS_SIM_PORT, PHONE, signUpAndLogIn } from "./helpers";

/** The page never scrolls sideways: whatever is wide scrolls inside its own box. */
async function expectNoPageOverflow(page: Page) {
  const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(viewport);
}

test("Check the model on Create Midas: the sketch and the summary from the tables alone, then the same in the preview", PHONE, async ({ page }) => {
  test.setTimeout(120_000);
  // The new engineer's current project is a copy of the demo viaduct: its Midas tables build without problems.
  await signUpAndLogIn(page);
  await page.goto("/midas");
  await expect(page.getByTestId("midas-no-problems")).toBeVisible();
  // No MIDAS connection: Preview waits for one, the model check does not.
  await expect(page.getByRole("button", { name: "Preview", exact: true })).toBeDisabled();
  await page.getByRole("button", { name: "Show the model", exact: true }).click();

  const check = page.getByTestId("midas-model-check");
  await expect(check).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("model-check-from")).toHaveText("As the tables build it now.");

  // The sketch: an image with its name and description, one pier symbol per pier (P1-P11), its bearings' fixity.
  const sketch = check.getByRole("img", { name: "Elevation and plan of the model" });
  await expect(sketch).toBeVisible();
  await expect(check.getByTestId("sketch-pier")).toHaveCount(11);
  await expect(check.getByTestId("sketch-pier").first()).toHaveAttribute("data-name", "P1");
  await expect(check.getByTestId("sketch-abutment")).toHaveCount(2);
  await expect(check.locator('[data-testid="sketch-plan-support"] [data-fixity="fixed"]').first()).toBeAttached();
  await expect(sketch).toContainText("1,554.5");
  // Its text alternative lists every support's levels.
  await check.getByText("The sketch as text").click();
  await expect(check.getByRole("table", { name: "Supports as drawn" }).getByRole("row")).toHaveCount(1 + 13);

  // The summary: SDL's 40 kN/m over 522 m, M1600's 1,440 kN on 12 axles, springs per pile group, bearings, combinations.
  const cases = check.getByTestId("summary-cases");
  await expect(cases.locator('[data-case="SDL"]')).toContainText("SDL: 40 kN/m × 522 m = 20,880 kN");
  await expect(cases.locator('[data-case="DL"]')).toContainText("pile caps 13,365 kN");
  const m1600 = check.getByTestId("summary-vehicles").locator('[data-vehicle="M1600"]');
  await expect(m1600.getByRole("cell").nth(1)).toHaveText("12");
  await expect(m1600.getByRole("cell").nth(2)).toHaveText("1,440");
  await expect(check.getByTestId("summary-vehicles").locator('[data-vehicle="S1600"]').getByRole("cell").nth(2)).toHaveText("960");
  await expect(check.getByTestId("summary-piles").locator('[data-pile-group="PG4-18"]')).toContainText("4 of 4 nodes per pile; 96 in all");
  await expect(check.getByTestId("summary-bearings").locator("[data-support]")).toHaveCount(13);
  await expect(check.getByTestId("summary-combinations").locator('[data-combination="ULS-M1600-MIN"]')).toContainText("generated");
  await expect(check.getByTestId("summary-combinations").locator('[data-combination="ULS-M1600-MIN"]')).toContainText("0.85 DL + 0.7 SDL");

  // At 390 px the sketch scrolls inside its own box; the page does not widen.
  const box = check.getByTestId("model-sketch-box");
  const { scrollWidth, clientWidth } = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  if ((page.viewportSize()?.width ?? 1280) < 700) expect(scrollWidth).toBeGreaterThan(clientWidth);
  await expectNoPageOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);

  // Both themes: the drawing takes the text colour of the theme (currentColor).
  const colour = () => sketch.evaluate((el) => getComputedStyle(el).color);
  const dark = await colour();
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  await page.reload();
  await page.getByRole("button", { name: "Show the model", exact: true }).click();
  await expect(check.getByTestId("sketch-pier")).toHaveCount(11);
  await expect(page.locator("html")).toHaveClass(/light/);
  expect(await colour()).not.toBe(dark);
  expect(await seriousViolations(page)).toEqual([]);

  // With a MIDAS connection, Preview shows the same check beside what applying would change.
  const saved = await page.request.put("/api/midas/connection", {
    data: { baseUrl: `http://127.0.0.1:${MIDAS_SIM_PORT}/civil`, apiKey: MIDAS_SIM_KEY },
    headers: { origin: BASE_URL },
  });
  expect(saved.ok()).toBe(true);
  await page.reload();
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByTestId("midas-preview")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("model-check-from")).toHaveText("As the preview built it.");
  await expect(check.getByTestId("sketch-pier")).toHaveCount(11);
  await expect(check.getByTestId("summary-cases").locator('[data-case="SDL"]')).toContainText("20,880 kN");
  await expect(check.getByTestId("summary-vehicles").locator('[data-vehicle="M1600"]')).toContainText("1,440");
  await expectNoPageOverflow(page);
});
