import { seriousViolations, storeTheme, THEMES } from "./axe";
import { expect, test } from "./fixtures";
import { BASE_URL, MIDAS_SIM_KEY, MIDAS_SIM_PORT, PHONE, signUpAndLogIn } from "./helpers";

const headers = { origin: BASE_URL };

for (const theme of THEMES) {
  test(
    `a new engineer's home: the splash, then their project with empty tables and the pier template as the next step (${theme} theme)`,
    PHONE,
    async ({ page }) => {
      await storeTheme(page, theme);
      await signUpAndLogIn(page, undefined, { demoCopy: false });
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Pontifex", level: 1 })).toBeVisible();
      const overview = page.getByTestId("project-overview");
      await expect(overview.getByRole("heading", { name: "My first project" })).toBeVisible();
      await expect(overview.getByTestId("overview-table").filter({ hasText: "Revit_Pier Data" })).toContainText("0 rows");
      await expect(overview.getByTestId("overview-midas")).toContainText("Not built yet");
      await expect(overview.getByTestId("overview-revit")).toContainText("No add-in connected");
      await expect(overview).toContainText("No changes yet.");
      const next = page.getByTestId("next-step");
      await expect(next).toContainText("The Revit tables of this project are empty.");
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      expect(await seriousViolations(page)).toEqual([]);
      await next.getByRole("link", { name: "Start from the pier template" }).click();
      await expect(page).toHaveURL(/\/revitpier$/);
    },
  );
}

test("a project with tables: row counts, who changed what, and the next step moving on once MIDAS is connected", async ({ page }) => {
  await signUpAndLogIn(page);
  const { project } = (await (await page.request.get("/api/projects/current")).json()) as { project: { id: number; name: string } };
  const created = await page.request.post(`/api/projects/${project.id}/datasets/pier/rows`, {
    data: { data: { Parameter: "HomeCheck", Item1: "1.5" } },
    headers,
  });
  expect(created.status()).toBe(201);

  await page.goto("/");
  const overview = page.getByTestId("project-overview");
  await expect(overview.getByRole("heading", { name: project.name })).toBeVisible();
  await expect(overview.getByTestId("overview-table").filter({ hasText: "Revit_Pier Data" })).toContainText(
    /\d+ rows, \d+ columns · changed just now by Grace Hopper/,
  );
  await expect(overview.getByTestId("overview-activity")).toContainText("Grace Hopper changed HomeCheck in Revit_Pier Data");
  await expect(page.getByTestId("next-step")).toContainText("Connect MIDAS on Settings");

  const saved = await page.request.put("/api/midas/connection", {
    data: { baseUrl: `http://127.0.0.1:${MIDAS_SIM_PORT}/civil`, apiKey: MIDAS_SIM_KEY },
    headers,
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(overview.getByTestId("overview-midas")).toContainText("Your MIDAS connection is saved.");
  const next = page.getByTestId("next-step");
  await expect(next).toContainText("Fill the Midas tables from Revit");
  await next.getByRole("link", { name: "Fill the Midas tables from Revit" }).click();
  await expect(page).toHaveURL(/\/midas\/midassetup$/);
});
