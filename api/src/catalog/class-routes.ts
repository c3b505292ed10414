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
import { fillFromLine, type LineOptions } from "../waitlist/index.js";
import { refusePastDates, sessionColumns } from "./camp-session.js";
import { classEdit, earlyProblems, newClass } from "./class-fields.js";
import { classReviewRoutes } from "./class-review-routes.js";
import { classItem, classList, deleted, inserted, modified } from "./answers.js";
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
          return sendCached(request, reply, await cache.get("classes", () => loadClassPage(db, q), key));
        }
        const actor = await request.optionalActor();
        if (actor?.role === "admin") {
          const rows = await selectClasses(db).orderBy(desc(classes.createdAt), asc(classes.id));
          return rows.map((r) => classToWire(r, true));
        }
        // The same for everyone without a token (decision 036: the front path serves those).
        return sendCached(request, reply, await cache.get("classes", () => loadApprovedClasses(db)), {
          visitorsOnly: true,
        });
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

    app.patch(
      "/classes/:id",
      {
        config: { access: { action: "update", entity: "class" } },
        schema: {
          tags: ["classes"],
          operationId: "updateClass",
          summary: "Edit a class (its instructor, or an admin); an instructor's edit sends it back to review",
          params: idParam,
          body: classEdit.meta({ example: { available_seats: 20, price: 159, early_price: null } }),
          response: {
            200: modified.describe("The class as edited (modifiedCount 1)"),
            ...refusals({
              404: "No such class",
              409: "Seats of the class are held by students paying or offered to its waitlist: fewer seats must wait",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const row = await findClass(db, request.params.id);
        requirePermission(actor, "update", "class", row.instructorId);
        const edit = request.body;
        refusePastDates(edit, row);
        await assertImageAvailable(db, edit.image, "image");
        const byOwner = actor.id === row.instructorId;
        // Approved classes also count in the instructors list.
        const result = await cache.write(["classes", "instructors"], async (tx) => {
          // Seats are checked on the locked row: a checkout holding a seat or a payment enrolling a
          // student at this moment either comes first and is counted, or waits for this edit.
          const [seats] = await tx
            .select({
              enrolled: classes.enrolledSeats,
              held: classes.heldSeats,
              offered: classes.offeredSeats,
              priceCents: classes.priceCents,
              earlyPriceCents: classes.earlyPriceCents,
              earlyPriceUntil: classes.earlyPriceUntil,
            })
            .from(classes)
            .where(eq(classes.id, row.id))
            // The lock an UPDATE takes (decision 037): a checkout's or payment's lines already
            // written (a key-share lock on this row) do not wait for this edit, nor it for them.
            .for("no key update");
          if (!seats) throw notFound("There is no such class.");
          // The early-bird price as it will be: this edit's fields over the row's.
          const earlyCents =
            edit.early_price === undefined
              ? seats.earlyPriceCents
              : edit.early_price === null
                ? null
                : toCents(edit.early_price);
          const earlyUntil =
            edit.early_price === null
              ? null
              : edit.early_price_until === undefined
                ? seats.earlyPriceUntil
                : edit.early_price_until;
          const priceCents = edit.price === undefined ? seats.priceCents : toCents(edit.price);
          const early = earlyProblems(priceCents, earlyCents, earlyUntil);
          if (Object.keys(early).length > 0) {
            throw badRequest("The early-bird price needs another look.", {
              ...early,
              ...(early.early_price && edit.price !== undefined && edit.early_price === undefined
                ? { price: "Higher than the early-bird price, or clear the early-bird price first." }
                : {}),
            });
          }
          if (edit.available_seats !== undefined && edit.available_seats < seats.enrolled) {
            throw badRequest(`This class already has ${seats.enrolled} students enrolled.`, {
              available_seats: `At least ${seats.enrolled} (already enrolled).`,
            });
          }
          if (
            edit.available_seats !== undefined &&
            edit.available_seats < seats.enrolled + seats.held + seats.offered
          ) {
            if (seats.offered > 0 && edit.available_seats >= seats.enrolled + seats.held) {
              throw conflict(
                `${seats.offered} seats of this class are offered to families on its waitlist until they answer. Try again once they have.`,
              );
            }
            throw conflict(
              `${seats.held} seats of this class are held by students paying right now. Try again in a few minutes.`,
            );
          }
          const updated = await tx
            .update(classes)
            .set({
              ...(edit.class_name !== undefined && { name: edit.class_name }),
              ...(edit.image !== undefined && { image: edit.image }),
              ...(edit.available_seats !== undefined && { availableSeats: edit.available_seats }),
              ...(edit.price !== undefined && { priceCents: toCents(edit.price) }),
              ...((edit.early_price !== undefined || edit.early_price_until !== undefined) && {
                earlyPriceCents: earlyCents,
                earlyPriceUntil: earlyUntil,
              }),
              ...(edit.details !== undefined && { details: edit.details }),
              ...sessionColumns(edit),
              ...(byOwner && { status: "pending" as const, feedback: null }),
              updatedAt: new Date(),
            })
            .where(eq(classes.id, row.id))
            .returning({ id: classes.id });
          // More seats go to the class's waitlist first (issue 30).
          if (edit.available_seats !== undefined) await fillFromLine(tx, [row.id], line);
          return updated;
        });
        return { modifiedCount: result.length };
      },
    );

    // Then an admin's review of a class (PATCH /classes/:id/status and /classes/:id/feedback).
    classReviewRoutes(app, db, cache);

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
