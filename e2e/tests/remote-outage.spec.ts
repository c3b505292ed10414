import { expect, test } from "@playwright/test";
import path from "node:path";
import { startStaticServer } from "../../tools/serve-static.mjs";
import { remotesJson } from "../../tools/system.mjs";
import { E2E_PORTS, SCRATCH_PORTS } from "../support/ports";
import { SCRATCH_SHELL_URL, startScratchShell } from "../support/scratch-shell";

const root = path.resolve(import.meta.dirname, "../..");
type Server = { close: () => Promise<void> };

/**
 * A shell of its own whose public remote lives on an origin this test starts and stops;
 * the other remotes are the regular ones.
 */
async function startShellWithPublicRemoteOn(port: number): Promise<{ shell: Server; url: string }> {
  const remotes = { ...remotesJson(E2E_PORTS), mfe_public: `http://localhost:${port}/mf-manifest.json` };
  return { shell: await startScratchShell(remotes, "outage"), url: SCRATCH_SHELL_URL };
}

function startPublicRemote(): Promise<Server> {
  return startStaticServer({ dir: path.join(root, "mfe-public", "dist"), port: SCRATCH_PORTS.remote, cors: true });
}

test.describe("a remote that is down never takes the site down", () => {
  let shell: Server;
  let remote: Server | undefined;
  let siteUrl: string;

  test.beforeEach(async () => {
    ({ shell, url: siteUrl } = await startShellWithPublicRemoteOn(SCRATCH_PORTS.remote));
  });
  test.afterEach(async () => {
    await remote?.close();
    remote = undefined;
    await shell.close();
  });

  test("its area shows a contained fallback; the rest works; retry restores it without a reload", async ({ page }) => {
    await page.goto(`${siteUrl}/`);
    const fallback = page.getByTestId("remote-fallback-mfe_public");
    await expect(fallback).toBeVisible({ timeout: 15_000 });
    await expect(fallback).toContainText("This part of the site is unavailable");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("All rights reserved.");

    // Other pages keep working: the error page and the guarded dashboard.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(`${siteUrl}/no-such-page`);
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to homepage" }).click();
    await expect(fallback).toBeVisible({ timeout: 15_000 });

    // Mark this document: a full reload would lose the mark.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    remote = await startPublicRemote();
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the academy" })).toBeVisible();
    await expect(fallback).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Once back, its other pages load too.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Classes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Our Classes" })).toBeVisible();
  });

  test("a remote that goes down mid-visit: its next page falls back, loaded pages and other areas stay", async ({
    page,
  }) => {
    remote = await startPublicRemote();
    await page.goto(`${siteUrl}/`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the academy" })).toBeVisible();
    await remote.close();
    remote = undefined;
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Classes" }).click();
    await expect(page.getByTestId("remote-fallback-mfe_public")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

    remote = await startPublicRemote();
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Our Classes" })).toBeVisible();
  });
});
