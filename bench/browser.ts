/**
 * What an engineer sees of a table screen, measured in headless Chromium the
 * same way for our screen and for the AG Grid page: navigation to the first
 * data row painted, when the data request started and how long it took, the
 * main thread's script time, the JavaScript loaded, a far scroll, a filter.
 *
 * The page-side functions are written inline (no named helpers): tsx would
 * wrap named functions in a __name() the page does not have.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { chromium } from "@playwright/test";

export type Side = {
  name: string;
  url: string;
  /** A data row on screen: the grid's, or one the server rendered before it. */
  rowSelector: string;
  /** A row of the working grid (editable, scrollable, filterable). */
  gridSelector: string;
  /** The data request, as its URL ends. */
  dataUrlPart: string;
  /** Cookies to sign in with, if any. */
  cookies?: { name: string; value: string; url: string }[];
  /** Scrolls to the far right and bottom; resolves with the selector of the cell that must then be painted. */
  farScroll: (page: Page) => Promise<string>;
  /** Applies the Parameter filter "skewangle01"; resolves with the selector of the Parameter cells then shown. */
  filter: (page: Page) => Promise<string>;
};

export type Load = {
  firstRow: number;
  gridReady: number;
  requestStart: number;
  requestMs: number;
  receivedToRow: number;
  scriptMs: number;
  scriptBytes: number;
};

export const VIEWPORT = { width: 1280, height: 900 };

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
}

/** Marks, in every page of a context, when a data row was first painted (`__firstRow`) and when the grid's first row was (`__gridReady`). */
async function watchFirstRow(context: BrowserContext, side: Side): Promise<void> {
  await context.addInitScript(
    ([rowSelector, gridSelector]) => {
      const w = window as unknown as Record<string, number | undefined>;
      // (A loop, not a named helper: tsx would wrap a named function in a __name() the page does not have.)
      for (const [selector, mark] of [
        [rowSelector, "__firstRow"],
        [gridSelector, "__gridReady"],
      ]) {
        new MutationObserver((_, observer) => {
          if (!document.querySelector(selector!)) return;
          observer.disconnect();
          // The frame that draws it, then the task after its paint.
          requestAnimationFrame(() => setTimeout(() => (w[mark!] ??= performance.now()), 0));
        }).observe(document, { childList: true, subtree: true });
      }
    },
    [side.rowSelector, side.gridSelector] as const,
  );
}

export async function newSideContext(browser: Browser, side: Side): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  if (side.cookies) await context.addCookies(side.cookies);
  await watchFirstRow(context, side);
  return context;
}

/** One navigation to a side's page in `page`, measured until its first data row is painted. */
export async function measureLoad(page: Page, side: Side): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const scriptBefore = await scriptSeconds(cdp);
  await page.goto(side.url, { waitUntil: "commit" });
  try {
    await page.waitForFunction(() => (window as unknown as { __gridReady?: number }).__gridReady !== undefined, undefined, { timeout: 60_000 });
  } catch (error) {
    await page.screenshot({ path: "/tmp/bench-timeout.png" });
    throw new Error(`${side.name}: no data row within 60 s at ${page.url()}`, { cause: error });
  }
  await page.waitForLoadState("load");
  const scriptAfter = await scriptSeconds(cdp);
  await cdp.detach();
  const figures = await page.evaluate((dataUrlPart: string) => {
    const { __firstRow: firstRow, __gridReady: gridReady } = window as unknown as { __firstRow: number; __gridReady: number };
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const data = resources.find((e) => e.name.includes(dataUrlPart));
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const until = Math.max(gridReady, navigation.loadEventEnd);
    // The JavaScript of the first load: every script fetched before the page was loaded and showing rows.
    const scriptBytes = resources
      .filter((e) => (e.initiatorType === "script" || /\.js(\?|$)/.test(e.name)) && e.startTime <= until)
      .reduce((sum, e) => sum + e.encodedBodySize, 0);
    return {
      firstRow,
      gridReady,
      requestStart: data?.startTime ?? Number.NaN,
      requestMs: data ? data.responseEnd - data.startTime : Number.NaN,
      receivedToRow: data ? gridReady - data.responseEnd : Number.NaN,
      scriptBytes,
    };
  }, side.dataUrlPart);
  return { ...figures, scriptMs: (scriptAfter - scriptBefore) * 1000 };
}

async function scriptSeconds(cdp: { send: (method: "Performance.getMetrics") => Promise<{ metrics: { name: string; value: number }[] }> }) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return metrics.find((m) => m.name === "ScriptDuration")?.value ?? 0;
}

/** Our table screen scrolled to its far corner (bench:tables and bench:profile-page alike). */
export async function scrollOurGridToFarCorner(page: Page): Promise<void> {
  await page.evaluate(() => {
    const grid = document.querySelector<HTMLElement>("[data-testid=parameter-grid]")!;
    grid.scrollTop = grid.scrollHeight;
    grid.scrollLeft = grid.scrollWidth;
  });
}

/** Our screen's Parameter filter set to "skewangle01", as typing does; resolves with the selector of the Parameter cells then shown. */
export async function filterOurGrid(page: Page): Promise<string> {
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('input[placeholder="Filter Parameters..."]')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, "skewangle01");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  return "[data-row-id] [data-column=Parameter]";
}

/**
 * Until the page has finished loading what it loads after its first paint (no request for half a second, then an
 * idle moment of the main thread): a scroll or a filter is timed on its own, not with the page's late code.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 2000 })));
}

/** Time from an action to the task after the frame in which `selector` matched (and, if given, every match passes `every`). */
export async function timeUntilPainted(page: Page, act: () => Promise<string>, everyStartsWith?: string): Promise<number> {
  const t0 = await page.evaluate(() => performance.now());
  const selector = await act();
  return page.evaluate(
    async ([sel, prefix, start]) => {
      for (;;) {
        const found = [...document.querySelectorAll(sel)];
        if (found.length > 0 && (prefix === "" || found.every((el) => el.textContent?.trim().startsWith(prefix)))) break;
        await new Promise((r) => setTimeout(r, 0));
      }
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - start;
    },
    [selector, everyStartsWith ?? "", t0] as const,
  );
}

/** The total of each script's compressed bytes a fresh tab loads for a page (its first-load JavaScript). */
export async function firstLoadScriptBytes(browser: Browser, url: string, cookies?: Side["cookies"]): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  if (cookies) await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  const bytes = await page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === "script" || /\.js(\?|$)/.test(e.name))
      .reduce((sum, e) => sum + e.encodedBodySize, 0),
  );
  await context.close();
  return bytes;
}
