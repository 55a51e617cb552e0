import { seriousViolations, storeTheme, THEMES } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { BASE_URL, PASSWORD, PHONE, PHONE_ONLY, shareCurrentProject, signUpAndLogIn, TABLE_LOAD, uniqueEmail } from "./helpers";
import { confirmPush, createTokenInSettings, startAgent } from "./revit-agent";

/** A new engineer's first table (issue 30), and what a phone shows of a table. */
type Row = Record<string, string | number>;

const grid = (page: Page) => page.getByTestId("parameter-grid");
const rowOf = (page: Page, parameter: string) =>
  grid(page)
    .locator("[role=row]")
    .filter({ has: page.getByRole("gridcell", { name: parameter, exact: true }) });
const header = (page: Page, name: RegExp) => grid(page).getByRole("columnheader", { name });

async function stored(page: Page, parameter: string): Promise<Row | undefined> {
  const rows = ((await (await page.request.get("/api/database/pier/fetch-all")).json()) as { data: Row[] }).data;
  return rows.find((r) => r.Parameter === parameter);
}

async function openPier(page: Page, filter = "") {
  await page.goto(filter ? `/revitpier?filter=${filter}` : "/revitpier");
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched \d+ items in \d+ms$/, TABLE_LOAD);
}

for (const theme of THEMES) {
  test(
    `a new engineer registers, signs in, follows the home page to the pier template, types a value, adds an item and pushes it with the reference add-in (${theme} theme)`,
    PHONE,
    async ({ page }) => {
      await storeTheme(page, theme);
      // Sign-up, a table, the settings and an add-in process: the budget of two tests.
      test.setTimeout(120_000);
      // Registration and sign-in as a new engineer does them: the form, then the login form with the address in it.
      const email = uniqueEmail("first-use");
      await page.goto("/register");
      await page.getByLabel("First name").fill("Ada");
      await page.getByLabel("Last name").fill("Lovelace");
      await page.getByLabel("Email Address").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByLabel("Email Address")).toHaveValue(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      // Home leads on: its own first project, the Revit tables empty, the pier template the next step.
      await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/$`), { timeout: 15_000 });
      await page.getByTestId("next-step").getByRole("link", { name: "Start from the pier template" }).click();
      await expect(page).toHaveURL(/\/revitpier$/);
      await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched 0 items/, TABLE_LOAD);
      await expect(grid(page)).toContainText("No users found.");
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Start from the pier template" }).click();
      await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched 29 items/);
      await expect(header(page, /^Item1 · P1/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Start from the pier template" })).toHaveCount(0);

      // A value typed into a cell, as in a spreadsheet; Undo names the cell.
      await page.getByPlaceholder("Filter Parameters...").fill("PierHeight");
      const cell = rowOf(page, "PierHeight").locator('[data-col="1"]');
      await cell.click();
      await page.keyboard.type("12.5");
      await page.keyboard.press("Enter");
      await expect(cell).toHaveText("12.5");
      await expect.poll(async () => (await stored(page, "PierHeight"))?.Item1).toBe("12.5");
      await expect(page.getByRole("button", { name: "Undo: PierHeight, Item1" })).toBeEnabled();

      // The second pier: its column, named P2 in PierName.
      await page.getByRole("button", { name: "Add item column" }).click();
      await expect(header(page, /^Item2 · P2/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Undo: Add Item2 (P2)" })).toBeEnabled();
      expect(await stored(page, "PierName")).toMatchObject({ Item1: "P1", Item2: "P2" });

      const token = await createTokenInSettings(page, "First use");
      const agent = startAgent(token);
      try {
        await openPier(page);
        await expect(page.getByTestId("revit-indicator")).toHaveText("1 Revit add-in connected", { timeout: 20_000 });
        await page.getByRole("button", { name: "Push All to Revit" }).click();
        await confirmPush(page);
        await expect(page.getByText("Applied in Revit: 29 rows", { exact: true }).first()).toBeVisible({ timeout: 20_000 });
        await expect.poll(agent.output).toMatch(/push [0-9a-f-]{36}: pier, whole table, 29 rows/);
        expect(agent.output()).toContain("12.5");
      } finally {
        await agent.stop();
      }
    },
  );
}

test("a viewer of an empty table sees the template offered but may not start it", async ({ page, browser }) => {
  await signUpAndLogIn(page, uniqueEmail("first-owner"), { demoCopy: false });
  // Its name apart from the viewer's own first project: a member's projects have names of their own.
  const made = await page.request.post("/api/projects", { data: { name: "Empty bridge" }, headers: { origin: BASE_URL } });
  expect(made.status()).toBe(201);
  const other = await browser.newContext({ baseURL: BASE_URL });
  const viewer = await other.newPage();
  await shareCurrentProject(page, await signUpAndLogIn(viewer, uniqueEmail("first-viewer"), { demoCopy: false }), "viewer", viewer);
  await openPier(viewer);
  await expect(viewer.getByRole("button", { name: "Start from the pier template" })).toBeDisabled();
  await expect(viewer.getByRole("button", { name: "Add item column" })).toBeDisabled();
  await other.close();
});

for (const theme of THEMES) {
  test(
    `on a phone the row actions are one menu, two Item columns fit, and the row editor lists every column (${theme} theme)`,
    PHONE_ONLY,
    async ({ page }) => {
      await storeTheme(page, theme);
      await signUpAndLogIn(page);
      await openPier(page, "PierHeight");
      const row = rowOf(page, "PierHeight");
      await expect(row.getByRole("button")).toHaveCount(1);
      await expect(row.getByRole("button", { name: "Row actions: PierHeight", exact: true })).toBeVisible();

      // Parameter narrower than on a desktop, and Item1 and Item2 whole between it and the menu.
      const box = async (name: RegExp) => (await header(page, name).boundingBox())!;
      const [parameter, item1, item2, actions] = [await box(/^Parameter/), await box(/^Item1 · P1/), await box(/^Item2 · P2/), await box(/^Actions$/)];
      expect(parameter.width).toBeLessThanOrEqual(112);
      expect(item1.x).toBeGreaterThanOrEqual(parameter.x + parameter.width - 1);
      expect(item2.x + item2.width).toBeLessThanOrEqual(actions.x + 1);
      expect(actions.x + actions.width).toBeLessThanOrEqual(390);

      // The grid with a menu button per row (axe before the menu opens: an open menu hides the rest of the page from readers).
      expect(await seriousViolations(page)).toEqual([]);
      await row.getByRole("button", { name: "Row actions: PierHeight" }).click();
      for (const name of ["Edit PierHeight", "History of PierHeight", "Delete PierHeight", "Push row to Revit: PierHeight"]) {
        await expect(page.getByRole("menuitem", { name, exact: true })).toBeVisible();
      }
      await page.getByRole("menuitem", { name: "Edit PierHeight", exact: true }).click();

      // Every Item column of the demo's eleven piers, each with what it holds and what it stands for.
      const before = (await stored(page, "PierHeight"))!;
      const editor = page.getByTestId("edit-row");
      await expect(editor.getByRole("textbox", { name: /^Item\d+ of PierHeight$/ })).toHaveCount(11);
      for (let i = 1; i <= 11; i++) await expect(editor.getByLabel(`Item${i} of PierHeight`, { exact: true })).toHaveValue(String(before[`Item${i}`]));
      await expect(editor).toContainText("Item11 · P11");
      expect(await seriousViolations(page)).toEqual([]);
      await editor.getByLabel("Item11 of PierHeight", { exact: true }).fill("7.777");
      await editor.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
      await expect(editor).toHaveCount(0);
      expect(await stored(page, "PierHeight")).toMatchObject({ Item10: before.Item10, Item11: "7.777" });
      await expect(page.getByRole("button", { name: "Undo: PierHeight, Item11" })).toBeEnabled();
    },
  );
}
