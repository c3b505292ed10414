import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { stripeFor } from "../../test/payment-sandbox-sdk.js";
import { usePayments, type Harness } from "../../test/payment-webhooks.js";
import { SEED_FAMILIES } from "../seed/index.js";
import { ADMIN, classId, LEE, MAYA, SAM } from "../../test/harness.js";
import {
  addToCart,
  checkout,
  count,
  intentStatus,
  orderStatus,
  payByCard,
  report,
  seatsOf,
} from "../../test/checkout-steps.js";

/**
 * Checkout end to end against the local payment sandbox through the real stripe SDK: seat holds,
 * card payments as the browser makes them, POST /payments and the signed webhook converging on one
 * result, and a payment whose webhook never arrives settled by reconciliation. Holds that run out
 * or are extended: seat-holds.integration.test.ts; concurrent checkouts: concurrent-checkouts.integration.test.ts.
 */

describe("checkout and payment", () => {
  const h = usePayments();

  it("charges what the database says, holds the seats, and a paid checkout enrols the student once", async () => {
    const { api, sandbox } = h;
    await addToCart(api, SAM, 4);
    await addToCart(api, SAM, 8);
    const before4 = await seatsOf(api, 4);

    // The spec's client sends the price it shows; the server ignores it.
    const opened = await checkout(api, SAM, { price: 0.01 });
    expect(opened.statusCode, opened.body).toBe(201);
    const co = opened.json();
    expect(co).toMatchObject({ amount: 308.5, currency: "usd", clientSecret: expect.stringContaining("_secret_") });
    expect(co.items.map((i: { classItemId: string }) => i.classItemId).sort()).toEqual([classId(4), classId(8)]);
    expect(await seatsOf(api, 4)).toEqual({ ...before4, held: before4.held + 1 });

    // Opening the same selection again (a reload of the payment page) gives the same checkout.
    const again = await checkout(api, SAM);
    expect(again.statusCode).toBe(200);
    expect(again.json().paymentIntentId).toBe(co.paymentIntentId);
    expect((await seatsOf(api, 4)).held).toBe(before4.held + 1);

    const paid = await payByCard(sandbox, co.clientSecret, "4242424242424242");
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("succeeded");
    expect(paid.body.amount).toBe(30850);

    const recorded = await api.call({
      method: "POST",
      url: "/payments",
      as: SAM,
      payload: {
        email: SAM.email,
        transactionId: co.paymentIntentId,
        price: 1,
        quantity: 9,
        status: "refunded",
        cartItems: [],
        classItems: [classId(1)],
      },
    });
    expect([200, 201]).toContain(recorded.statusCode);
    const { result, payment } = recorded.json();
    expect(result.insertedId).toBe(payment._id);
    expect(payment).toMatchObject({
      email: SAM.email,
      transactionId: co.paymentIntentId,
      price: 308.5,
      quantity: 2,
      status: "service pending",
      classItems: expect.arrayContaining([classId(4), classId(8)]),
      classNames: expect.arrayContaining(["Tennis Serve & Volley", "Baseball Batting Clinic"]),
    });
    expect(payment.cartItems).toHaveLength(2);

    // The webhook for the same payment converges on the same record.
    await sandbox.waitForDelivery((d) => d.type === "payment_intent.succeeded" && d.ok);
    const replay = await report(api, SAM, co.paymentIntentId);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().result).toEqual({ insertedId: payment._id, deletedCount: 0 });

    expect(await count(api, `select count(*)::int as n from payments where student_id = '${SAM.id}'`)).toBe(1);
    expect(await seatsOf(api, 4)).toEqual({ ...before4, enrolled: before4.enrolled + 1 });
    expect((await api.call({ method: "GET", url: `/carts?email=${SAM.email}`, as: SAM })).json()).toEqual([]);
    const enrolled = (await api.call({ method: "GET", url: `/enrolled?email=${SAM.email}`, as: SAM })).json();
    expect(enrolled.map((c: { _id: string }) => c._id).sort()).toEqual([classId(4), classId(8)]);
    const history = (await api.call({ method: "GET", url: `/payments?email=${SAM.email}`, as: SAM })).json();
    expect(history).toEqual([{ ...payment, refunds: [], refunded: 0, refundedCents: 0 }]);
    // The public list shows the new enrolment at once.
    const list = (await api.call({ method: "GET", url: "/classes" })).json();
    expect(list.find((c: { _id: string }) => c._id === classId(4)).enrolled_seats).toBe(before4.enrolled + 1);
    // Paying again for an enrolled class is refused at the cart.
    const rebook = await api.call({ method: "POST", url: "/carts", as: SAM, payload: { classItemId: classId(4) } });
    expect(rebook.statusCode).toBe(409);
  });

  it("a declined card records nothing and keeps the hold; another card then pays", async () => {
    const { api, sandbox } = h;
    const cartItemId = await addToCart(api, LEE, 5);
    const before = await seatsOf(api, 5);
    const co = (await checkout(api, LEE, { cartItemIds: [cartItemId] })).json();
    const declined = await payByCard(sandbox, co.clientSecret, "4000000000000002");
    expect(declined.status).toBe(402);
    expect(declined.body.error?.message).toBe("Your card was declined.");
    const early = await report(api, LEE, co.paymentIntentId, cartItemId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain("has not gone through");
    expect(await seatsOf(api, 5)).toEqual({ ...before, held: before.held + 1 });

    expect((await payByCard(sandbox, co.clientSecret, "5555555555554444")).status).toBe(200);
    const wrongItem = await report(api, LEE, co.paymentIntentId, classId(5));
    expect(wrongItem.statusCode).toBe(409);
    expect(wrongItem.json().message).toContain("not for that cart item");
    const single = await report(api, LEE, co.paymentIntentId, cartItemId);
    expect([200, 201]).toContain(single.statusCode);
    expect(single.json().payment.cartItems).toEqual([cartItemId]);
    expect(await seatsOf(api, 5)).toEqual({ ...before, enrolled: before.enrolled + 1 });
  });

  it("a new selection replaces the student's open checkout: its seats come back and its payment is canceled", async () => {
    const { api, sandbox } = h;
    const tennis = await addToCart(api, LEE, 10);
    const climbing = await addToCart(api, LEE, 11);
    const first = (await checkout(api, LEE, { cartItemIds: [tennis, climbing] })).json();
    const held11 = (await seatsOf(api, 11)).held;
    const second = await checkout(api, LEE, { cartItemIds: [tennis] });
    expect(second.statusCode).toBe(201);
    expect(second.json().paymentIntentId).not.toBe(first.paymentIntentId);
    expect(second.json().amount).toBe(109);
    expect((await seatsOf(api, 11)).held).toBe(held11 - 1);
    expect(await intentStatus(sandbox, first.paymentIntentId)).toBe("canceled");
    const late = await payByCard(sandbox, first.clientSecret, "4242424242424242");
    expect(late.status).toBe(400);
    // The replaced checkout's payment cannot be recorded.
    const stale = await report(api, LEE, first.paymentIntentId);
    expect(stale.statusCode).toBe(409);
  });

  it("refuses what cannot be paid, and what is not the caller's", async () => {
    const { api } = h;
    const cases: [string, Promise<{ statusCode: number; json(): { message: string } }>, number, string][] = [
      ["a visitor", api.call({ method: "POST", url: "/create-payment-intent", payload: {} }), 401, "Sign in"],
      ["an admin", checkout(api, ADMIN), 403, "not allowed"],
      ["an instructor", checkout(api, MAYA), 403, "not allowed"],
      [
        "an empty cart",
        checkout(api, { id: "00000000-0000-4000-8000-000000000010", email: "rae@example.com" }),
        409,
        "cart is empty",
      ],
      ["another student's cart item", checkout(api, SAM, { cartItemIds: [classId(1)] }), 404, "no longer in your cart"],
      ["a malformed item id", checkout(api, SAM, { cartItemIds: ["x"] }), 400, "invalid"],
      [
        "a payment of someone else's e-mail",
        api.call({ method: "POST", url: "/payments", as: SAM, payload: { transactionId: "pi_123", email: LEE.email } }),
        403,
        "your own",
      ],
      [
        "an unknown payment",
        api.call({ method: "POST", url: "/payments", as: SAM, payload: { transactionId: "pi_doesnotexist" } }),
        400,
        "no such payment",
      ],
      [
        "a malformed transaction id",
        api.call({ method: "POST", url: "/payments", as: SAM, payload: { transactionId: "ch_1; drop" } }),
        400,
        "invalid",
      ],
      [
        "a missing transaction id",
        api.call({ method: "POST", url: "/payments", as: SAM, payload: {} }),
        400,
        "invalid",
      ],
    ];
    for (const [label, pending, status, text] of cases) {
      const res = await pending;
      expect(res.statusCode, label).toBe(status);
      expect(res.json().message.toLowerCase(), label).toContain(text.toLowerCase());
    }
  });

  it("a student cannot record another student's payment", async () => {
    const { api } = h;
    const item = await addToCart(api, LEE, 12);
    const co = (await checkout(api, LEE, { cartItemIds: [item] })).json();
    const res = await report(api, SAM, co.paymentIntentId);
    expect(res.statusCode).toBe(403);
    const history = await api.call({ method: "GET", url: `/payments?email=${LEE.email}`, as: SAM });
    expect(history.statusCode).toBe(403);
    const asAdmin = await api.call({ method: "GET", url: `/payments?email=${LEE.email}`, as: ADMIN });
    expect(asAdmin.statusCode).toBe(200);
  });

  it("refuses a total below the smallest card charge with 422", async () => {
    const { api } = h;
    await api.database.db.execute(`update classes set price_cents = 25 where id = '${classId(7)}'`);
    const item = await addToCart(api, SAM, 7);
    const res = await checkout(api, SAM, { cartItemIds: [item] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain("at least $0.50");
    await api.call({ method: "DELETE", url: `/carts/${item}`, as: SAM });
  });

  it("the last free seat is held by the first checkout: nobody else can book or buy it meanwhile", async () => {
    const { api } = h;
    await api.database.db.execute(`update classes set available_seats = enrolled_seats + 1 where id = '${classId(3)}'`);
    const leeItem = await addToCart(api, LEE, 3);
    const samItem = await addToCart(api, SAM, 3);
    expect((await checkout(api, SAM, { cartItemIds: [samItem] })).statusCode).toBe(201);
    const lee = await checkout(api, LEE, { cartItemIds: [leeItem] });
    expect(lee.statusCode).toBe(409);
    expect(lee.json().message).toContain("is full");
    const rae = { id: "00000000-0000-4000-8000-000000000010", email: "rae@example.com" };
    const book = await api.call({ method: "POST", url: "/carts", as: rae, payload: { classItemId: classId(3) } });
    expect(book.statusCode).toBe(409);
    expect(book.json().message).toContain("held by a checkout");
  });
});

/** Posts an event to the webhook signed as Stripe signs it (t=..., v1=HMAC-SHA256 of "t.payload"). */
async function sendSigned(h: Harness, event: object) {
  const payload = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const sig = `t=${t},v1=${createHmac("sha256", h.webhookSecret).update(`${t}.${payload}`).digest("hex")}`;
  return h.api.app.inject({
    method: "POST",
    url: "/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": sig },
    payload,
  });
}

describe("the payment webhook", () => {
  const h = usePayments();

  it("records a payment the browser never reported, once, and ignores replays", async () => {
    const { api, sandbox } = h;
    const item = await addToCart(api, SAM, 6);
    const co = (await checkout(api, SAM, { cartItemIds: [item] })).json();
    await payByCard(sandbox, co.clientSecret, "4242424242424242");
    const delivery = await sandbox.waitForDelivery((d) => d.type === "payment_intent.succeeded" && d.ok);
    expect(delivery.status).toBe(200);
    const event = sandbox.events.find((e) => e.id === delivery.eventId)!;
    expect(
      await count(api, `select count(*)::int as n from payments where transaction_id = '${co.paymentIntentId}'`),
    ).toBe(1);
    const enrolled = await seatsOf(api, 6);

    // The same signed event again: accepted, nothing changes.
    const replay = await sendSigned(h, event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await seatsOf(api, 6)).toEqual(enrolled);
    expect(
      await count(api, `select count(*)::int as n from payments where transaction_id = '${co.paymentIntentId}'`),
    ).toBe(1);
  });

  it("asks Stripe nothing for a payment already recorded (each read counts against the account's limit)", async () => {
    const { api, sandbox } = h;
    const item = await addToCart(api, SAM, 7);
    const co = (await checkout(api, SAM, { cartItemIds: [item] })).json();
    await payByCard(sandbox, co.clientSecret, "4242424242424242");
    const ofThisIntent = (eventId: string) =>
      (sandbox.events.find((e) => e.id === eventId)?.data.object as { id?: string } | undefined)?.id ===
      co.paymentIntentId;
    const delivery = await sandbox.waitForDelivery(
      (d) => d.type === "payment_intent.succeeded" && d.ok && ofThisIntent(d.eventId),
    );
    const event = sandbox.events.find((e) => e.id === delivery.eventId)!;
    const paid = `select count(*)::int as n from payments where transaction_id = '${co.paymentIntentId}'`;
    expect(await count(api, paid)).toBe(1);

    // One request a second, and this second's used: a webhook that asked Stripe now would be refused.
    sandbox.setRequestsPerSecond(1);
    try {
      await stripeFor(sandbox).paymentIntents.retrieve(co.paymentIntentId);
      const again = await sendSigned(h, { ...event, id: `${event.id}_again` });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ received: true });
      // An intent not yet recorded is read from Stripe, which refuses it this second: the proof the limit held.
      const other = await sendSigned(h, {
        ...event,
        id: `${event.id}_other`,
        data: { object: { id: "pi_notrecordedyet", status: "succeeded", metadata: {} } },
      });
      expect(other.statusCode).not.toBe(200);
    } finally {
      sandbox.setRequestsPerSecond(undefined);
    }
    expect(await count(api, paid)).toBe(1);
  });

  it("accepts and ignores a payment that is none of the site's checkouts", async () => {
    const before = await count(h.api, `select count(*)::int as n from payments`);
    const res = await sendSigned(h, {
      id: "evt_elsewhere",
      object: "event",
      type: "payment_intent.succeeded",
      data: {
        object: { id: "pi_elsewhere", status: "succeeded", amount: 1000, currency: "usd", metadata: {} },
      },
    });
    expect(res.statusCode).toBe(200);
    // The two paid checkouts of this file's earlier tests and the seed's families' payments, as before.
    expect(before).toBe(2 + SEED_FAMILIES.length);
    expect(await count(h.api, `select count(*)::int as n from payments`)).toBe(before);
  });

  it("a validly signed event that says an unpaid intent succeeded enrols nobody", async () => {
    const { api } = h;
    const item = await addToCart(api, SAM, 5);
    const co = (await checkout(api, SAM, { cartItemIds: [item] })).json();
    const before = await seatsOf(api, 5);
    const payments = await count(api, `select count(*)::int as n from payments`);
    // Signed with the real webhook secret (as with a leaked one), but the intent was never paid.
    const res = await sendSigned(h, {
      id: "evt_forged_success",
      object: "event",
      type: "payment_intent.succeeded",
      data: {
        object: {
          id: co.paymentIntentId,
          object: "payment_intent",
          status: "succeeded",
          amount: Math.round(co.amount * 100),
          currency: "usd",
          metadata: { orderId: co.orderId },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await count(api, `select count(*)::int as n from payments`)).toBe(payments);
    expect(await seatsOf(api, 5)).toEqual(before);
    expect(await intentStatus(h.sandbox, co.paymentIntentId)).not.toBe("succeeded");
    // Nor does one that says it was canceled release the checkout's seats.
    await sendSigned(h, {
      id: "evt_forged_cancel",
      object: "event",
      type: "payment_intent.canceled",
      data: { object: { id: co.paymentIntentId, object: "payment_intent", status: "canceled", metadata: {} } },
    });
    expect(await seatsOf(api, 5)).toEqual(before);
  });

  it("refuses an event whose signature does not verify", async () => {
    const { api } = h;
    const forged = JSON.stringify({ id: "evt_forged", type: "payment_intent.succeeded", data: { object: {} } });
    for (const signature of ["", "t=1,v1=00", `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`]) {
      const res = await api.app.inject({
        method: "POST",
        url: "/webhooks/stripe",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        payload: forged,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("signature");
    }
  });
});

describe("a paid checkout whose webhook never arrives", () => {
  // No webhook endpoint at all, and the browser never reports: only reconciliation can settle it.
  const h = usePayments({ RECONCILE_INTERVAL_MS: "300" }, false);

  it("is settled by the regular check of pending checkouts against the provider", async () => {
    const { api, sandbox } = h;
    await addToCart(api, SAM, 6);
    const res = await checkout(api, SAM);
    expect(res.statusCode, res.body).toBe(201);
    const { clientSecret, orderId } = res.json() as { clientSecret: string; orderId: string };
    expect((await payByCard(sandbox, clientSecret, "4242424242424242")).body.status).toBe("succeeded");
    const started = Date.now();
    while ((await orderStatus(api, orderId)) === "pending" && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await orderStatus(api, orderId)).toBe("paid");
    const enrolled = (await api.call({ method: "GET", url: `/enrolled?email=${SAM.email}`, as: SAM })).json();
    expect(enrolled.map((c: { _id: string }) => c._id)).toContain(classId(6));
    expect(await count(api, `select count(*)::int as n from payments where order_id = '${orderId}'`)).toBe(1);
  }, 30_000);
});
