import { describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, classId, clockDay, MAYA, SAM, useTestApi } from "../../test/harness.js";

/** Admins' payment plans through the API, on PGlite and PostgreSQL: saved, listed, refused in words. */
const api = useTestApi();

const admin = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  api.call({ method, url, as: ADMIN, ...(payload && { payload }) });

const THREE_PAYMENTS = {
  name: "Three payments",
  deposit: { percent: 25 },
  instalments: [{ due: { daysBeforeStart: 60 }, share: { percent: 25 } }, { due: { daysBeforeStart: 21 } }],
  cutoffDays: 30,
};

describe("admins' payment plans", () => {
  it("adds, lists, changes, pauses and deletes a plan, said in plain words", async () => {
    const made = await admin("POST", "/payment-plans", { ...THREE_PAYMENTS, classIds: [classId(1), classId(1)] });
    expect(made.statusCode, made.body).toBe(201);
    const plan = made.json();
    expect(plan).toMatchObject({
      name: "Three payments",
      deposit: { percent: 25 },
      summary: "25% today, 25% 60 days before the first day, the rest 21 days before the first day",
      cutoffDays: 30,
      classIds: [classId(1)],
      minOrderCents: 0,
      paused: false,
    });
    expect(plan.classes[0].name).toEqual(expect.any(String));

    const fixedDay = clockDay(40);
    const changed = await admin("PATCH", `/payment-plans/${plan._id}`, {
      deposit: { amountCents: 5000 },
      instalments: [{ due: { date: fixedDay } }],
      paused: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [year, month, day] = fixedDay.split("-").map(Number);
    const inWords = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(Date.UTC(year!, month! - 1, day!)));
    expect(changed.json()).toMatchObject({ paused: true, summary: `$50.00 a seat today, the rest on ${inWords}` });

    const listed = await admin("GET", "/payment-plans");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().find((p: { _id: string }) => p._id === plan._id)).toMatchObject({ paused: true });

    expect((await admin("DELETE", `/payment-plans/${plan._id}`)).json()).toEqual({ deletedCount: 1 });
    expect((await admin("DELETE", `/payment-plans/${plan._id}`)).statusCode).toBe(404);
    expect((await admin("PATCH", `/payment-plans/${plan._id}`, { paused: false })).statusCode).toBe(404);
  });

  it("refuses a plan that cannot add up, comes out of order or is dated in the past, naming the field", async () => {
    const cases: [object, string, RegExp][] = [
      [{ deposit: { percent: 100 } }, "deposit", /at most 99/],
      [{ deposit: { percent: 10, amountCents: 5 } }, "deposit", /percent .* or an amount/],
      [{ instalments: [] }, "instalments", /at least one instalment/],
      [
        {
          deposit: { percent: 60 },
          instalments: [{ due: { daysBeforeStart: 30 }, share: { percent: 40 } }, { due: { daysBeforeStart: 10 } }],
        },
        "instalments",
        /100% or more/,
      ],
      [
        {
          instalments: [{ due: { daysBeforeStart: 10 }, share: { percent: 40 } }, { due: { daysBeforeStart: 30 } }],
        },
        "instalments",
        /one after another/,
      ],
      [
        { instalments: [{ due: { daysBeforeStart: 10 }, share: { percent: 40 } }] },
        "instalments",
        /takes what is left/,
      ],
      [{ instalments: [{ due: { date: clockDay(0) } }] }, "instalments", /not after today/],
      [{ instalments: [{ due: { date: "2027-02-30" } }] }, "instalments.0.due", /date/],
      [{ cutoffDays: 400 }, "cutoffDays", /at most 365/],
      [{ name: "  " }, "name", /name families will read/],
      [{ classIds: ["00000000-0000-4000-9000-999999999999"] }, "classIds", /no class with the id/],
    ];
    for (const [change, field, message] of cases) {
      const res = await admin("POST", "/payment-plans", { ...THREE_PAYMENTS, ...change });
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(400);
      const fields = res.json().fields as Record<string, string>;
      const key = Object.keys(fields).find((k) => k === field || k.startsWith(`${field}.`));
      expect(key, `${JSON.stringify(change)}: ${res.body}`).toBeDefined();
      expect(fields[key!]).toMatch(message);
    }
  });

  it("is for admins only", async () => {
    for (const as of [SAM, MAYA]) {
      expect((await api.call({ method: "GET", url: "/payment-plans", as })).statusCode).toBe(403);
      expect((await api.call({ method: "POST", url: "/payment-plans", as, payload: THREE_PAYMENTS })).statusCode).toBe(
        403,
      );
    }
  });
});

describe("the plans a cart is offered", () => {
  it("each with its schedule from the seats' own first days, adding up to the total; the others left out", async () => {
    const early = await lineClass(api, 10, { startDate: clockDay(100), endDate: clockDay(104) });
    const late = await lineClass(api, 10, { startDate: clockDay(130), endDate: clockDay(134), priceCents: 20_001 });
    const parent = await family(api, ["Ivy"]);
    for (const classItemId of [early, late]) {
      const res = await api.call({
        method: "POST",
        url: "/carts",
        as: parent,
        payload: { classItemId, camperId: parent.kids[0] },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const plan = async (name: string, extra: object = {}) => {
      const res = await admin("POST", "/payment-plans", { ...THREE_PAYMENTS, name, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()._id as string;
    };
    const offered = await plan("Offered");
    await plan("Only the early class", { classIds: [early] });
    await plan("Camp too soon", { cutoffDays: 120 });
    await plan("Paused", { paused: true });
    await plan("For larger orders", { minOrderCents: 40_000 });

    const quoted = await api.call({ method: "POST", url: "/carts/quote", as: parent, payload: {} });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const { totalCents, paymentPlans } = quoted.json();
    expect(totalCents).toBe(32_501);
    expect(paymentPlans.map((p: { _id: string }) => p._id)).toEqual([offered]);
    expect(paymentPlans[0].schedule).toEqual([
      { due: clockDay(0), amountCents: 3_125 + 5_000, deposit: true },
      { due: clockDay(40), amountCents: 3_125, deposit: false },
      { due: clockDay(70), amountCents: 5_000, deposit: false },
      { due: clockDay(79), amountCents: 6_250, deposit: false },
      { due: clockDay(109), amountCents: 10_001, deposit: false },
    ]);
  });
});
