import { expect, type Page, test } from "./fixtures";
import { PHONE, signUpAndLogIn } from "./helpers";

type Row = Record<string, string | number>;

/** Rows with a kind and a unit (docs/tables.md): what the grid shows, what it refuses, and the renames it asks about. */
const grid = (page: Page) => page.getByTestId("parameter-grid");
const parameterCell = (page: Page, name: string) => grid(page).getByRole("gridcell", { name, exact: true });
const rowOf = (page: Page, name: string) =>
  grid(page)
    .locator("[role=row]")
    .filter({ has: page.getByRole("gridcell", { name, exact: true }) });

async function stored(page: Page, parameter: string): Promise<Row | undefined> {
  const rows = ((await (await page.request.get("/api/database/pier/fetch-all")).json()) as { data: Row[] }).data;
  return rows.find((r) => r.Parameter === parameter);
}

async function openPier(page: Page, filter: string) {
  await page.goto(`/revitpier?filter=${filter}`);
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched \d+ items/);
}

test.beforeEach(async ({ page }) => {
  await signUpAndLogIn(page);
});

test("each row shows its unit after its Parameter, and a typed value its row cannot take is refused with its message", PHONE, async ({ page }) => {
  await openPier(page, "Pier");
  const unitOf = (name: string) =>
    parameterCell(page, name)
      .locator("[data-unit]")
      .evaluate((el) => getComputedStyle(el, "::after").content);
  await expect.poll(() => unitOf("PierHeight")).toBe('"m"');
  await openPier(page, "Angle");
  await expect.poll(() => unitOf("SkewAngle")).toBe('"°"');
  // Names and types carry no unit.
  await openPier(page, "PierType");
  await expect(parameterCell(page, "PierType").locator("[data-unit]")).toHaveCount(0);

  await openPier(page, "PierHeight");
  const before = (await stored(page, "PierHeight"))!.Item1;
  await rowOf(page, "PierHeight").locator('[data-col="1"]').click();
  await page.keyboard.type("2,5 m");
  await page.keyboard.press("Enter");
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: 'PierHeight, Item1: "2,5 m" is not a number (a length row takes numbers only)' }),
  ).toBeVisible();
  expect((await stored(page, "PierHeight"))!.Item1).toBe(before);
});

test("typing on a Parameter cell asks before renaming, showing how an angle row's numbers would read", PHONE, async ({ page }) => {
  await openPier(page, "SkewAngle");
  await parameterCell(page, "SkewAngle").click();
  await page.keyboard.type("17.5");
  await page.keyboard.press("Enter");
  const question = page.getByRole("dialog", { name: "Rename SkewAngle to 17.5?" });
  await expect(question).toContainText("The Revit add-in matches rows by Parameter: pushes will no longer update SkewAngle.");
  await expect(question).toContainText("Item1 15.00 → 0.261799387799");
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  expect(await stored(page, "SkewAngle")).toBeDefined();

  await parameterCell(page, "SkewAngle").click();
  await page.keyboard.type("SkewAngleAtBearing");
  await page.keyboard.press("Enter");
  await page.getByRole("dialog", { name: "Rename SkewAngle to SkewAngleAtBearing?" }).getByRole("button", { name: "Rename" }).click();
  await expect.poll(async () => (await stored(page, "SkewAngleAtBearing"))?.Item1).toBe("0.261799387799");
});
