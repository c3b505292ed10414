import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { camperName } from "../campers/index.js";
import { declineInWords } from "../notifications/index.js";
import type { Db } from "../platform/database/client.js";
import {
  campers,
  classes,
  instalmentSeats,
  instalments,
  orderItems,
  orders,
  users,
} from "../platform/database/schema.js";

/**
 * A family's balance on its payment plans (decision 040): each plan with what was paid, what is
 * still owed and when, each charge's state in words, from the same rows the worker charges.
 */

const instalmentWire = z
  .object({
    _id: z.string(),
    due: z.string().meta({ description: "The day it is charged (YYYY-MM-DD, academy calendar)" }),
    amountCents: z.int(),
    status: z.enum(["scheduled", "charging", "paid", "failed", "cancelled", "waived"]),
    /** Why the last attempt was refused, in the family's words; null unless it failed. */
    problem: z
      .string()
      .nullable()
      .meta({ description: "Why the last attempt was refused, in words; null unless failed" }),
    nextAttemptAt: z.string().nullable().meta({ description: "When it is tried again (ISO 8601); null when not" }),
    atRisk: z.boolean().meta({ description: "Refused and no attempt left: the seats it is for are at risk" }),
  })
  .meta({ id: "Instalment", description: "One charge of a payment plan after the deposit" });

export const balance = z
  .object({
    owedCents: z.int().meta({ description: "Everything still to be charged on the family's plans, in cents" }),
    next: z
      .object({ due: z.string(), amountCents: z.int() })
      .nullable()
      .meta({ description: "The next charge: its day and amount; null when nothing is owed" }),
    atRisk: z.boolean().meta({ description: "A charge was refused and will not be tried again" }),
    plans: z.array(
      z.object({
        orderId: z.string(),
        name: z.string().meta({ description: "The plan's name when the family chose it" }),
        summary: z.string(),
        totalCents: z.int().meta({ description: "The seats' prices after discounts, in cents" }),
        paidCents: z.int().meta({ description: "Charged so far (the deposit and the instalments paid), in cents" }),
        refundedCents: z.int(),
        owedCents: z.int().meta({ description: "Still to be charged, in cents" }),
        seats: z.array(z.object({ className: z.string(), camperName: z.string() })),
        instalments: z.array(instalmentWire),
      }),
    ),
  })
  .meta({ id: "Balance", description: "GET /balance: what the family owes on its payment plans, and when" });

export type Balance = z.output<typeof balance>;

/** The refusal of a charge in the family's words, as the e-mail says it: "The card has expired." */
export const problemInWords = (code: string | null) => {
  const words = declineInWords(code);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
};

const OPEN = ["scheduled", "charging", "failed"] as const;

export async function familyBalance(db: Db, familyId: string): Promise<Balance> {
  const plans = await db
    .select({ id: orders.id, plan: orders.plan })
    .from(orders)
    .where(and(eq(orders.studentId, familyId), eq(orders.status, "paid"), isNotNull(orders.plan)))
    .orderBy(asc(orders.createdAt));
  if (plans.length === 0) return { owedCents: 0, next: null, atRisk: false, plans: [] };
  const ids = plans.map((p) => p.id);
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      priceCents: orderItems.priceCents,
      paidCents: orderItems.paidCents,
      refundedCents: orderItems.refundedCents,
      className: classes.name,
      camper: camperName,
    })
    .from(orderItems)
    .innerJoin(classes, eq(classes.id, orderItems.classId))
    .innerJoin(campers, eq(campers.id, orderItems.camperId))
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(classes.name));
  const rows = await db
    .select({
      id: instalments.id,
      orderId: instalments.orderId,
      due: instalments.dueDay,
      amountCents: instalments.amountCents,
      status: instalments.status,
      declineCode: instalments.declineCode,
      nextAttemptAt: instalments.nextAttemptAt,
      seats: sql<number>`(select count(*) from ${instalmentSeats} s where s.instalment_id = ${instalments.id})`.mapWith(
        Number,
      ),
    })
    .from(instalments)
    .where(inArray(instalments.orderId, ids))
    .orderBy(asc(instalments.dueDay), asc(instalments.id));
  const answer = plans.map((p) => {
    const mine = lines.filter((l) => l.orderId === p.id);
    const charges = rows
      // A charge every seat of which was cancelled before its day was never owed: left out.
      .filter((r) => r.orderId === p.id && !(r.status === "cancelled" && r.seats === 0 && r.amountCents === 0))
      .map((r) => ({
        _id: r.id,
        due: r.due,
        amountCents: r.amountCents,
        status: r.status,
        problem: r.status === "failed" ? problemInWords(r.declineCode) : null,
        nextAttemptAt: r.status === "failed" ? (r.nextAttemptAt?.toISOString() ?? null) : null,
        atRisk: r.status === "failed" && r.nextAttemptAt === null,
      }));
    return {
      orderId: p.id,
      name: p.plan!.name,
      summary: p.plan!.summary,
      totalCents: mine.reduce((sum, l) => sum + l.priceCents, 0),
      paidCents: mine.reduce((sum, l) => sum + l.paidCents, 0),
      refundedCents: mine.reduce((sum, l) => sum + l.refundedCents, 0),
      owedCents: charges
        .filter((c) => (OPEN as readonly string[]).includes(c.status))
        .reduce((sum, c) => sum + c.amountCents, 0),
      seats: mine.map((l) => ({ className: l.className, camperName: l.camper })),
      instalments: charges,
    };
  });
  const open = answer
    .flatMap((p) => p.instalments)
    .filter((c) => (OPEN as readonly string[]).includes(c.status))
    .sort((x, y) => (x.due < y.due ? -1 : x.due > y.due ? 1 : 0));
  return {
    owedCents: open.reduce((sum, c) => sum + c.amountCents, 0),
    next: open[0] ? { due: open[0].due, amountCents: open[0].amountCents } : null,
    atRisk: open.some((c) => c.atRisk),
    plans: answer,
  };
}
