import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import { BASE_URL, PASSWORD, shareCurrentProject, signUpAndLogIn, uniqueEmail } from "./helpers";

const headers = { origin: BASE_URL };
const grid = (page: Page) => page.getByTestId("parameter-grid");
const rowOf = (page: Page, name: string) =>
  grid(page)
    .locator("[role=row]")
    // The Parameter cell also carries the live marks ("saved by ...").
    .filter({ has: page.getByRole("gridcell", { name: new RegExp(`^${name}`) }) });

test("two engineers on one table: each sees who else has it open, who is editing which row, the other's save without a reload, and a removal at once", async ({
  page,
  browser,
}, testInfo) => {
  // Two engineers in two browsers, each loading the table: the budget of two tests.
  test.setTimeout(120_000);
  const name = `Live_${randomBytes(3).toString("hex")}`;
  // The owner's project is "Viaduct copy": the colleague's own is "My first project", and names must differ.
  await signUpAndLogIn(page, uniqueEmail("live"));
  expect((await page.request.post("/api/database/box/create-element", { data: { data: { Parameter: name, Item1: "1.5" } }, headers })).status()).toBe(201);

  // A colleague with a name of her own, on a second browser of the same kind.
  const { viewport, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, isMobile, hasTouch, deviceScaleFactor });
  const colleague = await context.newPage();
  const email = uniqueEmail("ada");
  expect(
    (await colleague.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "Ada", lastName: "Lovelace" }, headers })).status(),
  ).toBe(201);
  expect((await colleague.request.post("/api/auth/login", { data: { email, password: PASSWORD }, headers })).status()).toBe(200);
  const projectId = await shareCurrentProject(page, email, "editor", colleague);

  for (const p of [page, colleague]) {
    await p.goto(`/revitbox?filter=${name}`);
    await expect(rowOf(p, name)).toHaveCount(1);
  }
  await expect(page.getByTestId("live-viewers")).toContainText("Ada Lovelace");
  await expect(colleague.getByTestId("live-viewers")).toContainText("Grace Hopper");

  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(rowOf(colleague, name).getByTestId("live-editing")).toHaveText("Grace Hopper is editing");

  await page.getByTestId("edit-row").getByLabel(`Item1 of ${name}`).fill("42.25");
  await page.getByRole("region", { name: "Edit tools" }).getByRole("button", { name: "Save" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("edit-row")).toHaveCount(0);

  // On the colleague's screen: the new value and who saved it, with no reload.
  await expect(rowOf(colleague, name).getByRole("gridcell", { name: "42.25", exact: true })).toBeVisible();
  await expect(rowOf(colleague, name).getByTestId("live-changed")).toHaveText("saved by Grace Hopper");
  await expect(rowOf(colleague, name).getByTestId("live-editing")).toHaveCount(0);

  // Removed from the project, the colleague is told at once (her stream ends with `revoked`), and the owner sees her go.
  const { user } = (await (await colleague.request.get("/api/auth/me")).json()) as { user: { id: number } };
  expect((await page.request.delete(`/api/projects/${projectId}/members/${user.id}`, { headers })).status()).toBe(200);
  await expect(colleague.getByText("You are no longer a member of this project.")).toBeVisible();
  await expect(page.getByTestId("live-viewers")).toHaveCount(0);
  await expect(rowOf(colleague, name)).toHaveCount(0);
  await context.close();
});
