import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import { BASE_URL, isMobile, PHONE, shareCurrentProject, signUpAndLogIn, uniqueEmail, TABLE_LOAD } from "./helpers";

const tag = () => randomBytes(3).toString("hex");
const headers = { origin: BASE_URL };

/** The project switcher: in the bar on a wide screen, in the drawer on a phone. */
async function openSwitcher(page: Page, mobile: boolean) {
  if (mobile) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    // On a phone the list is right there in the menu drawer.
    await expect(page.getByRole("dialog").getByRole("region", { name: "Project" }).getByTestId("project-switcher-inline")).toBeVisible();
  } else {
    await page.getByRole("banner").getByTestId("project-switcher").click();
  }
  await expect(page.getByRole("listbox", { name: "Your projects" })).toBeVisible();
}

async function switchTo(page: Page, mobile: boolean, name: string) {
  await openSwitcher(page, mobile);
  await page.getByRole("combobox", { name: "Search projects" }).fill(name);
  await page.getByRole("option", { name: new RegExp(name) }).click();
}

async function rowNames(page: Page): Promise<string[]> {
  await expect(page.getByTestId("fetched-line")).toHaveText(/^Fetched \d+ items/, TABLE_LOAD);
  return page.getByTestId("parameter-grid").locator("[data-column=Parameter]").allInnerTexts();
}

test("create a project, switch between two projects and see each one's rows", PHONE, async ({ page }, testInfo) => {
  const mobile = isMobile(testInfo);
  await signUpAndLogIn(page, uniqueEmail("switch"), { demoCopy: false });
  const first = `FirstOnly_${tag()}`;
  expect((await page.request.post("/api/database/coresetup/create-element", { data: { data: { Parameter: first } }, headers })).status()).toBe(201);

  // A new project from the switcher's "New project..." entry.
  await page.goto("/coresetup");
  await expect(page.getByTestId("table-project")).toContainText("My first project");
  await openSwitcher(page, mobile);
  await page.getByRole("option", { name: "New project..." }).click();
  const name = `Harbour Bridge ${tag()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByTestId("table-project")).toContainText(name);
  expect(await rowNames(page)).toEqual([]);

  const second = `SecondOnly_${tag()}`;
  await page.getByRole("button", { name: "Create New Row" }).click();
  await page.getByTestId("create-row").getByLabel("Parameter of the new row").fill(second);
  await page.getByRole("button", { name: "Confirm new row" }).click();
  await expect.poll(() => rowNames(page)).toEqual([second]);

  await switchTo(page, mobile, "My first project");
  await expect(page.getByTestId("table-project")).toContainText("My first project");
  await expect.poll(() => rowNames(page)).toEqual([first]);
  await switchTo(page, mobile, name);
  await expect.poll(() => rowNames(page)).toEqual([second]);
});

test("a viewer sees the table with every changing control disabled, and why", async ({ page, browser }, testInfo) => {
  // Two people in two browsers, an invitation sent and accepted on two settings pages before the table.
  test.slow();
  await signUpAndLogIn(page);
  const viewerEmail = uniqueEmail("viewer");
  const other = await browser.newContext({
    baseURL: BASE_URL,
    viewport: page.viewportSize() ?? undefined,
    isMobile: isMobile(testInfo),
    hasTouch: isMobile(testInfo),
  });
  const viewer = await other.newPage();
  await signUpAndLogIn(viewer, viewerEmail, { demoCopy: false });

  // The owner invites the viewer on /settings; the viewer accepts on theirs.
  await page.goto("/settings");
  const project = page.getByTestId("project-settings").filter({ hasText: "Viaduct copy" });
  await project.getByLabel("E-mail address").fill(viewerEmail);
  await project.getByLabel("Role", { exact: true }).selectOption("viewer");
  await project.getByRole("button", { name: "Invite" }).click();
  await expect(project.getByTestId("invitation").filter({ hasText: viewerEmail })).toContainText("invited as viewer");
  await expect(project.getByTestId("member").filter({ hasText: viewerEmail })).toHaveCount(0);
  await viewer.goto("/settings");
  const invitation = viewer.getByTestId("invitation-received").filter({ hasText: "Viaduct copy" });
  await expect(invitation).toContainText("as viewer");
  await invitation.getByRole("button", { name: "Accept the invitation to Viaduct copy" }).click();
  await expect(viewer.getByTestId("invitations")).toHaveCount(0);
  await expect(viewer.getByTestId("project-settings").filter({ hasText: "Viaduct copy" })).toContainText("viewer");
  await page.reload();
  await expect(project.getByTestId("member").filter({ hasText: viewerEmail })).toContainText("viewer");

  await viewer.goto("/revitpier");
  await switchTo(viewer, isMobile(testInfo), "Viaduct copy");
  await expect(viewer.getByTestId("table-project")).toContainText("read only (you are a viewer)");
  await expect(viewer.getByTestId("fetched-line")).toHaveText(/^Fetched \d+ items/, TABLE_LOAD);
  const reason = /You are a viewer of "Viaduct copy": viewers can read and export its tables, but only editors and owners can create, edit, delete or push/;
  for (const name of ["Push All to Revit", "Create New Row"]) {
    const button = viewer.getByRole("button", { name, exact: true });
    await expect(button).toBeDisabled();
    const wrapper = viewer.locator("[data-disabled-reason]").filter({ has: button });
    await expect(wrapper).toHaveAttribute("data-disabled-reason", reason);
  }
  await viewer.getByPlaceholder("Filter Parameters...").fill("PierHeight");
  await expect(viewer.getByRole("button", { name: "Edit PierHeight" })).toBeDisabled();
  await expect(viewer.getByRole("button", { name: "Delete PierHeight" })).toBeDisabled();
  // The reason shows as a tooltip on hover (or keyboard focus).
  await viewer
    .locator("[data-disabled-reason]")
    .filter({ has: viewer.getByRole("button", { name: "Create New Row" }) })
    .focus();
  await expect(viewer.getByRole("tooltip")).toContainText("You are a viewer");
  // And the API refuses all the same.
  const refused = await viewer.request.post("/api/database/pier/create-element", { data: { data: { Parameter: "X" } }, headers });
  expect(refused.status()).toBe(403);
  await other.close();
});

test("a shared ?project= link shows that project to a member without switching to it, and nothing to anyone else", async ({ page, browser }) => {
  await signUpAndLogIn(page);
  const memberEmail = uniqueEmail("member");
  const other = await browser.newContext({ baseURL: BASE_URL, viewport: page.viewportSize() ?? undefined });
  const member = await other.newPage();
  await signUpAndLogIn(member, memberEmail, { demoCopy: false });
  const projectId = await shareCurrentProject(page, memberEmail, "editor", member, { makeCurrent: false });
  await member.goto(`/revitbox?project=${projectId}&filter=SpanLength`);
  await expect(member.getByTestId("table-project")).toContainText("Viaduct copy");
  await expect(member.getByPlaceholder("Filter Parameters...")).toHaveValue("SpanLength");
  await expect(member.getByTestId("parameter-grid").getByRole("gridcell", { name: "SpanLength", exact: true })).toBeVisible();
  // A link (a GET, maybe from another site) never switches the stored current project: the spec's routes and the add-in stay.
  const currentId = async () => ((await (await member.request.get("/api/projects/current")).json()) as { project: { id: number } }).project.id;
  expect(await currentId()).not.toBe(projectId);
  const notice = member.getByTestId("linked-project");
  await expect(notice).toContainText("This page shows Viaduct copy, opened from a link");
  await expect(notice).toContainText("Your current project is still My first project");
  // Switching is the member's own click.
  await notice.getByRole("button", { name: "Make Viaduct copy current" }).click();
  await expect(notice).toHaveCount(0);
  await expect.poll(currentId).toBe(projectId);
  await expect(member).toHaveURL(/\/revitbox\?filter=SpanLength$/);
  await expect(member.getByTestId("table-project")).toContainText("Viaduct copy");

  // Someone who is not a member stays in their own project.
  const strangerContext = await browser.newContext({ baseURL: BASE_URL });
  const stranger = await strangerContext.newPage();
  await signUpAndLogIn(stranger, uniqueEmail("stranger"), { demoCopy: false });
  await stranger.goto(`/revitbox?project=${projectId}`);
  await expect(stranger.getByTestId("table-project")).toContainText("My first project");
  await expect(stranger.getByTestId("linked-project")).toHaveCount(0);
  await strangerContext.close();
  await other.close();
});

test("without any project, a data screen explains projects and offers to create one", async ({ page }) => {
  await signUpAndLogIn(page, uniqueEmail("alone"), { demoCopy: false });
  const { project } = (await (await page.request.get("/api/projects/current")).json()) as { project: { id: number } };
  expect((await page.request.delete(`/api/projects/${project.id}`, { headers })).status()).toBe(200);
  await page.goto("/revitpier");
  const empty = page.getByTestId("no-project");
  await expect(empty).toContainText("Every table in Pontifex belongs to a project");
  await expect(empty).toContainText("ask the owner of an existing project to add you");
  await empty.getByRole("button", { name: "Create project" }).click();
  await page.getByLabel("Name").fill("Fresh start");
  await page.getByRole("button", { name: "Create project" }).last().click();
  await expect(page.getByTestId("table-project")).toContainText("Fresh start");
});

test("an owner renames and deletes a project on /settings (typing its name to confirm)", PHONE, async ({ page }) => {
  await signUpAndLogIn(page, uniqueEmail("owner"), { demoCopy: false });
  await page.goto("/settings");
  const section = page.getByTestId("project-settings").filter({ hasText: "My first project" });
  // On a phone too, the name reads across one line: its buttons wrap below it instead of squeezing it letter by letter.
  const heading = await section.getByRole("heading", { name: /My first project/ }).boundingBox();
  expect(heading!.width).toBeGreaterThan(150);
  expect(heading!.height).toBeLessThan(40);
  await section.getByRole("button", { name: "Rename" }).click();
  // While renaming, the section shows an input instead of the name.
  await page.getByLabel("New name for My first project").fill("Renamed bridge");
  await page.getByTestId("project-settings").getByRole("button", { name: "Save" }).click();
  const renamed = page.getByTestId("project-settings").filter({ hasText: "Renamed bridge" });
  await expect(renamed).toBeVisible();
  await renamed.getByRole("button", { name: "Delete Renamed bridge" }).click();
  const confirm = page.getByRole("button", { name: "Delete project" });
  await expect(confirm).toBeDisabled();
  await page.getByLabel("Type the project's name to confirm").fill("Renamed bridge");
  await confirm.click();
  await expect(page.getByText("You are not in any project yet.")).toBeVisible();
});
