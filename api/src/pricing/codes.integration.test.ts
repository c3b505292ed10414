import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discountUses, orders } from "../platform/database/schema.js";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, confirmCard, SAM, useTestApi } from "../../test/harness.js";
import { pricingSteps } from "../../test/pricing-steps.js";

/**
 * Discount codes through the API, on PGlite and PostgreSQL: a code for some classes, the reasons a
 * code cannot apply, a checkout keeping its prices through its hold, and the limit on guessing codes.
 */
const api = useTestApi({ RATE_LIMIT_CHECKOUTS: "1000", RATE_LIMIT_SENSITIVE: "1000" });
const { admin, addCode, toCart, quoteOf, openCheckout, pay } = pricingSteps(api);

describe("a code for some classes", () => {
  it("is for classes that exist and are approved (400 naming classIds otherwise), answered by name", async () => {
    const swim = await lineClass(api, 5, { priceCents: 10_000, name: "Swim Starters" });
    const pending = await lineClass(api, 5, { status: "pending", name: "Waiting Camp" });
    const unknown = "11111111-1111-4111-8111-111111111111";
    const missing = await admin("POST", "/discounts", {
      kind: "code",
      name: "Nowhere",
      code: "NOWHERE",
      percentOff: 10,
      classIds: [swim, unknown],
    });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().fields).toEqual({
      classIds: `There is no class with the id ${unknown} (it may have been deleted): choose the classes again.`,
    });
    const notYet = await admin("POST", "/discounts", {
      kind: "code",
      name: "Early",
      code: "NOTYET",
      percentOff: 10,
      classIds: [pending],
    });
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().fields.classIds).toBe(
      '"Waiting Camp" is waiting for approval: a code can only be for approved classes.',
    );
    // Only a code is for some classes.
    const sibling = await admin("POST", "/discounts", {
      kind: "sibling",
      name: "Sibling",
      percentOff: 5,
      classIds: [swim],
    });
    expect(sibling.json().fields).toEqual({ classIds: "Only a promo code is for some classes." });
    // Nothing was added by the refused requests.
    const codes = ((await admin("GET", "/discounts")).json() as { code: string | null }[]).map((d) => d.code);
    expect(codes).not.toContain("NOWHERE");
    expect(codes).not.toContain("NOTYET");

    // Chosen twice, kept once; answered with each class's name.
    const made = await addCode("SWIMONLY", { classIds: [swim, swim] });
    expect(made).toMatchObject({ classIds: [swim], classes: [{ _id: swim, name: "Swim Starters" }] });
    const listed = ((await admin("GET", "/discounts")).json() as { _id: string; classes: object[] }[]).find(
      (d) => d._id === made._id,
    );
    expect(listed!.classes).toEqual([{ _id: swim, name: "Swim Starters" }]);

    // Changing it: an unknown class is refused; a class it already has stays even once withdrawn.
    expect(
      (await admin("PATCH", `/discounts/${made._id}`, { classIds: [swim, unknown] })).json().fields,
    ).toHaveProperty("classIds");
    await api.call({ method: "PATCH", url: `/classes/${swim}/status`, as: ADMIN, payload: { status: "denied" } });
    const kept = await admin("PATCH", `/discounts/${made._id}`, { classIds: [swim], name: "Swim flyer" });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ name: "Swim flyer", classes: [{ _id: swim, name: "Swim Starters" }] });
    expect((await admin("PATCH", `/discounts/${made._id}`, { classIds: [swim, pending] })).statusCode).toBe(400);
  });

  it("applies to its classes' lines only; one line of another class alone is refused with the reason", async () => {
    const chosen = await lineClass(api, 5, { priceCents: 10_000 });
    const other = await lineClass(api, 5, { priceCents: 8_000, startDate: clockDay(60), endDate: clockDay(64) });
    await addCode("ONECLASS", { percentOff: 25, classIds: [chosen] });
    const parent = await family(api);
    const chosenLine = await toCart(parent, chosen);
    const otherLine = await toCart(parent, other);
    const whole = (await quoteOf(parent, "ONECLASS")).json();
    expect(whole).toMatchObject({ totalCents: 15_500, code: { applied: true, cents: 2_500 } });
    const codeOn = (whole.items as { cartItemId: string; discounts: { kind: string }[] }[])
      .filter((i) => i.discounts.some((d) => d.kind === "code"))
      .map((i) => i.cartItemId);
    expect(codeOn).toEqual([chosenLine]);
    // The row's own Pay (one cart item) with the code: the other class is refused with why...
    const refused = await api.call({
      method: "POST",
      url: "/create-payment-intent",
      as: parent,
      payload: { cartItemIds: [otherLine], promoCode: "ONECLASS" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ promoCode: "This code is not for this class." });
    // ...the chosen class is charged its discounted price, to the cent, and recorded as paid for that row.
    const opened = await api.call({
      method: "POST",
      url: "/create-payment-intent",
      as: parent,
      payload: { cartItemIds: [chosenLine], promoCode: "oneclass" },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ totalCents: 7_500, amount: 75, promoCode: "ONECLASS" });
    expect(await confirmCard(opened.json().clientSecret)).toBe(200);
    const paid = await api.call({
      method: "POST",
      url: `/payments/${chosenLine}`,
      as: parent,
      payload: { transactionId: opened.json().paymentIntentId },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment).toMatchObject({ price: 75, discountCents: 2_500 });
  });
});

describe("why a code cannot apply", () => {
  it("unknown, expired, not yet, not for this class, used up, below the minimum, paused", async () => {
    const cls = await lineClass(api, 5, { priceCents: 10_000, sport: "soccer" });
    const parent = await family(api);
    await toCart(parent, cls);
    await addCode("OLD", { validUntil: "2025-06-01" });
    await addCode("LATER", { validFrom: clockDay(400) });
    await addCode("GOLFONLY", { sports: ["golf"] });
    await addCode("BIGORDER", { minOrderCents: 10_001 });
    await addCode("EXACTMIN", { minOrderCents: 10_000, percentOff: null, amountOffCents: 2_550 });
    const pausedCode = await addCode("PAUSED");
    await admin("PATCH", `/discounts/${pausedCode._id}`, { paused: true });
    const reason = async (code: string) => (await quoteOf(parent, code)).json().code.reason as string | null;
    expect(await reason("NOPE")).toBe("There is no such code: check how it is spelled.");
    expect(await reason("OLD")).toBe("This code expired on 1 June 2025.");
    expect(await reason("LATER")).toMatch(/^This code can be used from \d+ \w+( \d{4})?\.$/);
    expect(await reason("GOLFONLY")).toBe("This code is not for this class.");
    expect(await reason("BIGORDER")).toBe("This code needs an order of at least $100.01 (yours comes to $100.00).");
    expect(await reason("PAUSED")).toBe("This code is not in use at the moment.");
    const exact = (await quoteOf(parent, "EXACTMIN")).json();
    expect(exact).toMatchObject({ totalCents: 7_450, code: { applied: true, cents: 2_550, summary: "$25.50 off" } });
    const expired = await openCheckout(parent, "OLD");
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      message: "This code expired on 1 June 2025.",
      fields: { promoCode: "This code expired on 1 June 2025." },
    });
    // Nothing was held by the refused checkout.
    expect(await api.database.db.select().from(orders).where(eq(orders.studentId, parent.id))).toEqual([]);
  });

  it("a code with one use left: the first family's checkout holds it, the second is told it is used up, a failed checkout gives it back", async () => {
    await addCode("LASTONE", { maxUses: 1 });
    const cls = await lineClass(api, 5, { priceCents: 10_000 });
    const first = await family(api);
    const second = await family(api);
    await toCart(first, cls);
    await toCart(second, cls);
    const held = await openCheckout(first, "LASTONE");
    expect(held.statusCode, held.body).toBe(201);
    expect((await quoteOf(second, "LASTONE")).json().code.reason).toBe("This code has been used up.");
    expect((await openCheckout(second, "LASTONE")).statusCode).toBe(400);
    // The first family changes its mind (a checkout without the code replaces the one with it).
    expect((await openCheckout(first)).statusCode).toBe(201);
    const opened = await openCheckout(second, "LASTONE");
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().totalCents).toBe(9_000);
    const uses = await api.database.db.select().from(discountUses).where(eq(discountUses.familyId, second.id));
    expect(uses).toHaveLength(1);
  });
});

describe("a checkout keeps its prices while its hold lasts (decision 034)", () => {
  it("a code paused during the hold is honoured for that checkout, and refused for a new one", async () => {
    const code = await addCode("HOLDME", { percentOff: 20 });
    const cls = await lineClass(api, 5, { priceCents: 10_000 });
    const parent = await family(api);
    await toCart(parent, cls);
    const first = (await openCheckout(parent, "HOLDME")).json();
    expect(first.totalCents).toBe(8_000);
    await admin("PATCH", `/discounts/${code._id}`, { paused: true });
    const again = await openCheckout(parent, "HOLDME");
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ orderId: first.orderId, totalCents: 8_000 });
    const paid = await pay(parent, again.json());
    expect(paid.payment.price).toBe(80);
    const other = await family(api);
    await toCart(other, cls);
    expect((await openCheckout(other, "HOLDME")).json().fields).toEqual({
      promoCode: "This code is not in use at the moment.",
    });
  });
});

describe("guessing codes", () => {
  const limited = useTestApi({ RATE_LIMIT_CODES: "3", RATE_LIMIT_CODES_PER_ADDRESS: "5" });

  it("is limited per account, then per address; requests without a code are not counted", async () => {
    const statuses = async (as: { id: string; email: string }, n: number, promoCode?: string) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const res = await limited.call({
          method: "POST",
          url: "/carts/quote",
          as,
          payload: promoCode ? { promoCode: `GUESS${i}` } : {},
        });
        out.push(res.statusCode);
      }
      return out;
    };
    expect(await statuses(SAM, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(await statuses(SAM, 4, "x")).toEqual([200, 200, 200, 429]);
    const other = await family(limited);
    // The address has counted 3 codes (the refused fourth stopped at the account's limit): two more, then 429.
    expect(await statuses(other, 3, "x")).toEqual([200, 200, 429]);
    const refused = await limited.call({
      method: "POST",
      url: "/create-payment-intent",
      as: other,
      payload: { promoCode: "X1" },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/codes/);
  });
});
