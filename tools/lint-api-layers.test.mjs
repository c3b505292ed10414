import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function layerErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports");
}

describe("the API's layer lint rules", () => {
  it.each([
    // The platform imports no domain, nor app.ts / server.ts.
    ["api/src/platform/errors.ts", 'import { signIn } from "../accounts/index.js";'],
    ["api/src/platform/database/client.ts", 'import { classes } from "../../catalog/index.js";'],
    ["api/src/platform/database/client.ts", 'import type { Cart } from "../../booking/checkout.js";'],
    ["api/src/platform/config.ts", 'import { images } from "../images";'],
    ["api/src/platform/clock.ts", 'import { buildApp } from "../app.js";'],
    ["api/src/platform/access/plugin.ts", 'import "../../server.js";'],
    // Another domain only through its index.
    ["api/src/catalog/classes.ts", 'import { open } from "../booking/checkout/open.js";'],
    ["api/src/booking/checkout/open.ts", 'import { provider } from "../../payments/provider.js";'],
    ["api/src/catalog/classes.ts", 'export { open } from "../booking/checkout/open.js";'],
    ["api/src/catalog/classes.ts", 'import type { Provider } from "../payments/provider.js";'],
    ["api/src/catalog/classes.integration.test.ts", 'import { seed } from "../seed/seed.js";'],
    // Every folder of api/src with an index.ts is a domain, plans included.
    ["api/src/booking/checkout/open.ts", 'import { schedule } from "../../plans/schedule.js";'],
    ["api/src/plans/routes.ts", 'import { quoteCart } from "../pricing/rules.js";'],
    ["api/src/platform/chosen-classes.ts", 'import { plans } from "../plans/index.js";'],
    // From outside every domain: app.ts, server.ts, tests, benchmarks, e2e, tools.
    ["api/src/app.ts", 'import { permissions } from "./accounts/permissions.js";'],
    ["api/src/server.ts", 'import { reconcile } from "./payments/reconcile.js";'],
    ["api/test/x.test.ts", 'import { provider } from "../src/payments/provider.js";'],
    ["api/test/support/x.ts", 'import { provider } from "../../src/payments/provider.js";'],
    ["api/bench/scale.mjs", 'import { scaleData } from "../src/seed/scale-data.js";'],
    ["api/bench/scale.mjs", 'import { seedScale } from "../dist/seed/scale-data.js";'],
    ["api/drizzle.config.ts", 'import { seed } from "./src/seed/seed.ts";'],
    ["e2e/support/seed-calendar.ts", 'import { calendar } from "../../api/src/seed/calendar";'],
    ["tools/x.mjs", 'import { x } from "../api/src/messages/contact-routes.js";'],
    ["tools/x.mjs", 'import { x } from "../api/dist/messages/contact-routes.js";'],
  ])("fails %s: %s", async (file, code) => {
    expect(await layerErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ["api/src/catalog/classes.ts", 'import { createPaymentIntent } from "../payments/index.js";'],
    ["api/src/booking/checkout/open.ts", 'import { createPaymentIntent } from "../../payments/index.js";'],
    ["api/src/catalog/classes.ts", 'import type { Seat } from "../booking/index.ts";'],
    ["api/src/catalog/classes.ts", 'import { cart } from "../booking";'],
    ["api/src/catalog/classes.ts", 'import { ApiError } from "../platform/errors.js";'],
    ["api/src/booking/checkout/open.ts", 'import { db } from "../../platform/database/client.js";'],
    // A domain's own files, tests kept in its folder included.
    ["api/src/booking/cart-routes.ts", 'import { open } from "./checkout/open.js";'],
    ["api/src/booking/checkout/open.ts", 'import { cart } from "../cart-routes.js";'],
    ["api/src/catalog/classes.integration.test.ts", 'import { listClasses } from "./classes.js";'],
    ["api/src/catalog/classes.integration.test.ts", 'import { startApi } from "../../test/harness.js";'],
    ["api/src/platform/database/client.ts", 'import { changeFeed } from "./change-feed.js";'],
    ["api/src/platform/errors.ts", 'import { config } from "./config.js";'],
    ["api/src/app.ts", 'import { accounts } from "./accounts/index.js";'],
    ["api/src/app.ts", 'import { config } from "./platform/config.js";'],
    ["api/test/x.test.ts", 'import { listClasses } from "../src/catalog/index.js";'],
    ["api/test/x.test.ts", 'import { cleanText } from "../src/platform/text.js";'],
    ["api/bench/scale.mjs", 'import { seedScale } from "../dist/seed/index.js";'],
    ["api/bench/scale.mjs", 'import { openDatabase } from "../dist/platform/database/client.js";'],
    ["e2e/support/seed-calendar.ts", 'import { calendar } from "../../api/src/seed/index";'],
    ["tools/x.mjs", 'import { startPaymentSandbox } from "./payment-sandbox/src/index.ts";'],
    ["api/src/booking/checkout/open.ts", 'import { planSchedule } from "../../plans/index.js";'],
  ])("allows %s: %s", async (file, code) => {
    expect(await layerErrors(file, code)).toHaveLength(0);
  });

  it("leaves the apps' own import rules in place", async () => {
    const errors = await layerErrors("shell/src/x.ts", 'import HomePage from "../../mfe-public/src/pages/home-page";');
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/app boundaries/);
  });
});
