import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../platform/database/client.js";
import { campers, classes, instalmentSeats, instalments, users } from "../../platform/database/schema.js";
import { camperName } from "./session.js";

/** A payment plan's instalment just charged, or refused (decision 040). */
export interface InstalmentFacts {
  familyName: string;
  instalmentId: string;
  amountCents: number;
  /** The day it was due (academy calendar). */
  dueDay: string;
  /** What it paid for: each seat's class and camper. */
  seats: { className: string; camperName: string; cents: number }[];
  /** The card's last four digits, when the provider said. */
  cardLast4: string | null;
  /** Paid: the PaymentIntent. */
  transactionId: string | null;
  /** Refused: the provider's reason code, and the day it is tried again (null: no attempt left). */
  declineCode: string | null;
  nextAttemptDay: string | null;
  /** The plan's charges still to come after this one. */
  later: { due: string; amountCents: number }[];
}

/** The facts of an instalment as it is now: call it in the transaction that charged or refused it. */
export async function instalmentFacts(
  tx: Tx,
  instalmentId: string,
  extra: { cardLast4: string | null; nextAttemptDay: string | null },
): Promise<{ to: string; facts: InstalmentFacts } | undefined> {
  const [row] = await tx
    .select({
      orderId: instalments.orderId,
      amountCents: instalments.amountCents,
      dueDay: instalments.dueDay,
      paymentIntentId: instalments.paymentIntentId,
      status: instalments.status,
      declineCode: instalments.declineCode,
      email: users.email,
      name: users.name,
    })
    .from(instalments)
    .innerJoin(users, eq(users.id, instalments.studentId))
    .where(eq(instalments.id, instalmentId));
  if (!row) return undefined;
  const seats = await tx
    .select({
      className: classes.name,
      cents: instalmentSeats.cents,
      camper: { isSelf: campers.isSelf, firstName: campers.firstName, lastName: campers.lastName },
    })
    .from(instalmentSeats)
    .innerJoin(classes, eq(classes.id, instalmentSeats.classId))
    .innerJoin(campers, eq(campers.id, instalmentSeats.camperId))
    .where(eq(instalmentSeats.instalmentId, instalmentId))
    .orderBy(asc(classes.name), asc(instalmentSeats.camperId));
  const later = await tx
    .select({ due: instalments.dueDay, amountCents: instalments.amountCents })
    .from(instalments)
    .where(and(eq(instalments.orderId, row.orderId), inArray(instalments.status, ["scheduled", "failed"])))
    .orderBy(asc(instalments.dueDay));
  return {
    to: row.email,
    facts: {
      familyName: row.name,
      instalmentId,
      amountCents: row.amountCents,
      dueDay: row.dueDay,
      seats: seats.map((s) => ({ className: s.className, camperName: camperName(s.camper, row.name), cents: s.cents })),
      cardLast4: extra.cardLast4,
      transactionId: row.status === "paid" ? row.paymentIntentId : null,
      declineCode: row.status === "failed" ? row.declineCode : null,
      nextAttemptDay: extra.nextAttemptDay,
      later: later.filter((l) => l.due !== row.dueDay || row.status !== "failed"),
    },
  };
}
