import { asc, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { familyGuardians } from "../guardians/index.js";
import { requirePermission } from "../platform/access/permissions.js";
import { academyToday } from "../platform/academy-day.js";
import { now as clockNow } from "../platform/clock.js";
import { campers, cartItems, classes, enrollments, orderItems, payments, users } from "../platform/database/schema.js";
import { refusals } from "../platform/contract.js";
import { notFound } from "../platform/errors.js";
import { toDollars } from "../platform/wire.js";
import { familyExport } from "./answers.js";
import type { FamilyDataDeps } from "./routes.js";
import { camperToWire, openDetails } from "./store.js";

/** A family's download of everything the academy holds about it. */
export const camperExportRoutes =
  ({ db, sealer, waitlistOf }: FamilyDataDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/campers/export",
      {
        config: { access: { action: "read", entity: "camper" } },
        schema: {
          operationId: "exportFamilyData",
          tags: ["campers"],
          summary: "Everything the academy holds about the caller's family, as one JSON download",
          response: {
            200: {
              description:
                'The family\'s data as a JSON file to save (Content-Disposition: attachment; filename="academy-family-data-YYYY-MM-DD.json"), never cached',
              headers: {
                "Content-Disposition": {
                  type: "string",
                  description: 'attachment; filename="academy-family-data-YYYY-MM-DD.json" (the academy\'s day)',
                },
                "Cache-Control": { type: "string", description: "no-store" },
              },
              content: { "application/json": { schema: familyExport } },
            },
            ...refusals({ 404: "The caller's account was deleted meanwhile" }),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "camper", actor.id);
        const [account] = await db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            photo: users.photo,
            role: users.role,
            createdAt: users.createdAt,
          })
          .from(users)
          .where(eq(users.id, actor.id));
        // Only when the account was deleted while this request ran: there is nothing left to download.
        if (!account) throw notFound("There is no such user.");
        const all = await db
          .select()
          .from(campers)
          .where(eq(campers.familyId, actor.id))
          .orderBy(asc(campers.createdAt));
        const names = new Map(all.map((c) => [c.id, c.isSelf ? actor.name : `${c.firstName} ${c.lastName}`]));
        // Every seat, cart line and paid line names one of the family's own campers (the bookings'
        // foreign keys pair the camper with its family), removed ones included: the name is there.
        const nameOf = (camperId: string) => names.get(camperId) ?? "";
        const seats = await db
          .select({
            camperId: enrollments.camperId,
            className: classes.name,
            startDate: classes.startDate,
            endDate: classes.endDate,
            enrolledAt: enrollments.createdAt,
          })
          .from(enrollments)
          .innerJoin(classes, eq(classes.id, enrollments.classId))
          .where(eq(enrollments.studentId, actor.id));
        const cart = await db
          .select({ camperId: cartItems.camperId, className: classes.name, addedAt: cartItems.createdAt })
          .from(cartItems)
          .innerJoin(classes, eq(classes.id, cartItems.classId))
          .where(eq(cartItems.studentId, actor.id));
        const paid = await db.select().from(payments).where(eq(payments.studentId, actor.id));
        const orderIds = paid.map((p) => p.orderId);
        const lines = orderIds.length
          ? await db
              .select({
                orderId: orderItems.orderId,
                camperId: orderItems.camperId,
                className: classes.name,
                priceCents: orderItems.priceCents,
              })
              .from(orderItems)
              .innerJoin(classes, eq(classes.id, orderItems.classId))
              .where(inArray(orderItems.orderId, orderIds))
          : [];
        const waitlist = await waitlistOf(db, actor.id);
        const day = academyToday();
        return reply
          .header("content-disposition", `attachment; filename="academy-family-data-${day}.json"`)
          .header("cache-control", "no-store")
          .send({
            exportedAt: clockNow().toISOString(),
            account: { ...account, createdAt: account.createdAt.toISOString() },
            guardians: await familyGuardians(db, actor.id),
            campers: all.map((c) => ({
              ...camperToWire(c, openDetails(sealer, c), actor.name),
              removedAt: c.removedAt?.toISOString() ?? null,
            })),
            enrolments: seats.map((s) => ({
              camper: nameOf(s.camperId),
              class_name: s.className,
              start_date: s.startDate,
              end_date: s.endDate,
              enrolledAt: s.enrolledAt.toISOString(),
            })),
            cart: cart.map((c) => ({
              camper: nameOf(c.camperId),
              class_name: c.className,
              addedAt: c.addedAt.toISOString(),
            })),
            waitlist,
            payments: paid.map((p) => ({
              transactionId: p.transactionId,
              price: toDollars(p.amountCents),
              date: p.paidAt.toISOString(),
              status: p.status,
              lines: lines
                .filter((l) => l.orderId === p.orderId)
                .map((l) => ({
                  camper: nameOf(l.camperId),
                  class_name: l.className,
                  price: toDollars(l.priceCents),
                })),
            })),
          });
      },
    );
  };
