import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "./fixtures";
import { BASE_URL, shareCurrentProject, signUpAndLogIn, uniqueEmail, TABLE_LOAD } from "./helpers";

type Row = Record<string, string | number>;
const headers = { origin: BASE_URL };
const tag = () => randomBytes(3).toString("hex");

async function create(request: APIRequestContext, data: Row): Promise<Row> {
  const res = await request.post("/api/database/box/create-element", { data: { data }, headers });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: Row }).data;
}

async function stored(request: APIRequestContext, id: unknown): Promise<Row> {
  const rows = ((await (await request.get("/api/database/box/fetch-all")).json()) as { data: Row[] }).data;
  return rows.find((r) => r.Id === Number(id))!;
}

const grid = (page: Page) => page.getByTestId("parameter-grid");
const rowOf = (page: Page, name: string) =>
  grid(page)
    .locator(`[role=row]`)
    .filter({ has: page.getByRole("gridcell", { name, exact: true }) });
const cell = (page: Page, name: string, col: number) => rowOf(page, name).locator(`[data-col="${col}"]`);

/** Three rows of our own, filtered so they are the only ones shown (in Id order). */
async function threeRows(page: Page) {
  const prefix = `Sheet_${tag()}`;
  const rows = [];
  for (const [i, values] of [
    ["1", "10"],
    ["2", "20"],
    ["3", "30"],
  ].entries()) {
    rows.push(await create(page.request, { Parameter: `${prefix}_${i + 1}`, Item1: values[0]!, Item2: values[1]! }));
  }
  await page.goto(`/revitbox?filter=${prefix}`);
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched \d+ items/, TABLE_LOAD);
  await expect(grid(page).locator("[role=row][data-row-id]")).toHaveCount(3);
  return { prefix, rows };
}

async function paste(page: Page, text: string) {
  await grid(page).evaluate((el, data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/plain", data);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, text);
}

async function copy(page: Page): Promise<string> {
  return grid(page).evaluate((el) => {
    const transfer = new DataTransfer();
    el.dispatchEvent(new ClipboardEvent("copy", { clipboardData: transfer, bubbles: true, cancelable: true }));
    return transfer.getData("text/plain");
  });
}

test.beforeEach(async ({ page }) => {
  await signUpAndLogIn(page);
});

test("a selected cell moves with the keys; typing edits it in place, Enter saves, Escape cancels", async ({ page }) => {
  const { prefix, rows } = await threeRows(page);
  await cell(page, `${prefix}_1`, 1).click();
  await expect(cell(page, `${prefix}_1`, 1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.type("42");
  await expect(grid(page).getByRole("textbox")).toHaveValue("42");
  await page.keyboard.press("Enter");
  await expect(cell(page, `${prefix}_1`, 1)).toHaveText("42");
  await expect.poll(async () => (await stored(page.request, rows[0]!.Id)).Item1).toBe("42");
  // Enter moved down a row: F2 edits the value there, Escape throws the typing away.
  await expect(cell(page, `${prefix}_2`, 1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("F2");
  await page.keyboard.type("99");
  await page.keyboard.press("Escape");
  await expect(cell(page, `${prefix}_2`, 1)).toHaveText("2");
  // Tab and the arrows move; Shift+arrow extends the range; copy gives what Excel reads.
  await page.keyboard.press("Tab");
  await expect(cell(page, `${prefix}_2`, 2)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowLeft");
  expect(await copy(page)).toBe("42\t10\r\n2\t20\r\n");
});

test("a block pasted from Excel fills cells and new Item columns; past the last row it is refused", async ({ page }) => {
  const { prefix, rows } = await threeRows(page);
  await cell(page, `${prefix}_2`, 1).click();
  await paste(page, "7\t70\t700\r\n8\t80\t800\r\n");
  await expect(cell(page, `${prefix}_3`, 1)).toHaveText("8");
  await expect.poll(async () => stored(page.request, rows[1]!.Id)).toMatchObject({ Item1: "7", Item2: "70" });
  const last = await stored(page.request, rows[2]!.Id);
  expect(last).toMatchObject({ Item1: "8", Item2: "80" });
  // The third pasted column went into a new column after the table's last Item column.
  expect(Object.entries(last).some(([key, value]) => /^Item\d+$/.test(key) && value === "800")).toBe(true);

  await cell(page, `${prefix}_3`, 1).click();
  await paste(page, "a\nb\nc");
  await expect(page.getByText(/3 rows, 2 more than the table has below the selected cell/)).toBeVisible();
  expect((await stored(page.request, rows[2]!.Id)).Item1).toBe("8");
});

test("fill down, then undo and redo it; undo never overwrites a colleague's newer change", async ({ page, browser }) => {
  const { prefix, rows } = await threeRows(page);
  await cell(page, `${prefix}_1`, 2).click();
  await cell(page, `${prefix}_3`, 2).click({ modifiers: ["Shift"] });
  await page.keyboard.press("Control+d");
  await expect(cell(page, `${prefix}_3`, 2)).toHaveText("10");
  await expect.poll(async () => (await stored(page.request, rows[2]!.Id)).Item2).toBe("10");

  await page.getByRole("button", { name: /^Undo: Fill down/ }).click();
  await expect(cell(page, `${prefix}_3`, 2)).toHaveText("30");
  await expect.poll(async () => (await stored(page.request, rows[1]!.Id)).Item2).toBe("20");
  await page.keyboard.press("Control+Shift+z");
  await expect(cell(page, `${prefix}_2`, 2)).toHaveText("10");

  // A colleague changes one of the filled rows; my undo is refused and says why.
  const other = await browser.newContext({ baseURL: BASE_URL });
  const colleague = await other.newPage();
  await shareCurrentProject(page, await signUpAndLogIn(colleague, uniqueEmail("colleague"), { demoCopy: false }), "editor", colleague);
  const current = await stored(colleague.request, rows[2]!.Id);
  const res = await colleague.request.post("/api/database/box/edit-element", {
    data: { id: rows[2]!.Id, data: { Version: current.Version, Item2: "theirs" } },
    headers,
  });
  expect(res.status()).toBe(200);
  await other.close();
  await page.keyboard.press("Control+z");
  await expect(page.getByText(/Not undone: Fill down/)).toBeVisible();
  expect((await stored(page.request, rows[2]!.Id)).Item2).toBe("theirs");
});

/** Types 5 into the first row's Item1 (stored as version 2), then opens that row's history, its two versions listed. */
async function editThenOpenHistory(page: Page, prefix: string, id: unknown) {
  await cell(page, `${prefix}_1`, 1).dblclick();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("5");
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await stored(page.request, id)).Item1).toBe("5");
  await page.getByRole("button", { name: `History of ${prefix}_1` }).click();
  const panel = page.getByTestId("row-history");
  await expect(panel.getByTestId("history-version")).toHaveCount(2);
  return panel;
}

test("a restore goes through while the grid still waits for its last save's answer (History opened right after an edit)", async ({ page }) => {
  const { prefix, rows } = await threeRows(page);
  // The save reaches the server (the row is at version 2) but its answer is held back from the screen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/projects\/\d+\/datasets\/box\/rows(\/\d+)?$/, async (route) => {
    if (route.request().method() !== "PATCH") return route.fallback();
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  const panel = await editThenOpenHistory(page, prefix, rows[0]!.Id);
  await panel.getByTestId("history-version").nth(1).getByRole("button", { name: "Restore this version" }).click();
  await expect.poll(async () => (await stored(page.request, rows[0]!.Id)).Version).toBe(3);
  expect((await stored(page.request, rows[0]!.Id)).Item1).toBe("1");
  release();
});

test("a row's history shows every version with its author and changed cells, and restores one", async ({ page }) => {
  const { prefix, rows } = await threeRows(page);
  const panel = await editThenOpenHistory(page, prefix, rows[0]!.Id);
  await expect(panel.getByTestId("history-version").first()).toContainText("Version 2");
  await expect(panel.getByTestId("history-version").first()).toContainText("edited by");
  await expect(panel.getByTestId("changed-cells").first()).toContainText("Item1: 1 → 5");
  await panel.getByTestId("history-version").nth(1).getByRole("button", { name: "Restore this version" }).click();
  await expect(cell(page, `${prefix}_1`, 1)).toHaveText("1");
  expect(await stored(page.request, rows[0]!.Id)).toMatchObject({ Item1: "1", Version: 3 });

  // The table's activity lists it, and brings a deleted row back.
  await page.getByRole("button", { name: `Delete ${prefix}_3` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(rowOf(page, `${prefix}_3`)).toHaveCount(0);
  await page.getByRole("button", { name: "Activity: who changed what" }).click();
  const log = page.getByTestId("activity-log");
  await expect(log.getByTestId("activity-event").first()).toContainText(`${prefix}_3`);
  await log.getByRole("button", { name: `Restore ${prefix}_3` }).click();
  await expect(log.getByRole("button", { name: `Restore ${prefix}_3` })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(rowOf(page, `${prefix}_3`)).toHaveCount(1);
});
