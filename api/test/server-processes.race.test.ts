import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { discountUses, orderItems, refunds, signatures, waitlistEntries } from "../src/platform/database/schema.js";
import { seatCounts } from "../src/waitlist/index.js";
import { overlapped, useTwoApiProcesses, type ProcessApi, type Timed } from "./api-processes.js";
import { family, holdSeat, lineClass, paySeats } from "./families.js";
import { ADMIN, clockDay, confirmCard, driverName } from "./harness.js";
import { API_SUITE_SECRET_KEY } from "./stripe-keys.js";

/**
 * The seat, money, refund, waitlist and code races once more on two API server processes of their
 * own (the other race files run two instances in the test's process, which share its clock and
 * environment): the rules hold when nothing but PostgreSQL is shared. A few rounds each; every test
 * also checks that its requests were really in flight at the same moment in at least one round.
 */
const LIMITS = {
  RATE_LIMIT_SENSITIVE: "100000",
  RATE_LIMIT_FORMS: "100000",
  RATE_LIMIT_CHECKOUTS: "100000",
  RATE_LIMIT_CODES: "100000",
  RATE_LIMIT_WAITLIST: "100000",
  RATE_LIMIT_WAITLIST_PER_ADDRESS: "100000",
};
const WEBHOOK_SECRET = "whsec_process_races";
const ROUNDS = 3;

describe.runIf(driverName === "postgres")("the race rules on two API server processes", () => {
  const { a, b } = useTwoApiProcesses({
    ...LIMITS,
    STRIPE_SECRET_KEY: API_SUITE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  /** Rounds in which the test's two (or more) requests were in flight together. */
  const raced = (answers: Timed[]) => answers.some((x, i) => answers.some((y, j) => i !== j && overlapped(x, y)));

  it("the last seat of a class: one checkout holds it, the others are told it is taken", async () => {
    let overlaps = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const classId = await lineClass(a, 1);
      const parents = await Promise.all(Array.from({ length: 4 }, () => family(a)));
      for (const parent of parents) {
        const added = await a.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId: classId } });
        expect(added.statusCode, added.body).toBe(201);
      }
      const answers = await Promise.all(
        parents.map((parent, n) =>
          (n % 2 ? a : b).call({ method: "POST", url: "/create-payment-intent", as: parent, payload: {} }),
        ),
      );
      const all = answers.map((r) => `${r.statusCode} ${r.body}`).join("\n");
      expect(answers.map((r) => r.statusCode).sort(), all).toEqual([201, 409, 409, 409]);
      const counts = await seatCounts(a.database.db, classId);
      expect(counts.problems, all).toEqual([]);
      expect(counts, all).toMatchObject({ held: 1 });
      if (raced(answers)) overlaps++;
    }
    expect(overlaps, "rounds whose checkouts were in flight together").toBeGreaterThan(0);
  });

  it("a promo code's last use taken by two families at once: used once", async () => {
    let overlaps = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const code = `PROC${round}${Date.now() % 10_000}`;
      const made = await a.call({
        method: "POST",
        url: "/discounts",
        as: ADMIN,
        payload: { kind: "code", name: "Race", code, percentOff: 10, maxUses: 1 },
      });
      expect(made.statusCode, made.body).toBe(201);
      const families = [await family(a), await family(a)];
      for (const parent of families) {
        const classItemId = await lineClass(a, 3, { priceCents: 10_000 });
        const added = await a.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId } });
        expect(added.statusCode, added.body).toBe(201);
      }
      const answers = await Promise.all([
        a.call({ method: "POST", url: "/create-payment-intent", as: families[0]!, payload: { promoCode: code } }),
        b.call({ method: "POST", url: "/create-payment-intent", as: families[1]!, payload: { promoCode: code } }),
      ]);
      const all = answers.map((r) => `${r.statusCode} ${r.body}`).join("\n");
      expect(answers.map((r) => r.statusCode).sort(), all).toEqual([201, 400]);
      const uses = await a.database.db.select().from(discountUses).where(eq(discountUses.discountId, made.json()._id));
      expect(uses, all).toHaveLength(1);
      if (raced(answers)) overlaps++;
    }
    expect(overlaps, "rounds whose checkouts were in flight together").toBeGreaterThan(0);
  });

  it("one family joining a full class's line from two tabs at once: one place in line", async () => {
    let overlaps = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const classId = await lineClass(a, 1);
      await holdSeat(a, await family(a), classId);
      const joiner = await family(a, ["Ned"]);
      const join = (on: ProcessApi) =>
        on.call({
          method: "POST",
          url: `/classes/${classId}/waitlist`,
          as: joiner,
          payload: { camperIds: joiner.kids },
        });
      const answers = await Promise.all([join(a), join(b)]);
      const all = answers.map((r) => `${r.statusCode} ${r.body}`).join("\n");
      expect(answers.map((r) => r.statusCode).sort(), all).toEqual([201, 409]);
      const entries = await a.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.classId, classId));
      expect(entries, all).toHaveLength(1);
      if (raced(answers)) overlaps++;
    }
    expect(overlaps, "rounds whose joins were in flight together").toBeGreaterThan(0);
  });

  it("the same seat cancelled in two tabs at once: one cancellation, one refund", async () => {
    let overlaps = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const classId = await lineClass(a, 3, { startDate: clockDay(30), endDate: clockDay(34), priceCents: 9_900 });
      const parent = await family(a);
      const orderId = await paySeats(a, parent, [classId]);
      const [seat] = (await a.call({ method: "GET", url: "/enrollments", as: parent })).json();
      const answers = await Promise.all([
        a.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: parent }),
        b.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: parent }),
      ]);
      const all = answers.map((r) => `${r.statusCode} ${r.body}`).join("\n");
      expect(answers.map((r) => r.statusCode).sort(), all).toEqual([200, 404]);
      const sent = await a.database.db
        .select({ amount: refunds.amountCents, status: refunds.status })
        .from(refunds)
        .where(eq(refunds.orderId, orderId));
      expect(sent, all).toEqual([{ amount: 9_900, status: "succeeded" }]);
      const lines = await a.database.db
        .select({ refunded: orderItems.refundedCents })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId));
      expect(lines, all).toEqual([{ refunded: 9_900 }]);
      if (raced(answers)) overlaps++;
    }
    expect(overlaps, "rounds whose cancellations were in flight together").toBeGreaterThan(0);
  });

  it("the signed webhook on one process and the browser's report on the other: one payment, one seat", async () => {
    let overlaps = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const classId = await lineClass(a, 5);
      const parent = await family(a);
      const added = await a.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId: classId } });
      expect(added.statusCode, added.body).toBe(201);
      const opened = await a.call({ method: "POST", url: "/create-payment-intent", as: parent, payload: {} });
      expect(opened.statusCode, opened.body).toBe(201);
      const { clientSecret, paymentIntentId } = opened.json() as { clientSecret: string; paymentIntentId: string };
      expect(await confirmCard(clientSecret)).toBe(200);
      const answers = await Promise.all([
        deliver(a, await succeededEvent(paymentIntentId)),
        b.call({ method: "POST", url: "/payments", as: parent, payload: { transactionId: paymentIntentId } }),
      ]);
      const [hook, reported] = answers;
      const all = answers.map((r) => `${r.statusCode} ${r.body}`).join("\n");
      expect(hook.statusCode, all).toBe(200);
      expect([200, 201], all).toContain(reported.statusCode);
      const counts = await seatCounts(a.database.db, classId);
      expect(counts.problems, all).toEqual([]);
      expect(counts, all).toMatchObject({ held: 0, enrolled: 1 });
      const history = (
        await a.call({ method: "GET", url: "/payments", as: parent, query: { email: parent.email } })
      ).json();
      expect(Array.isArray(history) ? history : history.items, all).toHaveLength(1);
      if (raced(answers)) overlaps++;
    }
    expect(overlaps, "rounds whose webhook and report were in flight together").toBeGreaterThan(0);
  });

  it("one waiver signed from two tabs at once: one signature, the other tab told it is signed", async () => {
    const made = await a.call({
      method: "POST",
      url: "/admin/forms",
      as: ADMIN,
      payload: {
        title: "Race waiver",
        audience: "camper",
        applies_to: { all: true },
        due_days_before: 7,
        fields: [{ key: "sign", kind: "signature", label: "Parent or guardian" }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const formId = made.json().id as string;
    let overlaps = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const parent = await family(a, ["Rosa"]);
      const consent = await a.call({ method: "PUT", url: "/forms/consent", as: parent, payload: { agreed: true } });
      expect(consent.statusCode, consent.body).toBe(200);
      const sign = (to: ProcessApi, name: string) =>
        to.call({
          method: "PUT",
          url: `/forms/${formId}/answer`,
          as: parent,
          payload: { camper_id: parent.kids[0], version: 1, values: { sign: { name, agreed: true } } },
        });
      const answers = await Promise.all([sign(a, "Rosa's Mother"), sign(b, "Rosa's Father")]);
      const all = answers.map((r) => `${r.statusCode} ${r.body}`).join("\n");
      expect(answers.map((r) => r.statusCode).sort(), all).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().message, all).toMatch(/already been signed/);
      const kept = await a.database.db.select().from(signatures).where(eq(signatures.familyId, parent.id));
      expect(kept, all).toHaveLength(1);
      if (raced(answers)) overlaps++;
    }
    expect(overlaps, "rounds whose signatures were in flight together").toBeGreaterThan(0);
  });
});

/** The payment sandbox's own payment_intent.succeeded event of an intent, as it would deliver it. */
async function succeededEvent(intentId: string): Promise<string> {
  const res = await fetch(`${inject("paymentSandboxUrl")}/v1/events?type=payment_intent.succeeded&limit=100`, {
    headers: { authorization: `Bearer ${API_SUITE_SECRET_KEY}` },
  });
  expect(res.status).toBe(200);
  const list = (await res.json()) as { data: { data: { object: { id: string } } }[] };
  const event = list.data.find((e) => e.data.object.id === intentId);
  expect(event, `the provider's event of ${intentId}`).toBeDefined();
  return JSON.stringify(event);
}

/** Delivers an event to a process as the provider does, signed with the webhook secret. */
function deliver(to: ProcessApi, payload: string) {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", WEBHOOK_SECRET).update(`${t}.${payload}`).digest("hex");
  return to.call({
    method: "POST",
    url: "/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": `t=${t},v1=${v1}` },
    payload,
  });
}
