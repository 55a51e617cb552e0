import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page, request, type TestInfo } from "@playwright/test";

export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
export const PASSWORD = "girder-2026!";
/**
 * How long a table screen's rows may take to arrive: on a 2-core CI beside the hardening tests' server processes a
 * first load took over 10 s (2026-11-28), against 0.2-3 s alone. A wait for the condition, not a sleep.
 */
export const TABLE_LOAD = { timeout: 30_000 };
/** The LLM_API_KEY the e2e server runs with (the fake model takes any): no page or answer may contain it. */
export const LLM_TEST_KEY = "sk-e2e-0f1e2d3c4b5a-never-in-a-browser";

/** The MIDAS simulator Playwright starts beside the app (playwright.config.ts). */
export const MIDAS_SIM_PORT = Number(process.env.E2E_MIDAS_PORT ?? 3720);
export const MIDAS_SIM_KEY = "e2e-midas-key-0123456789";

/** The table screen's own request for its rows (a line each, `?format=lines`), to intercept. */
export function screenRowsRequest(dataset: string): RegExp {
  return new RegExp(`/api/projects/\\d+/datasets/${dataset}/rows\\?format=lines$`);
}

export function uniqueEmail(prefix = "engineer"): string {
  return `${prefix}.${Date.now()}.${randomBytes(3).toString("hex")}@example.com`;
}

/**
 * Every test runs at 1280 px; at 390 px (playwright.config.ts) only those tagged here: what a phone shows or does
 * differently (the menu drawer, dialogs that open as drawers, the narrow toolbar, the assistant's sidebar drawer,
 * widths), so the same behaviour is not tested twice.
 */
export const PHONE = { tag: "@phone" } as const;
/** Only at 390 px: what is checked at 1280 px by a wider test of its own (e.g. the accessibility of every page). */
export const PHONE_ONLY = { tag: "@phone-only" } as const;

export function isMobile(testInfo: TestInfo): boolean {
  return testInfo.project.name.startsWith("mobile");
}

export const DEMO = { email: "demo@pontifex.dev", password: "pontifex-demo", project: "Demo Viaduct" };

let demoContext: Promise<{ api: APIRequestContext; viaduct: number }> | undefined;

/** The demo account's API session (one per worker), and its "Demo Viaduct" project. */
export function demoApi(): Promise<{ api: APIRequestContext; viaduct: number }> {
  demoContext ??= (async () => {
    const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
    expect((await api.post("/api/auth/login", { data: { email: DEMO.email, password: DEMO.password } })).status()).toBe(200);
    const { projects } = (await (await api.get("/api/projects")).json()) as { projects: { id: number; name: string }[] };
    return { api, viaduct: projects.find((p) => p.name === DEMO.project)!.id };
  })();
  return demoContext;
}

/**
 * Registers and signs in through the API (the browser context keeps the
 * Session cookie). With `demoCopy` (the default) the new engineer's current
 * project is their own copy of "Demo Viaduct", so tests that write never
 * disturb each other and every demo row is there, as before projects.
 */
export async function signUpAndLogIn(page: Page, email = uniqueEmail(), { demoCopy = true }: { demoCopy?: boolean } = {}): Promise<string> {
  // The API refuses state-changing requests from other origins; a browser would send this one.
  const headers = { origin: BASE_URL };
  const reg = await page.request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "Grace", lastName: "Hopper" }, headers });
  expect(reg.status()).toBe(201);
  const login = await page.request.post("/api/auth/login", { data: { email, password: PASSWORD }, headers });
  expect(login.status()).toBe(200);
  if (demoCopy) {
    const demo = await demoApi();
    const invited = await demo.api.post(`/api/projects/${demo.viaduct}/members`, { data: { email, role: "viewer" } });
    expect(invited.status()).toBe(201);
    await acceptInvitation(page.request, ((await invited.json()) as { invitation: { id: string } }).invitation.id);
    const copy = await page.request.post("/api/projects", { data: { name: "Viaduct copy", copyFrom: demo.viaduct }, headers });
    expect(copy.status()).toBe(201);
  }
  return email;
}

/** Makes `email` a member of the page user's current project, and (given their page) makes it their current one too. */
/** Accepts an invitation as the person it was sent to: only then are they a member. */
export async function acceptInvitation(member: APIRequestContext, invitationId: string): Promise<void> {
  expect((await member.post(`/api/invitations/${invitationId}/accept`, { headers: { origin: BASE_URL } })).status()).toBe(200);
}

/**
 * The owner invites `email` to their current project and the member (signed in on `member`) accepts; with
 * `makeCurrent` (the default) the member then makes it their current project in the switcher's way.
 */
export async function shareCurrentProject(
  owner: Page,
  email: string,
  role: "owner" | "editor" | "viewer",
  member: Page,
  { makeCurrent = true }: { makeCurrent?: boolean } = {},
): Promise<number> {
  const headers = { origin: BASE_URL };
  const { project } = (await (await owner.request.get("/api/projects/current")).json()) as { project: { id: number } };
  const invited = await owner.request.post(`/api/projects/${project.id}/members`, { data: { email, role }, headers });
  expect(invited.status()).toBe(201);
  await acceptInvitation(member.request, ((await invited.json()) as { invitation: { id: string } }).invitation.id);
  if (makeCurrent) expect((await member.request.put("/api/projects/current", { data: { projectId: project.id }, headers })).status()).toBe(200);
  return project.id;
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

/**
 * Runs a row's action by the name its button has ("Edit PierHeight", "Delete PierHeight"): the button on a wide
 * screen; on a phone (under the spec's 768 px) the item of the row's one "Row actions" menu, named the same.
 */
export async function rowAction(page: Page, parameter: string, name: string): Promise<void> {
  if (page.viewportSize()!.width >= 768) return page.getByRole("button", { name, exact: true }).click();
  await page.getByRole("button", { name: `Row actions: ${parameter}`, exact: true }).click();
  await page.getByRole("menuitem", { name, exact: true }).click();
}
