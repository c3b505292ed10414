import { and, eq, sql } from "drizzle-orm";
import type { HoldExtension } from "../answers.js";
import * as clock from "../../platform/clock.js";
import { orders } from "../../platform/database/schema.js";
import { conflict, notFound } from "../../platform/errors.js";
import { latestExpiry, type CheckoutDeps } from "./deps.js";

/** Extending a seat hold, within the limit of PAYMENT_HOLD_MAX_SECONDS. */

/** "45 minutes", "1 hour 30 minutes": a limit from the configuration, in words. */
function durationInWords(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (hours === 0) return unit(minutes, "minute");
  return rest === 0 ? unit(hours, "hour") : `${unit(hours, "hour")} ${unit(rest, "minute")}`;
}

/**
 * Extends the seat hold of the student's checkout in progress to a full hold from now, never past
 * its latest expiry. One conditional UPDATE: concurrent extensions (two tabs, two API processes)
 * and the expiry sweep (which only takes orders already overdue) cannot push it past the bound or
 * revive an expired checkout.
 */
export async function extendCheckout(deps: CheckoutDeps, studentId: string, orderId: string): Promise<HoldExtension> {
  const { db, config } = deps;
  const now = clock.now();
  const wanted = new Date(now.getTime() + config.holdSeconds * 1000);
  const latest = sql`${orders.createdAt} + make_interval(secs => ${config.holdMaxSeconds})`;
  const [extended] = await db
    .update(orders)
    .set({ expiresAt: sql`greatest(${orders.expiresAt}, least(${wanted.toISOString()}::timestamptz, ${latest}))` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.studentId, studentId),
        eq(orders.status, "pending"),
        sql`${orders.expiresAt} > ${now.toISOString()}::timestamptz`,
        sql`${orders.expiresAt} < ${latest}`,
      ),
    )
    .returning({ expiresAt: orders.expiresAt, createdAt: orders.createdAt });
  if (extended) {
    return {
      orderId,
      expiresAt: extended.expiresAt.toISOString(),
      maxExpiresAt: latestExpiry(extended.createdAt, config).toISOString(),
    };
  }
  const [order] = await db
    .select({ studentId: orders.studentId, status: orders.status, expiresAt: orders.expiresAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.studentId !== studentId) throw notFound("There is no such checkout of yours.");
  if (order.status === "paid") throw conflict("This checkout is already paid.");
  if (order.status !== "pending" || order.expiresAt.getTime() <= now.getTime()) {
    throw conflict("Your hold on these seats ran out and they were released; nothing was charged. Start again.");
  }
  throw conflict(
    `This hold has been extended as far as it can be: seats are held for at most ${durationInWords(config.holdMaxSeconds)} from the start of a checkout. Pay before the countdown ends, or start again once it has.`,
  );
}
