import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePermission, type Actor } from "../auth/permissions.js";
import type { Db } from "../db/client.js";
import { CLASS_STATUSES, classes, enrollments, users, type ClassStatus } from "../db/schema.js";
import { badRequest, conflict, forbidden, notFound } from "../lib/errors.js";
import { sendCached, type PublicCache } from "../lib/public-cache.js";
import { containsPattern, openPage, pageQuery, pageWindow, totalOver, wantsPage } from "../lib/paging.js";
import {
  asksForPage,
  classFilters,
  classOrder,
  classPageQuery,
  pageKey,
  PUBLIC_PAGE_SIZE,
  type ClassPageQuery,
} from "../lib/public-lists.js";
import { assertImageAvailable } from "./images.js";
import { emailQuery, idParam, imageUrl, price, seats, toCents, toDollars } from "../lib/wire.js";
import { text } from "../lib/text.js";
import { transaction } from "../lib/transaction.js";
import { checkSession, sessionColumns, sessionFields, sessionToWire, type SessionRow } from "../lib/session.js";

export const classColumns = {
  id: classes.id,
  name: classes.name,
  image: classes.image,
  instructorId: classes.instructorId,
  instructorName: users.name,
  instructorEmail: users.email,
  availableSeats: classes.availableSeats,
  enrolledSeats: classes.enrolledSeats,
  heldSeats: classes.heldSeats,
  priceCents: classes.priceCents,
  details: classes.details,
  status: classes.status,
  feedback: classes.feedback,
  sport: classes.sport,
  startDate: classes.startDate,
  endDate: classes.endDate,
  weekdays: classes.weekdays,
  startTime: classes.startTime,
  endTime: classes.endTime,
  ageMin: classes.ageMin,
  ageMax: classes.ageMax,
  level: classes.level,
  location: classes.location,
  createdAt: classes.createdAt,
  updatedAt: classes.updatedAt,
};

type ClassRow = SessionRow & {
  id: string;
  name: string;
  image: string;
  instructorId: string;
  instructorName: string;
  instructorEmail: string;
  availableSeats: number;
  enrolledSeats: number;
  /** Seats held by checkouts in progress: not on the wire (the spec's card shows enrolled seats). */
  heldSeats: number;
  priceCents: number;
  details: string | null;
  status: ClassStatus;
  feedback: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The spec's wire names (section 3); status and feedback only for who may see them. */
export function classToWire(row: ClassRow, full: boolean) {
  const base = {
    _id: row.id,
    class_name: row.name,
    image: row.image,
    instructor: row.instructorName,
    email: row.instructorEmail,
    instructorId: row.instructorId,
    available_seats: row.availableSeats,
    enrolled_seats: row.enrolledSeats,
    price: toDollars(row.priceCents),
    details: row.details ?? "",
    ...sessionToWire(row),
  };
  if (!full) return base;
  return {
    ...base,
    status: row.status,
    feedback: row.feedback ?? "",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function selectClasses(db: Db) {
  return db.select(classColumns).from(classes).innerJoin(users, eq(users.id, classes.instructorId));
}

/** Most enrolled first (the home page's "popular classes"), then newest. */
const popularFirst = [desc(classes.enrolledSeats), desc(classes.createdAt), asc(classes.id)];

/** The statement of one page of the approved classes (one row more, to know whether more follow). */
export function classPageSelect(db: Db, q: ClassPageQuery) {
  const window = pageWindow(q, PUBLIC_PAGE_SIZE);
  return selectClasses(db)
    .where(and(...classFilters(q)))
    .orderBy(...classOrder(q))
    .limit(window.size + 1)
    .offset(window.offset);
}

/** One page of the approved classes, sorted and filtered by the database. */
export async function loadClassPage(db: Db, q: ClassPageQuery) {
  return openPage(await classPageSelect(db, q), pageWindow(q, PUBLIC_PAGE_SIZE), (r) => classToWire(r, false));
}

export async function loadApprovedClasses(db: Db, instructorId?: string) {
  const where = instructorId
    ? and(eq(classes.status, "approved"), eq(classes.instructorId, instructorId))
    : eq(classes.status, "approved");
  const rows = await selectClasses(db)
    .where(where)
    .orderBy(...popularFirst);
  return rows.map((r) => classToWire(r, false));
}

/** A class's own fields; a new class needs all but its details, an edit names those it changes. */
const classFields = z.object({
  class_name: text({ required: "Class name is required", max: 120 }),
  image: imageUrl,
  available_seats: seats,
  price,
  details: text({ max: 2000, multiLine: true }),
});

const newClass = classFields
  .partial({ details: true })
  .extend({
    // Sent by the spec's form; ignored: the server takes them from the token and starts at 0.
    instructor: text({ max: 120 }).optional(),
    email: text({ max: 254 }).optional(),
    enrolled_seats: z.number().optional(),
    ...sessionFields,
  })
  .superRefine(checkSession);

const classEdit = classFields
  .partial()
  .extend(sessionFields)
  .strict()
  .refine((o) => Object.keys(o).length > 0, { error: "Nothing to change." })
  .superRefine(checkSession);

const review = z.object({
  status: z.enum(["approved", "denied"], { error: "Status must be approved or denied." }),
  feedback: text({ max: 2000, multiLine: true }).optional(),
});

async function findClass(db: Db, id: string) {
  const [row] = await selectClasses(db).where(eq(classes.id, id));
  if (!row) throw notFound("There is no such class.");
  return row;
}

export const classRoutes =
  (db: Db, cache: PublicCache): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/classes",
      {
        schema: {
          tags: ["classes"],
          summary:
            "Approved classes, most enrolled first; admins get every class with its status. With any parameter: one page, sorted and filtered",
          querystring: classPageQuery,
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
        return sendCached(request, reply, await cache.get("classes", () => loadApprovedClasses(db)));
      },
    );

    app.get(
      "/classes/:id",
      { schema: { tags: ["classes"], summary: "One class", params: idParam } },
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
        schema: { tags: ["classes"], summary: "An instructor adds a class (pending review)", body: newClass },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        requirePermission(actor, "create", "class");
        const body = request.body;
        await assertImageAvailable(db, body.image, "image");
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
          summary: "Edit a class (its instructor, or an admin); an instructor's edit sends it back to review",
          params: idParam,
          body: classEdit,
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const row = await findClass(db, request.params.id);
        requirePermission(actor, "update", "class", row.instructorId);
        const edit = request.body;
        await assertImageAvailable(db, edit.image, "image");
        const byOwner = actor.id === row.instructorId;
        // Approved classes also count in the instructors list.
        const result = await cache.write(["classes", "instructors"], async (tx) => {
          // Seats are checked on the locked row: a checkout holding a seat or a payment enrolling a
          // student at this moment either comes first and is counted, or waits for this edit.
          const [seats] = await tx
            .select({ enrolled: classes.enrolledSeats, held: classes.heldSeats })
            .from(classes)
            .where(eq(classes.id, row.id))
            .for("update");
          if (!seats) throw notFound("There is no such class.");
          if (edit.available_seats !== undefined && edit.available_seats < seats.enrolled) {
            throw badRequest(`This class already has ${seats.enrolled} students enrolled.`, {
              available_seats: `At least ${seats.enrolled} (already enrolled).`,
            });
          }
          if (edit.available_seats !== undefined && edit.available_seats < seats.enrolled + seats.held) {
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
              ...(edit.details !== undefined && { details: edit.details }),
              ...sessionColumns(edit),
              ...(byOwner && { status: "pending" as const, feedback: null }),
              updatedAt: new Date(),
            })
            .where(eq(classes.id, row.id))
            .returning({ id: classes.id });
          return updated;
        });
        return { modifiedCount: result.length };
      },
    );

    app.patch(
      "/classes/:id/status",
      {
        config: { access: { action: "review", entity: "class", any: true } },
        schema: {
          tags: ["classes"],
          summary: "An admin approves or denies one class, with optional feedback",
          params: idParam,
          body: review,
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "review", "class");
        const row = await findClass(db, request.params.id);
        await cache.write(["classes", "instructors"], async (tx) => {
          await tx
            .update(classes)
            .set({
              status: request.body.status,
              ...(request.body.feedback !== undefined && { feedback: request.body.feedback }),
              updatedAt: new Date(),
            })
            .where(eq(classes.id, row.id));
        });
        return { modifiedCount: 1, status: request.body.status };
      },
    );

    app.patch(
      "/classes/:id/feedback",
      {
        config: { access: { action: "review", entity: "class", any: true } },
        schema: {
          tags: ["classes"],
          summary: "An admin sends feedback on a class to its instructor",
          params: idParam,
          body: z.object({ feedback: text({ required: "Feedback is required.", max: 2000, multiLine: true }) }),
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "review", "class");
        const row = await findClass(db, request.params.id);
        await db.update(classes).set({ feedback: request.body.feedback }).where(eq(classes.id, row.id));
        return { modifiedCount: 1 };
      },
    );

    app.delete(
      "/classes/:id",
      {
        config: { access: { action: "delete", entity: "class" } },
        schema: { tags: ["classes"], summary: "Delete a class nobody is enrolled in", params: idParam },
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

    app.get(
      "/classes/:id/roster",
      {
        config: { access: { action: "read", entity: "roster" } },
        schema: {
          tags: ["classes"],
          summary:
            "The students enrolled in a class: its instructor or an admin only; with any parameter, one page with its total",
          params: idParam,
          querystring: rosterQuery,
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const row = await findClass(db, request.params.id);
        requirePermission(actor, "read", "roster", row.instructorId);
        const q = request.query;
        const paged = wantsPage(q);
        const where: SQL[] = [eq(enrollments.classId, row.id)];
        if (q.search) {
          const pattern = containsPattern(q.search);
          where.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
        }
        const by = (q.dir ?? "asc") === "asc" ? asc : desc;
        const order = {
          enrolled: [by(enrollments.createdAt), by(users.email)],
          name: [by(users.name), by(users.email)],
          email: [by(users.email)],
        }[q.sort ?? "enrolled"];
        const window = pageWindow(q);
        const query = db
          .select({ name: users.name, email: users.email, enrolledAt: enrollments.createdAt, total: totalOver() })
          .from(enrollments)
          .innerJoin(users, eq(users.id, enrollments.studentId))
          .where(and(...where))
          .orderBy(...order);
        const rows = await (paged ? query.limit(window.size).offset(window.offset) : query);
        const items = rows.map((r) => ({ name: r.name, email: r.email, enrolledAt: r.enrolledAt.toISOString() }));
        if (!paged) return items;
        const total = rows[0]?.total ?? (await countRoster(db, and(...where)));
        return { items, total, page: window.page, size: window.size };
      },
    );

    app.get(
      "/myclasses",
      {
        config: { access: { action: "read", entity: "class" } },
        schema: {
          tags: ["classes"],
          summary:
            "The caller's own classes, with status and admin feedback; with any paging parameter, one page with its total",
          querystring: myClassesQuery,
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        const q = request.query;
        const owner = await ownerByEmail(db, actor, q.email);
        requirePermission(actor, "read", "class", owner);
        if (!wantsPage(q, ["email"])) {
          const rows = await selectClasses(db)
            .where(eq(classes.instructorId, owner))
            .orderBy(desc(classes.createdAt), asc(classes.id));
          return rows.map((r) => classToWire(r, true));
        }
        const where: SQL[] = [eq(classes.instructorId, owner)];
        if (q.status) where.push(eq(classes.status, q.status));
        if (q.search) where.push(ilike(classes.name, containsPattern(q.search)));
        const sort = q.sort ?? "newest";
        const by = (q.dir ?? (sort === "newest" ? "desc" : "asc")) === "asc" ? asc : desc;
        const order = { newest: [by(classes.createdAt)], name: [by(classes.name)], status: [by(classes.status)] }[sort];
        const window = pageWindow(q);
        const rows = await db
          .select({ ...classColumns, total: totalOver() })
          .from(classes)
          .innerJoin(users, eq(users.id, classes.instructorId))
          .where(and(...where))
          .orderBy(...order, asc(classes.id))
          .limit(window.size)
          .offset(window.offset);
        const total = rows[0]?.total ?? (await countMyClasses(db, and(...where)));
        return { items: rows.map((r) => classToWire(r, true)), total, page: window.page, size: window.size };
      },
    );
  };

const rosterQuery = pageQuery(["enrolled", "name", "email"], {});
const myClassesQuery = pageQuery(["newest", "name", "status"], {
  ...emailQuery.shape,
  status: z.enum(CLASS_STATUSES, { error: "Status is pending, approved or denied." }).optional(),
});

/** The rows of a page past the end: the total comes from a count of its own. */
async function countRoster(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({ n: count() })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.studentId))
    .where(where);
  return row?.n ?? 0;
}
async function countMyClasses(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(classes).where(where);
  return row?.n ?? 0;
}

/** `?email=` must be the caller's own, unless the caller may read anyone's (no IDOR). */
export async function ownerByEmail(db: Db, actor: Actor, email: string): Promise<string> {
  const wanted = email.toLowerCase();
  if (wanted === actor.email) return actor.id;
  if (actor.role !== "admin") throw forbidden("You can only see your own records.");
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = ${wanted}`);
  if (!user) throw notFound("There is no user with that e-mail.");
  return user.id;
}
