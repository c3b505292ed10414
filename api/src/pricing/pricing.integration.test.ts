import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, orders } from "../platform/database/schema.js";
import { family, lineClass } from "../../test/families.js";
import { clockDay, MAYA, useTestApi } from "../../test/harness.js";
import { pricingSteps } from "../../test/pricing-steps.js";

/**
 * Prices through the API, on PGlite and PostgreSQL: a family's cart quoted with every discount that
 * applies, the checkout charging exactly the quote, and what each line paid (refunds follow it).
 * Admins' discounts: discounts.integration.test.ts; codes: codes.integration.test.ts.
 */
const api = useTestApi({ RATE_LIMIT_CHECKOUTS: "1000", RATE_LIMIT_SENSITIVE: "1000" });
const { admin, addCode, toCart, quoteOf, openCheckout, pay } = pricingSteps(api);

describe("a family with two children, two early-bird classes, the sibling discount and a code", () => {
  it("the quote shows every line; the checkout charges exactly its total; each line keeps what it paid", async () => {
    const sibling = await admin("POST", "/discounts", { kind: "sibling", name: "Sibling discount", percentOff: 15 });
    expect(sibling.statusCode, sibling.body).toBe(201);
    // One sibling discount in force at a time.
    expect((await admin("POST", "/discounts", { kind: "sibling", name: "Other", percentOff: 5 })).statusCode).toBe(409);
    await addCode("SUMMER10", { maxUsesPerFamily: 1 });
    const tennis = await lineClass(api, 5, {
      priceCents: 25_000,
      earlyPriceCents: 22_500,
      earlyPriceUntil: clockDay(10),
      sport: "tennis",
    });
    const swim = await lineClass(api, 5, {
      priceCents: 18_000,
      earlyPriceCents: 16_333,
      earlyPriceUntil: clockDay(10),
      startDate: clockDay(60),
      endDate: clockDay(64),
    });
    const parent = await family(api, ["Ava", "Ben"]);
    for (const kid of parent.kids) for (const cls of [tennis, swim]) await toCart(parent, cls, kid);

    const plain = (await quoteOf(parent)).json();
    expect(plain.subtotalCents).toBe(86_000);
    const quoted = await quoteOf(parent, " summer10 ");
    expect(quoted.statusCode, quoted.body).toBe(200);
    const q = quoted.json();
    expect(q.code).toMatchObject({ code: "SUMMER10", applied: true, reason: null, summary: "10% off" });
    // Ava and Ben tie: the first camper is the one whose id sorts first; the other's seats get 15%.
    const paidCents = (q.items as { priceCents: number }[]).map((i) => i.priceCents).sort((a, b) => a - b);
    expect(paidCents).toEqual([12_496, 14_700, 17_213, 20_250]);
    expect(q).toMatchObject({ subtotalCents: 86_000, totalCents: 64_659, discountCents: 21_341 });
    const names = new Set(
      (q.items as { discounts: { name: string }[] }[]).flatMap((i) =>
        i.discounts.map((d) => d.name.replace(/until .*/, "until")),
      ),
    );
    expect([...names].sort()).toEqual(["Early-bird price until", "Flyer SUMMER10 (SUMMER10)", "Sibling discount"]);
    expect(q.rule).toMatch(/early-bird price.*sibling.*multi-class.*promo code/s);

    const revenues = async () => ({
      admin: (await admin("GET", "/admin/stats")).json().revenue as number,
      maya: (
        await api.call({ method: "GET", url: "/myclasses/revenue", as: MAYA, query: { email: MAYA.email } })
      ).json().revenue as number,
    });
    const before = await revenues();
    const opened = await openCheckout(parent, "summer10");
    expect(opened.statusCode, opened.body).toBe(201);
    const checkout = opened.json();
    expect(checkout).toMatchObject({
      amount: 646.59,
      totalCents: 64_659,
      subtotalCents: 86_000,
      promoCode: "SUMMER10",
    });
    const [order] = await api.database.db.select().from(orders).where(eq(orders.id, checkout.orderId));
    expect(order!.amountCents).toBe(64_659);
    const lines = await api.database.db
      .select({ price: orderItems.priceCents, list: orderItems.listPriceCents })
      .from(orderItems)
      .where(eq(orderItems.orderId, checkout.orderId));
    expect(lines.map((l) => l.price).sort((a, b) => a - b)).toEqual([12_496, 14_700, 17_213, 20_250]);
    expect(lines.reduce((s, l) => s + l.price, 0)).toBe(order!.amountCents);

    const paid = await pay(parent, checkout);
    expect(paid.payment).toMatchObject({ price: 646.59, discountCents: 21_341 });
    // Admin Home's and the instructor's revenue count what was paid, net of discounts.
    const after = await revenues();
    expect(after.admin - before.admin).toBeCloseTo(646.59, 2);
    expect(after.maya - before.maya).toBeCloseTo(646.59, 2);
    const history = (
      await api.call({ method: "GET", url: "/payments", as: parent, query: { email: parent.email } })
    ).json();
    expect(history[0].lines).toHaveLength(4);

    // Used once by this family: a second order is refused with the reason.
    await toCart(
      parent,
      await lineClass(api, 5, { priceCents: 9_000, startDate: clockDay(80), endDate: clockDay(84) }),
      parent.kids[0],
    );
    expect((await quoteOf(parent, "SUMMER10")).json().code).toMatchObject({
      applied: false,
      reason: "You have already used this code.",
    });
    const refused = await openCheckout(parent, "SUMMER10");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ promoCode: "You have already used this code." });

    // A cancelled seat gives back what was paid for it (the policy's full refund), not the class's price.
    const seats = (await api.call({ method: "GET", url: "/enrollments", as: parent })).json() as {
      _id: string;
      cancellation: { refundCents: number };
    }[];
    const cheapest = seats.find((s) => s.cancellation.refundCents === 12_496);
    expect(cheapest, JSON.stringify(seats.map((s) => s.cancellation))).toBeDefined();
    const cancelled = await api.call({ method: "POST", url: `/enrollments/${cheapest!._id}/cancel`, as: parent });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refundCents: 12_496 });

    // Admins see what the code brought.
    const stats = ((await admin("GET", "/discounts")).json() as { code: string | null; uses: object }[]).find(
      (d) => d.code === "SUMMER10",
    );
    // Revenue net of refunds, to the cent: the cancelled seat's 12_496 went back.
    expect(stats!.uses).toEqual({ orders: 1, revenueCents: 64_659 - 12_496, discountCents: 7_183, holds: 0 });
    // The sibling discount shows what it brought too: the order it took money off and how much.
    const siblingCents = (
      await api.database.db
        .select({ discounts: orderItems.discounts })
        .from(orderItems)
        .where(eq(orderItems.orderId, checkout.orderId))
    )
      .flatMap((l) => l.discounts)
      .filter((d) => d.kind === "sibling")
      .reduce((sum, d) => sum + d.cents, 0);
    expect(siblingCents).toBeGreaterThan(0);
    const siblingListed = ((await admin("GET", "/discounts")).json() as { _id: string; uses: object }[]).find(
      (d) => d._id === sibling.json()._id,
    );
    expect(siblingListed!.uses).toEqual({
      orders: 1,
      revenueCents: 64_659 - 12_496,
      discountCents: siblingCents,
      holds: 0,
    });
    // A used code cannot be deleted (its record stays); pausing it is the way.
    const used = await addCode("USED-CHECK");
    expect((await admin("DELETE", `/discounts/${used._id}`)).statusCode).toBe(200);
    const summer = ((await admin("GET", "/discounts")).json() as { _id: string; code: string }[]).find(
      (d) => d.code === "SUMMER10",
    );
    expect((await admin("DELETE", `/discounts/${summer!._id}`)).statusCode).toBe(409);
    await admin("PATCH", `/discounts/${sibling.json()._id}`, { paused: true });
  });
});
