import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "./fixtures";
import { BASE_URL, PHONE, rowAction, screenRowsRequest, shareCurrentProject, signUpAndLogIn, TABLE_LOAD } from "./helpers";

type Row = Record<string, string | number>;

/** The Item1 column's header: "Item1", or "Item1 · B1-A1" where a row names the items (not Item10, Item11, ...). */
const ITEM1 = /^Item1(?!\d)/;
const tag = () => randomBytes(3).toString("hex");

async function createRow(request: APIRequestContext, ds: string, data: Row): Promise<Row> {
  const res = await request.post(`/api/database/${ds}/create-element`, { data: { data }, headers: { origin: BASE_URL } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: Row }).data;
}

async function fetchRow(request: APIRequestContext, ds: string, id: number | string): Promise<Row> {
  const res = await request.get(`/api/database/${ds}/fetch-all`);
  const rows = ((await res.json()) as { data: Row[] }).data;
  return rows.find((r) => r.Id === Number(id))!;
}

const grid = (page: Page) => page.getByTestId("parameter-grid");
const rowOf = (page: Page, parameter: string) =>
  grid(page)
    .getByRole("row")
    .filter({ has: page.getByRole("gridcell", { name: parameter, exact: true }) });

async function openDataset(page: Page, route: string, filter?: string) {
  await page.goto(route);
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched \d+ items in \d+ms$/, TABLE_LOAD);
  if (filter) await page.getByPlaceholder("Filter Parameters...").fill(filter);
}

test.beforeEach(async ({ page }) => {
  await signUpAndLogIn(page);
});

test("the four screens show their titles, push labels and the demo rows", PHONE, async ({ page }) => {
  // Four table screens one after another.
  test.setTimeout(120_000);
  const screens = [
    ["/revitpier", "Revit_Pier Data", "Push All to Revit", "PierHeight"],
    ["/revitabt", "Revit_Abt Data", "Push All to Revit", "BackwallHeight"],
    ["/revitbox", "Revit_Box Data", "Push All to Revit", "SpanLength"],
    ["/coresetup", "Core Data", "Push to Revit", "DeckWidth"],
  ] as const;
  for (const [route, title, push, parameter] of screens) {
    await openDataset(page, route);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("button", { name: push, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Create New Row" })).toBeVisible();
    await page.getByPlaceholder("Filter Parameters...").fill(parameter);
    await expect(rowOf(page, parameter)).toBeVisible();
  }
});

test("fetch-all arrives gzipped for a browser that accepts it", async ({ page }) => {
  const res = await page.request.get("/api/database/pier/fetch-all", { headers: { "accept-encoding": "gzip" } });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-encoding"]).toBe("gzip");
  expect(((await res.json()) as { data: Row[] }).data.length).toBeGreaterThanOrEqual(25);
});

test("create a row: a new input row at the top, the check confirms it, the Fetched line updates", PHONE, async ({ page }) => {
  const name = `NewParam_${tag()}`;
  await openDataset(page, "/revitabt");
  const before = Number((await page.getByTestId("fetched-line").textContent())!.match(/Fetched (\d+)/)![1]);
  await page.getByRole("button", { name: "Create New Row" }).click();
  const createRowEl = page.getByTestId("create-row");
  await expect(createRowEl).toBeVisible();
  await createRowEl.getByLabel("Parameter of the new row").fill(name);
  await createRowEl.getByLabel("Item1 of").fill("4.25");
  await createRowEl.getByRole("button", { name: "Confirm new row" }).click();
  await expect(page.getByTestId("fetched-line")).toHaveText(new RegExp(`^Fetched ${before + 1} items`));
  await page.getByPlaceholder("Filter Parameters...").fill(name);
  await expect(rowOf(page, name).getByRole("gridcell", { name: "4.25" })).toBeVisible();
  await expect(createRowEl).toHaveCount(0);
});

test("the X cancels a new row without writing anything", async ({ page }) => {
  const name = `Cancelled_${tag()}`;
  await openDataset(page, "/revitabt");
  await page.getByRole("button", { name: "Create New Row" }).click();
  await page.getByTestId("create-row").getByLabel("Parameter of the new row").fill(name);
  await page.getByRole("button", { name: "Cancel new row" }).click();
  await expect(page.getByTestId("create-row")).toHaveCount(0);
  const rows = ((await (await page.request.get("/api/database/abt/fetch-all")).json()) as { data: Row[] }).data;
  expect(rows.some((r) => r.Parameter === name)).toBe(false);
});

test("edit an angle row: degrees on screen, Save asks first, radians stored, untouched cells unchanged", PHONE, async ({ page }) => {
  const name = `TestSkewAngle_${tag()}`;
  const row = await createRow(page.request, "pier", { Parameter: name, Item1: "0.261799387799", Item2: "0.1234567890123" });
  await openDataset(page, "/revitpier", name);
  const line = rowOf(page, name);
  await expect(line.getByRole("gridcell", { name: "15.00" })).toBeVisible();
  await expect(line.getByRole("gridcell", { name: "7.07" })).toBeVisible();

  await rowAction(page, name, `Edit ${name}`);
  const edit = page.getByTestId("edit-row");
  await expect(edit.getByLabel(`Item1 of ${name} (degrees)`)).toHaveValue("15.00");
  await edit.getByLabel(`Item1 of ${name} (degrees)`).fill("30");
  await edit.getByLabel(`Item1 of ${name} (degrees)`).press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Save ${name}?`);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("edit-row")).toHaveCount(0);
  await expect(rowOf(page, name).getByRole("gridcell", { name: "30.00" })).toBeVisible();

  const stored = await fetchRow(page.request, "pier", row.Id!);
  expect(Number(stored.Item1)).toBeCloseTo(Math.PI / 6, 12);
  expect(stored.Item2).toBe("0.1234567890123");
  expect(stored.Version).toBe(2);
});

test("Exit discards the edits; Escape exits too", async ({ page }) => {
  const name = `Discard_${tag()}`;
  const row = await createRow(page.request, "box", { Parameter: name, Item1: "1.0" });
  await openDataset(page, "/revitbox", name);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await page.getByTestId("edit-row").getByLabel(`Item1 of ${name}`).fill("999");
  await page.getByRole("region", { name: "Edit tools" }).getByRole("button", { name: "Exit" }).click();
  await expect(rowOf(page, name).getByRole("gridcell", { name: "1.0", exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await page.getByTestId("edit-row").getByLabel(`Item1 of ${name}`).fill("888");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("edit-row")).toHaveCount(0);
  expect((await fetchRow(page.request, "box", row.Id!)).Item1).toBe("1.0");
});

test("Copy to N Number Cells fills Item1..ItemN and adds the missing Item columns", PHONE, async ({ page }) => {
  const name = `CopyMe_${tag()}`;
  const row = await createRow(page.request, "box", { Parameter: name, Item1: "0" });
  await openDataset(page, "/revitbox", name);
  await rowAction(page, name, `Edit ${name}`);
  await page.getByRole("button", { name: "Copy to N Number Cells" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Copy Value to Columns");
  await dialog.getByLabel("Value").fill("7.5");
  await dialog.getByLabel("Number of columns").fill("14");
  await dialog.getByRole("button", { name: "Copy" }).click();
  await page.getByRole("region", { name: "Edit tools" }).getByRole("button", { name: "Save" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("edit-row")).toHaveCount(0);
  const stored = await fetchRow(page.request, "box", row.Id!);
  for (let i = 1; i <= 14; i++) expect(stored[`Item${i}`]).toBe("7.5");
  await grid(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(grid(page).getByRole("columnheader", { name: "Item14" })).toBeAttached();
});

test("Paste Excel Data places values into Item1, Item2, ... where those columns exist", PHONE, async ({ page }) => {
  const name = `PasteMe_${tag()}`;
  const row = await createRow(page.request, "coresetup", { Parameter: name, Item1: "a" });
  await openDataset(page, "/coresetup", name);
  await rowAction(page, name, `Edit ${name}`);
  await page.getByRole("button", { name: "Paste Excel Data" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Paste Excel Data");
  await dialog.getByLabel("Data").fill("11\t12\t13");
  await dialog.getByRole("button", { name: "Apply" }).click();
  const edit = page.getByTestId("edit-row");
  await expect(edit.getByLabel(`Item1 of ${name}`)).toHaveValue("11");
  await expect(edit.getByLabel(`Item2 of ${name}`)).toHaveValue("12");
  await page.getByRole("region", { name: "Edit tools" }).getByRole("button", { name: "Save" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("edit-row")).toHaveCount(0);
  const stored = await fetchRow(page.request, "coresetup", row.Id!);
  expect([stored.Item1, stored.Item2, stored.Item3]).toEqual(["11", "12", "13"]);
});

test("filter Parameters (case-insensitive), sort by a column, and 'No results.'", async ({ page }) => {
  const prefix = `Sort${tag()}`;
  for (const [suffix, value] of [
    ["A", "12.5"],
    ["B", "9.75"],
    ["C", "12.45"],
  ] as const) {
    await createRow(page.request, "abt", { Parameter: `${prefix}_${suffix}`, Item1: value });
  }
  await openDataset(page, "/revitabt", prefix.toLowerCase());
  const parameters = () => grid(page).locator("[data-row-id] [data-column=Parameter]").allTextContents();
  await expect.poll(parameters).toHaveLength(3);
  const sortButton = grid(page).getByRole("button", { name: ITEM1 });
  await sortButton.click();
  await expect.poll(parameters).toEqual([`${prefix}_B`, `${prefix}_C`, `${prefix}_A`]);
  await sortButton.click();
  await expect.poll(parameters).toEqual([`${prefix}_A`, `${prefix}_C`, `${prefix}_B`]);
  await expect(grid(page).getByRole("columnheader", { name: ITEM1 })).toHaveAttribute("aria-sort", "descending");
  await page.getByPlaceholder("Filter Parameters...").fill(`${prefix}-nothing-matches`);
  await expect(grid(page)).toContainText("No results.");
});

test("Filter Columns switches between First Column (3), First 10 Columns and All Columns", async ({ page }) => {
  await openDataset(page, "/revitpier");
  const valueHeaders = () => grid(page).getByRole("columnheader", { name: /^Item\d+/ });
  await page.getByRole("button", { name: "Filter Columns" }).click();
  await page.getByRole("menuitemradio", { name: "First Column" }).click();
  await expect(valueHeaders()).toHaveCount(3);
  await page.getByRole("button", { name: "Filter Columns" }).click();
  await page.getByRole("menuitemradio", { name: "First 10 Columns" }).click();
  await grid(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(grid(page).getByRole("columnheader", { name: "Item10" })).toBeAttached();
  await expect(grid(page).getByRole("columnheader", { name: "Item11" })).toHaveCount(0);
  await page.getByRole("button", { name: "Filter Columns" }).click();
  await page.getByRole("menuitemradio", { name: "All Columns" }).click();
  await grid(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(grid(page).getByRole("columnheader", { name: "Item11" })).toBeAttached();
});

test("a jump to the far corner draws the last row's last cell, and a jump back the first row's first", async ({ page }) => {
  // A table of its own (no demo rows): 60 rows of 40 Item columns, each cell naming its row and column.
  await signUpAndLogIn(page, undefined, { demoCopy: false });
  const { project } = (await (await page.request.get("/api/projects/current")).json()) as { project: { id: number } };
  const columns = Array.from({ length: 40 }, (_, c) => `Item${c + 1}`);
  const create = Array.from({ length: 60 }, (_, r) => ({ data: { Parameter: `Far${r}`, ...Object.fromEntries(columns.map((c) => [c, `${r}:${c}`])) } }));
  const res = await page.request.post(`/api/projects/${project.id}/datasets/batch`, {
    data: { tables: [{ dataset: "abt", create }] },
    headers: { origin: BASE_URL },
  });
  expect(res.status()).toBe(200);
  const rows = ((await (await page.request.get("/api/database/abt/fetch-all")).json()) as { data: Row[] }).data.sort((a, b) => Number(a.Id) - Number(b.Id));
  const [first, last] = [rows[0]!, rows[rows.length - 1]!];

  await openDataset(page, "/revitabt");
  // Both ways at once, as a scrollbar drag or a jump key does: rows and columns both change in one go.
  await grid(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight, left: el.scrollWidth }));
  await expect(grid(page).locator(`[data-row-id="${last.Id}"] [data-col="40"]`)).toHaveText(`${String(last.Parameter).slice(3)}:Item40`);
  await expect(grid(page).locator(`[data-row-id="${first.Id}"]`)).toHaveCount(0);
  await grid(page).evaluate((el) => el.scrollTo({ top: 0, left: 0 }));
  await expect(grid(page).locator(`[data-row-id="${first.Id}"] [data-col="1"]`)).toHaveText(`${String(first.Parameter).slice(3)}:Item1`);
  await expect(grid(page).locator(`[data-row-id="${last.Id}"]`)).toHaveCount(0);
});

test("the filter, sort and preset survive a save (the table refetches in place)", async ({ page }) => {
  const prefix = `Keep${tag()}`;
  await createRow(page.request, "abt", { Parameter: `${prefix}_1`, Item1: "1", Item2: "2", Item3: "3", Item4: "4" });
  await createRow(page.request, "abt", { Parameter: `${prefix}_2`, Item1: "5" });
  await openDataset(page, "/revitabt", prefix);
  await page.getByRole("button", { name: "Filter Columns" }).click();
  await page.getByRole("menuitemradio", { name: "First Column" }).click();
  await grid(page).getByRole("button", { name: ITEM1 }).click();
  await grid(page).getByRole("button", { name: ITEM1 }).click();
  await page.getByRole("button", { name: `Edit ${prefix}_1` }).click();
  await page.getByTestId("edit-row").getByLabel(`Item1 of ${prefix}_1`).fill("9");
  await page.getByRole("region", { name: "Edit tools" }).getByRole("button", { name: "Save" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("edit-row")).toHaveCount(0);
  await expect(page.getByPlaceholder("Filter Parameters...")).toHaveValue(prefix);
  await expect(grid(page).getByRole("columnheader", { name: /^Item\d+/ })).toHaveCount(3);
  await expect(grid(page).getByRole("columnheader", { name: ITEM1 })).toHaveAttribute("aria-sort", "descending");
  await expect(rowOf(page, `${prefix}_1`).getByRole("gridcell", { name: "9", exact: true })).toBeVisible();
});

test("delete asks for confirmation, then removes the row", PHONE, async ({ page }) => {
  const name = `DeleteMe_${tag()}`;
  const row = await createRow(page.request, "pier", { Parameter: name, Item1: "1" });
  await openDataset(page, "/revitpier", name);
  await rowAction(page, name, `Delete ${name}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Delete ${name}?`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(rowOf(page, name)).toBeVisible();
  await rowAction(page, name, `Delete ${name}`);
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(grid(page)).toContainText("No results.");
  expect(await fetchRow(page.request, "pier", row.Id!)).toBeUndefined();
});

test("a 409 conflict from a second browser keeps my edits and shows the newer values", async ({ page, browser }) => {
  // Two engineers in two browsers, each loading the table: the budget of two tests.
  test.setTimeout(120_000);
  const name = `Conflict_${tag()}`;
  const row = await createRow(page.request, "box", { Parameter: name, Item1: "1.00", Item2: "2.00" });
  await openDataset(page, "/revitbox", name);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await page.getByTestId("edit-row").getByLabel(`Item1 of ${name}`).fill("1.50");

  // A colleague saves the same row in another browser meanwhile.
  const other = await browser.newContext({ baseURL: BASE_URL });
  const colleague = await other.newPage();
  await shareCurrentProject(page, await signUpAndLogIn(colleague, undefined, { demoCopy: false }), "editor", colleague);
  await openDataset(colleague, "/revitbox", name);
  await colleague.getByRole("button", { name: `Edit ${name}` }).click();
  await colleague.getByTestId("edit-row").getByLabel(`Item2 of ${name}`).fill("2.75");
  await colleague.getByRole("region", { name: "Edit tools" }).getByRole("button", { name: "Save" }).click();
  await colleague.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(colleague.getByTestId("edit-row")).toHaveCount(0);
  await other.close();

  await page.getByRole("region", { name: "Edit tools" }).getByRole("button", { name: "Save" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("conflict-alert")).toContainText("Item2: 2.75");
  await expect(page.getByText(/Someone else saved this row/).first()).toBeVisible();
  const edit = page.getByTestId("edit-row");
  await expect(edit.getByLabel(`Item1 of ${name}`)).toHaveValue("1.50");
  await expect(edit.getByLabel(`Item2 of ${name}`)).toHaveValue("2.75");
  expect(await fetchRow(page.request, "box", row.Id!)).toMatchObject({ Item1: "1.00", Item2: "2.75", Version: 2 });

  // Saving again, knowingly, applies my edit on top of theirs.
  await page.getByRole("region", { name: "Edit tools" }).getByRole("button", { name: "Save" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("edit-row")).toHaveCount(0);
  expect(await fetchRow(page.request, "box", row.Id!)).toMatchObject({ Item1: "1.50", Item2: "2.75", Version: 3 });
});

test("an empty dataset says 'No users found.' and the first row can still be created", async ({ page }) => {
  await page.route(screenRowsRequest("coresetup"), (route) =>
    route.fulfill({ json: { fields: ["Id", "Parameter", "CreatedAt", "UpdatedAt", "Version"], columns: [], rows: [] } }),
  );
  await openDataset(page, "/coresetup");
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched 0 items in \d+ms$/);
  await expect(grid(page)).toContainText("No users found.");
  await page.getByRole("button", { name: "Create New Row" }).click();
  await expect(page.getByTestId("create-row").getByLabel("Parameter of the new row")).toBeVisible();
});

test("load failures show the error texts of the specification", async ({ page }) => {
  await page.route(screenRowsRequest("box"), (route) => route.fulfill({ status: 500, json: { error: "database unavailable" } }));
  await page.goto("/revitbox");
  // The alert comes once the screen's script has run and its request has failed: the budget of a table's first load.
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Error during fetching data: database unavailable", TABLE_LOAD);
  await expect(page.getByTestId("parameter-grid")).toHaveCount(0);

  await page.unroute(screenRowsRequest("box"));
  await page.route(screenRowsRequest("box"), (route) => route.fulfill({ json: { data: [] } }));
  await page.goto("/revitbox");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Error during fetching data: Invalid response structure", TABLE_LOAD);

  await page.unroute(screenRowsRequest("box"));
  let release: () => void = () => {};
  let requested: () => void = () => {};
  const held = new Promise<void>((resolve) => (requested = resolve));
  await page.route(screenRowsRequest("box"), async (route) => {
    const released = new Promise<void>((resolve) => (release = resolve));
    requested();
    await released;
    await route.continue();
  });
  await page.goto("/revitbox");
  await expect(page.getByText("Loading...")).toBeVisible();
  await held;
  release();
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched/, TABLE_LOAD);
});

test("a page load asks for the table's rows once; coming back within the app asks again and shows what changed", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => void (screenRowsRequest("pier").test(request.url()) && asked.push(request.url())));
  await openDataset(page, "/revitpier");
  // The head's preload asks, and the screen's own fetch takes that answer over: one request.
  expect(asked).toHaveLength(1);

  const bar = page.getByRole("navigation", { name: "Main" });
  const menuEntry = async (name: string) => {
    await bar.getByRole("button", { name: "Revit DB" }).click();
    await page.locator("[data-slot=navigation-menu-content][data-state=open]").getByRole("link", { name }).click();
  };
  await menuEntry("Revit Box");
  await expect(page.getByRole("heading", { name: "Revit_Box Data" })).toBeVisible();
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched/, TABLE_LOAD);
  const name = `Back_${tag()}`;
  await createRow(page.request, "pier", { Parameter: name, Item1: "4" });

  await menuEntry("Revit Pier");
  await expect(page.getByRole("heading", { name: "Revit_Pier Data" })).toBeVisible();
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched/, TABLE_LOAD);
  await page.getByPlaceholder("Filter Parameters...").fill(name);
  await expect(rowOf(page, name)).toBeVisible();
  expect(asked).toHaveLength(2);
});

test("keyboard: every action has an accessible name and Tab reaches the row actions", async ({ page }) => {
  const name = `Keys_${tag()}`;
  await createRow(page.request, "pier", { Parameter: name, Item1: "3" });
  await openDataset(page, "/revitpier", name);
  for (const label of [`Edit ${name}`, `Delete ${name}`, `Push row to Revit: ${name}`]) {
    await expect(page.getByRole("button", { name: label })).toBeVisible();
  }
  await page.getByRole("button", { name: `Edit ${name}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("edit-row").getByLabel(`Parameter of ${name}`)).toBeFocused();
  await expect(page.getByTestId("edit-row").getByRole("button", { name: "Save" })).toBeVisible();
  await expect(page.getByTestId("edit-row").getByRole("button", { name: "Exit" })).toBeVisible();
});
