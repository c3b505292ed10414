import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discountUses, orderItems, orders } from "../platform/database/schema.js";
import { family, lineClass, type Person } from "../../test/families.js";
import { ADMIN, classId, clockDay, confirmCard, MAYA, SAM, useTestApi } from "../../test/harness.js";

/**
 * Discounts through the API, on PGlite and PostgreSQL: admins' discounts, a cart quoted
 * with a code, the checkout charging exactly the quote, what each line paid (refunds follow it),
 * the reasons a code cannot apply, a checkout keeping its prices through its hold, and the limit
 * on guessing codes.
 */
const api = useTestApi({ RATE_LIMIT_CHECKOUTS: "1000", RATE_LIMIT_SENSITIVE: "1000" });

const admin = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  api.call({ method, url, as: ADMIN, ...(payload && { payload }) });
const addCode = async (code: string, extra: object = {}) => {
  const res = await admin("POST", "/discounts", {
    kind: "code",
    name: `Flyer ${code}`,
    code,
    percentOff: 10,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; code: string };
};
const toCart = async (as: Person, classItemId: string, camperId?: string) => {
  const res = await api.call({
    method: "POST",
    url: "/carts",
    as,
    payload: { classItemId, ...(camperId && { camperId }) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId as string;
};
const quoteOf = (as: Person, promoCode?: string) =>
  api.call({ method: "POST", url: "/carts/quote", as, payload: promoCode ? { promoCode } : {} });
const openCheckout = (as: Person, promoCode?: string) =>
  api.call({ method: "POST", url: "/create-payment-intent", as, payload: promoCode ? { promoCode } : {} });
const pay = async (as: Person, checkout: { clientSecret: string; paymentIntentId: string }) => {
  expect(await confirmCard(checkout.clientSecret)).toBe(200);
  const paid = await api.call({
    method: "POST",
    url: "/payments",
    as,
    payload: { transactionId: checkout.paymentIntentId },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json();
};

describe("admins' discounts", () => {
  it("adds, lists, changes, pauses and deletes; bad input is a 400 naming each field", async () => {
    const made = await addCode("crud-1", { maxUses: 5, validUntil: clockDay(30) });
    expect(made).toMatchObject({ code: "CRUD-1", kind: "code", percentOff: 10, summary: "10% off", paused: false });
    expect(
      (await admin("POST", "/discounts", { kind: "code", name: "Again", code: "Crud-1", percentOff: 5 })).statusCode,
    ).toBe(409);
    const both = await admin("POST", "/discounts", {
      kind: "code",
      name: "Both",
      code: "BOTH",
      percentOff: 10,
      amountOffCents: 500,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toHaveProperty("percentOff");
    const ranges = await admin("POST", "/discounts", {
      kind: "code",
      name: "",
      code: "a b",
      percentOff: 101,
      validFrom: "2026-02-30",
    });
    expect(ranges.statusCode).toBe(400);
    expect(Object.keys(ranges.json().fields).sort()).toEqual(["code", "name", "percentOff", "validFrom"]);
    const dates = await admin("POST", "/discounts", {
      kind: "code",
      name: "Dates",
      code: "DATES",
      amountOffCents: 500,
      validFrom: clockDay(5),
      validUntil: clockDay(4),
    });
    expect(dates.json().fields).toHaveProperty("validUntil");
    const multiWithoutN = await admin("POST", "/discounts", { kind: "multi_class", name: "Weeks", percentOff: 5 });
    expect(multiWithoutN.json().fields).toHaveProperty("minSeats");

    const paused = await admin("PATCH", `/discounts/${made._id}`, { paused: true, name: "<b>Flyer</b>" });
    expect(paused.statusCode, paused.body).toBe(200);
    // Text stays text: stored and answered as typed, never turned into markup.
    expect(paused.json()).toMatchObject({ paused: true, name: "<b>Flyer</b>" });
    const listed = (await admin("GET", "/discounts")).json() as { _id: string }[];
    expect(listed.map((d) => d._id)).toContain(made._id);
    expect((await admin("DELETE", `/discounts/${made._id}`)).json()).toEqual({ deletedCount: 1 });
    expect((await admin("DELETE", `/discounts/${made._id}`)).statusCode).toBe(404);
  });
});

describe("a discount's state in the list", () => {
  it("says expired, not started, paused or used up when the data says so, active otherwise", async () => {
    const expired = await addCode("STATE-OLD", { validFrom: clockDay(-30), validUntil: clockDay(-3) });
    const later = await addCode("STATE-LATER", { validFrom: clockDay(3), validUntil: clockDay(30) });
    const paused = await addCode("STATE-PAUSED", { paused: true, validUntil: clockDay(-3) });
    const open = await addCode("STATE-OPEN", { validFrom: clockDay(-3), validUntil: clockDay(3) });
    const once = await addCode("STATE-ONCE", { maxUses: 1 });
    const stateOf = async (id: string) =>
      ((await admin("GET", "/discounts")).json() as { _id: string; state: string }[]).find((d) => d._id === id)!.state;
    expect(await stateOf(expired._id)).toBe("expired");
    expect(await stateOf(later._id)).toBe("not_started");
    expect(await stateOf(paused._id)).toBe("paused");
    expect(await stateOf(open._id)).toBe("active");
    expect(await stateOf(once._id)).toBe("active");
    // Its one use held by a checkout in progress: no other family can take it.
    const parent = await family(api, ["Ava"]);
    await toCart(parent, await lineClass(api, 5, { priceCents: 10_000 }), parent.kids[0]);
    const opened = await openCheckout(parent, "STATE-ONCE");
    expect(opened.statusCode, opened.body).toBe(201);
    expect(await stateOf(once._id)).toBe("used_up");
  });
});

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

describe("the early-bird price in the class form", () => {
  it("is set, checked against the price with a message per field, shown on the class, and cleared", async () => {
    // Maya's class under review: her edits apply at once (an approved class's wait for an admin, decision 039).
    const edit = (payload: object) => api.call({ method: "PATCH", url: `/classes/${classId(13)}`, as: MAYA, payload });
    const set = await edit({ price: 200, early_price: 150, early_price_until: clockDay(5) });
    expect(set.statusCode, set.body).toBe(200);
    const shown = (await api.call({ method: "GET", url: `/classes/${classId(13)}`, as: MAYA })).json();
    expect(shown).toMatchObject({ price: 200, early_price: 150, early_price_until: clockDay(5) });
    const higher = await edit({ early_price: 250 });
    expect(higher.statusCode).toBe(400);
    expect(higher.json().fields).toEqual({ early_price: "The early-bird price must be lower than the price." });
    const lowered = await edit({ price: 100 });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().fields).toHaveProperty("price");
    const noDay = await api.call({
      method: "PATCH",
      url: `/classes/${classId(2)}`,
      as: { id: ADMIN.id, email: ADMIN.email },
      payload: { early_price: 1 },
    });
    expect(noDay.json().fields).toEqual({ early_price_until: "Give the early-bird price's last day." });
    const cleared = await edit({ early_price: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const after = (await api.call({ method: "GET", url: `/classes/${classId(13)}`, as: MAYA })).json();
    expect(after).toMatchObject({ early_price: null, early_price_until: null });
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
