import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { camperName } from "../campers/index.js";
import { guardianContact, guardianContacts } from "../guardians/index.js";
import { academyToday } from "../platform/academy-day.js";
import * as clock from "../platform/clock.js";
import { csvRows, peopleCell } from "../platform/csv.js";
import type { Db } from "../platform/database/client.js";
import { lockAccount } from "../platform/database/locks.js";
import {
  campers,
  classes,
  instalmentSeats,
  instalments,
  orderItems,
  orders,
  users,
} from "../platform/database/schema.js";
import { badRequest, conflict, notFound } from "../platform/errors.js";
import { transaction } from "../platform/transaction.js";
import { problemInWords } from "./balance.js";
import { addDays, daysBetween } from "./schedule.js";

/**
 * The academy's view of what families owe on payment plans (decision 040): every charge still to
 * come or refused, grouped by family, class and due week with totals (an aging list), and what the
 * office may do with one charge: try it again, move its day, or waive it, each with its reason kept.
 */

const OPEN = ["scheduled", "charging", "failed"] as const;

const cents = (description: string) => z.int().meta({ description });

const officeInstalment = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    familyId: z.string(),
    familyName: z.string(),
    email: z.string(),
    guardians: z.array(guardianContact).meta({ description: "The family's parents or guardians to call" }),
    due: z.string().meta({ description: "The day it is charged (YYYY-MM-DD, academy calendar)" }),
    week: z.string().meta({ description: "The Monday of the week it is due (YYYY-MM-DD)" }),
    amountCents: cents("What it charges, in cents"),
    status: z.enum(OPEN),
    attempts: z.int().meta({ description: "Charges tried so far" }),
    daysOverdue: z.int().meta({ description: "Days since it was due; 0 when due today or later" }),
    problem: z
      .string()
      .nullable()
      .meta({ description: "Why the last attempt was refused, in words; null unless failed" }),
    nextAttemptAt: z.string().nullable().meta({ description: "When it is tried again (ISO 8601); null when not" }),
    atRisk: z.boolean().meta({ description: "Refused, no attempt left: the seats it pays for are at risk" }),
    atRiskSince: z
      .string()
      .nullable()
      .meta({ description: "When it was refused with no attempt left (ISO 8601): the grace period counts from it" }),
    note: z.string().nullable().meta({ description: "The office's reason for its last change (a moved day)" }),
    planName: z.string(),
    seats: z.array(z.object({ classId: z.string(), className: z.string(), camperName: z.string(), cents: z.int() })),
  })
  .meta({ id: "OfficeInstalment", description: "A charge of a payment plan still to come or refused" });

const group = z.object({
  key: z.string().meta({ description: "The family's id, the class's id or the week's Monday" }),
  label: z.string().meta({ description: "The family's name and e-mail, the class's name, or the week in words" }),
  owedCents: cents("Still to be charged, in cents"),
  overdueCents: cents("Of it, due before today, in cents"),
  charges: z.int().meta({ description: "How many charges (a class: how many charges have a seat of it)" }),
});

export const balancesDue = z
  .object({
    today: z.string().meta({ description: "The academy's today (YYYY-MM-DD)" }),
    owedCents: cents("Everything still to be charged on every plan, in cents"),
    overdueCents: cents("Of it, due before today (refused and waiting, or at risk), in cents"),
    atRiskCents: cents("Of it, refused with no attempt left, in cents"),
    collectedCents: cents("Collected on plans so far (deposits and instalments, less refunds), in cents"),
    byFamily: z.array(group),
    byClass: z.array(group),
    byWeek: z.array(group),
    instalments: z.array(officeInstalment).meta({ description: "Every open charge, the earliest due first" }),
  })
  .meta({ id: "BalancesDue", description: "GET /admin/balances: what families owe on payment plans, and since when" });

export type BalancesDue = z.output<typeof balancesDue>;
type OfficeInstalment = z.output<typeof officeInstalment>;

/** The Monday of a day's week (days are YYYY-MM-DD, calendar arithmetic only). */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const WEEK_WORDS = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const weekLabel = (monday: string) => `Week of ${WEEK_WORDS.format(new Date(`${monday}T12:00:00Z`))}`;

/** Adds a charge's amount to its group (created on first use), keeping the groups in first-seen order. */
function addTo(
  groups: Map<string, z.output<typeof group>>,
  key: string,
  label: string,
  amount: number,
  overdue: boolean,
) {
  const found = groups.get(key) ?? { key, label, owedCents: 0, overdueCents: 0, charges: 0 };
  found.owedCents += amount;
  if (overdue) found.overdueCents += amount;
  found.charges += 1;
  groups.set(key, found);
}

export async function balancesDueNow(db: Db): Promise<BalancesDue> {
  const today = academyToday();
  const rows = await db
    .select({
      id: instalments.id,
      orderId: instalments.orderId,
      familyId: instalments.studentId,
      familyName: users.name,
      email: users.email,
      due: instalments.dueDay,
      amountCents: instalments.amountCents,
      status: instalments.status,
      attempts: instalments.attempts,
      declineCode: instalments.declineCode,
      nextAttemptAt: instalments.nextAttemptAt,
      atRiskSince: instalments.atRiskSince,
      note: instalments.note,
      plan: orders.plan,
    })
    .from(instalments)
    .innerJoin(users, eq(users.id, instalments.studentId))
    .innerJoin(orders, eq(orders.id, instalments.orderId))
    .where(and(inArray(instalments.status, [...OPEN]), sql`${instalments.amountCents} > 0`))
    .orderBy(asc(instalments.dueDay), asc(users.name), asc(instalments.id));
  const shares =
    rows.length === 0
      ? []
      : await db
          .select({
            instalmentId: instalmentSeats.instalmentId,
            classId: instalmentSeats.classId,
            className: classes.name,
            camperName,
            cents: instalmentSeats.cents,
          })
          .from(instalmentSeats)
          .innerJoin(classes, eq(classes.id, instalmentSeats.classId))
          .innerJoin(campers, eq(campers.id, instalmentSeats.camperId))
          .innerJoin(users, eq(users.id, campers.familyId))
          .where(
            inArray(
              instalmentSeats.instalmentId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(classes.name), asc(camperName));
  const contacts = await guardianContacts(
    db,
    rows.map((r) => r.familyId),
  );
  const [collected] = await db
    .select({
      cents: sql<number>`coalesce(sum(${orderItems.paidCents} - ${orderItems.refundedCents}), 0)`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(isNotNull(orders.plan), eq(orders.status, "paid")));

  const byFamily = new Map<string, z.output<typeof group>>();
  const byClass = new Map<string, z.output<typeof group>>();
  const byWeek = new Map<string, z.output<typeof group>>();
  const answer: OfficeInstalment[] = rows.map((r) => {
    const overdue = r.due < today;
    const seats = shares
      .filter((s) => s.instalmentId === r.id)
      .map(({ classId, className, camperName: camper, cents: share }) => ({
        classId,
        className,
        camperName: camper,
        cents: share,
      }));
    const week = weekOf(r.due);
    addTo(byFamily, r.familyId, `${r.familyName} (${r.email})`, r.amountCents, overdue);
    addTo(byWeek, week, weekLabel(week), r.amountCents, overdue);
    for (const seat of seats) addTo(byClass, seat.classId, seat.className, seat.cents, overdue);
    return {
      _id: r.id,
      orderId: r.orderId,
      familyId: r.familyId,
      familyName: r.familyName,
      email: r.email,
      guardians: contacts.get(r.familyId) ?? [],
      due: r.due,
      week,
      amountCents: r.amountCents,
      status: r.status as (typeof OPEN)[number],
      attempts: r.attempts,
      daysOverdue: overdue ? daysBetween(r.due, today) : 0,
      problem: r.status === "failed" ? problemInWords(r.declineCode) : null,
      nextAttemptAt: r.status === "failed" ? (r.nextAttemptAt?.toISOString() ?? null) : null,
      atRisk: r.status === "failed" && r.nextAttemptAt === null,
      atRiskSince: r.atRiskSince?.toISOString() ?? null,
      note: r.note,
      planName: r.plan?.name ?? "",
      seats,
    };
  });
  const sum = (list: OfficeInstalment[]) => list.reduce((total, i) => total + i.amountCents, 0);
  const byOwed = (groups: Map<string, z.output<typeof group>>) =>
    [...groups.values()].sort((x, y) => y.owedCents - x.owedCents || x.label.localeCompare(y.label));
  return {
    today,
    owedCents: sum(answer),
    overdueCents: sum(answer.filter((i) => i.daysOverdue > 0)),
    atRiskCents: sum(answer.filter((i) => i.atRisk)),
    collectedCents: collected?.cents ?? 0,
    byFamily: byOwed(byFamily),
    byClass: byOwed(byClass),
    // Weeks in the calendar's order: an aging list reads from the oldest.
    byWeek: [...byWeek.values()],
    instalments: answer,
  };
}

/** The open charges as CSV, one row a charge (amounts in dollars, as a spreadsheet sums them). */
export function balancesCsv(due: BalancesDue): string {
  const dollars = (c: number) => (c / 100).toFixed(2);
  return csvRows([
    [
      "due",
      "week",
      "days_overdue",
      "amount",
      "status",
      "at_risk",
      "attempts",
      "problem",
      "family",
      "email",
      "guardians",
      "plan",
      "seats",
      "note",
    ],
    ...due.instalments.map((i) => [
      i.due,
      i.week,
      String(i.daysOverdue),
      dollars(i.amountCents),
      i.status,
      i.atRisk ? "yes" : "no",
      String(i.attempts),
      i.problem ?? "",
      i.familyName,
      i.email,
      peopleCell(i.guardians),
      i.planName,
      i.seats.map((s) => `${s.camperName}, ${s.className} (${dollars(s.cents)})`).join("; "),
      i.note ?? "",
    ]),
  ]);
}

export type OfficeChange =
  { kind: "retry" } | { kind: "move"; due: string; reason: string } | { kind: "waive"; reason: string };

const BEING_CHARGED = "This charge is being made right now: wait a minute, then look again.";

/**
 * One office change to a charge still to come or refused. The family's lock first, then the
 * charge's row, as the worker records an outcome: a change never crosses a charge in progress
 * (refused while it is claimed), and a charge the worker claims next reads the change.
 */
export async function changeInstalment(db: Db, id: string, change: OfficeChange) {
  return transaction(db, async (tx) => {
    const [found] = await tx
      .select({ studentId: instalments.studentId })
      .from(instalments)
      .where(eq(instalments.id, id));
    if (!found) throw notFound("There is no such charge.");
    await lockAccount(tx, found.studentId);
    const [row] = await tx
      .select({ status: instalments.status, due: instalments.dueDay, nextAttemptAt: instalments.nextAttemptAt })
      .from(instalments)
      .where(eq(instalments.id, id))
      .for("update");
    if (!row) throw notFound("There is no such charge.");
    if (row.status === "charging") throw conflict(BEING_CHARGED);
    if (row.status !== "scheduled" && row.status !== "failed") {
      throw conflict(`This charge is ${row.status} already: nothing is left to change.`);
    }
    const now = clock.now();
    const today = academyToday();
    if (change.kind === "retry") {
      if (row.status !== "failed") throw conflict("Only a refused charge is tried again; this one waits for its day.");
      if (row.due > today) throw conflict("This charge is not due yet: it is tried on its day.");
      await tx
        .update(instalments)
        .set({ nextAttemptAt: now, atRiskSince: null, updatedAt: now })
        .where(eq(instalments.id, id));
    } else if (change.kind === "move") {
      if (change.due < today) {
        throw badRequest("The new day must be today or later.", { due: `Today (${today}) or later.` });
      }
      if (change.due > addDays(today, 730)) {
        throw badRequest("The new day must be within two years.", { due: "Within two years." });
      }
      // A refused charge moved to a new day waits for it as a scheduled one (its attempts still counted).
      await tx
        .update(instalments)
        .set({
          dueDay: change.due,
          status: "scheduled",
          nextAttemptAt: null,
          atRiskSince: null,
          note: change.reason,
          updatedAt: now,
        })
        .where(eq(instalments.id, id));
    } else {
      await tx
        .update(instalments)
        .set({ status: "waived", nextAttemptAt: null, atRiskSince: null, note: change.reason, updatedAt: now })
        .where(eq(instalments.id, id));
    }
    const [after] = await tx
      .select({ status: instalments.status, due: instalments.dueDay, note: instalments.note })
      .from(instalments)
      .where(eq(instalments.id, id));
    return { _id: id, ...after! };
  });
}
