import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    environment: "node",
    // The suite runs with the development defaults (platform/config/mode.ts): its own processes
    // move the clock, and the servers it spawns inherit this; production cases pass their own env.
    env: { ACADEMY_DEV_DEFAULTS: "1" },
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is WASM and heavy to start: a few files at a time on 2 cores.
    maxWorkers: 2,
    // Each worker keeps its modules from one file to the next: the API's import (Fastify, Drizzle,
    // Stripe, Firebase Admin, every schema) took 3 s a file, most of the suite's time. Each file
    // builds its own app and database (test/harness.ts) and puts the clock back after itself.
    isolate: false,
  },
});
