import { seriousViolations, storeTheme } from "./axe";
import { expect, test } from "./fixtures";
import { PHONE, signUpAndLogIn } from "./helpers";

test("a refused form says why under the field, in the form's own words, not in a toast over the page", PHONE, async ({ page }) => {
  const email = await signUpAndLogIn(page, undefined, { demoCopy: false });
  await page.goto("/settings");

  const midas = page.getByRole("form", { name: "MIDAS connection" });
  await midas.getByLabel("Base URL", { exact: true }).fill("ftp://127.0.0.1:8090/civil");
  await midas.getByLabel("MAPI-Key", { exact: true }).fill("key-of-sixteen-chars");
  await midas.getByRole("button", { name: "Save" }).click();
  const baseUrl = midas.getByLabel("Base URL", { exact: true });
  await expect(baseUrl).toHaveAttribute("aria-invalid", "true");
  await expect(baseUrl).toHaveAccessibleDescription(/must start with https:\/\/ or http:\/\//);
  await expect(midas.getByTestId("field-error")).toHaveText("The MIDAS base URL must start with https:// or http://, not ftp://.");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

  // Inviting oneself: said under the address typed.
  const invite = page.getByRole("form", { name: "Invite a member to My first project" });
  await invite.getByLabel("E-mail address").fill(email);
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(invite.getByTestId("field-error")).toHaveText(`${email} is already a member of this project.`);
  await expect(invite.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("main")).not.toContainText('Invalid field "');
});

test.describe("times", () => {
  test.use({ timezoneId: "Australia/Sydney" });
  test("are written one way, in the reader's own time zone", async ({ page }) => {
    await signUpAndLogIn(page, undefined, { demoCopy: false });
    await page.goto("/settings");
    await page.getByLabel("Token name").fill("Clock check");
    await page.getByRole("button", { name: "Create token" }).click();
    const created = page.getByTestId("token-row").filter({ hasText: "Clock check" }).locator("time").first();
    const iso = (await created.getAttribute("datetime"))!;
    const sydney = new Intl.DateTimeFormat("en-AU", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "Australia/Sydney",
    }).format(new Date(iso));
    await expect(created).toHaveText(sydney);
  });
});

test("a toast is readable in the light theme (axe while it is on screen)", async ({ page }) => {
  await storeTheme(page, "light");
  await signUpAndLogIn(page, undefined, { demoCopy: false });
  await page.goto("/settings");
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  const midas = page.getByRole("form", { name: "MIDAS connection" });
  await midas.getByLabel("Base URL", { exact: true }).fill("http://127.0.0.1:8090/civil");
  await midas.getByLabel("MAPI-Key", { exact: true }).fill("key-of-sixteen-chars");
  await midas.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "MIDAS connection saved" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
