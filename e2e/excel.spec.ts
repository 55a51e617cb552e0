import ExcelJS from "exceljs";
import { expect, type Page, test } from "./fixtures";
import { PHONE, shareCurrentProject, signUpAndLogIn, TABLE_LOAD, uniqueEmail } from "./helpers";

const grid = (page: Page) => page.getByTestId("parameter-grid");
const rowOf = (page: Page, parameter: string) =>
  grid(page)
    .getByRole("row")
    .filter({ has: page.getByRole("gridcell", { name: parameter, exact: true }) });

async function openPier(page: Page) {
  await page.goto("/revitpier");
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched \d+ items in \d+ms$/, TABLE_LOAD);
}

test(
  "export XLSX, change one cell in the workbook, re-import: the preview shows exactly that cell, apply shows it on screen",
  PHONE,
  async ({ page }, testInfo) => {
    await signUpAndLogIn(page);
    await openPier(page);
    // The PierName row says what each Item column stands for, on screen as in the file.
    await expect(grid(page).getByRole("columnheader", { name: "Item1 · P1" })).toBeVisible();

    await page.getByRole("button", { name: "Export / Import" }).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Excel workbook (.xlsx)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Viaduct copy - Revit_Pier Data - \d{4}-\d{2}-\d{2}\.xlsx$/);

    // The engineer's edit in Excel: PierHeight's Item1.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet("Revit_Pier Data")!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Id");
    expect(sheet.getRow(1).getCell(2).value).toBe("Parameter");
    // The demo pier table's PierName row names the Item columns in the header; the column is still Item1.
    const item1 = (sheet.getRow(1).values as unknown[]).indexOf("Item1 · P1");
    expect(item1).toBeGreaterThan(0);
    let before = "";
    sheet.eachRow((row) => {
      if (row.getCell(2).value === "PierHeight") {
        before = String(row.getCell(item1).value);
        row.getCell(item1).value = 98.765;
      }
    });
    expect(before).not.toBe("");
    const changed = testInfo.outputPath("pier-changed.xlsx");
    await workbook.xlsx.writeFile(changed);

    await page.getByRole("button", { name: "Export / Import" }).click();
    await page.getByRole("menuitem", { name: "Import from Excel or CSV..." }).click();
    const dialog = page.getByRole("dialog", { name: "Import into Revit_Pier Data" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Excel workbook (.xlsx) or CSV file").setInputFiles(changed);

    // Read or refused: a refusal names its reason here instead of reading as a missing summary.
    const summary = dialog.getByTestId("import-summary");
    await expect(summary.or(dialog.getByTestId("import-error"))).toBeVisible();
    expect(await dialog.getByTestId("import-error").allInnerTexts()).toEqual([]);
    await expect(summary).toContainText("0 rows to add, 1 row to change (1 cell), 0 rows not in the file, 0 conflicts.");
    const cells = dialog.getByTestId("import-changed").locator("li[data-column]");
    await expect(cells).toHaveCount(1);
    await expect(cells).toHaveText(`Item1: ${before} → 98.765`);
    await expect(dialog.getByTestId("import-changed").locator("li[data-parameter]")).toHaveAttribute("data-parameter", "PierHeight");

    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Imported pier-changed.xlsx: 0 rows added, 1 row changed, 0 rows removed")).toBeVisible();
    await page.getByPlaceholder("Filter Parameters...").fill("PierHeight");
    await expect(rowOf(page, "PierHeight").getByRole("gridcell", { name: "98.765", exact: true })).toBeVisible();
  },
);

test("a file that cannot be imported is refused with its sheet, row and column; nothing changes", async ({ page }, testInfo) => {
  await signUpAndLogIn(page);
  await openPier(page);
  const path = testInfo.outputPath("duplicates.csv");
  const { writeFile } = await import("node:fs/promises");
  await writeFile(path, "Parameter,Item1\r\nPierHeight,1\r\nPierHeight,2\r\n");
  await page.getByRole("button", { name: "Export / Import" }).click();
  await page.getByRole("menuitem", { name: "Import from Excel or CSV..." }).click();
  const dialog = page.getByRole("dialog", { name: "Import into Revit_Pier Data" });
  await dialog.getByLabel("Excel workbook (.xlsx) or CSV file").setInputFiles(path);
  const error = dialog.getByTestId("import-error");
  await expect(error).toContainText('File "duplicates.csv", row 3, column A (Parameter): "PierHeight" is also the Parameter of row 2.');
  await expect(error).toContainText("Sheet: duplicates.csv · Row: 3 · Column: A");
  await expect(dialog.getByRole("button", { name: "Apply" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("a viewer may export but not import, and is told why", async ({ page, browser }) => {
  await signUpAndLogIn(page);
  const viewerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const viewer = await viewerContext.newPage();
  const email = uniqueEmail("viewer");
  await signUpAndLogIn(viewer, email, { demoCopy: false });
  await shareCurrentProject(page, email, "viewer", viewer);
  await openPier(viewer);
  await viewer.getByRole("button", { name: "Export / Import" }).click();
  await expect(viewer.getByRole("menuitem", { name: "Excel workbook (.xlsx)" })).toBeEnabled();
  await expect(viewer.getByRole("menuitem", { name: "Import from Excel or CSV..." })).toBeDisabled();
  await expect(viewer.getByText("Only editors and owners can import.")).toBeVisible();
  await expect(viewer.locator("[data-disabled-reason]").filter({ has: viewer.getByRole("menuitem", { name: "Import from Excel or CSV..." }) })).toHaveAttribute(
    "data-disabled-reason",
    /viewers can read and export its tables, but only editors and owners/,
  );
  await viewerContext.close();
});
