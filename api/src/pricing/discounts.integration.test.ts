import { describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, classId, clockDay, MAYA, useTestApi } from "../../test/harness.js";
import { pricingSteps } from "../../test/pricing-steps.js";

/**
 * Admins' discounts through the API, on PGlite and PostgreSQL: added, listed, changed, paused and
 * deleted, each one's state in the list, and the early-bird price in the class form.
 */
const api = useTestApi({ RATE_LIMIT_CHECKOUTS: "1000", RATE_LIMIT_SENSITIVE: "1000" });
const { admin, addCode, toCart, openCheckout } = pricingSteps(api);

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
