import { asc, count, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePermission } from "../platform/access/permissions.js";
import type { Sealer } from "../platform/sealing.js";
import { instructorClassRoutes } from "./instructor-class-routes.js";
import { classToWire, findClass, loadApprovedClasses, loadClassPage, selectClasses } from "./classes.js";
import type { Db } from "../platform/database/client.js";
import { classes, enrollments, users } from "../platform/database/schema.js";
import { badRequest, conflict, forbidden, notFound } from "../platform/errors.js";
import { sendCached, type PublicCache } from "./public-cache.js";
import { asksForPage, classPageQuery, pageKey, PUBLIC_PAGE_SIZE } from "./public-lists.js";
import { assertImageAvailable } from "../images/index.js";
import { idParam, toCents } from "../platform/wire.js";
import { transaction } from "../platform/transaction.js";
import type { LineOptions } from "../waitlist/index.js";
import { refusePastDates, sessionColumns } from "./camp-session.js";
import { earlyProblems, newClass } from "./class-fields.js";
import { classReviewRoutes } from "./class-review-routes.js";
import { classEditRoute } from "./class-edit.js";
import { classItem, classList, deleted, inserted } from "./answers.js";
import { noBody, refusals } from "../platform/contract.js";

export const classRoutes =
  (db: Db, cache: PublicCache, sealer: Sealer, line: LineOptions): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/classes",
      {
        schema: {
          operationId: "listClasses",
          tags: ["classes"],
          summary:
            "Approved classes, most enrolled first; admins get every class with its status. With any parameter: one page, sorted and filtered",
          querystring: classPageQuery,
          // An admin's token gets every class; without one, the same list for everyone.
          security: [{}, { bearer: [] }],
          response: {
            200: classList,
            304: noBody.describe("The copy the client holds (If-None-Match) is still the list"),
          },
        },
      },
      async (request, reply) => {
        if (asksForPage(request)) {
          const q = request.query;
          const key = pageKey(q, { page: 1, size: PUBLIC_PAGE_SIZE, sort: "popular" });
          return sendCached(request, reply, await cache.get("classes", (today) => loadClassPage(db, q, today), key));
        }
        const actor = await request.optionalActor();
        if (actor?.role === "admin") {
          const rows = await selectClasses(db).orderBy(desc(classes.createdAt), asc(classes.id));
          return rows.map((r) => classToWire(r, true));
        }
        // The same for everyone without a token (decision 036: the front path serves those).
        return sendCached(
          request,
          reply,
          await cache.get("classes", (today) => loadApprovedClasses(db, undefined, today)),
          {
            visitorsOnly: true,
          },
        );
      },
    );

    app.get(
      "/classes/:id",
      {
        schema: {
          operationId: "getClass",
          tags: ["classes"],
          summary: "One class",
          description: "A class not approved yet (or denied) is shown only to its instructor and admins.",
          params: idParam,
          // Its instructor and admins also see a class under review, with its status and feedback.
          security: [{}, { bearer: [] }],
          response: {
            200: classItem.describe("The class as the caller may see it"),
            ...refusals({ 404: "No such class, or one the caller may not see" }),
          },
        },
      },
      async (request) => {
        const row = await findClass(db, request.params.id);
        const actor = await request.optionalActor();
        const full = actor !== null && (actor.role === "admin" || actor.id === row.instructorId);
        if (row.status !== "approved" && !full) throw notFound("There is no such class.");
        return classToWire(row, full);
      },
    );

    app.post(
      "/classes",
      {
        config: { access: { action: "create", entity: "class" } },
        schema: {
          operationId: "createClass",
          tags: ["classes"],
          summary: "An instructor adds a class (pending review)",
          body: newClass.meta({
            example: {
              class_name: "Junior Soccer Skills",
              image: "/images/seed/classes/soccer.svg",
              available_seats: 16,
              price: 149,
              early_price: 129,
              early_price_until: "2027-05-31",
              details: "Footwork, passing and small-sided games.",
              sport: "soccer",
              start_date: "2027-07-05",
              end_date: "2027-07-09",
              weekdays: ["mon", "tue", "wed", "thu", "fri"],
              start_time: "09:00",
              end_time: "12:00",
              age_min: 8,
              age_max: 12,
              level: "beginner",
              location: "North field",
              registration_opens_at: "2027-03-01T09:00:00-08:00",
            },
          }),
          response: { 201: inserted.describe("The class is in, pending review") },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "class");
        const body = request.body;
        refusePastDates(body);
        await assertImageAvailable(db, body.image, "image");
        const earlyCents = body.early_price == null ? null : toCents(body.early_price);
        const early = earlyProblems(toCents(body.price), earlyCents, body.early_price_until ?? null);
        if (Object.keys(early).length > 0) throw badRequest("The early-bird price needs another look.", early);
        const created = await transaction(db, async (tx) => {
          // The role again, on the instructor's row held FOR SHARE until the class is in: an admin
          // making them a student at this moment (which locks the row FOR UPDATE and then counts
          // their classes) either waits and counts this class, or comes first and this is refused.
          const [owner] = await tx.select({ role: users.role }).from(users).where(eq(users.id, actor.id)).for("share");
          if (!owner) throw forbidden();
          requirePermission({ ...actor, role: owner.role }, "create", "class");
          const [row] = await tx
            .insert(classes)
            .values({
              name: body.class_name,
              image: body.image,
              instructorId: actor.id,
              availableSeats: body.available_seats,
              priceCents: toCents(body.price),
              earlyPriceCents: earlyCents,
              earlyPriceUntil: earlyCents === null ? null : (body.early_price_until ?? null),
              details: body.details ?? null,
              ...sessionColumns(body),
            })
            .returning({ id: classes.id });
          return row!;
        });
        return reply.status(201).send({ insertedId: created.id });
      },
    );

    // An edit (decision 039: what waits for an admin's review), then an admin's review.
    classEditRoute(app, db, cache, line);
    classReviewRoutes(app, db, cache, line);

    app.delete(
      "/classes/:id",
      {
        config: { access: { action: "delete", entity: "class" } },
        schema: {
          operationId: "deleteClass",
          tags: ["classes"],
          summary: "Delete a class nobody is enrolled in",
          params: idParam,
          response: {
            200: deleted.describe("Whether the class was deleted (0: it was already gone)"),
            ...refusals({ 404: "No such class", 409: "Students are enrolled in the class or paying for it right now" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const row = await findClass(db, request.params.id);
        requirePermission(actor, "delete", "class", row.instructorId);
        const deleted = await cache.write(["classes", "instructors"], async (tx) => {
          // Locked, then counted: a checkout holding a seat or a payment enrolling a student
          // updates this row, so it either comes first and is counted here, or waits and fails.
          const [locked] = await tx
            .select({ heldSeats: classes.heldSeats })
            .from(classes)
            .where(eq(classes.id, row.id))
            .for("update");
          if (!locked) return [];
          const [enrolled] = await tx.select({ n: count() }).from(enrollments).where(eq(enrollments.classId, row.id));
          if ((enrolled?.n ?? 0) > 0) throw conflict("Students are enrolled in this class: it cannot be deleted.");
          if (locked.heldSeats > 0) {
            throw conflict("Students are paying for this class right now: try again in a few minutes.");
          }
          return tx.delete(classes).where(eq(classes.id, row.id)).returning({ id: classes.id });
        });
        return { deletedCount: deleted.length };
      },
    );
    instructorClassRoutes(app, db, sealer);
  };
