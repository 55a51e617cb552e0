import { expect, type Page, test } from "./fixtures";
import { calculationLink, calculatorLink } from "../lib/calculations/links";
import { BASE_URL, PHONE, signUpAndLogIn } from "./helpers";

/** A field of a calculator, by its input name (labels like "d" and "D" would match each other). */
const field = (page: Page, name: string) => page.locator(`[id="field-${name}"]`);
/** The message shown next to a field. */
const fieldError = (page: Page, name: string) => page.locator(`[id="field-${name}-error"]`);

/** The calculators keep their inputs in the address a moment after typing. */
async function expectAddressToKeep(page: Page, params: Record<string, string>) {
  await expect
    .poll(() => {
      const query = new URL(page.url()).searchParams;
      return Object.fromEntries(Object.keys(params).map((k) => [k, query.get(k)]));
    })
    .toEqual(params);
}

test.describe("Concrete Bending", () => {
  test("shows the working with defaults, updates as the user types, and keeps the inputs in a shareable link", async ({ page }) => {
    await page.goto("/calculations");
    await expect(page.getByRole("heading", { name: "Concrete Bending", level: 1 })).toBeVisible();
    await expect(page.getByTestId("result-dn")).toHaveText("131.34");
    await expect(page.getByTestId("result-muo")).toHaveText("298.4");
    const sketch = page.getByTestId("section-sketch");
    await expect(sketch).toBeVisible();
    await expect(sketch).toHaveAttribute("aria-label", /neutral axis at 131\.3 mm from the compression face; 1 steel layer/);
    await expect(page.getByTestId("working")).toContainText("Table 2.2.2");
    await expect(page.getByTestId("checks").locator("li[data-pass=true]")).toHaveCount(2);

    // A deeper section, typed key by key: the results follow without a button.
    await field(page, "D").fill("600");
    await field(page, "steel.0.depth").fill("540");
    await expect(page.getByTestId("result-muo")).toHaveText("433.4");
    await expect(sketch).toHaveAttribute("aria-label", /600 mm deep/);
    await field(page, "Mstar").fill("500");
    const strength = page.getByTestId("checks").locator("li", { hasText: "M* ≤ φMuo" });
    await expect(strength).toHaveAttribute("data-pass", "false");
    await expectAddressToKeep(page, { D: "600", steel: "1800@540", Mstar: "500" });

    // The link opens the same calculation, in a reload or for a colleague.
    const link = page.url();
    await page.reload();
    await expect(field(page, "D")).toHaveValue("600");
    await expect(page.getByTestId("result-muo")).toHaveText("433.4");
    const colleague = await page.context().browser()!.newPage();
    await colleague.goto(link);
    await expect(colleague.getByTestId("result-muo")).toHaveText("433.4");
    await expect(colleague.getByTestId("checks").locator("li", { hasText: "M* ≤ φMuo" })).toHaveAttribute("data-pass", "false");
    await colleague.close();
  });

  test("a shared link reproduces Warner, Foster & Kilpatrick Ex 3.8 with the older stress block (dn ≈ 133 mm, Mu ≈ 302 kNm)", async ({ page }) => {
    await page.goto("/calculations?b=300&D=450&fc=32&steel=1800%40390&edition=AS3600%3A2009");
    await expect(page.getByLabel("Standard", { exact: true })).toHaveValue("AS3600:2009");
    await expect(page.getByTestId("result-dn")).toHaveText(/^13[23]\./);
    await expect(page.getByTestId("result-muo")).toHaveText(/^30[12]\./);
  });

  test("a compression layer and a T-section: the sketch draws every layer, the form takes the flange", async ({ page }) => {
    await page.goto("/calculations");
    await page.getByRole("button", { name: "Add layer" }).click();
    await expect(field(page, "steel.1.area")).toHaveValue("900");
    await expect(page.getByTestId("section-sketch")).toHaveAttribute("aria-label", /2 steel layers/);
    await expect(page.getByTestId("working")).toContainText("Steel layer 2 (900 mm² at 60 mm)");
    await page.getByRole("button", { name: "Remove layer 2" }).click();
    await expect(page.getByTestId("section-sketch")).toHaveAttribute("aria-label", /1 steel layer;?/);

    await page.getByLabel("Section", { exact: true }).selectOption("T");
    await expect(field(page, "bef")).toHaveValue("1000");
    await expect(page.getByTestId("section-sketch")).toHaveAttribute("aria-label", /Section 1000 mm wide/);
    await expectAddressToKeep(page, { shape: "T" });
  });

  test("invalid input gets a message next to the field and no results", async ({ page }) => {
    await page.goto("/calculations");
    await field(page, "b").fill("-300");
    await expect(fieldError(page, "b")).toHaveText("b must be more than 0 mm");
    await expect(field(page, "b")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("status")).toContainText("Results appear when every input is valid (1 to fix)");
    await expect(page.getByTestId("section-sketch")).toHaveCount(0);
    await field(page, "b").fill("300");

    await field(page, "steel.0.depth").fill("460");
    await expect(fieldError(page, "steel.0.depth")).toHaveText("the bars are outside the section (depth 460 ≥ D 450 mm)");
    await field(page, "steel.0.depth").fill("390");

    await field(page, "fc").fill("120");
    await expect(fieldError(page, "fc")).toHaveText("f'c must be between 20 and 100 MPa");
    await field(page, "fc").fill("");
    await expect(fieldError(page, "fc")).toHaveText("f'c must be a number");
    await field(page, "fc").fill("32");
    await expect(page.getByTestId("result-dn")).toHaveText("131.34");
    await expect(page.locator("[id^=field-][id$=-error]")).toHaveCount(0);
  });

  test("prints as a calc sheet: inputs as a table, the working, the link and room to sign; no menus or form", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.goto("/calculations?fc=40");
    await page.getByRole("button", { name: "Print calc sheet" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(field(page, "D")).toBeHidden();
    await expect(page.getByRole("button", { name: "Print calc sheet" })).toBeHidden();
    const inputs = page.getByRole("region", { name: "Inputs" });
    await expect(inputs).toBeVisible();
    await expect(inputs).toContainText("f'c 40 MPa");
    await expect(page.getByTestId("working")).toBeVisible();
    await expect(page.getByTestId("section-sketch")).toBeVisible();
    await expect(page.getByText(/^Reproduce: http.*\/calculations\?fc=40$/)).toBeVisible();
    await expect(page.getByText("Checked: ____________")).toBeVisible();
    const pdfColours = await page.evaluate(() => getComputedStyle(document.querySelector("h1")!).color);
    expect(pdfColours).toBe("rgb(0, 0, 0)");

    await page.emulateMedia({ media: "screen" });
    await expect(page.getByText(/^Reproduce:/)).toBeHidden();
  });
});

test.describe("Concrete Shear", () => {
  test("works out Vuc, Vus and φVu as the user types, fails the strength check when V* is too high, and shares by link", async ({ page }) => {
    await page.goto("/calculations/concreteshear");
    await expect(page.getByRole("heading", { name: "Concrete Shear", level: 1 })).toBeVisible();
    await expect(page.getByTestId("result-phivu")).toHaveText("230.8");
    await expect(page.getByTestId("working")).toContainText("8.2.4.2.2");

    await field(page, "Vstar").fill("400");
    const strength = page.getByTestId("checks").locator("li", { hasText: "Strength" });
    await expect(strength).toHaveAttribute("data-pass", "false");
    await expect(strength).toContainText("Cl 8.2.3.1");

    await page.getByLabel("Method").selectOption("simplified");
    await expect(page.getByTestId("working")).toContainText("8.2.4.3");
    await expect(page.getByTestId("working")).not.toContainText("Longitudinal strain");
    await expectAddressToKeep(page, { Vstar: "400", method: "simplified" });

    await page.reload();
    await expect(page.getByLabel("Method")).toHaveValue("simplified");
    await expect(field(page, "Vstar")).toHaveValue("400");
    await expect(strength).toHaveAttribute("data-pass", "false");
  });

  test("invalid input gets a message next to the field", async ({ page }) => {
    await page.goto("/calculations/concreteshear");
    await field(page, "d").fill("500");
    await expect(fieldError(page, "d")).toHaveText("d must be less than D (450 mm)");
    await field(page, "d").fill("390");
    await field(page, "bv").fill("-1");
    await expect(fieldError(page, "bv")).toHaveText("bv must be more than 0 mm");
    await field(page, "bv").fill("300");
    await field(page, "fc").fill("15");
    await expect(fieldError(page, "fc")).toHaveText("f'c must be between 20 and 100 MPa");
  });
});

test.describe("Lap Length", () => {
  test("gives the development and lap lengths rounded up to 10 mm, from cd or from cover and spacing", async ({ page }) => {
    await page.goto("/calculations/laplength");
    await expect(page.getByRole("heading", { name: "Lap Length", level: 1 })).toBeVisible();
    // Structural Toolkit's example: f'c 40, N12, cd 50: the 0.058 fsy k1 db floor (348 mm) governs.
    await expect(page.getByTestId("result-lsytb")).toHaveText("348 → 350");
    await expect(page.getByTestId("working")).toContainText("lower limit governs");

    await field(page, "db").fill("20");
    await field(page, "fc").fill("32");
    await page.getByLabel("Cover dimension").selectOption("cover");
    await field(page, "cover").fill("40");
    await field(page, "clearSpacing").fill("60");
    await expect(page.getByTestId("working")).toContainText("min(60/2, 40)");
    await expect(page.getByTestId("result-lsytb")).toHaveText("730 → 730");
    await expect(page.getByTestId("result-lap")).toHaveText("912.5 → 920");

    await page.getByLabel("Horizontal bar with more than 300 mm of concrete cast below").check();
    await expect(page.getByTestId("working")).toContainText("Horizontal bar with more than 300 mm of concrete below");
    await expectAddressToKeep(page, { db: "20", cdFrom: "cover", castBelow300: "1" });
    await page.reload();
    await expect(page.getByLabel("Horizontal bar with more than 300 mm of concrete cast below")).toBeChecked();
    await expect(field(page, "cover")).toHaveValue("40");
  });

  test("invalid input gets a message next to the field", async ({ page }) => {
    await page.goto("/calculations/laplength");
    await field(page, "db").fill("0");
    await expect(fieldError(page, "db")).toHaveText("db must be more than 0 mm");
    await field(page, "db").fill("12");
    await field(page, "fc").fill("101");
    await expect(fieldError(page, "fc")).toHaveText("f'c must be between 20 and 100 MPa");
  });
});

test.describe("Design actions from a link (the MIDAS results pages)", () => {
  const SOURCE = "Demo Viaduct · MIDAS build 2026-11-23 14:02 · girder element 34, i-end · ULS1 (CB:max)";

  test("a bending link fills M*, V* and N*, shows where they came from on screen and on the sheet, and passes them on to Concrete Shear", async ({ page }) => {
    await page.goto(calculationLink("bending", { Mstar: 250, Vstar: 120, Nstar: 40 }, SOURCE));
    await expect(page.getByTestId("design-actions-source")).toHaveText(`Design actions from: ${SOURCE}`);
    await expect(field(page, "Mstar")).toHaveValue("250");
    await expect(field(page, "Vstar")).toHaveValue("120");
    await expect(field(page, "Nstar")).toHaveValue("40");
    await expect(field(page, "source")).toHaveValue(SOURCE);
    await expect(page.getByTestId("design-actions")).toContainText("Compression positive");
    // The example section (φMuo 253.6 kNm) carries 250 kNm.
    await expect(page.getByTestId("checks").locator("li", { hasText: "M* ≤ φMuo" })).toHaveAttribute("data-pass", "true");
    await expect(page.getByTestId("actions-note")).toContainText("N* = 40 kN is not taken into account");

    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("design-actions-source")).toBeVisible();
    await expect(page.getByRole("region", { name: "Inputs" })).toContainText("M* 250 kNm, V* 120 kN, N* 40 kN (compression positive)");
    await page.emulateMedia({ media: "screen" });

    await page.getByTestId("actions-note").getByRole("link", { name: "Concrete Shear" }).click();
    await expect(page).toHaveURL(/\/calculations\/concreteshear\?Mstar=250&Vstar=120&Nstar=40&source=/);
    await expect(page.getByTestId("design-actions-source")).toHaveText(`Design actions from: ${SOURCE}`);
    await expect(field(page, "Vstar")).toHaveValue("120");
    await expect(field(page, "Nstar")).toHaveValue("40");
  });

  test("a link with only some actions leaves the others blank, and the source is shown as text, never as markup", async ({ page }) => {
    const markup = '<img src=x onerror="window.hacked=1"><b>pier 2</b>';
    await page.goto(calculationLink("shear", { Vstar: 300 }, markup));
    await expect(field(page, "Vstar")).toHaveValue("300");
    await expect(field(page, "Mstar")).toHaveValue("");
    await expect(field(page, "Nstar")).toHaveValue("");
    await expect(page.getByTestId("design-actions-source")).toHaveText(`Design actions from: ${markup}`);
    await expect(page.getByTestId("design-actions-source").locator("img, b")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await expect(page.getByTestId("result-phivu")).toBeVisible();

    // Too long a source is refused next to its field, as the API refuses it.
    await field(page, "source").fill("x".repeat(301));
    await expect(fieldError(page, "source")).toHaveText("source must be at most 300 characters");
  });

  test("an older Concrete Shear link, whose N* was tension positive, opens as it was: N* shown compression positive", async ({ page }) => {
    await page.goto(
      "/calculations/concreteshear?bv=300&D=450&d=390&fc=32&Ast=1800&Mstar=50&Vstar=100&Nstar=-1000&Asv=157&s=200&fsyf=500&alphaV=90&dg=20&method=general&amendment=2",
    );
    await expect(field(page, "Nstar")).toHaveValue("1000");
    await expect(page.getByTestId("working")).toContainText("Negative, so taken as 0");
    await expect(page.getByTestId("result-phivu")).toHaveText("365.1");
  });
});

test.describe("The clauses added in issue 18", () => {
  test("shear: a negative εx recalculated with Ec Act, then a section near a support with a concentrated load", async ({ page }) => {
    await page.goto("/calculations/concreteshear");
    await field(page, "Mstar").fill("50");
    await field(page, "Vstar").fill("100");
    await field(page, "Nstar").fill("1000");
    await expect(page.getByTestId("working")).toContainText("Negative, so taken as 0");
    await expect(page.getByTestId("result-phivu")).toHaveText("365.1");
    await page.getByLabel("Where εx comes out negative").selectOption("EcAct");
    await expect(field(page, "Ec")).toBeVisible();
    await expect(page.getByTestId("working")).toContainText("Recalculated with Ec Act");
    await expect(page.getByTestId("working")).toContainText("300 × 450/2");
    await expect(page.getByTestId("result-phivu")).toHaveText("383.7");
    await expectAddressToKeep(page, { negativeStrain: "EcAct", Nstar: "1000" });

    await page.getByLabel("Method").selectOption("simplified");
    await field(page, "Asv").fill("0");
    await field(page, "Vstar").fill("150");
    await field(page, "av").fill("500");
    await expect(page.getByTestId("working")).toContainText("Critical section dv from the face");
    await expect(page.getByTestId("result-phivu")).toHaveText("57.26");
    await page.getByLabel("The shear comes from a concentrated load within 2dv of the support").check();
    await expect(page.getByTestId("working")).toContainText("2 × 351/500 = 1.404 ≤ 2");
    await expect(page.getByTestId("result-phivu")).toHaveText("80.4");

    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("region", { name: "Inputs" })).toContainText("av 500 mm; support compresses the member end; concentrated load within 2dv");
  });

  test("lap length: the refined length beside the basic one, and a compression lap inside a helix", async ({ page }) => {
    await page.goto("/calculations/laplength?db=20&fc=32&cd=30");
    await expect(page.getByTestId("result-lsyt")).toHaveText("730 → 730");
    await page.getByLabel("Also work out Lsy.t with k4 and k5").check();
    await page.getByLabel("K (Figure 13.1.2.3)").selectOption("0.1");
    await field(page, "sumAtr").fill("314.16");
    await field(page, "rhoP").fill("2");
    await expect(page.getByTestId("result-lsyt-refined")).toHaveText("621.2 → 630");
    await expect(page.getByTestId("result-lsyt")).toHaveText("730 → 730");
    await expect(page.getByTestId("result-lap")).toHaveText("776.5 → 780");
    await expect(page.getByTestId("working")).toContainText("13.1.2.3");

    // Structural Toolkit's stored example: N12 at f'c 40 inside an N10 helix at 300 mm pitch: 0.8 × 480 = 384 mm.
    await page.goto("/calculations/laplength");
    await expect(page.getByTestId("result-clap")).toHaveText("480 → 480");
    await page.getByLabel("Bars lapped inside").selectOption("helix");
    await field(page, "fitmentSpacing").fill("300");
    await expect(page.getByTestId("result-clap")).toHaveText("384 → 390");
    await page.getByLabel("At least three fitments (or turns) over the lap").uncheck();
    await expect(page.getByTestId("result-clap")).toHaveText("480 → 480");
    await field(page, "Atr").fill("");
    await page.getByLabel("At least three fitments (or turns) over the lap").check();
    await expect(fieldError(page, "Atr")).toHaveText("give Atr, the area of one fitment or helix bar");
  });

  test("bending: Class L bars past their 1.5 % uniform strain fail the check; with more steel they pass", async ({ page }) => {
    await page.goto("/calculations?steel=880%40390&ductilityClass=L");
    const strain = page.getByTestId("checks").locator("li", { hasText: "Class L steel strain" });
    await expect(strain).toHaveAttribute("data-pass", "false");
    await expect(strain).toContainText("Cl 3.2.1");
    await field(page, "steel.0.area").fill("900");
    await expect(strain).toHaveAttribute("data-pass", "true");
    await expect(page.getByTestId("working")).toContainText("0.01482");
  });
});

test("the calculation API answers from the browser: results, and 400 naming the field", async ({ page }) => {
  const headers = { origin: BASE_URL };
  const bending = await page.request.post("/api/calculations/bending", {
    headers,
    data: { shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 390 }], edition: "AS3600:2009" },
  });
  expect(bending.status()).toBe(200);
  const section = await bending.json();
  expect(section.dn).toBeGreaterThan(132);
  expect(section.dn).toBeLessThan(134);
  expect(section.Muo).toBeGreaterThan(300);
  expect(section.Muo).toBeLessThan(304);

  const outside = await page.request.post("/api/calculations/bending", {
    headers,
    data: { shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 470 }] },
  });
  expect(outside.status()).toBe(400);
  expect((await outside.json()).error).toContain('"steel.0.depth"');

  const shear = await page.request.post("/api/calculations/shear", {
    headers,
    data: { bv: 300, D: 450, d: 390, fc: 32, Ast: 1800, Mstar: 150, Vstar: 150, Asv: 157, s: 200 },
  });
  expect(shear.status()).toBe(200);
  expect((await shear.json()).dv).toBe(351);

  const lap = await page.request.post("/api/calculations/lap-length", { headers, data: { db: 12, fc: 40, cd: 50 } });
  expect(lap.status()).toBe(200);
  expect((await lap.json()).Lsytb).toEqual({ value: 348, rounded: 350 });
  const badFc = await page.request.post("/api/calculations/lap-length", { headers, data: { db: 12, fc: 10, cd: 50 } });
  expect(badFc.status()).toBe(400);
  expect((await badFc.json()).error).toMatch(/"fc".*between 20 and 100 MPa/);
});

test("shear with prestress from a link: the tendons and Pv in the working, φVu, and the AS 5100.5:2017 φ", async ({ page }) => {
  // The hand-worked pretensioned girder of docs/calculations.md (issue 29).
  const query = "bv=180&D=1200&d=1100&fc=50&Ast=0&Mstar=2400&Vstar=800&Nstar=0&Asv=226&s=200&Apt=1960&fpo=1225&Ep=195000&Pv=120&source=girder%20check";
  await page.goto(`/calculations/concreteshear?${query}`);
  await expect(page.getByTestId("prestress")).toBeVisible();
  await expect(field(page, "Apt")).toHaveValue("1960");
  await expect(page.getByTestId("result-phivu")).toHaveText("838.3");
  await expect(page.getByTestId("result-pv")).toHaveText("120");
  const working = page.getByTestId("working");
  await expect(working).toContainText("1960 × 1225");
  await expect(working).toContainText("min(0.75 × (211.8 + 785.9 + 120), 0.7 × 2204)");

  await page.getByLabel("Standard").selectOption("AS5100.5:2017");
  await expect(page.getByTestId("result-phivu")).toHaveText("782.4");
  await expect(working).toContainText("Table 2.3.2");
  await expect(page.getByText("AS 5100.5:2017 (bridges) Cl 8.2")).toBeVisible();
  await expectAddressToKeep(page, { edition: "AS5100.5:2017", Apt: "1960", Pv: "120" });
});

test("bending of a box as its equivalent I with bonded tendons, hogging from a link: σpu in the working, the top face in tension, bars typed as 86N24", async ({
  page,
}) => {
  const values = {
    shape: "I",
    D: 2600,
    bfTop: 12_800,
    tfTop: 300,
    bw: 900,
    bfBottom: 6200,
    tfBottom: 450,
    fc: 55,
    steel: "86N24@62;42N24@2538",
    tendons: "21736@350@1870@1100",
    Ep: 195_000,
    edition: "AS5100.5:2017",
    Mstar: -90_000,
  };
  await page.goto(`/calculations?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString()}`);
  await expect(page.getByLabel("Section", { exact: true })).toHaveValue("I");
  await expect(field(page, "bfTop")).toHaveValue("12800");
  // The bars' area worked out beside them: 86 × 452 mm².
  await expect(page.getByText("= 38872 mm²", { exact: true })).toBeVisible();
  await expect(page.getByTestId("result-sense")).toHaveText("top (hogging)");
  const working = page.getByTestId("working");
  await expect(working).toContainText("Hogging: the top face is in tension");
  await expect(working).toContainText("σpu");
  await expect(working).toContainText("Table 2.3.2");
  const sketch = page.getByTestId("section-sketch");
  await expect(sketch).toHaveAttribute("aria-label", /2 steel layers; 1 tendon layer; hogging, the top face in tension/);
  await expect(sketch.getByTestId("sketch-tendon")).toHaveCount(1);
  // φMuo as the API works it out from the same inputs, bars in mm².
  const api = await page.request.post("/api/calculations/bending", {
    data: {
      ...values,
      steel: [
        { area: "86N24", depth: 62 },
        { area: "42N24", depth: 2538 },
      ],
      tendons: [{ area: 21_736, depth: 350, fpb: 1870, fpe: 1100 }],
    },
    headers: { origin: BASE_URL },
  });
  expect(api.status()).toBe(200);
  const { phiMuo } = (await api.json()) as { phiMuo: number };
  await expect(page.getByTestId("result-phimuo")).toHaveText(String(Number(phiMuo.toPrecision(4))));
});

test("every calc sheet has a header: project, element and combination from the link, by and date filled in, printed as a table", PHONE, async ({ page }) => {
  const header = { project: "Demo Viaduct", element: "Girder, span 3, chainage 1,136.0 m", combination: "ULS-ENV" };
  for (const tool of ["bending", "shear", "lap"] as const) {
    await page.goto(calculatorLink(tool, {}, header));
    const fields = page.getByTestId("sheet-header-fields");
    await expect(fields.getByLabel("Project")).toHaveValue("Demo Viaduct");
    await expect(fields.getByLabel("Bridge element")).toHaveValue("Girder, span 3, chainage 1,136.0 m");
    await expect(fields.getByLabel("Combination")).toHaveValue("ULS-ENV");
    // The date is today's in the browser's own time; By is blank for a visitor signed out.
    await expect(fields.getByLabel("Date")).toHaveValue(/^\d{1,2} \w{3} \d{4}$/);
    // The page is never wider than the screen, on a phone too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  // Typed into the header, kept in the address with the form's inputs; printed as a table.
  await page.getByTestId("sheet-header-fields").getByLabel("By").fill("A. Engineer");
  await expect.poll(() => new URL(page.url()).searchParams.get("by")).toBe("A. Engineer");
  await page.emulateMedia({ media: "print" });
  const printed = page.getByTestId("sheet-header");
  await expect(printed).toBeVisible();
  await expect(printed).toContainText("Girder, span 3, chainage 1,136.0 m");
  await expect(printed).toContainText("A. Engineer");
  await expect(page.getByTestId("sheet-header-fields")).toBeHidden();
});

test("signed in, the sheet's header says the engineer's current project and name; Lap Length asks for no design actions and opens an older link with them", async ({
  page,
}) => {
  await signUpAndLogIn(page);
  await page.goto("/calculations/laplength?db=20&fc=32&cd=30&Mstar=12&Vstar=5&Nstar=40&source=girder%2034");
  const fields = page.getByTestId("sheet-header-fields");
  await expect(fields.getByLabel("Project")).toHaveValue("Viaduct copy");
  await expect(fields.getByLabel("By")).toHaveValue("Grace Hopper");
  await expect(fields.getByLabel("Date")).toHaveValue(/^\d{1,2} \w{3} \d{4}$/);
  await expect(page.getByTestId("result-lsyt")).toHaveText("730 → 730");
  await expect(page.getByTestId("design-actions")).toHaveCount(0);
  await expect(field(page, "Mstar")).toHaveCount(0);
  await expect(page.getByTestId("design-actions-source")).toHaveCount(0);

  // A link's header wins over the defaults; a form edit keeps the header in the address.
  await page.goto(calculatorLink("lap", { db: 20, fc: 32, cd: 30 }, { project: "Demo Viaduct", element: "Pier 2 headstock" }));
  await expect(fields.getByLabel("Project")).toHaveValue("Demo Viaduct");
  await field(page, "db").fill("24");
  await expectAddressToKeep(page, { db: "24", project: "Demo Viaduct", element: "Pier 2 headstock" });
  await page.emulateMedia({ media: "print" });
  const printed = page.getByTestId("sheet-header");
  await expect(printed.getByRole("row", { name: /^Project/ })).toContainText("Demo Viaduct");
  await expect(printed.getByRole("row", { name: /^By/ })).toContainText("Grace Hopper");
  await expect(page.getByRole("region", { name: "Inputs" })).not.toContainText("Design actions");
});

test("bending of an I-section with tendons by strain compatibility from a link (Gilbert et al. Example 6.2): φMuo, each tendon's strain, sagging; the method switched on the page", async ({
  page,
}) => {
  const values = {
    shape: "I",
    D: 750,
    bfTop: 350,
    tfTop: 100,
    bw: 350,
    bfBottom: 350,
    tfBottom: 100,
    fc: 40,
    steel: "3N24@690",
    tendons: "1000@650@1910@1200",
    edition: "AS3600:2009",
    tendonMethod: "strainCompatibility",
    Mstar: 900,
  };
  await page.goto(`/calculations?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString()}`);
  await expect(page.getByLabel("Tendon stress at ultimate")).toHaveValue("strainCompatibility");
  await expect(page.getByText("= 1356 mm²", { exact: true })).toBeVisible();
  await expect(page.getByTestId("result-sense")).toHaveText("bottom (sagging)");
  const working = page.getByTestId("working");
  await expect(working).toContainText("Tendon stress by strain compatibility (Cl 8.1.8.1)");
  await expect(working).toContainText("(strand law)");
  const api = await page.request.post("/api/calculations/bending", {
    data: { ...values, steel: [{ area: "3N24", depth: 690 }], tendons: [{ area: 1000, depth: 650, fpb: 1910, fpe: 1200 }] },
    headers: { origin: BASE_URL },
  });
  expect(api.status()).toBe(200);
  const { phiMuo } = (await api.json()) as { phiMuo: number };
  await expect(page.getByTestId("result-phimuo")).toHaveText(String(Number(phiMuo.toPrecision(4))));
  // Back to Cl 8.1.8.2's σpu: the address keeps the choice.
  await page.getByLabel("Tendon stress at ultimate").selectOption("approximate");
  await expect(working).toContainText("σpu");
  await expect(page).toHaveURL(/tendonMethod=approximate/);
});
