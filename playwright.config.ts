import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { BASE_URL as baseURL, LLM_TEST_KEY, MIDAS_SIM_KEY, MIDAS_SIM_PORT } from "./e2e/helpers";

const port = new URL(baseURL).port;
// The scripted OpenAI-compatible model the assistant talks to (test/llm-fake).
const llmPort = Number(process.env.E2E_LLM_PORT ?? Number(port) + 200);
// A fresh embedded database per run: every run starts from the demo seed.
// (Set once in the runner; its workers inherit it instead of making their own.)
process.env.E2E_PGLITE_DIR ??= mkdtempSync(path.join(os.tmpdir(), "pontifex-e2e-"));
const dataDir = process.env.E2E_PGLITE_DIR;

const chromium = {
  // Playwright cannot download its browsers here; Debian's do the job. Its headless shell (what Playwright itself runs
  // headless) takes about a quarter less CPU than the full browser, which is used when the shell is not installed.
  executablePath: process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file)),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  // Not test-results itself, which Playwright empties at its start: the vitest reports beside it are written there.
  outputDir: "test-results/e2e",
  use: {
    baseURL,
    launchOptions: chromium,
    trace: "retain-on-failure",
    // The home page's waves are the one animation that runs forever (the only thing this preference changes; its own
    // test checks both states): left running, they keep the software-rendered compositor busy on a 2-core CI.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "desktop-1280",
      grepInvert: /@phone-only/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "mobile-390",
      // What a phone shows or does differently (PHONE in e2e/helpers.ts); the rest is the same at both widths.
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, launchOptions: chromium },
    },
  ],
  webServer: [
    {
      command: "node --import tsx server.ts",
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        PGLITE_DIR: dataDir,
        // npm test gives a fresh PostgreSQL database when it has one (E2E_DATABASE_URL); else the embedded database.
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
        SEED_DEMO: "1",
        PONTIFEX_SECRET: "test-secret-of-pontifex-e2e-runs-0123456789",
        SUPER_T_URL: "https://supert.example.com/",
        DECK_UNIT_URL: "",
        LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
        LLM_BASE_URL: `http://127.0.0.1:${llmPort}/v1`,
        LLM_MODEL: "fake-model",
        LLM_API_KEY: LLM_TEST_KEY,
        // Every test signs up, signs in, pushes and chats from this one address.
        AUTH_ATTEMPTS_PER_MINUTE: "100000",
        PUSHES_PER_MINUTE: "100000",
        CHAT_MESSAGES_PER_MINUTE: "100000",
        // The MIDAS simulator below: an entry without a port would allow only port 80.
        MIDAS_ALLOWED_HOSTS: `127.0.0.1:${MIDAS_SIM_PORT}`,
      },
    },
    {
      command: `node --import tsx test/llm-fake/cli.ts --port ${llmPort}`,
      url: `http://127.0.0.1:${llmPort}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The MIDAS Civil NX stand-in of e2e/midas.spec.ts (allowed by MIDAS_ALLOWED_HOSTS above).
      command: `node --import tsx scripts/midas-sim.ts --port ${MIDAS_SIM_PORT} --key ${MIDAS_SIM_KEY}`,
      // It answers 401 without the key: up and listening.
      url: `http://127.0.0.1:${MIDAS_SIM_PORT}/mapikey/verify`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
