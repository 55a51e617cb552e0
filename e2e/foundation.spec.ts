import { expect, test } from "./fixtures";
import { menuRoutes } from "../lib/navigation";
import { BASE_URL, isMobile, openMenu, PASSWORD, PHONE, signUpAndLogIn, uniqueEmail } from "./helpers";

test.describe("home", () => {
  test("shows the product, the tagline, the waves and a Login button only when signed out", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Pontifex", level: 1 })).toBeVisible();
    await expect(page.getByText("engineering model interface", { exact: true })).toBeVisible();
    await expect(page.getByTestId("wave-background")).toBeAttached();
    await page.getByRole("link", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signUpAndLogIn(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Pontifex", level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
  });

  test("keeps the waves still for users who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const animation = await page
      .locator(".wave-layer")
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe("none");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    const moving = await page
      .locator(".wave-layer")
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(moving).toBe("wave-drift");
  });
});

test.describe("register and log in", () => {
  test("a new engineer signs up, lands on /login, logs in, sees Success and reaches / after 2 s", PHONE, async ({ page }) => {
    const email = uniqueEmail();
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Sign-up" })).toBeVisible();
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    // When the alert appears, as the page sees it: seen from here it comes late on a busy machine, and the 2 s
    // measured from then looked shorter than they were (1,499 ms). The redirect is client-side: the page keeps it.
    await page.evaluate(() => {
      const seen = window as unknown as { successShownAt?: number };
      new MutationObserver(() => {
        if (seen.successShownAt === undefined && document.querySelector("main [role=alert]")?.textContent?.includes("Success")) {
          seen.successShownAt = Date.now();
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    const alert = page.getByRole("main").getByRole("alert").filter({ hasText: "Success" });
    await expect(alert).toContainText("Login successful! Redirecting...");
    await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
    const shownAt = await page.evaluate(() => (window as unknown as { successShownAt?: number }).successShownAt);
    expect(shownAt).toBeDefined();
    expect(Date.now() - shownAt!).toBeGreaterThanOrEqual(1950);

    // The server now knows who this is.
    await page.goto("/settings");
    await expect(page.getByTestId("settings-email")).toHaveText(email);
    await expect(page.getByTestId("settings-name")).toHaveText("Grace Hopper");
  });

  test("the GitHub and Google buttons submit the form", async ({ page }) => {
    const email = uniqueEmail("provider");
    await page.goto("/register");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "GitHub" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Google" }).click();
    await expect(page.getByRole("main").getByRole("alert").filter({ hasText: "Success" })).toBeVisible();
  });

  test("a wrong password shows a message and logs the status to the console", async ({ page }) => {
    const email = await signUpAndLogIn(page);
    await page.context().clearCookies();
    const consoleLines: string[] = [];
    page.on("console", (msg) => consoleLines.push(msg.text()));
    await page.goto("/login");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Wrong e-mail or password.");
    expect(consoleLines).toContain("Response status: 401");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("registering a taken e-mail looks exactly like registering a new one; a short password is explained", async ({ page }) => {
    const email = await signUpAndLogIn(page, uniqueEmail(), { demoCopy: false });
    await page.context().clearCookies();
    for (const address of [email, uniqueEmail()]) {
      await page.goto("/register");
      await page.getByLabel("Email Address").fill(address);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText("If this address is new, its account is ready: sign in.")).toBeVisible();
      // The address just signed up is in the form: only the password is left to type.
      await expect(page.getByLabel("Email Address")).toHaveValue(address);
      await expect(page.getByLabel("Password")).toBeFocused();
    }
    await page.goto("/register");
    await page.getByLabel("Email Address").fill(uniqueEmail());
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("at least 8 characters");
    await expect(page).toHaveURL(/\/register$/);
  });

  test("when the server cannot be reached, the login page says so", async ({ page }) => {
    await page.goto("/login");
    await page.route("**/api/auth/login", (route) => route.abort("connectionrefused"));
    await page.getByLabel("Email Address").fill(uniqueEmail());
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Cannot reach the server");
  });
});

test.describe("menus", () => {
  test("signed out, Settings offers Login and Home; every menu lists its entries", PHONE, async ({ page }, testInfo) => {
    await page.goto("/about");
    const settings = await openMenu(page, testInfo, "Settings");
    await expect(settings.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(settings.getByRole("link", { name: "Home" })).toBeVisible();
    await expect(settings.getByRole("button", { name: "Log Out" })).toHaveCount(0);
    await expect(settings.getByRole("link", { name: "Settings" })).toHaveCount(0);
    if (isMobile(testInfo)) await page.keyboard.press("Escape");

    const expected: Record<string, string[]> = {
      Hub: ["AI Chatbot", "Concrete Box Girder", "Super T Bridge"],
      "Revit DB": ["Core Setup", "Revit Abutment", "Revit Pier", "Revit Box"],
      "Midas DB": [
        "Model Setup",
        "General Sections",
        "PSC Sections",
        "Piles",
        "Superstructure Loads",
        "Substructure Loads",
        "Moving Loads",
        "Load Combinations",
        "PT",
      ],
      "Midas Control": ["Create Midas", "Reaction Results", "Bearing Results", "Girder Results", "Pile Results", "Change Log"],
      Calculations: ["Concrete Bending", "Concrete Shear", "Lap Length"],
    };
    for (const [menu, entries] of Object.entries(expected)) {
      const content = await openMenu(page, testInfo, menu);
      for (const entry of entries) await expect(content.getByRole("link", { name: entry })).toBeVisible();
      if (menu === "Hub") {
        // Configured: opens in a new tab. Not configured: shown disabled with a note.
        await expect(content.getByRole("link", { name: "Super T Bridge" })).toHaveAttribute("target", "_blank");
        await expect(content.getByText("Deck Unit Bridge")).toBeVisible();
        // In the engineer's words: the variable that sets it is for whoever deploys (docs/deploy.md).
        await expect(content.getByText("Not set up for this site")).toBeVisible();
        await expect(content).not.toContainText("DECK_UNIT_URL");
        await expect(content.getByRole("link", { name: "Deck Unit Bridge" })).toHaveCount(0);
      }
      if (isMobile(testInfo)) await page.keyboard.press("Escape");
    }
  });

  test("signed in, Settings offers Settings, Home and Log Out; logging out returns to the signed-out menu", PHONE, async ({ page }, testInfo) => {
    await signUpAndLogIn(page);
    await page.goto("/about");
    const settings = await openMenu(page, testInfo, "Settings");
    await expect(settings.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(settings.getByRole("link", { name: "Home" })).toBeVisible();
    await expect(settings.getByRole("link", { name: "Login" })).toHaveCount(0);
    await settings.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("main").getByRole("link", { name: "Login", exact: true })).toBeVisible();
    const after = await openMenu(page, testInfo, "Settings");
    await expect(after.getByRole("link", { name: "Login" })).toBeVisible();
    // The session is gone on the server too.
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  });

  test("menus open from the keyboard and by click", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Calculations" }).click();
    await expect(page.locator("[data-slot=navigation-menu-content][data-state=open]").getByRole("link", { name: "Lap Length" })).toBeVisible();
    await page.keyboard.press("Escape");
    const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Revit DB" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const content = page.locator("[data-slot=navigation-menu-content][data-state=open]");
    await expect(content.getByRole("link", { name: "Revit Pier" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(content).toHaveCount(0);
  });

  test("the first menu wanted opens by keyboard at once, its trigger keeping focus, and by hover after the delay", async ({ page }) => {
    // The bar's radix code loads when a menu is first wanted: the first Enter and the first hover must work all the same.
    await page.goto("/about");
    const bar = page.getByRole("navigation", { name: "Main" });
    const revit = bar.getByRole("button", { name: "Revit DB" });
    await revit.focus();
    await page.keyboard.press("Enter");
    const content = page.locator("[data-slot=navigation-menu-content][data-state=open]");
    await expect(content.getByRole("link", { name: "Revit Pier" })).toBeVisible();
    await expect(revit).toBeFocused();
    await expect(revit).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(content).toHaveCount(0);

    await page.goto("/contact");
    await bar.getByRole("button", { name: "Midas DB" }).hover();
    await expect(content.getByRole("link", { name: "PSC Sections" })).toBeVisible();
    await bar.getByRole("button", { name: "Calculations" }).hover();
    await expect(content.getByRole("link", { name: "Lap Length" })).toBeVisible();
    await expect(content.getByRole("link", { name: "PSC Sections" })).toHaveCount(0);
  });

  test("a click on a menu the resting pointer has just opened keeps it open; the next click closes it", async ({ page }) => {
    await page.goto("/about");
    const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Calculations" });
    const content = page.locator("[data-slot=navigation-menu-content][data-state=open]");
    for (const round of ["first", "after radix took over"]) {
      await trigger.hover();
      await expect(content.getByRole("link", { name: "Lap Length" }), round).toBeVisible();
      await trigger.click();
      await expect(content.getByRole("link", { name: "Lap Length" }), round).toBeVisible();
      await trigger.click();
      await expect(content, round).toHaveCount(0);
      await page.mouse.move(0, 400);
    }
  });

  test("a menu entry navigates to its page", PHONE, async ({ page }, testInfo) => {
    await page.goto("/");
    const calc = await openMenu(page, testInfo, "Calculations");
    await calc.getByRole("link", { name: "Concrete Shear" }).click();
    await expect(page).toHaveURL(/\/calculations\/concreteshear$/);
    await expect(page.getByRole("heading", { name: "Concrete Shear", level: 1 })).toBeVisible();
  });
});

test.describe("theme", () => {
  test("the sun/moon button switches the theme, stores it under `theme`, and a reload keeps it", PHONE, async ({ page }) => {
    await page.goto("/about");
    const html = page.locator("html");
    const background = (selector: string) => page.locator(selector).evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect(html).toHaveClass(/dark/);
    // The spec's black content area is the dark theme's.
    expect(await background("main")).toBe("rgb(0, 0, 0)");
    await page.getByRole("button", { name: "Toggle dark theme" }).click();
    await expect(html).toHaveClass(/light/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await page.reload();
    await expect(html).toHaveClass(/light/);
    // Light all over: the content area and the page behind it are the light theme's background, as the bar is.
    const light = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement("div"));
      probe.className = "bg-background";
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    });
    expect(light).not.toBe("rgb(0, 0, 0)");
    expect(await background("main")).toBe(light);
    expect(await background("body")).toBe(light);
    await page.getByRole("button", { name: "Toggle dark theme" }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  });

  test("the stored theme is applied before the page is first painted (no flash)", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "light"));
    // Record the class at the first paint-relevant moment: when <body> starts.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.body) {
          (window as unknown as { __firstClass: string }).__firstClass = document.documentElement.className;
          observer.disconnect();
        }
      }).observe(document.documentElement, { childList: true, subtree: true });
    });
    await page.goto("/about");
    const first = await page.evaluate(() => (window as unknown as { __firstClass?: string }).__firstClass ?? "");
    const atLoad = await page.evaluate(() => document.documentElement.className);
    expect(atLoad).toMatch(/light/);
    expect(first === "" || !/dark/.test(first)).toBe(true);
  });
});

test.describe("footer", () => {
  test("every page's footer links About, Contact and the API reference; Settings links the API reference", async ({ page }) => {
    await signUpAndLogIn(page);
    await page.goto("/settings");
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of [
      ["About", "/about"],
      ["Contact", "/contact"],
      ["API reference", "/docs/api"],
    ] as const) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await page.getByRole("main").getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(/\/docs\/api$/);
    await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
    await footer.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe("guarded pages", () => {
  for (const path of ["/revitpier", "/settings"]) {
    test(`signed out, ${path} redirects to /login and returns there after logging in`, async ({ page }) => {
      const email = await signUpAndLogIn(page);
      await page.context().clearCookies();
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
      await page.getByLabel("Email Address").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Log in", exact: true }).click();
      await expect(page.getByRole("main").getByRole("alert").filter({ hasText: "Success" })).toBeVisible();
      await page.waitForURL((url) => url.pathname === path, { timeout: 10_000 });
    });
  }

  test("a forged Session cookie is treated as signed out", async ({ page, context }) => {
    await context.addCookies([{ name: "Session", value: "forged-value", url: BASE_URL }]);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login\?next=/);
  });
});

test("pages run under the nonce Content-Security-Policy without a single violation", async ({ page }) => {
  // Every page of the menu, one after another: the budget of one page walk, not of one page.
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`),
    );
  });
  await signUpAndLogIn(page);
  for (const route of ["/", "/login", "/revitpier", "/settings", "/calculations", "/calculations/concreteshear", "/calculations/laplength"]) {
    const response = await page.goto(route);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    await expect(page.locator("h1").first()).toBeVisible();
    if (route === "/revitpier") {
      await page.getByRole("button", { name: "Filter Columns" }).click();
      await page.keyboard.press("Escape");
    }
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
  }
});

test("every page of the menu answers 200 and no page is wider than the screen", PHONE, async ({ page }) => {
  // Every page of the menu, one after another: the budget of one page walk, not of one page.
  test.setTimeout(180_000);
  await signUpAndLogIn(page);
  const width = page.viewportSize()!.width;
  const routes = menuRoutes();
  expect(routes).toHaveLength(26);
  for (const route of [...routes, "/about", "/contact", "/register"]) {
    const response = await page.goto(route);
    expect({ route, status: response?.status() }).toEqual({ route, status: 200 });
    await expect(page.locator("h1").first()).toBeVisible();
    expect({ route, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ route, width });
  }
});
