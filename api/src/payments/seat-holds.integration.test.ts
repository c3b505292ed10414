import { afterEach, describe, expect, it } from "vitest";
import { nowMs, restoreClock, setClock } from "../platform/clock.js";
import { usePayments } from "../../test/payment-webhooks.js";
import { classId, enrolDirectly, LEE, MAYA, SAM } from "../../test/harness.js";
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
 * A checkout's seat hold against the local payment sandbox: a hold that runs out gives its seats
 * back (a payment that arrives after it is enrolled while the seat is free, else refunded), and an
 * extension keeps the seats for its owner up to the hold's limit.
 */

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
