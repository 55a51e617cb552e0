import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";
export type { APIRequestContext, Page } from "@playwright/test";

/** The reporter prints a text attachment's first 300 characters: each part of the story gets its own. */
const PRINTED = 300;

/**
 * Playwright's `test`, telling why a test failed where CI prints it: the
 * requests that failed or were refused, the page's errors, and what the open
 * dialog or alert said (the trace and screenshot stay on the machine that ran it).
 */
export const test = base.extend<{ failureContext: void }>({
  failureContext: [
    async ({ context }, use, testInfo) => {
      const events: string[] = [];
      const started = performance.now();
      const at = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
      context.on("requestfailed", (request) => {
        events.push(`${at()} ${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`);
      });
      context.on("response", (response) => {
        if (response.status() >= 400) events.push(`${at()} ${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
      });
      context.on("weberror", (error) => events.push(`${at()} page error: ${error.error().message}`));
      await use();
      const page = context.pages().find((open) => !open.isClosed());
      if (testInfo.status === testInfo.expectedStatus || !page) return;
      const text = async (selector: string) => {
        const found = page.locator(selector);
        const texts = (await found.allInnerTexts().catch(() => [])).map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean);
        return texts.join(" | ");
      };
      const parts: [string, string][] = [
        ["failed requests", events.join("\n") || "none"],
        ["dialog on screen", (await text("[role=dialog], [role=alertdialog]")) || "none"],
        ["alerts on screen", (await text("[role=alert], [data-sonner-toast]")) || "none"],
      ];
      for (const [name, body] of parts) {
        // Long logs keep their end: the failure is usually the last thing that happened.
        await testInfo.attach(name, { body: body.length > PRINTED ? `...${body.slice(-(PRINTED - 3))}` : body, contentType: "text/plain" });
      }
    },
    { auto: true },
  ],
});
