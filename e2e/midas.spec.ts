import { mkdirSync, rmdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "./fixtures";
import { demoMidasTables } from "../lib/demo/seed-midas-data";
import { acceptInvitation, BASE_URL, MIDAS_SIM_KEY, MIDAS_SIM_PORT, openMenu, PHONE, rowAction, signUpAndLogIn, TABLE_LOAD } from "./helpers";

type Row = Record<string, string | number>;

const headers = { origin: BASE_URL };

const SCREENS = [
  ["midassetup", "Model Setup"],
  ["midasgeneralsections", "General Sections"],
  ["midaspsc", "PSC Sections"],
  ["midaspiles", "Piles"],
  ["midasload", "Superstructure Loads"],
  ["midasloadsub", "Substructure Loads"],
  ["midasmoving", "Moving Loads"],
  ["midasloadcomb", "Load Combinations"],
  ["midaspt", "PT"],
] as const;

/**
 * Fills the fresh user's project with the demo's Midas tables through the row
 * API (a new project starts from the blank templates), with one mistake: span
 * 3 names a PSC section that does not exist.
 */
async function fillDemoTables(request: APIRequestContext, projectId: number): Promise<void> {
  const tables = demoMidasTables();
  tables.midassetup.find((r) => r.parameter === "GirderSection")!.values.Item3 = "BOX-9999";
  for (const [dataset, rows] of Object.entries(tables)) {
    const base = `/api/projects/${projectId}/datasets/${dataset}/rows`;
    const existing = ((await (await request.get(base)).json()) as { data: Row[] }).data;
    for (const row of rows) {
      const found = existing.find((r) => r.Parameter === row.parameter);
      const res = found
        ? await request.patch(`${base}/${found.Id}`, { data: { data: { Version: found.Version, ...row.values } }, headers })
        : await request.post(base, { data: { data: { Parameter: row.parameter, ...row.values } }, headers });
      expect(res.ok(), `${dataset} ${row.parameter}: ${res.status()}`).toBe(true);
    }
  }
}

/**
 * The simulator holds one model, like one Civil NX: the tests of both viewports
 * (separate workers) take turns at it from preview to apply.
 */
async function withSimulator<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(process.env.E2E_PGLITE_DIR ?? os.tmpdir(), `midas-sim-${MIDAS_SIM_PORT}.lock`);
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (i > 600) throw new Error("the MIDAS simulator stayed busy for 2 minutes");
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmdirSync(lock);
  }
}

async function openTable(page: Page, route: string) {
  await page.goto(route);
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched \d+ items in \d+ms$/, TABLE_LOAD);
}

test(
  "connect MIDAS on Settings, open the Midas tables, fix a problem by its link, preview, apply, and see the change log",
  PHONE,
  async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await signUpAndLogIn(page);
    const { project } = (await (await page.request.get("/api/projects/current")).json()) as { project: { id: number; name: string } };
    await fillDemoTables(page.request, project.id);

    // Create Midas without a connection: a link to Settings, the buttons disabled with the reason.
    await page.goto("/midas");
    await expect(page.getByRole("heading", { name: "Create Midas", level: 1 })).toBeVisible();
    await expect(page.getByTestId("midas-connection-state")).toContainText("You have no MIDAS connection yet");
    await expect(page.locator('[data-disabled-reason^="Save your MIDAS connection"]').first()).toBeVisible();

    // The connection on /settings: saved, only the last 4 characters shown, tested.
    await page
      .getByTestId("midas-connection-state")
      .getByRole("link", { name: /Save your base URL/ })
      .click();
    await expect(page).toHaveURL(/\/settings#midas$/);
    const card = page.locator("#midas");
    await card.getByLabel("Base URL", { exact: true }).fill(`http://127.0.0.1:${MIDAS_SIM_PORT}/civil`);
    await card.getByLabel("MAPI-Key", { exact: true }).fill(MIDAS_SIM_KEY);
    await card.getByRole("button", { name: "Save" }).click();
    await expect(card.getByTestId("midas-key-state")).toContainText(`Saved key: ••••${MIDAS_SIM_KEY.slice(-4)}`);
    await expect(card.getByLabel("MAPI-Key", { exact: true })).toHaveValue("");
    await card.getByRole("button", { name: "Test connection" }).click();
    await expect(card.getByTestId("midas-test-result")).toContainText("Connected: MIDAS Civil NX");
    await expect(card.getByTestId("midas-test-result")).toContainText("Version 2026 v2.2 (simulator).");
    // What /config/ver reports, as the official client reads it: the key's user and company.
    await expect(card.getByTestId("midas-test-result")).toContainText("The key belongs to engineer@example.com (Simulator Engineering).");
    await page.reload();
    await expect(page.locator("#midas").getByTestId("midas-key-state")).toContainText(`••••${MIDAS_SIM_KEY.slice(-4)}`);
    expect(await page.content()).not.toContain(MIDAS_SIM_KEY);

    // Each Midas DB screen, the first from the menu.
    const menu = await openMenu(page, testInfo, "Midas DB");
    await menu.getByRole("link", { name: "Model Setup" }).click();
    await expect(page).toHaveURL(/\/midas\/midassetup$/);
    for (const [key, title] of SCREENS) {
      await openTable(page, `/midas/${key}`);
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await expect(page.getByTestId("table-project")).toContainText(project.name);
    }
    await expect(page.getByTestId("fill-from-revit")).toHaveCount(0);
    await openTable(page, "/midas/midassetup");
    await expect(page.getByTestId("fill-from-revit")).toBeVisible();

    // The problem, and its link to the row.
    await page.goto("/midas");
    const problems = page.getByTestId("midas-problems");
    await expect(problems).toContainText('GirderSection of span 3 (Item3) is "BOX-9999"');
    await expect(page.locator('[data-disabled-reason^="Fix the 1 problem"]').first()).toBeVisible();
    await problems.getByRole("link", { name: "Model Setup · GirderSection · Item3" }).click();
    await expect(page).toHaveURL(/\/midas\/midassetup\?filter=GirderSection/);
    await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched \d+ items/, TABLE_LOAD);
    await expect(page.getByPlaceholder("Filter Parameters...")).toHaveValue("GirderSection");
    await rowAction(page, "GirderSection", "Edit GirderSection");
    await page.getByTestId("edit-row").getByLabel("Item3 of GirderSection").fill("BOX-2000");
    await page.getByRole("region", { name: "Edit tools" }).getByRole("button", { name: "Save" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("edit-row")).toHaveCount(0);

    await page.goto("/midas");
    await expect(page.getByTestId("midas-no-problems")).toBeVisible();
    await expect(page.getByTestId("midas-connection-state")).toContainText(`http://127.0.0.1:${MIDAS_SIM_PORT}/civil`);

    await withSimulator(async () => {
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      const preview = page.getByTestId("midas-preview");
      await expect(preview).toBeVisible({ timeout: 30_000 });
      await expect(preview.getByRole("row").filter({ hasText: "LCOM-GEN" })).toBeVisible();
      // Tables by their Civil NX names, the code beside.
      await expect(preview.getByRole("row").filter({ hasText: "Traffic Line Lanes (LLAN)" })).toBeVisible();
      // Each tendon group's friction loss, for the engineer to check before applying (lib/midas/friction.test.ts by hand).
      await expect(preview.getByTestId("midas-tendon-friction").getByRole("row").filter({ hasText: "PT-A" })).toContainText(
        "74.4 % of the jacking force at 81 m",
      );

      await page.getByRole("button", { name: "Apply", exact: true }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Apply" }).click();
      const result = page.getByTestId("midas-result");
      await expect(result).toBeVisible({ timeout: 60_000 });
      await expect(result.locator("[data-outcome]").first()).toHaveAttribute("data-outcome", "applied");
      await expect(result).toContainText("MIDAS holds exactly what was sent.");
    });

    // The change log: the run, who and what, the table versions, the full diff.
    await page.getByRole("link", { name: "See it in the change log" }).click();
    await expect(page).toHaveURL(/\/midas\/midaschangelog\?run=/);
    const entry = page.getByTestId("changelog-entry").first();
    await expect(entry.locator("[data-outcome]").first()).toHaveAttribute("data-outcome", "applied");
    await expect(entry).toContainText("Grace Hopper");
    await expect(entry.getByRole("list", { name: "Table versions" }).getByRole("link", { name: "Model Setup" })).toBeVisible();
    await expect(entry.getByTestId("run-diff")).toBeVisible();
    await expect(entry.getByRole("table", { name: "Outcome per MIDAS table" })).toContainText("Node (NODE)");
    await page.getByRole("combobox", { name: "Outcome", exact: true }).selectOption("failed");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("changelog-count")).toHaveText(/^0 of 1 run$/);
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page.getByTestId("changelog-count")).toHaveText(/^1 of 1 run$/);
  },
);

test("a viewer sees Create Midas with Apply disabled and the reason the API gives", async ({ page, browser }) => {
  // The owner: a fresh account whose first project gets a viewer.
  const owner = await browser.newContext({ baseURL: BASE_URL });
  const ownerPage = await owner.newPage();
  await signUpAndLogIn(ownerPage);
  // Every new account has "My first project": the viewer may not hold two projects of one name.
  const made = await ownerPage.request.post("/api/projects", { data: { name: `Viaduct ${Date.now()}` }, headers });
  expect(made.status()).toBe(201);
  const { project } = (await made.json()) as { project: { id: number; name: string } };

  const viewerEmail = await signUpAndLogIn(page);
  const added = await ownerPage.request.post(`/api/projects/${project.id}/members`, { data: { email: viewerEmail, role: "viewer" }, headers });
  expect(added.status()).toBe(201);
  await acceptInvitation(page.request, ((await added.json()) as { invitation: { id: string } }).invitation.id);
  await owner.close();

  await page.goto(`/midas?project=${project.id}`);
  const reason = `You are a viewer of "${project.name}"`;
  await expect(page.locator(`[data-disabled-reason^='${reason}']`).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply", exact: true })).toBeDisabled();
  const refused = await page.request.post(`/api/projects/${project.id}/midas/apply`, { headers });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toContain(reason);
});

test("Fill from Revit on the demo's copy matches every support by chainage and lists what matches nothing, a pier moved 1 m off its chainage too", async ({
  page,
}) => {
  await signUpAndLogIn(page);
  const { project } = (await (await page.request.get("/api/projects/current")).json()) as { project: { id: number } };
  await openTable(page, "/midas/midassetup");
  const fill = page.getByTestId("fill-from-revit");
  await fill.getByRole("button", { name: "Fill from Revit tables" }).click();
  // The demo's Revit and Midas tables describe the same viaduct: A1, P1-P11 and A2 each at its Revit item, no change.
  const supports = fill.getByTestId("fill-supports");
  await expect(supports.getByRole("row")).toHaveCount(1 + 13);
  await expect(supports.getByRole("row").nth(12).getByRole("cell")).toHaveText([
    "P11",
    "1518.500",
    "P11 (Item11)",
    "0.000",
    "19.101",
    "19.101",
    "27.5 (not carried)",
  ]);
  await expect(fill).toContainText("The Midas tables already match the Revit tables.");
  await expect(fill).toContainText("a Revit item within 0.5 m of a support of the model");
  await expect(fill.getByTestId("fill-unmatched")).toContainText("B2-A1");
  await expect(fill.getByTestId("fill-notes")).toContainText("Skew is not carried (the line model has no skew): A1 12.5°, P1 15.0°");

  // Revit's P3 moved 1 m along: it fills nothing, and both it and the model's P3 are listed, 1 m apart.
  const base = `/api/projects/${project.id}/datasets/pier/rows`;
  const chainage = ((await (await page.request.get(base)).json()) as { data: Row[] }).data.find((r) => r.Parameter === "Chainage")!;
  const moved = await page.request.patch(`${base}/${chainage.Id}`, { data: { data: { Version: chainage.Version, Item3: "1159.500" } }, headers });
  expect(moved.ok()).toBe(true);
  await fill.getByRole("button", { name: "Close" }).click();
  await fill.getByRole("button", { name: "Fill from Revit tables" }).click();
  const unmatched = fill.getByTestId("fill-unmatched");
  await expect(unmatched.getByRole("row").filter({ hasText: "Revit pier" }).getByRole("cell")).toHaveText([
    "Revit pier",
    "P3 (Item3)",
    "1159.500",
    "P3 at 1158.500",
    "1.000",
  ]);
  await expect(unmatched.getByRole("row").filter({ hasText: "Model pier" }).getByRole("cell")).toHaveText([
    "Model pier",
    "P3 (Item3)",
    "1158.500",
    "P3 at 1159.500",
    "1.000",
  ]);
  await expect(supports.getByRole("row").nth(4).getByRole("cell").nth(2)).toHaveText("none: not filled");
});
