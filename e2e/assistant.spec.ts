import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import { BASE_URL, isMobile, LLM_TEST_KEY, PHONE, signUpAndLogIn, TABLE_LOAD } from "./helpers";

// The app runs with LLM_BASE_URL on the scripted fake model (test/llm-fake, default script; see playwright.config.ts).

const input = (page: Page) => page.getByLabel("Message to the assistant");

/**
 * A fresh page's first answer: the chat's code (the AI SDK, Markdown, the tool cards) is fetched at the page's load,
 * after its first scripts, so on a busy CI machine the first answer also waits for it, like a table's first rows.
 */
const FIRST_ANSWER = TABLE_LOAD;

async function ask(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press("Enter");
}

test.beforeEach(async ({ page }) => {
  await signUpAndLogIn(page);
});

test("a calculation answered from the tool, opened in the calculator", async ({ page }) => {
  await page.goto("/midas/chatbot");
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chat");
  await ask(page, "What is the bending capacity of b 300 D 450 f'c 32 with 1800 mm² at 390, M* 200 kNm?");
  await expect(page.getByText("φMuo = 253.6 kNm", { exact: true })).toBeVisible(FIRST_ANSWER);
  // The model's key stays on the server: not in the page, not in the answer.
  expect(await (await answered).text()).toContain("253.6");
  expect(await (await answered).text()).not.toContain(LLM_TEST_KEY);
  expect(await page.content()).not.toContain(LLM_TEST_KEY);
  await page.getByRole("link", { name: "Open in calculator" }).click();
  await expect(page).toHaveURL(/\/calculations\?shape=rectangle&b=300&D=450&fc=32/);
  await expect(page.getByText("253.6").first()).toBeVisible();
});

test("a proposed edit is saved only on Apply, and the data screen shows it", async ({ page }) => {
  // Three pages, a streamed answer, a save and a table's first screen: past 60 s on a loaded 2-core machine (a hog run).
  test.setTimeout(120_000);
  const parameter = `E2EHeight${randomBytes(3).toString("hex")}`;
  const created = await page.request.post("/api/database/pier/create-element", {
    data: { data: { Parameter: parameter, Item1: "10" } },
    headers: { origin: BASE_URL },
  });
  expect(created.status()).toBe(201);
  const value = async () =>
    ((await (await page.request.get("/api/database/pier/fetch-all")).json()).data as Record<string, unknown>[]).find((r) => r.Parameter === parameter)?.Item1;

  await page.goto("/midas/chatbot");
  await ask(page, `set Item1 of ${parameter} in pier to 12`);
  const card = page.getByRole("region", { name: "Proposed changes to Revit_Pier Data" });
  await expect(card).toContainText(parameter, FIRST_ANSWER);
  await expect(page.getByText(/Nothing has changed yet/)).toBeVisible();
  expect(await value()).toBe("10");

  await card.getByRole("button", { name: "Apply" }).click();
  await expect(card.getByText(/Saved 1 change/)).toBeVisible();
  expect(await value()).toBe("12");
  await expect(page.getByText(/^Noted: Result: Saved 1 change/)).toBeVisible();
  // The outcome is on the server's copy of the card: reopened, the card shows it and offers no Apply.
  await expect(page).toHaveURL(/[?&]c=/);
  await page.reload();
  await expect(card.getByText(/Saved 1 change/)).toBeVisible();
  await expect(card.getByRole("button", { name: "Apply" })).toHaveCount(0);

  await page.goto("/revitpier");
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched \d+ items/, TABLE_LOAD);
  await page.getByPlaceholder("Filter Parameters...").fill(parameter);
  const row = page
    .getByTestId("parameter-grid")
    .getByRole("row")
    .filter({ has: page.getByRole("gridcell", { name: parameter, exact: true }) });
  await expect(row.getByRole("gridcell", { name: "12", exact: true })).toBeVisible();
});

test("Stop ends a streaming answer and keeps what came", async ({ page }) => {
  await page.goto("/midas/chatbot");
  await ask(page, "give me a long answer");
  await expect(page.getByText(/Paragraph 2:/)).toBeVisible(FIRST_ANSWER);
  // Stopped for good: the answer's stream is cut off before its end, so nothing more can arrive.
  const cutOff = page.waitForEvent("requestfailed", (r) => new URL(r.url()).pathname === "/api/chat");
  await page.getByRole("button", { name: "Stop the answer" }).click();
  await cutOff;
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
  await expect(page.getByText(/Paragraph 1:/)).toBeVisible();
  await expect(page.getByText(/Paragraph 60:/)).toHaveCount(0);
});

test("an old conversation reopens from the sidebar", PHONE, async ({ page }, testInfo) => {
  await page.goto("/midas/chatbot");
  await ask(page, "Tension lap length of N16 bars in f'c 40 concrete with cd 50 mm?");
  await expect(page.getByText(/Lsy\.t\.lap = /)).toBeVisible(FIRST_ANSWER);
  const answer = await page.getByText(/Lsy\.t\.lap = /).textContent();

  await page.goto("/midas/chatbot");
  await expect(page.getByText(/Lsy\.t\.lap = /)).toHaveCount(0);
  if (isMobile(testInfo)) await page.getByRole("button", { name: "Open the conversations" }).click();
  await page
    .getByRole("navigation", { name: "Conversations" })
    .getByRole("button", { name: /^Tension lap length of N16/ })
    .click();
  await expect(page.getByText(/Lsy\.t\.lap = /)).toHaveText(answer!);
  await expect(page).toHaveURL(/[?&]c=/);
  // The conversation goes on where it was; the browser sends the new message only (the server keeps the rest).
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/chat");
  await ask(page, "What is the bending capacity of b 300 D 450 f'c 32 with 1800 mm² at 390?");
  const body = (await sent).postDataJSON() as { messages: { role: string; parts: { text?: string }[] }[] };
  expect(body.messages).toHaveLength(1);
  expect(body.messages[0]).toMatchObject({ role: "user", parts: [{ text: "What is the bending capacity of b 300 D 450 f'c 32 with 1800 mm² at 390?" }] });
  await expect(page.getByText("φMuo = 253.6 kNm", { exact: true })).toBeVisible();
  await expect(page.getByText(/Lsy\.t\.lap = /)).toBeVisible();
});

test("a full conversation and too many conversations: the refusal says what to do", async ({ page }) => {
  // The server's refusals (app/api/chat/history.api.test.ts reaches them for real); their limits are far off in this run.
  const refusals = [
    {
      status: 413,
      error: "This conversation would be 1,001 kB, over its limit of 1,000 kB (CHAT_MAX_CONVERSATION_BYTES = 1000000). Start a new conversation to go on.",
      limit: 1_000_000,
    },
    {
      status: 429,
      error:
        "You have 500 conversations with the assistant in this project, its limit (CHAT_MAX_CONVERSATIONS_PER_PROJECT = 500). Delete old conversations to start a new one, or go on in one you have.",
      limit: 500,
    },
  ];
  await page.goto("/midas/chatbot");
  for (const { status, error, limit } of refusals) {
    await page.route("**/api/chat", (route) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ error, limit }) }));
    await ask(page, "hello");
    const alert = page.getByRole("alert").filter({ hasText: "The answer failed" });
    await expect(alert).toContainText(error, FIRST_ANSWER);
    // Sending it again would be refused again: no "Try again".
    await expect(alert.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await page.unroute("**/api/chat");
    if (status === 413) {
      await alert.getByRole("button", { name: "Start a new conversation" }).click();
      await expect(page.getByRole("heading", { name: "Ask the engineering assistant" })).toBeVisible();
    } else {
      await expect(alert.getByRole("button", { name: "Start a new conversation" })).toHaveCount(0);
    }
  }
});
