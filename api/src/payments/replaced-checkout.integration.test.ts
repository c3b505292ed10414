import { describe, expect, it } from "vitest";
import { family, holdSeat, lineClass } from "../../test/families.js";
import { clockDay, confirmCard, useTestApi } from "../../test/harness.js";

/**
 * A checkout replaced by a newer one (another tab or window) while its payment goes through: the
 * newer checkout holds the seats, this payment is refunded, and the family is told what happened,
 * not that a hold ran out.
 */
const api = useTestApi({ RATE_LIMIT_CHECKOUTS: "1000", RATE_LIMIT_SENSITIVE: "1000" });

describe("a payment of a checkout replaced in another tab", () => {
  it("is refunded, and the answer says the checkout was replaced by a newer one", async () => {
    const lastSeat = await lineClass(api, 1);
    const other = await lineClass(api, 5, { startDate: clockDay(60), endDate: clockDay(64) });
    const parent = await family(api);
    // Tab 1: a checkout for the last seat; its card goes through.
    const first = await holdSeat(api, parent, lastSeat);
    expect(await confirmCard(first.checkout.clientSecret)).toBe(200);
    // Tab 2, meanwhile: another selection with the same class replaces it and holds the seat.
    const added = await api.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId: other } });
    expect(added.statusCode, added.body).toBe(201);
    const second = await api.call({
      method: "POST",
      url: "/create-payment-intent",
      as: parent,
      payload: { cartItemIds: [first.cartItemId, added.json().insertedId] },
    });
    expect(second.statusCode, second.body).toBe(201);
    // Tab 1 reports its payment: refunded, in words that say what happened.
    const reported = await api.call({
      method: "POST",
      url: "/payments",
      as: parent,
      payload: { transactionId: first.checkout.paymentIntentId },
    });
    expect(reported.statusCode, reported.body).toBe(409);
    expect(reported.json().message).toBe(
      "This checkout was replaced by a newer one you opened in another tab or window, and its seats went to the newer one while this payment went through: this payment was refunded in full. Pay in the newer checkout to keep the seats.",
    );
    // Asked again (a reload): the same words.
    const again = await api.call({
      method: "POST",
      url: "/payments",
      as: parent,
      payload: { transactionId: first.checkout.paymentIntentId },
    });
    expect(again.json().message).toMatch(/^This checkout was replaced by a newer one/);
  });
});
