import { and, eq, gte, isNull, or } from "drizzle-orm";
import { now as clockNow } from "../platform/clock.js";
import type { Tx } from "../platform/database/client.js";
import { classes, enrollments, orderItems, orders } from "../platform/database/schema.js";
import { ageProblem, scheduleColumns, subject } from "./eligibility.js";
import type { CamperRow } from "./store.js";

/**
 * Why a camper's date of birth may not change to `dateOfBirth`: a seat they hold in a checkout in
 * progress, or have in a class that has not ended, would be outside its age range (the age rule
 * holds for what is held and paid, not only for what is added to a cart). Called under the family's
 * lock, which every checkout and payment of the family takes first (decision 008): a checkout opened
 * at the same moment is either seen here or checks the new date itself.
 */
export async function birthDateProblem(tx: Tx, camper: CamperRow, dateOfBirth: string): Promise<string | null> {
  const today = clockNow().toISOString().slice(0, 10);
  const held = tx
    .select(scheduleColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(classes, eq(classes.id, orderItems.classId))
    .where(and(eq(orderItems.camperId, camper.id), eq(orders.status, "pending")));
  const enrolled = tx
    .select(scheduleColumns)
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(and(eq(enrollments.camperId, camper.id), or(isNull(classes.endDate), gte(classes.endDate, today))));
  for (const cls of await held.unionAll(enrolled)) {
    const problem = ageProblem({ ...camper, dateOfBirth }, cls);
    if (problem)
      return `${problem} ${subject(camper).has} a seat in "${cls.name}": cancel it or leave its checkout first.`;
  }
  return null;
}
