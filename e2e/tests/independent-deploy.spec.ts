import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startStaticServer } from "../../tools/serve-static.mjs";
import { remotesJson } from "../../tools/system.mjs";
import { E2E_PORTS, SCRATCH_PORTS } from "../support/ports";
import { startScratchShell } from "../support/scratch-shell";

const root = path.resolve(import.meta.dirname, "../..");
const tmp = path.join(root, ".tmp", "e2e-deploy-variants");
const nextBuild = path.join(tmp, "mfe-public-next");
const homePage = path.join(root, "mfe-public", "src", "pages", "home-page.tsx");
const CHANGED_HEADING = "Welcome to the academy, summer 2027 edition";
type Server = { close: () => Promise<void> };

/** A fingerprint of every file of a build, to prove a build was not touched. */
function fingerprint(dir: string): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const full = path.join(file.parentPath, file.name);
    hash.update(path.relative(dir, full)).update(readFileSync(full));
  }
  return hash.digest("hex");
}

/** The public team changes its home heading and builds; the repository is left as it was. */
function buildChangedPublicRemote() {
  const original = readFileSync(homePage, "utf8");
  if (original.split("Welcome to the academy").length !== 2) throw new Error("home-page.tsx: heading not found once");
  try {
    writeFileSync(homePage, original.replace("Welcome to the academy", CHANGED_HEADING));
    execFileSync("pnpm", ["--filter", "mfe-public", "run", "build"], {
      cwd: root,
      env: { ...process.env, APP_OUT_DIR: nextBuild },
      stdio: "pipe",
    });
  } finally {
    writeFileSync(homePage, original);
  }
}

test.describe("each remote deploys on its own", () => {
  const servers: Server[] = [];
  test.beforeAll(() => {
    rmSync(tmp, { recursive: true, force: true });
    buildChangedPublicRemote();
  });
  test.afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  test("a rebuilt remote shows its change on reload; the shell's build is untouched", async ({ page }) => {
    const shellBefore = fingerprint(path.join(root, "shell", "dist"));
    // The public team's origin serves its current build...
    const origin = path.join(tmp, "public-origin");
    cpSync(path.join(root, "mfe-public", "dist"), origin, { recursive: true });
    servers.push(await startStaticServer({ dir: origin, port: SCRATCH_PORTS.remote, cors: true }));
    const remotes = {
      ...remotesJson(E2E_PORTS),
      mfe_public: `http://localhost:${SCRATCH_PORTS.remote}/mf-manifest.json`,
    };
    servers.push(await startScratchShell(remotes, "deploy-shell"));
    const site = `http://localhost:${SCRATCH_PORTS.shell}/`;

    await page.goto(site);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the academy", exact: true })).toBeVisible();

    // ...and deploys the new one over it, keeping old chunks for tabs still open.
    cpSync(nextBuild, origin, { recursive: true });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: CHANGED_HEADING })).toBeVisible();
    expect(fingerprint(path.join(root, "shell", "dist"))).toBe(shellBefore);
  });

  test("a staging swap: pointing remotes.json at another build shows that build, no rebuild", async ({ page }) => {
    const shellBefore = fingerprint(path.join(root, "shell", "dist"));
    servers.push(await startStaticServer({ dir: nextBuild, port: SCRATCH_PORTS.remote, cors: true }));

    servers.push(await startScratchShell(remotesJson(E2E_PORTS), "production-shell"));
    await page.goto(`http://localhost:${SCRATCH_PORTS.shell}/`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the academy", exact: true })).toBeVisible();
    await servers.pop()!.close();

    const staging = {
      ...remotesJson(E2E_PORTS),
      mfe_public: `http://localhost:${SCRATCH_PORTS.remote}/mf-manifest.json`,
    };
    servers.push(await startScratchShell(staging, "staging-shell"));
    await page.goto(`http://localhost:${SCRATCH_PORTS.shell}/`);
    await expect(page.getByRole("heading", { level: 1, name: CHANGED_HEADING })).toBeVisible();
    // The other areas still come from their regular builds.
    await page.goto(`http://localhost:${SCRATCH_PORTS.shell}/no-such-page`);
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    expect(fingerprint(path.join(root, "shell", "dist"))).toBe(shellBefore);
  });
});
