import { randomBytes } from "node:crypto";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
export const PASSWORD = "girder-2026!";

export function uniqueEmail(prefix = "engineer"): string {
  return `${prefix}.${Date.now()}.${randomBytes(3).toString("hex")}@example.com`;
}

export function isMobile(testInfo: TestInfo): boolean {
  return testInfo.project.name.startsWith("mobile");
}

/** Registers and signs in through the API (the browser context keeps the Session cookie). */
export async function signUpAndLogIn(page: Page, email = uniqueEmail()): Promise<string> {
  // The API refuses state-changing requests from other origins; a browser would send this one.
  const headers = { origin: BASE_URL };
  const reg = await page.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "Grace", lastName: "Hopper" }, headers });
  expect(reg.status()).toBe(201);
  const login = await page.request.post("/api/auth/login", { data: { email, password: PASSWORD }, headers });
  expect(login.status()).toBe(200);
  return email;
}

/** Opens a menu of the bar: hover menus on desktop, the drawer on a phone. Returns where its entries are. */
export async function openMenu(page: Page, testInfo: TestInfo, label: string) {
  if (isMobile(testInfo)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toBeVisible();
    return drawer.getByRole("region", { name: label });
  }
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: label }).hover();
  const content = page.locator("[data-slot=navigation-menu-content][data-state=open]");
  await expect(content).toBeVisible();
  return content;
}
