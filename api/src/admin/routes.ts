import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, sum, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../platform/database/client.js";
import {
  CLASS_STATUSES,
  classes,
  enrollments,
  instalments,
  orderItems,
  orders,
  PAYMENT_METHODS,
  payments,
  refunds,
  ROLES,
  users,
  type ClassStatus,
  type Role,
} from "../platform/database/schema.js";
import { containsPattern, pageQuery, pageWindow, totalOver } from "../platform/paging.js";
import { toDollars } from "../platform/wire.js";
import { classColumns, classToWire } from "../catalog/index.js";
import { adminClassPage, adminStats } from "./answers.js";

export const classListQuery = pageQuery(["review", "name", "instructor", "price", "seats", "submitted"], {
  status: z
    .enum([...CLASS_STATUSES, "changes"], { error: "Status is pending, approved, denied or changes." })
    .optional()
    .meta({ description: "changes: approved classes with changes waiting for a review (decision 039)" }),
});

// What waits for a decision first (pending classes, then changes proposed to approved ones), then
// the other approved classes, then the denied.
const reviewOrder = sql`case when ${classes.status} = 'pending' then 0 when ${classes.proposedChanges} is not null then 1 when ${classes.status} = 'approved' then 2 else 3 end`;

export const adminRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/admin/classes",
      {
        config: { access: { action: "read", entity: "class", any: true } },
        schema: {
          operationId: "listAdminClasses",
          tags: ["admin"],
          summary: "Every class, paged: search by name or instructor, filter by status, pending first by default",
          querystring: classListQuery,
          response: { 200: adminClassPage.describe("One page of every class, with its status and seats") },
        },
      },
      async (request) => {
        const q = request.query;
        const { page, size, offset } = pageWindow(q);
        const filters: SQL[] = [];
        if (q.status === "changes") filters.push(isNotNull(classes.proposedChanges));
        else if (q.status) filters.push(eq(classes.status, q.status));
        if (q.search) {
          const pattern = containsPattern(q.search);
          filters.push(or(ilike(classes.name, pattern), ilike(users.name, pattern), ilike(users.email, pattern))!);
        }
        const direction = q.dir === "desc" ? desc : asc;
        const sort = q.sort ?? "review";
        const order =
          sort === "review"
            ? [asc(reviewOrder), desc(classes.createdAt)]
            : [
                direction(
                  {
                    name: classes.name,
                    instructor: users.name,
                    price: classes.priceCents,
                    seats: classes.availableSeats,
                    submitted: classes.createdAt,
                  }[sort],
                ),
              ];
        const rows = await db
          .select({ ...classColumns, total: totalOver() })
          .from(classes)
          .innerJoin(users, eq(users.id, classes.instructorId))
          .where(and(...filters))
          .orderBy(...order, asc(classes.id))
          .limit(size)
          .offset(offset);
        let total = rows[0]?.total ?? 0;
        if (rows.length === 0 && offset > 0) {
          const [row] = await db
            .select({ n: count() })
            .from(classes)
            .innerJoin(users, eq(users.id, classes.instructorId))
            .where(and(...filters));
          total = row?.n ?? 0;
        }
        return { items: rows.map((r) => ({ ...classToWire(r, true), held_seats: r.heldSeats })), total, page, size };
      },
    );

    app.get(
      "/admin/stats",
      {
        config: { access: { action: "read", entity: "stats", any: true } },
        schema: {
          operationId: "getAdminStats",
          tags: ["admin"],
          summary: "The admin home's figures: users by role, classes by status, enrolments, revenue, open holds",
          response: { 200: adminStats.describe("The academy's figures") },
        },
      },
      async () => {
        const [
          byRole,
          byStatus,
          [enrolled],
          [revenue],
          [checkouts],
          [held],
          [refunded],
          [scheduled],
          paidBy,
          backBy,
          [desk],
        ] = await Promise.all([
          db.select({ role: users.role, n: count() }).from(users).groupBy(users.role),
          db.select({ status: classes.status, n: count() }).from(classes).groupBy(classes.status),
          db.select({ n: count() }).from(enrollments),
          db.select({ cents: sum(payments.amountCents).mapWith(Number) }).from(payments),
          db.select({ n: count() }).from(orders).where(eq(orders.status, "pending")),
          db.select({ seats: sum(classes.heldSeats).mapWith(Number) }).from(classes),
          // Revenue is net of refunds sent or on their way.
          db
            .select({ cents: sum(refunds.amountCents).mapWith(Number) })
            .from(refunds)
            .where(ne(refunds.status, "failed")),
          // Payment plans' charges still to come or refused: revenue once charged (decision 040).
          db
            .select({ cents: sum(instalments.amountCents).mapWith(Number) })
            .from(instalments)
            .where(inArray(instalments.status, ["scheduled", "charging", "failed"])),
          // How it was paid and given back (decision 047): card, cash, cheque, transfer.
          db
            .select({ method: payments.method, cents: sum(payments.amountCents).mapWith(Number) })
            .from(payments)
            .groupBy(payments.method),
          db
            .select({ method: refunds.method, cents: sum(refunds.amountCents).mapWith(Number) })
            .from(refunds)
            .where(ne(refunds.status, "failed"))
            .groupBy(refunds.method),
          // Owed on front-desk bookings, on the seats still booked.
          db
            .select({ cents: sum(sql<number>`${orderItems.priceCents} - ${orderItems.paidCents}`).mapWith(Number) })
            .from(orderItems)
            .innerJoin(orders, eq(orders.id, orderItems.orderId))
            .innerJoin(
              enrollments,
              and(
                eq(enrollments.orderId, orderItems.orderId),
                eq(enrollments.classId, orderItems.classId),
                eq(enrollments.camperId, orderItems.camperId),
              ),
            )
            .where(and(eq(orders.channel, "office"), eq(orders.status, "paid"))),
        ]);
        // A moved seat's credit is money already counted, carried from one seat to another
        // (decision 048): its payment and its refund cancel out, so it is no method of its own.
        const byMethod = Object.fromEntries(
          PAYMENT_METHODS.filter((m) => m !== "credit").map((m) => [
            m,
            (paidBy.find((p) => p.method === m)?.cents ?? 0) - (backBy.find((r) => r.method === m)?.cents ?? 0),
          ]),
        ) as Record<Exclude<(typeof PAYMENT_METHODS)[number], "credit">, number>;
        const users_ = Object.fromEntries(ROLES.map((r) => [r, byRole.find((x) => x.role === r)?.n ?? 0])) as Record<
          Role,
          number
        >;
        const classes_ = Object.fromEntries(
          CLASS_STATUSES.map((s) => [s, byStatus.find((x) => x.status === s)?.n ?? 0]),
        ) as Record<ClassStatus, number>;
        return {
          users: { ...users_, total: byRole.reduce((a, x) => a + x.n, 0) },
          classes: { ...classes_, total: byStatus.reduce((a, x) => a + x.n, 0) },
          enrollments: enrolled?.n ?? 0,
          revenue: toDollars((revenue?.cents ?? 0) - (refunded?.cents ?? 0)),
          revenueByMethod: byMethod,
          deskOwedCents: desk?.cents ?? 0,
          planScheduledCents: scheduled?.cents ?? 0,
          openHolds: { checkouts: checkouts?.n ?? 0, seats: held?.seats ?? 0 },
        };
      },
    );
  };
