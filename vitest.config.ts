import { defineConfig } from "vitest/config";

/** Unit tests of every package; the API has its own suite (it needs a database). */
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on this 2-core machine,
    // with a core idle while jsdom starts for each file. Two keep both busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "shell",
          root: "shell",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
        },
      },
      {
        test: {
          name: "shared-auth",
          root: "shared-auth",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
        },
      },
      {
        test: { name: "mfe-public", root: "mfe-public", environment: "node", include: ["src/**/*.test.ts"] },
      },
      {
        test: {
          name: "mfe-student",
          root: "mfe-student",
          // Component tests render in jsdom; its logic tests run there as well, needing nothing of node.
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
        },
      },
      {
        test: {
          name: "mfe-instructor",
          root: "mfe-instructor",
          // Component tests render in jsdom; its logic tests run there as well, needing nothing of node.
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
        },
      },
      {
        test: {
          name: "mfe-admin",
          root: "mfe-admin",
          // Component tests render in jsdom; its logic tests run there as well, needing nothing of node.
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
        },
      },
      {
        test: { name: "tools", root: "tools", environment: "node", include: ["**/*.test.mjs"] },
      },
      {
        // The e2e run's own machinery (the contract proxy); the browser specs run under Playwright.
        test: { name: "e2e-support", root: "e2e/support", environment: "node", include: ["**/*.test.ts"] },
      },
    ],
  },
});
