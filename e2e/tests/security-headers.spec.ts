import { expect, test } from "@playwright/test";
import { CSP_PROBE, readViolations } from "../support/global-setup";
import { E2E_PORTS, SHELL_URL } from "../support/ports";

const REMOTE_URL = `http://localhost:${E2E_PORTS.mfe_public}`;

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

test.describe("security headers", () => {
  for (const address of ["/", "/classes", "/dashboard/mydashboard", "/no-such-page"]) {
    test(`the shell's ${address} carries a strict policy and the browser-hardening headers`, async ({ request }) => {
      const res = await request.get(`${SHELL_URL}${address}`);
      expect(res.status()).toBe(200);
      const headers = res.headers();
      const csp = directives(headers["content-security-policy"]);
      expect(csp["frame-ancestors"]).toEqual(["'none'"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["base-uri"]).toEqual(["'none'"]);
      // Scripts: the site, its remotes, the payment script; inline ones only by hash.
      const scripts = csp["script-src"] ?? [];
      expect(scripts).toContain("'self'");
      expect(scripts).toContain(`http://localhost:${E2E_PORTS.mfe_student}`);
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts.some((source) => source.startsWith("'sha256-"))).toBe(true);
      expect(csp["connect-src"]).toContain(`http://localhost:${E2E_PORTS.api}`);
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toContain("camera=()");
      expect(headers["strict-transport-security"]).toContain("max-age=");
      expect(headers["x-content-type-options"]).toBe("nosniff");
    });
  }

  test("a remote's own origin sends the same hardening headers", async ({ request }) => {
    for (const file of ["/", "/mf-manifest.json", "/remoteEntry.js"]) {
      const headers = (await request.get(`${REMOTE_URL}${file}`)).headers();
      expect(headers["x-frame-options"], file).toBe("DENY");
      expect(headers["x-content-type-options"], file).toBe("nosniff");
    }
    const page = (await request.get(`${REMOTE_URL}/`)).headers();
    expect(directives(page["content-security-policy"])["frame-ancestors"]).toEqual(["'none'"]);
  });

  test("a script put into the page is refused and reported, while the site's own code runs", async ({ page }) => {
    const refused: string[] = [];
    await page.exposeFunction("reportRefused", (directive: string) => refused.push(directive));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        (window as unknown as { reportRefused: (d: string) => void }).reportRefused(event.effectiveDirective);
      });
    });
    await page.goto(`/classes?${CSP_PROBE}=1`);
    // The site's own scripts ran: the class list is there and interactive.
    await expect(page.getByRole("heading", { name: "Our Classes" })).toBeVisible();
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true;";
      document.body.append(script);
      const img = document.createElement("img");
      img.setAttribute("src", "x:y");
      img.setAttribute("onerror", "window.__injectedHandler = true");
      document.body.append(img);
    });
    await expect.poll(() => refused).toContain("script-src-elem");
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(
      await page.evaluate(() => (window as unknown as { __injectedHandler?: boolean }).__injectedHandler),
    ).toBeUndefined();
    // The browser's report reached the server (the run fails on any report not made on purpose).
    await expect.poll(() => readViolations().filter((line) => line.includes(CSP_PROBE)).length).toBeGreaterThan(0);
  });

  test("another site cannot frame the site", async ({ page }) => {
    await page.goto(`${REMOTE_URL}/mf-manifest.json`);
    // A page of another origin (a remote's) that tries to show the shell in a frame.
    await page.setContent(`<iframe id="framed" src="${SHELL_URL}/" width="800" height="600"></iframe>`);
    const frame = page.frameLocator("#framed");
    // Playwright can read any frame: the refused one never shows the site's heading.
    // Chromium shows its own error page in a frame that frame-ancestors refused.
    await expect.poll(() => page.frames().some((f) => f.url().startsWith("chrome-error:"))).toBe(true);
    await expect(frame.getByRole("heading", { name: "Welcome to the academy" })).toHaveCount(0);
    await expect
      .poll(() => readViolations().filter((line) => line.includes('"frame-ancestors"')).length)
      .toBeGreaterThan(0);
  });
});
