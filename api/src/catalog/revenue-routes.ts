import { and, count, eq, sql, sum } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { classes, orderItems, orders } from "../platform/database/schema.js";
import { emailQuery, toDollars } from "../platform/wire.js";
import { ownerByEmail } from "../platform/access/owner.js";
import { refusals } from "../platform/contract.js";
import { classRevenue } from "./answers.js";

/**
 * What an instructor's classes have earned: the prices students actually paid (each order item
 * keeps the price of its day), from paid orders only — a refunded, failed or expired checkout
 * earned nothing, and a price changed later does not rewrite the past.
 */
export const classRevenueRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/myclasses/revenue",
      {
        config: { access: { action: "read", entity: "class" } },
        schema: {
          operationId: "getMyClassRevenue",
          tags: ["classes"],
          summary: "What the caller's classes have earned: seats paid for and the amount paid, at the prices paid",
          querystring: emailQuery,
          response: {
            200: classRevenue.describe("What each of the instructor's classes brought in"),
            ...refusals({ 404: "An admin asked for the revenue of an e-mail no user has" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const owner = await ownerByEmail(db, actor, request.query.email);
        requirePermission(actor, "read", "class", owner);
        const [row] = await db
          // Net of refunds: what stayed with the academy (on a payment plan, what has been paid so far).
          .select({
            seats: count(),
            cents: sum(sql`${orderItems.paidCents} - ${orderItems.refundedCents}`).mapWith(Number),
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .innerJoin(classes, eq(classes.id, orderItems.classId))
          .where(and(eq(orders.status, "paid"), eq(classes.instructorId, owner)));
        return { paidSeats: row?.seats ?? 0, revenue: toDollars(row?.cents ?? 0) };
      },
    );
  };
