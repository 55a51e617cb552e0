import { mkdirSync, readFileSync, rmdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { seriousViolations } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { BASE_URL, MIDAS_SIM_KEY, MIDAS_SIM_PORT, PHONE_ONLY, signUpAndLogIn } from "./helpers";

const headers = { origin: BASE_URL };

/** The simulator holds one model, like one Civil NX: builds and analyses take turns (the same lock as midas.spec.ts). */
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

/** A fresh engineer on a copy of the demo project, connected to the simulator, the model built from its tables. */
async function builtDemoCopy(page: Page): Promise<{ id: number; name: string }> {
  await signUpAndLogIn(page);
  const { project } = (await (await page.request.get("/api/projects/current")).json()) as { project: { id: number; name: string } };
  const saved = await page.request.put("/api/midas/connection", {
    data: { baseUrl: `http://127.0.0.1:${MIDAS_SIM_PORT}/civil`, apiKey: MIDAS_SIM_KEY },
    headers,
  });
  expect(saved.status()).toBe(200);
  return project;
}

/**
 * On /midas: Run analysis is refused at once while the project has no model file (Civil NX would wait on its save
 * dialog), then the engineer gives the path and runs it: the first save is a SAVEAS to that file.
 */
async function setModelFileAndRun(page: Page, file: string) {
  await page.goto("/midas");
  await page.getByRole("button", { name: "Run analysis" }).click();
  await expect(page.getByTestId("analysis-failure")).toContainText("Set the model file path first: on Midas Control > Create Midas, under Model file");
  await page.getByLabel("Model file").fill(file);
  await page.getByRole("button", { name: "Save path" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `The model is saved as ${file}` })).toBeVisible();
  await page.getByRole("button", { name: "Run analysis" }).click();
  await expect(page.getByTestId("analysis-outcome")).toContainText("The analysis is done: 4 result tables", { timeout: 60_000 });
  // The path stays with the project.
  await page.reload();
  await expect(page.getByLabel("Model file")).toHaveValue(file);
  // The change log tells the analysis by what it read, not by MIDAS tables it did not write.
  await page.goto("/midas/midaschangelog");
  await expect(page.getByTestId("analysis-read").first()).toHaveText("Read: reactions, bearing forces, girder forces, pile forces (4 result tables).");
}

/** φMuo and φVu as the calculators show them: 4 significant figures. */
const sig4 = (v: number) => String(Number(v.toPrecision(4)));

/**
 * The girder design check on /midas/midasresultgirder (issue 29): the ultimate envelope, governing points first; the
 * first row's Check section and Check shear open the calculators on the same numbers, with the sheet's header.
 */
async function followGoverningPoint(page: Page, projectName: string) {
  await page.goto("/midas/midasresultgirder");
  const card = page.getByTestId("girder-check");
  await expect(card.getByTestId("girder-check-summary")).toContainText("ULS-ENV to AS 5100.5:2017 (bridges): 232 points", { timeout: 30_000 });
  await expect(card.locator("[data-slot=chart] .recharts-surface")).toBeVisible();
  const first = card.getByTestId("girder-check-point").first();
  const point = (await first.getByRole("rowheader").textContent())!.trim();
  const phiMuo = Number(await first.getAttribute("data-phimuo"));
  const phiVu = Number(await first.getAttribute("data-phivu"));
  const Mstar = (await first.getAttribute("data-mstar"))!;
  const element = (await first.getAttribute("data-element"))!;

  await first.getByRole("link", { name: `Check section at ${point}:` }).click();
  await expect(page).toHaveURL(/\/calculations\?shape=I&/);
  await expect(page.getByTestId("result-phimuo")).toHaveText(sig4(phiMuo));
  await expect(page.locator('[id="field-Mstar"]')).toHaveValue(Mstar);
  // The sheet's header: the project, the element and the combination.
  await expect(page.locator("body")).toContainText(element);
  await expect(page.locator("body")).toContainText(projectName);
  await expect(page.locator("body")).toContainText("ULS-ENV");

  await page.goBack();
  await card
    .getByTestId("girder-check-point")
    .first()
    .getByRole("link", { name: `Check shear at ${point}:` })
    .click();
  await expect(page).toHaveURL(/\/calculations\/concreteshear\?/);
  await expect(page.getByTestId("result-phivu")).toHaveText(sig4(phiVu));
}

const chart = (page: Page) => page.locator("[data-slot=chart] .recharts-surface").first();

test("run the analysis on the demo copy, open each results page, switch combinations, export CSV, and follow the girder design check's governing point into the calculators", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const project = await builtDemoCopy(page);

  // Before the analysis the results pages offer Run analysis, with the reason it cannot run yet.
  await page.goto("/midas/midasresultgirder");
  await expect(page.getByRole("heading", { name: "No results yet" })).toBeVisible();
  await expect(page.locator('[data-disabled-reason^="Build first"]').first()).toBeVisible();

  await withSimulator(async () => {
    const applied = await page.request.post(`/api/projects/${project.id}/midas/apply`, { headers, timeout: 90_000 });
    expect(applied.status()).toBe(200);
    expect(((await applied.json()) as { outcome: string }).outcome).toBe("applied");
    await setModelFileAndRun(page, "C:\\Bridges\\Viaduct copy.mcb");
  });

  for (const [route, title] of [
    ["/midas/midasresultreaction", "Reaction Results"],
    ["/midas/midasresultbearing", "Bearing Results"],
    ["/midas/midasresultpile", "Pile Results"],
    ["/midas/midasresultgirder", "Girder Results"],
  ] as const) {
    await page.goto(route);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(chart(page)).toBeVisible();
    await expect(page.getByRole("region", { name: `${title}: every value` })).toBeVisible();
    // One case chosen: axe over a few hundred table rows rather than thousands.
    await page.getByTestId("case-choice").getByRole("button", { name: "None" }).click();
    await page.getByTestId("case-choice").getByRole("checkbox").first().check();
    await expect(chart(page)).toBeVisible();
    expect(await seriousViolations(page), route).toEqual([]);
  }

  // Girder: units on the axes and columns; switch the combinations and the table follows.
  const results = page.getByTestId("midas-results");
  // The forces chart (the design check below it has its own chainage axis).
  await expect(results.locator(".recharts-label", { hasText: "Chainage (m)" }).first()).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Moment (kN·m)" })).toBeVisible();
  const table = page.getByRole("region", { name: "Girder Results: every value" });
  const choice = page.getByTestId("case-choice");
  const boxes = choice.getByRole("checkbox");
  await choice.getByRole("button", { name: "None" }).click();
  await expect(page.getByText("Choose at least one case or combination.")).toBeVisible();
  const last = boxes.last();
  const lastName = (await last.locator("xpath=..").textContent())!.trim();
  await last.check();
  await expect(table.getByRole("row").nth(1)).toContainText(lastName);
  await expect(chart(page)).toBeVisible();

  // Export CSV of what is chosen.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-csv").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/MIDAS girder forces .*\.csv$/);
  const text = readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
  expect(text.split("\r\n")[0]).toBe("Elem,Span,Part,Chainage (m),Load,Axial (kN),Shear (kN),Moment (kN·m),Torsion (kN·m)");
  expect(text.split("\r\n")[1]).toContain(lastName.replace(/\(.*$/, ""));

  await followGoverningPoint(page, project.name);
});

test("at phone width: set the model file on /midas, run the analysis and follow the girder check into the calculators", PHONE_ONLY, async ({ page }) => {
  test.setTimeout(180_000);
  const project = await builtDemoCopy(page);
  await withSimulator(async () => {
    const applied = await page.request.post(`/api/projects/${project.id}/midas/apply`, { headers, timeout: 90_000 });
    expect(applied.status()).toBe(200);
    await setModelFileAndRun(page, "\\\\design-server\\bridges\\Viaduct copy (phone).mcb");
  });
  await followGoverningPoint(page, project.name);
  // The page is never wider than the phone: the check's table scrolls inside its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
