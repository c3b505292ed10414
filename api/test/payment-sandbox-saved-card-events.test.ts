import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateCard } from "../../tools/card-payment.mjs";
import { LOCAL_SECRET_KEY, startPaymentSandbox } from "../../tools/payment-sandbox.mjs";
import { stripeFor } from "./payment-sandbox-sdk.js";

/**
 * The payment sandbox's saved cards seen from outside: the events of saving one, signed to a webhook,
 * and customers and set-up cards kept across a restart (saving and charging them:
 * payment-sandbox-customers.test.ts).
 */

/** The events of saving a card that asks for authentication, in the order they happen. */
const SAVING_EVENTS = [
  "customer.created",
  "setup_intent.created",
  "setup_intent.requires_action",
  "payment_method.attached",
  "setup_intent.succeeded",
];

describe("payment sandbox saved cards: webhooks and persistence", () => {
  const received: Array<{ body: string; signature: string }> = [];
  let receiver: Server;
  const secret = "whsec_test_saved_cards";
  const dir = mkdtempSync(path.join(tmpdir(), "payment-sandbox-customers-"));

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      void readBody(req).then((body) => {
        received.push({ body, signature: String(req.headers["stripe-signature"]) });
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the saved card's events signed, and keeps customers and set-up cards across a restart", async () => {
    const dataFile = path.join(dir, "state.json");
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
    const first = await startPaymentSandbox({ port: 0, dataFile, webhooks: [{ url, secret }] });
    /** A customer with a card saved and set up on the first sandbox, which then stops. */
    const { customerId, pm } = await (async () => {
      try {
        const stripe = stripeFor(first);
        const customer = await stripe.customers.create({ email: "pat@example.com" });
        const si = await stripe.setupIntents.create({
          customer: customer.id,
          payment_method: "pm_card_authenticationRequiredOnSetup",
          confirm: true,
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        });
        expect(await authenticateCard(first.url, si.client_secret!)).toBe(200);
        const saved = (await stripe.setupIntents.retrieve(si.id)).payment_method as string;
        for (const type of SAVING_EVENTS) await first.waitForDelivery((d) => d.type === type && d.ok);
        return { customerId: customer.id, pm: saved };
      } finally {
        await first.stop();
      }
    })();
    const verifier = new Stripe(LOCAL_SECRET_KEY);
    const types = received.map(({ body, signature }) => verifier.webhooks.constructEvent(body, signature, secret).type);
    expect(types).toEqual(expect.arrayContaining(SAVING_EVENTS));

    const second = await startPaymentSandbox({ port: 0, dataFile });
    try {
      const stripe = stripeFor(second);
      const customer = (await stripe.customers.retrieve(customerId)) as Stripe.Customer;
      expect(customer.email).toBe("pat@example.com");
      // Still set up for payments without the customer.
      const paid = await stripe.paymentIntents.create({
        amount: 6_000,
        currency: "usd",
        customer: customerId,
        payment_method: pm,
        off_session: true,
        confirm: true,
        allowed_payment_method_types: ["card"],
      });
      expect(paid.status).toBe("succeeded");
    } finally {
      await second.stop();
    }
  });
});
