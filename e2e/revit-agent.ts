import { type ChildProcess, spawn } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { BASE_URL } from "./helpers";

/** The reference add-in (`npm run revit:agent`) as a separate process, its output collected (as e2e/push.spec.ts runs it). */
export function startAgent(token: string, extra: string[] = []): { child: ChildProcess; output: () => string; stop: () => Promise<void> } {
  const url = `${BASE_URL.replace(/^http/, "ws")}/ws/revit`;
  const child = spawn("node_modules/.bin/tsx", ["scripts/revit-agent.ts", "--url", url, "--token", token, "--document", "E2E Bridge.rvt", ...extra], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** An add-in token made on /settings, as an engineer makes one; returns its value (shown once). */
export async function createTokenInSettings(page: Page, name: string): Promise<string> {
  await page.goto("/settings");
  await page.getByLabel("Token name").fill(name);
  await page.getByRole("button", { name: "Create token" }).click();
  const value = page.getByTestId("new-token-value");
  await expect(value).toHaveText(/^pfx_/);
  return (await value.textContent())!;
}

/** The preview before every push: Push goes ahead. */
export async function confirmPush(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("push-preview-counts")).toBeVisible();
  await dialog.getByRole("button", { name: "Push", exact: true }).click();
  await expect(dialog).toHaveCount(0);
}
