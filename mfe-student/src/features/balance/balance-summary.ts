import { dayInWords } from "../checkout/plan-choice";
import { cents } from "../pricing/money";
import type { Balance, OrderBalance } from "./balance-api";

/** The desk bookings with money still owed, the earliest due first (one with no day last). */
export function owingOrders(balance: Balance): OrderBalance[] {
  return (balance.orders ?? [])
    .filter((o) => o.owedCents > 0)
    .sort((a, b) => (a.dueDay ?? "9999-12-31").localeCompare(b.dueDay ?? "9999-12-31"));
}

/** What the plans still owe, their charges added as the API adds them for each plan. */
const plansOwed = (balance: Balance) => balance.plans.reduce((sum, p) => sum + p.owedCents, 0);

/** Everything still to pay: every plan's charges to come, and every desk booking's balance. */
export const totalOwed = (balance: Balance) =>
  plansOwed(balance) + owingOrders(balance).reduce((sum, o) => sum + o.owedCents, 0);

/** Whether the page has anything to show: a plan, or a desk booking with a balance. */
export const hasBalances = (balance: Balance) => balance.plans.length > 0 || owingOrders(balance).length > 0;

/** "Balance due $120.00 by 1 April 2027", or that it is overdue. */
export function orderDueText(order: Pick<OrderBalance, "owedCents" | "dueDay" | "overdue">): string {
  if (!order.dueDay) return `Balance due ${cents(order.owedCents)}`;
  return order.overdue
    ? `Overdue: ${cents(order.owedCents)} was due by ${dayInWords(order.dueDay)}`
    : `Balance due ${cents(order.owedCents)} by ${dayInWords(order.dueDay)}`;
}

/**
 * The page's first line: the total still to pay, then what needs the family first (a refused plan
 * charge, a desk balance overdue or due), then the next plan charge. With plans only, the words
 * are those the page always had.
 */
export function balanceSummary(balance: Balance): string {
  const total = totalOwed(balance);
  if (total === 0) return "Everything is paid.";
  const parts = [`Still to pay: ${cents(total)}.`];
  const refused = balance.plans.flatMap((p) => p.instalments).find((c) => c.status === "failed");
  if (refused) parts.push(`A payment of ${cents(refused.amountCents)} could not be taken: you can pay it now below.`);
  const [first] = owingOrders(balance);
  const overdue = owingOrders(balance).find((o) => o.overdue);
  if (overdue) parts.push(`${orderDueText(overdue)}: you can pay it now below.`);
  else if (first) parts.push(`${orderDueText(first)}: you can pay it by card below.`);
  if (!refused && balance.next) {
    parts.push(
      `Next: ${cents(balance.next.amountCents)} on ${dayInWords(balance.next.due)}, charged to the card you saved.`,
    );
  }
  return parts.join(" ");
}
