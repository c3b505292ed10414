import { academyToday } from "../platform/academy-day.js";
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { FastifyZodInstance } from "../platform/fastify.js";
import { z } from "zod";
import { ownerByEmail } from "../platform/access/owner.js";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { rosterCampers } from "../campers/index.js";
import { classFormsStatus } from "../forms/index.js";
import { guardianContacts } from "../guardians/index.js";
import { campers, CLASS_STATUSES, classes, enrollments, users } from "../platform/database/schema.js";
import type { Sealer } from "../platform/sealing.js";
import { containsPattern, pageQuery, pageWindow, totalOver, wantsPage } from "../platform/paging.js";
import { emailQuery, idParam } from "../platform/wire.js";
import { classColumns, classToWire, findClass, selectClasses } from "./classes.js";
import { refusals } from "../platform/contract.js";
import { myClassPage, roster, staffClass } from "./answers.js";

/** An instructor's own classes and the students in them (also open to admins). */
export function instructorClassRoutes(app: FastifyZodInstance, db: Db, sealer: Sealer): void {
  app.get(
    "/classes/:id/roster",
    {
      config: { access: { action: "read", entity: "roster" } },
      schema: {
        operationId: "getClassRoster",
        tags: ["classes"],
        summary:
          "The students enrolled in a class: its instructor or an admin only; with any parameter, one page with its total",
        params: idParam,
        querystring: rosterQuery,
        response: { 200: roster, ...refusals({ 404: "No such class" }) },
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
        where.push(
          or(
            ilike(users.name, pattern),
            ilike(users.email, pattern),
            ilike(sql`${campers.firstName} || ' ' || ${campers.lastName}`, pattern),
          )!,
        );
      }
      const by = (q.dir ?? "asc") === "asc" ? asc : desc;
      const order = {
        enrolled: [by(enrollments.createdAt), by(users.email)],
        name: [by(users.name), by(users.email)],
        email: [by(users.email)],
      }[q.sort ?? "enrolled"];
      const window = pageWindow(q);
      const query = db
        .select({
          name: users.name,
          email: users.email,
          enrolledAt: enrollments.createdAt,
          camperId: enrollments.camperId,
          familyId: enrollments.studentId,
          total: totalOver(),
        })
        .from(enrollments)
        .innerJoin(users, eq(users.id, enrollments.studentId))
        .innerJoin(campers, eq(campers.id, enrollments.camperId))
        .where(and(...where))
        .orderBy(...order, asc(enrollments.id));
      const rows = await (paged ? query.limit(window.size).offset(window.offset) : query);
      // Whose seat, with what the instructor needs on the day: each camper's read is recorded.
      const holders = new Map(rows.map((r) => [r.familyId, r.name]));
      const found = await rosterCampers(
        db,
        sealer,
        actor,
        row,
        rows.map((r) => r.camperId),
        holders,
      );
      const contacts = await guardianContacts(
        db,
        rows.map((r) => r.familyId),
      );
      // Whether each camper's forms for this class are in (decision 045): flagged when not.
      const forms = await classFormsStatus(db, academyToday(), row.id, rows);
      const items = rows.map((r) => ({
        name: r.name,
        email: r.email,
        enrolledAt: r.enrolledAt.toISOString(),
        guardians: contacts.get(r.familyId) ?? [],
        forms: forms.get(r.camperId) ?? "none",
        camper: found.get(r.camperId)!,
      }));
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
        operationId: "listMyClasses",
        tags: ["classes"],
        summary:
          "The caller's own classes, with status and admin feedback; with any paging parameter, one page with its total",
        querystring: myClassesQuery,
        response: {
          200: z
            .union([
              z
                .array(staffClass)
                .meta({ description: "Without paging parameters: every class of theirs, newest first" }),
              myClassPage,
            ])
            .meta({ description: "The caller's classes: all of them, or one page with any paging parameter" }),
          ...refusals({ 404: "An admin asked for the classes of an e-mail no user has" }),
        },
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
}

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
    .innerJoin(campers, eq(campers.id, enrollments.camperId))
    .where(where);
  return row?.n ?? 0;
}
async function countMyClasses(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(classes).where(where);
  return row?.n ?? 0;
}
