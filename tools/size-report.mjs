#!/usr/bin/env node
// `npm run report:size`: cold load of the home page in Chromium against the production builds:
// JS and CSS bytes over the wire (gzip) and the request count. Build first (`npm run build`).
import { createRequire } from "node:module";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";
import { readEmulatorPorts } from "./auth-emulator.mjs";
import { readPaymentSandboxPort, readPorts, startSystem } from "./system.mjs";
import { ROOT } from "./workspace.mjs";

const { chromium } = createRequire(path.join(ROOT, "e2e", "package.json"))("@playwright/test");
// Ports of its own (+200), so it runs beside a started system.
const shifted = (ports) => Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, v + 200]));
const ports = shifted(readPorts());
const system = await startSystem({
  ports,
  deployDir: path.join(ROOT, ".tmp", "size-deploy"),
  apiEnv: { DATA_DIR: path.join(ROOT, ".tmp", "size-data") },
  auth: { ports: shifted(readEmulatorPorts()) },
  payments: { port: readPaymentSandboxPort() + 200 },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const seen = [];
  page.on("requestfinished", async (request) => {
    const sizes = await request.sizes();
    seen.push({ url: request.url(), type: request.resourceType(), bytes: sizes.responseBodySize });
  });
  await page.goto(`${system.shellUrl}/`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  const sum = (type) => seen.filter((r) => r.type === type).reduce((n, r) => n + r.bytes, 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`home page cold load: ${seen.length} requests`);
  console.log(`  JavaScript (gzip): ${kb(sum("script"))} in ${seen.filter((r) => r.type === "script").length} files`);
  console.log(
    `  CSS (gzip):        ${kb(sum("stylesheet"))} in ${seen.filter((r) => r.type === "stylesheet").length} files`,
  );
  console.log(
    `  other:             ${seen
      .filter((r) => !["script", "stylesheet"].includes(r.type))
      .map((r) => `${r.type} ${new URL(r.url).pathname}`)
      .join(", ")}`,
  );
} finally {
  await browser.close();
  await system.stop();
}
