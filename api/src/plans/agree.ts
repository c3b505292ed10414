import { eq } from "drizzle-orm";
import type { Tx } from "../platform/database/client.js";
import { paymentPlans, type AgreedPlan } from "../platform/database/schema.js";
import { badRequest } from "../platform/errors.js";
import { usd } from "../platform/wire.js";
import { ACADEMY } from "../notifications/index.js";
import { rowSummary, termsOf } from "./offers.js";
import { planSchedule, type SeatInput } from "./schedule.js";
import { dayInWords } from "./words.js";

/** The key of an order line in an agreed schedule: its class and its camper. */
export const seatKey = (seat: { classId: string; camperId: string }) => `${seat.classId}/${seat.camperId}`;

const refuse = (reason: string) => badRequest(reason, { paymentPlanId: reason });

/**
 * The plan a family chose at checkout, as it will be kept on the order (decision 040): its words
 * and its schedule for these seats today, priced after every discount. Refused (400, field
 * `paymentPlanId`) with the reason when the plan is unknown, paused or not offered for this cart.
 * Read under the checkout's transaction: a plan paused meanwhile is refused, not half applied.
 */
export async function agreePlan(
  tx: Tx,
  planId: string,
  seats: readonly (SeatInput & { camperId: string })[],
  today: string,
): Promise<AgreedPlan> {
  const [row] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, planId));
  if (!row || row.paused) throw refuse("This payment plan is not offered any more: choose another way to pay.");
  if (seats.some((s) => !s.firstDay)) throw refuse("A class in this cart has no first day yet: it is paid in full.");
  const schedule = planSchedule(
    termsOf(row),
    seats.map((s) => ({ ...s, key: seatKey(s) })),
    today,
  );
  if (!schedule.ok) throw refuse(schedule.reason);
  if (schedule.parts.length < 2) throw refuse("This cart is paid in full today with this plan: choose Pay in full.");
  return { planId: row.id, name: row.name, summary: rowSummary(row), parts: schedule.parts };
}

/**
 * What the family agrees to by paying the deposit: the authorisation to charge the saved card
 * later, with every amount and day, where to replace the card and how to withdraw the permission
 * (Stripe asks for such consent before a card is saved for charges made without the customer). A
 * family can do both itself: replace the card on its Balance page (plans/card.ts), cancel its seats
 * (refunds); the office cancels a whole plan (refunds/plan-cancel.ts).
 */
export function planConsent(plan: Pick<AgreedPlan, "parts">): string {
  const later = plan.parts.filter((p) => !p.deposit);
  const charges = later.map((p) => `${usd(p.totalCents)} on ${dayInWords(p.due)}`).join(", ");
  return (
    `By paying the deposit you authorise ${ACADEMY.name} to save this card and charge it ${charges} ` +
    `(Pacific time), without asking you again each time. Your Balance page shows each payment, and ` +
    `you can replace the card there at any time (Use another card). To withdraw this permission, ` +
    `cancel the classes on My Enrolled Classes, which cancels their payments still to come, or ask ` +
    `the academy's office to cancel the plan: its seats not yet paid in full are then cancelled, ` +
    `with the cancellation policy's refund of what was paid.`
  );
}
