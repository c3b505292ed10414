import { describe, expect, it } from "vitest";
import type { Balance, OrderBalance } from "./balance-api";
import { balanceSummary, hasBalances, orderDueText, owingOrders, totalOwed } from "./balance-summary";

const order = (over: Partial<OrderBalance>): OrderBalance => ({
  orderId: "o-1",
  totalCents: 40_000,
  paidCents: 15_000,
  owedCents: 25_000,
  dueDay: "2027-04-01",
  overdue: false,
  status: "partially paid",
  seats: [{ className: "Kayak Week", camperName: "Cai Rivera" }],
  ...over,
});

type Plan = Balance["plans"][number];
const plan = (over: Partial<Plan>): Plan => ({
  orderId: "p-1",
  name: "Three payments",
  summary: "",
  totalCents: 30_000,
  paidCents: 10_000,
  refundedCents: 0,
  owedCents: 20_000,
  seats: [],
  instalments: [
    {
      _id: "i-1",
      due: "2027-05-02",
      amountCents: 20_000,
      status: "scheduled",
      problem: null,
      nextAttemptAt: null,
      atRisk: false,
    },
  ],
  ...over,
});

const nothing: Balance = { owedCents: 0, next: null, atRisk: false, plans: [] };
const withPlan: Balance = {
  owedCents: 20_000,
  next: { due: "2027-05-02", amountCents: 20_000 },
  atRisk: false,
  plans: [plan({})],
};

describe("My Balance's summary", () => {
  it("says the plan's words as before when there are plans only (and no `orders` from an older API)", () => {
    expect(balanceSummary(withPlan)).toBe(
      "Still to pay: $200.00. Next: $200.00 on 2 May 2027, charged to the card you saved.",
    );
    expect(balanceSummary({ ...withPlan, orders: [] })).toBe(balanceSummary(withPlan));
    expect(balanceSummary({ ...nothing, plans: [plan({ owedCents: 0, instalments: [] })] })).toBe(
      "Everything is paid.",
    );
  });

  it("counts desk balances in the total and says the first one due, with no plan at all", () => {
    const balance: Balance = {
      ...nothing,
      orders: [
        order({ orderId: "o-2", dueDay: null, owedCents: 5_000 }),
        order({}),
        order({ orderId: "o-3", owedCents: 0, status: "paid" }),
      ],
    };
    expect(totalOwed(balance)).toBe(30_000);
    expect(owingOrders(balance).map((o) => o.orderId)).toEqual(["o-1", "o-2"]);
    expect(hasBalances(balance)).toBe(true);
    expect(balanceSummary(balance)).toBe(
      "Still to pay: $300.00. Balance due $250.00 by 1 April 2027: you can pay it by card below.",
    );
  });

  it("puts an overdue balance first, then the plan's next charge", () => {
    const balance: Balance = {
      ...withPlan,
      orders: [order({}), order({ orderId: "o-2", dueDay: "2027-05-01", overdue: true, owedCents: 1_000 })],
    };
    expect(balanceSummary(balance)).toBe(
      "Still to pay: $460.00. Overdue: $10.00 was due by 1 May 2027: you can pay it now below. Next: $200.00 on 2 May 2027, charged to the card you saved.",
    );
  });

  it("has nothing to show with neither plans nor balances owed", () => {
    expect(hasBalances(nothing)).toBe(false);
    expect(hasBalances({ ...nothing, orders: [order({ owedCents: 0, status: "paid" })] })).toBe(false);
  });

  it("words a desk balance by its day", () => {
    expect(orderDueText(order({}))).toBe("Balance due $250.00 by 1 April 2027");
    expect(orderDueText(order({ overdue: true }))).toBe("Overdue: $250.00 was due by 1 April 2027");
    expect(orderDueText(order({ dueDay: null }))).toBe("Balance due $250.00");
  });
});
