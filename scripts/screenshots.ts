/**
 * `npm run screenshots`: a full-page PNG of every page, in both themes, at 1280 and 390 px, into screenshots/
 * (`<theme>-<width>-<path>.png`), so a reviewer sees them all in one place.
 *
 * Against a running server: BASE_URL (default http://127.0.0.1:3000), e.g. `npm start` in another terminal. It signs
 * up a fresh engineer and, when the server has the demo account (the embedded database seeds it), gives them a copy
 * of "Demo Viaduct" the way the e2e tests do, so the tables are not empty. The sign-in and sign-up pages are taken
 * signed out, every other page signed in.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Browser, type BrowserContextOptions, chromium, request } from "@playwright/test";
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_PROJECT } from "@/lib/demo/seed-data";
import { menuRoutes } from "@/lib/navigation";

const BASE_URL = (process.env.BASE_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const OUT_DIR = path.resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");
const THEMES = ["dark", "light"] as const;
const WIDTHS = [
  { width: 1280, options: { viewport: { width: 1280, height: 800 } } },
  { width: 390, options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
] satisfies { width: number; options: BrowserContextOptions }[];

const SIGNED_OUT = ["/login", "/register"];
const SIGNED_IN = [...new Set(["/", ...menuRoutes(), "/about", "/contact", "/settings", "/docs/api"])].filter((p) => !SIGNED_OUT.includes(p)).sort();

// The same browser as playwright.config.ts: Debian's, since Playwright cannot download its own here.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file)),
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
};

// The API refuses state-changing requests from other origins; a browser would send this one.
const headers = { origin: new URL(BASE_URL).origin };

async function post(api: APIRequestContext, url: string, data: unknown, expected: number): Promise<unknown> {
  const answer = await api.post(url, { data, headers });
  const text = await answer.text();
  if (answer.status() !== expected) throw new Error(`POST ${url}: ${answer.status()} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A fresh engineer, signed in on the returned context's storage state; with a copy of the demo project when there is one. */
async function signUp(): Promise<{ email: string; storageState: Awaited<ReturnType<APIRequestContext["storageState"]>>; demoCopy: boolean }> {
  const email = `screenshots.${Date.now()}.${randomBytes(3).toString("hex")}@example.com`;
  const password = randomBytes(12).toString("hex");
  const api = await request.newContext({ baseURL: BASE_URL });
  await post(api, "/api/auth/register", { email, password, firstName: "Grace", lastName: "Hopper" }, 201);
  await post(api, "/api/auth/login", { email, password }, 200);
  const demo = await request.newContext({ baseURL: BASE_URL });
  let demoCopy = false;
  if ((await demo.post("/api/auth/login", { data: { email: DEMO_EMAIL, password: DEMO_PASSWORD }, headers })).ok()) {
    const { projects } = (await (await demo.get("/api/projects")).json()) as { projects: { id: number; name: string }[] };
    const viaduct = projects.find((p) => p.name === DEMO_PROJECT);
    if (viaduct) {
      const { invitation } = (await post(demo, `/api/projects/${viaduct.id}/members`, { email, role: "viewer" }, 201)) as { invitation: { id: string } };
      await post(api, `/api/invitations/${invitation.id}/accept`, undefined, 200);
      await post(api, "/api/projects", { name: "Viaduct copy", copyFrom: viaduct.id }, 201);
      demoCopy = true;
    }
  }
  const storageState = await api.storageState();
  await Promise.all([api.dispose(), demo.dispose()]);
  return { email, storageState, demoCopy };
}

const fileName = (theme: string, width: number, page: string) => `${theme}-${width}-${page === "/" ? "home" : page.slice(1).replaceAll("/", "-")}.png`;

async function shoot(
  browser: Browser,
  theme: (typeof THEMES)[number],
  { width, options }: (typeof WIDTHS)[number],
  pages: string[],
  storageState?: BrowserContextOptions["storageState"],
): Promise<{ written: number; failed: string[] }> {
  const context = await browser.newContext({ ...options, baseURL: BASE_URL, storageState, reducedMotion: "reduce" });
  // The theme as the toggle stores it (SPEC: local storage key `theme`), before the page's first script.
  await context.addInitScript((stored) => localStorage.setItem("theme", stored), theme);
  const page = await context.newPage();
  let written = 0;
  const failed: string[] = [];
  for (const route of pages) {
    try {
      await page.goto(route);
      await page.waitForLoadState("load");
      // A table screen shows its rows once they arrive; its event stream stays open, so not "networkidle".
      const fetched = page.getByTestId("fetched-line");
      if (await fetched.count()) await fetched.filter({ hasText: /^Fetched \d+ items/ }).waitFor({ timeout: 30_000 });
      // Cards that load after the page (Settings' members and tokens) say "Loading..." until they have their data.
      await page
        .waitForFunction(
          () => ![...document.querySelectorAll("body *")].some((el) => el.children.length === 0 && el.textContent?.trim() === "Loading..."),
          null,
          {
            timeout: 15_000,
          },
        )
        .catch(() => console.warn(`${theme} ${width} ${route}: still loading after 15 s, taken as it is`));
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(OUT_DIR, fileName(theme, width, route)), fullPage: true });
      written++;
    } catch (error) {
      failed.push(`${theme} ${width} ${route}: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  await context.close();
  return { written, failed };
}

async function main() {
  const health = await fetch(`${BASE_URL}/api/health`).catch(() => null);
  if (!health?.ok) {
    console.error(`No Pontifex server answers at ${BASE_URL} (start one with \`npm start\`, or set BASE_URL).`);
    process.exit(2);
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const user = await signUp();
  console.log(`Signed up ${user.email}${user.demoCopy ? ", with a copy of the demo project" : " (no demo account on this server: its project is empty)"}.`);
  const browser = await chromium.launch(launchOptions);
  let written = 0;
  const failed: string[] = [];
  try {
    // One context at a time: the server and the browser share the machine.
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        for (const [pages, state] of [
          [SIGNED_OUT, undefined],
          [SIGNED_IN, user.storageState],
        ] as const) {
          const done = await shoot(browser, theme, width, [...pages], state);
          written += done.written;
          failed.push(...done.failed);
        }
        console.log(`${theme} ${width.width} px: done`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`Wrote ${written} screenshots to ${path.relative(process.cwd(), OUT_DIR) || "."}/.`);
  if (failed.length) {
    console.error(`${failed.length} failed:\n${failed.join("\n")}`);
    process.exit(1);
  }
}

await main();
