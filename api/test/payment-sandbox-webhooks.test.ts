import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SECRET_KEY, type PaymentSandbox, startPaymentSandbox } from "../../tools/payment-sandbox.mjs";

/** The payment sandbox's webhooks (tools/payment-sandbox.mjs) as the API receives them: signed, retried. */

const stripeFor = (sandbox: PaymentSandbox, key = LOCAL_SECRET_KEY) =>
  new Stripe(key, { host: "127.0.0.1", port: sandbox.port, protocol: "http", maxNetworkRetries: 0, telemetry: false });

describe("payment sandbox webhooks", () => {
  const received: Array<{ body: string; signature: string; path: string }> = [];
  let answers: number[] = [];
  let receiver: Server;
  let receiverUrl: string;
  let sandbox: PaymentSandbox;
  let stripe: Stripe;
  const secret = "whsec_test_payment_sandbox";

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      void readBody(req).then((body) => {
        received.push({ body, signature: String(req.headers["stripe-signature"]), path: req.url ?? "" });
        res.statusCode = answers.shift() ?? 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
    sandbox = await startPaymentSandbox({
      port: 0,
      webhooks: [
        { url: receiverUrl, secret, enabledEvents: ["payment_intent.succeeded", "payment_intent.payment_failed"] },
      ],
      retry: { initialDelayMs: 50 },
    });
    stripe = stripeFor(sandbox);
  });
  afterAll(async () => {
    await sandbox.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("signs each delivery so stripe.webhooks.constructEvent verifies it, and retries after a 500", async () => {
    answers = [500];
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: "usd", metadata: { orderId: "9" } });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    const delivered = await sandbox.waitForDelivery((d) => d.type === "payment_intent.succeeded" && d.ok);
    expect(delivered.attempt).toBe(2);
    expect(sandbox.deliveries.filter((d) => d.eventId === delivered.eventId).map((d) => d.status)).toEqual([500, 200]);

    expect(received).toHaveLength(2);
    for (const { body, signature } of received) {
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = stripe.webhooks.constructEvent(body, signature, secret);
      expect(event.type).toBe("payment_intent.succeeded");
      expect(event.id).toBe(delivered.eventId);
      const object = event.data.object as Stripe.PaymentIntent;
      expect(object).toMatchObject({ id: intent.id, status: "succeeded", metadata: { orderId: "9" } });
      expect(event.request).toMatchObject({ id: expect.stringMatching(/^req_/) });
    }
    expect(() => stripe.webhooks.constructEvent(received[0]!.body, received[0]!.signature, "whsec_other")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    // Only the enabled event types went out; GET /v1/events has them all.
    const created = sandbox.events.find((e) => e.type === "payment_intent.created" && e.data.object.id === intent.id)!;
    expect(sandbox.deliveries.some((d) => d.eventId === created.id)).toBe(false);
    expect((await stripe.events.retrieve(created.id)).type).toBe("payment_intent.created");
  });

  it("delivers to endpoints made with POST /v1/webhook_endpoints, signed with their own secret, until deleted", async () => {
    received.length = 0;
    const endpoint = await stripe.webhookEndpoints.create({
      url: receiverUrl,
      enabled_events: ["payment_intent.canceled"],
    });
    expect(endpoint).toMatchObject({ object: "webhook_endpoint", status: "enabled", url: receiverUrl });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: "usd" });
    await stripe.paymentIntents.cancel(intent.id);
    await sandbox.waitForDelivery((d) => d.type === "payment_intent.canceled" && d.ok);
    expect(received).toHaveLength(1);
    expect(stripe.webhooks.constructEvent(received[0]!.body, received[0]!.signature, endpoint.secret!).type).toBe(
      "payment_intent.canceled",
    );

    // A second endpoint stays. The sandbox picks an event's endpoints as it records the event (its
    // pending_webhooks), and the second's delivery of it is the sign that the event has gone out.
    const controlUrl = receiverUrl.replace(/\/webhooks\/stripe$/, "/webhooks/control");
    const control = await stripe.webhookEndpoints.create({
      url: controlUrl,
      enabled_events: ["payment_intent.canceled"],
    });
    expect(await stripe.webhookEndpoints.del(endpoint.id)).toMatchObject({ id: endpoint.id, deleted: true });
    const recorded: { id: string; endpoints: number }[] = [];
    const stopListening = sandbox.onEvent((e) => recorded.push({ id: e.id, endpoints: e.pending_webhooks }));
    await stripe.paymentIntents.cancel((await stripe.paymentIntents.create({ amount: 5000, currency: "usd" })).id);
    stopListening();
    const canceled = sandbox.events.find((e) => e.id === recorded.at(-1)?.id);
    expect(canceled?.type).toBe("payment_intent.canceled");
    expect(recorded.at(-1)!.endpoints, "endpoints the event goes to").toBe(1);
    await sandbox.waitForDelivery((d) => d.eventId === canceled!.id && d.url === controlUrl && d.ok);
    expect(sandbox.deliveries.filter((d) => d.eventId === canceled!.id).map((d) => d.url)).toEqual([controlUrl]);
    expect(received.map((r) => r.path)).toEqual(["/webhooks/stripe", "/webhooks/control"]);
    await stripe.webhookEndpoints.del(control.id);
  });

  it("records a delivery to an endpoint that cannot be reached, with retries", async () => {
    const unreachable = await startPaymentSandbox({
      port: 0,
      webhooks: [{ url: "http://127.0.0.1:9/webhooks/stripe", secret }],
      retry: { attempts: 3, initialDelayMs: 10 },
    });
    try {
      const client = stripeFor(unreachable);
      await client.paymentIntents.create({ amount: 5000, currency: "usd" });
      const last = await unreachable.waitForDelivery((d) => d.attempt === 3);
      expect(last).toMatchObject({ status: null, ok: false });
      expect(last.error).toBeTruthy();
    } finally {
      await unreachable.stop();
    }
  });
});
