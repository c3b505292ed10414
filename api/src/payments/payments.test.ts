import { createHmac, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "../platform/config.js";
import { nowMs, restoreClock, setClock } from "../platform/clock.js";
import { LOCAL_PUBLISHABLE_KEY, type PaymentSandbox } from "../../../tools/payment-sandbox.mjs";
import { usePayments, type Harness } from "../../test/payment-webhooks.js";
import { SEED_FAMILIES } from "../seed/index.js";
import { ADMIN, JONAS, classId, driverName, enrolDirectly, LEE, MAYA, SAM, type TestApi } from "../../test/harness.js";
import { PAYMENTS_SUITE_SECRET_KEY } from "../../test/stripe-keys.js";

/**
 * Checkout end to end against the local payment sandbox through the real stripe SDK: seat holds,
 * card payments as the browser makes them, POST /payments and the signed webhook converging on one
 * result, expiry, refunds, and (on PostgreSQL) concurrent checkouts for the last seats.
 */

interface ConfirmAnswer {
  status?: string;
  amount?: number;
  error?: { message: string; code?: string };
}

/** What a browser's card form does: confirm the intent with its client secret and the card. */
async function payByCard(sandbox: PaymentSandbox, clientSecret: string, number: string) {
  const id = clientSecret.split("_secret_")[0]!;
  const body = new URLSearchParams({
    client_secret: clientSecret,
    "payment_method_data[type]": "card",
    "payment_method_data[card][number]": number,
    "payment_method_data[card][exp_month]": "12",
    "payment_method_data[card][exp_year]": String(new Date().getFullYear() + 2),
    "payment_method_data[card][cvc]": "123",
    "payment_method_data[billing_details][name]": "Sam Student",
    "payment_method_data[billing_details][email]": SAM.email,
  });
  const res = await fetch(`${sandbox.url}/v1/payment_intents/${id}/confirm`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as ConfirmAnswer };
}

async function intentStatus(sandbox: PaymentSandbox, id: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/v1/payment_intents/${id}`, {
    headers: { authorization: `Bearer ${PAYMENTS_SUITE_SECRET_KEY}` },
  });
  return ((await res.json()) as { status: string }).status;
}

async function seatsOf(api: TestApi, n: number) {
  const r = await api.database.db.execute(
    `select enrolled_seats::int as enrolled, held_seats::int as held, available_seats::int as available from classes where id = '${classId(n)}'`,
  );
  return (r as unknown as { rows: { enrolled: number; held: number; available: number }[] }).rows[0]!;
}

async function count(api: TestApi, sql: string): Promise<number> {
  const r = await api.database.db.execute(sql);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

async function addToCart(api: TestApi, who: { id: string; email: string }, n: number): Promise<string> {
  const res = await api.call({ method: "POST", url: "/carts", as: who, payload: { classItemId: classId(n) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId as string;
}

/** The browser's report of a paid checkout (POST /payments, or /payments/:cartItemId for one item). */
function report(api: TestApi, who: { id: string; email: string }, transactionId: string, cartItemId?: string) {
  const url = cartItemId ? `/payments/${cartItemId}` : "/payments";
  return api.call({ method: "POST", url, as: who, payload: { transactionId } });
}

async function orderStatus(api: TestApi, orderId: string): Promise<string> {
  const r = await api.database.db.execute(`select status from orders where id = '${orderId}'`);
  return (r as unknown as { rows: { status: string }[] }).rows[0]!.status;
}

async function checkout(api: TestApi, who: { id: string; email: string }, payload: object = {}) {
  return api.call({ method: "POST", url: "/create-payment-intent", as: who, payload });
}

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
    // The one paid checkout of this file's earlier test and the seed's families' payments, as before.
    expect(before).toBe(1 + SEED_FAMILIES.length);
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

let clockRestore: number | undefined;
/**
 * Moves the API's clock (platform/clock.ts: every hold is judged by it) forward by `ms`, instead of
 * waiting for a short hold to run out in real time; put back after each test.
 */
function later(ms: number): void {
  const previous = setClock(new Date(nowMs() + ms));
  clockRestore ??= previous;
}
afterEach(() => {
  if (clockRestore !== undefined) restoreClock(clockRestore);
  clockRestore = undefined;
});

describe("holds that run out", () => {
  // Webhooks off: what happens must not depend on them.
  const HOLD_SECONDS = 600;
  const h = usePayments({ PAYMENT_HOLD_SECONDS: String(HOLD_SECONDS) }, false);

  it("give their seats back and cancel their payment", async () => {
    const { api, sandbox } = h;
    await api.database.db.execute(`update classes set available_seats = enrolled_seats + 1 where id = '${classId(1)}'`);
    const samItem = await addToCart(api, SAM, 1);
    const leeItem = await addToCart(api, LEE, 1);
    const sam = (await checkout(api, SAM, { cartItemIds: [samItem] })).json();
    expect((await checkout(api, LEE, { cartItemIds: [leeItem] })).statusCode).toBe(409);
    later((HOLD_SECONDS + 1) * 1000);
    const lee = await checkout(api, LEE, { cartItemIds: [leeItem] });
    expect(lee.statusCode, lee.body).toBe(201);
    expect(await intentStatus(sandbox, sam.paymentIntentId)).toBe("canceled");
    expect((await payByCard(sandbox, sam.clientSecret, "4242424242424242")).status).toBe(400);
    expect(await orderStatus(api, sam.orderId)).toBe("expired");
  });

  it("a payment that succeeded just before its hold ran out still enrols, while the seat is free", async () => {
    const { api, sandbox } = h;
    const item = await addToCart(api, SAM, 12);
    const co = (await checkout(api, SAM, { cartItemIds: [item] })).json();
    expect((await payByCard(sandbox, co.clientSecret, "4242424242424242")).status).toBe(200);
    const before = await seatsOf(api, 12);
    later((HOLD_SECONDS + 1) * 1000);
    // The sweep finds the intent paid (it cannot be canceled) and settles it.
    await api.app.sweep();
    expect(await orderStatus(api, co.orderId)).toBe("paid");
    expect(await seatsOf(api, 12)).toEqual({ ...before, held: before.held - 1, enrolled: before.enrolled + 1 });
    const res = await report(api, SAM, co.paymentIntentId);
    expect(res.statusCode).toBe(200);
  });

  it("a payment that can no longer be fulfilled is refunded in full", async () => {
    const { api, sandbox } = h;
    const item = await addToCart(api, LEE, 10);
    const co = (await checkout(api, LEE, { cartItemIds: [item] })).json();
    expect((await payByCard(sandbox, co.clientSecret, "4242424242424242")).status).toBe(200);
    // Meanwhile the student got the class another way (an admin enrolled them).
    await enrolDirectly(api.database, LEE.id, classId(10));
    const before = await seatsOf(api, 10);
    const res = await report(api, LEE, co.paymentIntentId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("refunded in full");
    expect(await orderStatus(api, co.orderId)).toBe("refunded");
    expect(await seatsOf(api, 10)).toEqual({ ...before, held: before.held - 1 });
    const refunds = sandbox.events.filter((e) => e.type === "charge.refunded");
    expect(
      refunds.some((e) => (e.data.object as { payment_intent?: string }).payment_intent === co.paymentIntentId),
    ).toBe(true);
    expect(
      await count(api, `select count(*)::int as n from payments where transaction_id = '${co.paymentIntentId}'`),
    ).toBe(0);
  });
});

describe("extending a hold", () => {
  // Holds of 10 minutes, at most 110 in all from the checkout's opening (ten extensions' worth).
  const HOLD_MS = 600_000;
  const MAX_MS = 11 * HOLD_MS;
  const h = usePayments(
    { PAYMENT_HOLD_SECONDS: String(HOLD_MS / 1000), PAYMENT_HOLD_MAX_SECONDS: String(MAX_MS / 1000) },
    false,
  );
  const extend = (who: { id: string; email: string }, orderId: string) =>
    h.api.call({ method: "POST", url: `/checkouts/${orderId}/extend`, as: who });

  it("keeps the seats held a full hold from now, for the checkout's owner only", async () => {
    const { api, sandbox } = h;
    const item = await addToCart(api, SAM, 4);
    const co = (await checkout(api, SAM, { cartItemIds: [item] })).json();
    expect(Date.parse(co.maxExpiresAt) - Date.parse(co.expiresAt)).toBeGreaterThanOrEqual(MAX_MS - HOLD_MS - 1000);
    expect((await extend(LEE, co.orderId)).statusCode).toBe(404);
    expect((await extend(MAYA, co.orderId)).statusCode).toBe(403);
    const bad = await extend(SAM, "not-a-checkout");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty("orderId");
    later((2 * HOLD_MS) / 3);
    const res = await extend(SAM, co.orderId);
    expect(res.statusCode, res.body).toBe(200);
    const extended = res.json();
    expect(extended.orderId).toBe(co.orderId);
    expect(extended.maxExpiresAt).toBe(co.maxExpiresAt);
    expect(Date.parse(extended.expiresAt) - Date.parse(co.expiresAt)).toBeGreaterThanOrEqual((2 * HOLD_MS) / 3 - 500);
    // Past the first expiry, the sweep leaves it alone and it can be paid.
    later(Date.parse(co.expiresAt) - nowMs() + 300);
    await api.app.sweep();
    expect(await orderStatus(api, co.orderId)).toBe("pending");
    expect((await payByCard(sandbox, co.clientSecret, "4242424242424242")).status).toBe(200);
    expect((await report(api, SAM, co.paymentIntentId, item)).statusCode).toBe(201);
    const paid = await extend(SAM, co.orderId);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toMatch(/already paid/);
  });

  it("is refused once the hold ran out, and past its limit", async () => {
    const { api } = h;
    const item = await addToCart(api, SAM, 3);
    const co = (await checkout(api, SAM, { cartItemIds: [item] })).json();
    // Opened long ago: the limit is one second away (on the API's clock, which holds are judged by).
    const at = (offsetMs: number) => new Date(nowMs() + offsetMs).toISOString();
    await api.database.db.execute(
      `update orders set created_at = '${at(1000 - MAX_MS)}', expires_at = '${at(500)}' where id = '${co.orderId}'`,
    );
    const first = await extend(SAM, co.orderId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().expiresAt).toBe(first.json().maxExpiresAt);
    const again = await extend(SAM, co.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/extended as far as it can be/);
    later(Date.parse(first.json().expiresAt) - nowMs() + 200);
    const late = await extend(SAM, co.orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/ran out.*nothing was charged/);
  });
});

describe.runIf(driverName === "postgres")("concurrent checkouts on PostgreSQL", () => {
  const h = usePayments();

  it("twelve students racing for three seats: exactly three checkouts hold them", async () => {
    const { api } = h;
    await api.database.db.execute(`update classes set available_seats = enrolled_seats + 3 where id = '${classId(5)}'`);
    const students = Array.from({ length: 12 }, (_, i) => ({
      id: `00000000-0000-4000-8100-${String(i + 1).padStart(12, "0")}`,
      email: `racer${i + 1}@example.com`,
    }));
    for (const s of students) {
      await api.database.db.execute(
        // Confirmed addresses: only those may pay (decision 028); the race is about seats.
        `insert into users (id, email, name, role, email_verified) values ('${s.id}', '${s.email}', 'Racer', 'student', true)`,
      );
      await addToCart(api, s, 5);
    }
    const results = await Promise.all(students.map((s) => checkout(api, s)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const seats = await seatsOf(api, 5);
    expect(seats.enrolled + seats.held).toBe(seats.available);
    expect(seats.held).toBe(3);
  });

  it("the browser's report and the webhook arriving together record one payment", async () => {
    const { api, sandbox } = h;
    const item = await addToCart(api, SAM, 11);
    const co = (await checkout(api, SAM, { cartItemIds: [item] })).json();
    const before = await seatsOf(api, 11);
    await payByCard(sandbox, co.clientSecret, "4242424242424242");
    const reports = await Promise.all(Array.from({ length: 5 }, () => report(api, SAM, co.paymentIntentId)));
    await sandbox.waitForDelivery((d) => d.type === "payment_intent.succeeded" && d.ok);
    // Whichever came first created the record (201 if it was a report); the others found it.
    const codes = reports.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 201)).toBe(true);
    expect(codes.filter((c) => c === 201).length).toBeLessThanOrEqual(1);
    expect(new Set(reports.map((r) => r.json().result.insertedId)).size).toBe(1);
    expect(
      await count(api, `select count(*)::int as n from payments where transaction_id = '${co.paymentIntentId}'`),
    ).toBe(1);
    expect(await seatsOf(api, 11)).toEqual({ ...before, held: before.held - 1, enrolled: before.enrolled + 1 });
  });
});

describe("payment configuration", () => {
  const production = {
    NODE_ENV: "production",
    JWT_SECRET: randomBytes(24).toString("hex"),
    FIREBASE_PROJECT_ID: "academy-prod",
    STRIPE_SECRET_KEY: `sk_live_${randomBytes(12).toString("hex")}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString("hex")}`,
    CAMPER_DATA_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: "smtps://mail.academy.test:465",
  };

  it("runs in production only with real Stripe keys and Stripe's own servers", () => {
    expect(readConfig(production).payments).toMatchObject({ apiUrl: undefined, holdSeconds: 900, currency: "usd" });
    const { STRIPE_SECRET_KEY: _key, ...noKey } = production;
    expect(() => readConfig(noKey)).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => readConfig({ ...production, STRIPE_SECRET_KEY: "pk_live_academy" })).toThrow(/STRIPE_SECRET_KEY/);
    const { STRIPE_WEBHOOK_SECRET: _secret, ...noWebhook } = production;
    expect(() => readConfig(noWebhook)).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => readConfig({ ...production, STRIPE_API_URL: "http://127.0.0.1:12111" })).toThrow(/STRIPE_API_URL/);
  });

  it("uses the local payment sandbox by default outside production", () => {
    const local = readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).payments;
    expect(local.secretKey).toBe("sk_test_local_sandbox");
    expect(local.apiUrl?.href).toBe("http://127.0.0.1:12111/");
    expect(() => readConfig({ ACADEMY_DEV_DEFAULTS: "1", PAYMENT_HOLD_SECONDS: "0" })).toThrow(/PAYMENT_HOLD_SECONDS/);
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

describe("what an instructor's classes have earned", () => {
  const h = usePayments({}, false);

  it("counts paid seats at the price paid; a later price change or an unpaid checkout changes nothing", async () => {
    const { api, sandbox } = h;
    const revenue = async (who: { id: string; email: string }) => {
      const res = await api.call({ method: "GET", url: `/myclasses/revenue?email=${MAYA.email}`, as: who });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { paidSeats: number; revenue: number };
    };
    const before = await revenue(MAYA);
    const { price } = (await api.call({ method: "GET", url: `/classes/${classId(1)}` })).json() as { price: number };

    // Sam pays for Maya's class 1; Lee's checkout of class 7 is declined and stays unpaid.
    await addToCart(api, SAM, 1);
    const co = (await checkout(api, SAM)).json();
    expect((await payByCard(sandbox, co.clientSecret, "4242424242424242")).status).toBe(200);
    expect((await report(api, SAM, co.clientSecret.split("_secret_")[0])).statusCode).toBe(201);
    await addToCart(api, LEE, 7);
    const unpaid = (await checkout(api, LEE)).json();
    expect((await payByCard(sandbox, unpaid.clientSecret, "4000000000000002")).status).toBe(402);

    const edit = await api.call({ method: "PATCH", url: `/classes/${classId(1)}`, as: MAYA, payload: { price: 999 } });
    expect(edit.statusCode).toBe(200);
    const after = await revenue(MAYA);
    expect(after.paidSeats).toBe(before.paidSeats + 1);
    expect(after.revenue).toBeCloseTo(before.revenue + price, 2);
    // An admin may read anyone's; another instructor may not read Maya's.
    expect(await revenue(ADMIN)).toEqual(after);
    const other = await api.call({ method: "GET", url: `/myclasses/revenue?email=${MAYA.email}`, as: JONAS });
    expect(other.statusCode).toBe(403);
  }, 30_000);
});
