import { describe, expect, it } from "vitest";
import { ADMIN, MAYA, useTestApi } from "../../test/harness.js";
import { planFamilies } from "../../test/plan-families.js";
import { weekOf } from "./office.js";

/**
 * The office's view of payment plans (decision 040), through the API on PGlite and PostgreSQL:
 * balances due by family, class and week with totals that add up, the CSV, and a refused charge
 * tried again, a charge moved or waived with its reason, a plan cancelled with the policy's refund.
 */
const api = useTestApi();
const { day, moveTo, threePayments, familyWithCart, payDeposit, replaceCard, instalmentsOf, paidOf, mailOf } =
  planFamilies(api);

const balances = async () => {
  const res = await api.call({ method: "GET", url: "/admin/balances", as: ADMIN });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const act = (id: string, what: "retry" | "move" | "waive", payload?: object) =>
  api.call({ method: "POST", url: `/admin/instalments/${id}/${what}`, as: ADMIN, payload });
type Listed = { _id: string; orderId: string };
const mine = (list: Listed[], orderId: string) => list.filter((i) => i.orderId === orderId);

describe("a week's Monday", () => {
  it("is the day itself on a Monday, and the Monday before otherwise, across months and years", () => {
    expect(weekOf("2026-06-01")).toBe("2026-06-01");
    expect(weekOf("2026-06-07")).toBe("2026-06-01");
    expect(weekOf("2026-03-01")).toBe("2026-02-23");
    expect(weekOf("2027-01-02")).toBe("2026-12-28");
  });
});

describe("balances due, as the office reads them", () => {
  it("lists each open charge with its family, child and class, grouped with totals that add up, and as CSV", async () => {
    const planId = await threePayments("Office view");
    const { parent, classId } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);

    const due = await balances();
    const charges = mine(due.instalments, orderId);
    expect(charges).toHaveLength(2);
    expect(charges[0]).toMatchObject({
      familyId: parent.id,
      email: parent.email,
      due: day(40),
      week: weekOf(day(40)),
      amountCents: 5_000,
      status: "scheduled",
      daysOverdue: 0,
      atRisk: false,
      planName: "Office view",
      seats: [{ classId, camperName: expect.stringMatching(/^Ivy /), cents: 5_000 }],
    });
    // Every group's totals are the charges' sums, whichever way they are cut.
    const sum = (list: { owedCents: number }[]) => list.reduce((total, g) => total + g.owedCents, 0);
    const owed = due.instalments.reduce((total: number, i: { amountCents: number }) => total + i.amountCents, 0);
    expect(due.owedCents).toBe(owed);
    for (const cut of [due.byFamily, due.byClass, due.byWeek]) expect(sum(cut)).toBe(owed);
    expect(due.byFamily.find((g: { key: string }) => g.key === parent.id)).toMatchObject({
      owedCents: 15_001,
      overdueCents: 0,
      charges: 2,
    });
    expect(due.byClass.find((g: { key: string }) => g.key === classId)).toMatchObject({ owedCents: 15_001 });
    expect(due.collectedCents).toBeGreaterThanOrEqual(5_000);
    // Admin Home's revenue note says the same sum is still scheduled.
    const stats = (await api.call({ method: "GET", url: "/admin/stats", as: ADMIN })).json();
    expect(stats.planScheduledCents).toBe(due.owedCents);

    const csv = await api.call({ method: "GET", url: "/admin/balances.csv", as: ADMIN });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="balances-due-${day(0)}.csv"`);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      '"due","week","days_overdue","amount","status","at_risk","attempts","problem","family","email","guardians","plan","seats","note"',
    );
    expect(lines.find((l) => l.includes(parent.email) && l.startsWith(`"${day(79)}"`))).toMatch(
      /"100\.01","scheduled"/,
    );

    // The office's list is the office's: a family or an instructor is refused.
    expect((await api.call({ method: "GET", url: "/admin/balances", as: parent })).statusCode).toBe(403);
    expect((await api.call({ method: "GET", url: "/admin/balances.csv", as: MAYA })).statusCode).toBe(403);
  });

  it("a refused charge is overdue and at risk; the office tries it again, and it is charged once", async () => {
    const planId = await threePayments("Office retry");
    const { parent } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    const [charge] = mine((await balances()).instalments, orderId);
    // Not refused yet: there is nothing to try again.
    expect((await act(charge!._id, "retry")).statusCode).toBe(409);

    await replaceCard(orderId, "pm_card_chargeCustomerFail");
    for (const later of [40, 42, 44, 46]) {
      moveTo(later);
      await api.app.chargeInstalments();
    }
    moveTo(50);
    const [refused] = mine((await balances()).instalments, orderId);
    expect(refused).toMatchObject({
      status: "failed",
      attempts: 4,
      atRisk: true,
      daysOverdue: 10,
      problem: "Your bank declined the card.",
    });
    const due = await balances();
    expect(due.atRiskCents).toBeGreaterThanOrEqual(5_000);
    expect(due.byFamily.find((g: { key: string }) => g.key === parent.id)).toMatchObject({ overdueCents: 5_000 });

    // The family gives the office a card that works; the office tries the charge again.
    await replaceCard(orderId, "pm_card_visa");
    const retried = await act(charge!._id, "retry");
    expect(retried.statusCode, retried.body).toBe(200);
    await api.app.chargeInstalments();
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId))[0]).toMatchObject({ status: "paid", attempts: 5 });
    expect(await paidOf(orderId)).toEqual({ paid: 10_000, refunded: 0 });
    expect(mine((await balances()).instalments, orderId)).toHaveLength(1);
    expect((await act(charge!._id, "retry")).statusCode).toBe(409);
  });

  it("moves a charge to another day or waives it, the reason kept; the family's balance follows", async () => {
    const planId = await threePayments("Office move");
    const { parent } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    const [first, last] = mine((await balances()).instalments, orderId);

    const early = await act(first!._id, "move", { due: day(-1), reason: "Asked by the family" });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toHaveProperty("due");
    expect((await act(first!._id, "move", { due: day(45) })).statusCode).toBe(400);
    const moved = await act(first!._id, "move", { due: day(45), reason: "Paid after payday, as agreed by phone" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      status: "scheduled",
      due: day(45),
      note: "Paid after payday, as agreed by phone",
    });
    moveTo(40);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId))[0]).toMatchObject({ due: day(45), status: "scheduled", attempts: 0 });

    const waived = await act(last!._id, "waive", { reason: "Scholarship from the parents' fund" });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json()).toMatchObject({ status: "waived", note: "Scholarship from the parents' fund" });
    expect((await act(last!._id, "waive", { reason: "Twice" })).statusCode).toBe(409);
    const family = (await api.call({ method: "GET", url: "/balance", as: parent })).json();
    expect(family).toMatchObject({ owedCents: 5_000, next: { due: day(45), amountCents: 5_000 } });
    expect(family.plans[0].instalments.map((i: { status: string }) => i.status)).toEqual(["scheduled", "waived"]);
    moveTo(80);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId)).map((i) => i.status)).toEqual(["paid", "waived"]);
    expect(await paidOf(orderId)).toEqual({ paid: 10_000, refunded: 0 });
    expect(mine((await balances()).instalments, orderId)).toEqual([]);
  });

  it("cancelling a family's plan cancels its owing seats with the policy's refund of what was paid, and nothing more is charged", async () => {
    const planId = await threePayments("Office cancel");
    const { parent, classId } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    const cancel = (as: { id: string; email: string }, payload: object) =>
      api.call({ method: "POST", url: `/admin/plans/${orderId}/cancel`, as, payload });

    expect((await cancel(parent, { reason: "Mine" })).statusCode).toBe(403);
    expect((await cancel(ADMIN, {})).statusCode).toBe(400);
    const cancelled = await cancel(ADMIN, { reason: "Three refused charges and no answer from the family" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // A hundred days ahead, the default policy refunds everything paid: the $50.00 deposit.
    expect(cancelled.json()).toMatchObject({ cancelledSeats: 1, refundCents: 5_000 });
    expect(cancelled.json().message).toBe("The plan is cancelled: 1 seat freed, $50.00 refunded under the policy.");
    expect((await instalmentsOf(orderId)).map((i) => i.status)).toEqual(["cancelled", "cancelled"]);
    expect(await paidOf(orderId)).toEqual({ paid: 5_000, refunded: 5_000 });
    const seats = (await api.call({ method: "GET", url: "/enrollments", as: parent })).json();
    expect(seats.filter((s: { classId?: string; class_id?: string }) => (s.classId ?? s.class_id) === classId)).toEqual(
      [],
    );
    expect(await mailOf(parent.email, "seat-cancelled")).toHaveLength(1);
    expect((await cancel(ADMIN, { reason: "Again" })).statusCode).toBe(409);
    moveTo(80);
    await api.app.chargeInstalments();
    expect((await instalmentsOf(orderId)).map((i) => i.status)).toEqual(["cancelled", "cancelled"]);
  });
});

describe("the academy's rule for plans at risk", () => {
  const settings = (payload?: object) =>
    api.call({ method: payload ? "PATCH" : "GET", url: "/admin/plan-settings", as: ADMIN, payload });

  /** A plan whose first instalment was refused four times: at risk from day 46. */
  async function planAtRisk(name: string) {
    const planId = await threePayments(name);
    const { parent } = await familyWithCart();
    const { orderId } = await payDeposit(parent, planId);
    await replaceCard(orderId, "pm_card_chargeCustomerFail");
    for (const later of [40, 42, 44, 46]) {
      moveTo(later);
      await api.app.chargeInstalments();
    }
    return { parent, orderId };
  }

  it("keeps a plan at risk for the office by default; set to cancel, cancels it after the grace days with the policy's refund", async () => {
    expect((await settings()).json()).toMatchObject({ graceDays: 7, atRiskAction: "keep" });
    const bad = await settings({ graceDays: 91, atRiskAction: "drop" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["atRiskAction", "graceDays"]);
    expect((await api.call({ method: "PATCH", url: "/admin/plan-settings", as: MAYA, payload: {} })).statusCode).toBe(
      403,
    );

    const kept = await planAtRisk("Kept at risk");
    moveTo(60);
    await api.app.sweep();
    expect((await instalmentsOf(kept.orderId)).map((i) => i.status)).toEqual(["failed", "scheduled"]);
    const [atRisk] = mine((await balances()).instalments, kept.orderId);
    expect(atRisk).toMatchObject({ atRisk: true, atRiskSince: expect.stringMatching(new RegExp(`^${day(46)}`)) });

    try {
      const saved = await settings({ graceDays: 3, atRiskAction: "cancel" });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().text).toBe(
        "A refused charge is tried again 3 times, 2 days apart. When a plan's charge is refused and no attempt is left, its seats not yet paid in full are cancelled 3 days after the last refused charge, with the cancellation policy's refund of what was paid.",
      );
      // A second family, booked on the same day as the first: at risk from the same day.
      moveTo(0);
      const lapsing = await planAtRisk("Cancelled at risk");
      // Two days into the grace period: kept.
      moveTo(48);
      await api.app.sweep();
      expect((await instalmentsOf(lapsing.orderId)).map((i) => i.status)).toEqual(["failed", "scheduled"]);
      // Past it: the plan is cancelled (the kept one too, now that the rule says so), once.
      moveTo(49);
      await api.app.sweep();
      await api.app.sweep();
      for (const { orderId, parent } of [lapsing, kept]) {
        expect((await instalmentsOf(orderId)).map((i) => i.status)).toEqual(["cancelled", "cancelled"]);
        // 51 days before the first day the policy refunds everything paid: the deposit.
        expect(await paidOf(orderId)).toEqual({ paid: 5_000, refunded: 5_000 });
        const [mail] = await mailOf(parent.email, "seat-cancelled");
        expect(mail).toBeDefined();
      }
    } finally {
      await settings({ graceDays: 7, atRiskAction: "keep" });
    }
  });
});
