import { defineConfig } from "@playwright/test";
import { anchoredClock } from "../api/src/platform/clock";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tools/chromium.mjs";
import { SHELL_URL } from "./support/ports";

// API_CLOCK=2031-03-01 runs the suite as on that day: anchored once here to the real instant the
// run started, the API the global set-up starts and the test workers (support/api-clock.ts) read one
// and the same clock. The browsers keep the real one and count down by the API's answers' Date
// (shared-auth server-clock.ts), as a device with a wrong clock does.
if (process.env.API_CLOCK?.trim()) Object.assign(process.env, anchoredClock(process.env.API_CLOCK));

export default defineConfig({
  testDir: "tests",
  // The tests start and stop servers of their own: one worker keeps them out of each other's way.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI
    ? [["list"], ["./support/time-report.ts"]]
    : [["list"], ["html", { open: "never" }], ["./support/time-report.ts"]],
  globalSetup: "./support/global-setup.ts",
  use: {
    baseURL: SHELL_URL,
    // A trace is recorded for every test to keep a failure's, and recording costs the browser's
    // CPU on a 2-core machine. CI leaves only its printed output (no one opens a trace there): off.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
