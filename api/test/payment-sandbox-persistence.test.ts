import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { LOCAL_SECRET_KEY, type PaymentSandbox, startPaymentSandbox } from "../../tools/payment-sandbox.mjs";

/** The payment sandbox (tools/payment-sandbox.mjs) keeps what it was told across a restart, with a data file. */

const stripeFor = (sandbox: PaymentSandbox, key = LOCAL_SECRET_KEY) =>
  new Stripe(key, { host: "127.0.0.1", port: sandbox.port, protocol: "http", maxNetworkRetries: 0, telemetry: false });

describe("payment sandbox persistence", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "payment-sandbox-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps PaymentIntents, charges, events and idempotent results across a restart with dataFile", async () => {
    const dataFile = path.join(dir, "payments", "state.json");
    const first = await startPaymentSandbox({ port: 0, dataFile });
    const paid = await stripeFor(first).paymentIntents.create(
      { amount: 9900, currency: "usd", confirm: true, payment_method: "pm_card_visa", metadata: { orderId: "77" } },
      { idempotencyKey: "persisted-order-77" },
    );
    const eventId = first.events.at(-1)!.id;
    await first.stop();

    const second = await startPaymentSandbox({ port: 0, dataFile });
    try {
      const stripe = stripeFor(second);
      const again = await stripe.paymentIntents.retrieve(paid.id);
      expect(again).toMatchObject({ status: "succeeded", amount_received: 9900, metadata: { orderId: "77" } });
      expect((await stripe.charges.retrieve(again.latest_charge as string)).amount).toBe(9900);
      expect((await stripe.events.retrieve(eventId)).id).toBe(eventId);
      const replay = await stripe.paymentIntents.create(
        { amount: 9900, currency: "usd", confirm: true, payment_method: "pm_card_visa", metadata: { orderId: "77" } },
        { idempotencyKey: "persisted-order-77" },
      );
      expect(replay.id).toBe(paid.id);
      expect((await stripe.refunds.create({ payment_intent: paid.id })).amount).toBe(9900);
    } finally {
      await second.stop();
    }
  });
});
