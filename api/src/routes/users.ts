import type { IdTokenVerifier } from "../auth/firebase.js";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OTHERS, requirePermission } from "../auth/permissions.js";
import type { Db, Tx } from "../db/client.js";
import { classes, enrollments, orders, payments, users, type Role } from "../db/schema.js";
import { conflict, forbidden, notFound } from "../lib/errors.js";
import { sendCached, type PublicCache } from "../lib/public-cache.js";
import { emailParam, idParam, imageUrl } from "../lib/wire.js";
import { assertImageAvailable } from "./images.js";
import { loadApprovedClasses } from "./classes.js";
import { text } from "../lib/text.js";
import { openPage, pageWindow, wantsPage } from "../lib/paging.js";
import {
  asksForPage,
  instructorPageQuery,
  instructorsSelect,
  pageKey,
  PUBLIC_PAGE_SIZE,
  type InstructorRow,
} from "../lib/public-lists.js";
import { listUsersPage, userListQuery } from "./admin.js";

type UserRow = { id: string; name: string; email: string; photo: string | null; role: Role };
const userColumns = { id: users.id, name: users.name, email: users.email, photo: users.photo, role: users.role };

export const userToWire = (u: UserRow) => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  photo: u.photo ?? "",
  role: u.role,
});

async function findUser(db: Db, id: string) {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id));
  if (!user) throw notFound("There is no such user.");
  return user;
}

/**
 * Locks every admin's row (in id order, as every such transaction does) and returns their ids:
 * two admins demoting or deleting each other at once then run one after the other, and the second
 * sees what the first did, so the academy always keeps an admin. The caller must still be one of
 * them (an admin demoted a moment ago has lost the right).
 */
async function lockAdmins(tx: Tx, actorId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.id))
    .for("update");
  const ids = rows.map((r) => r.id);
  if (!ids.includes(actorId)) throw forbidden();
  return ids;
}

/** The target's row, locked, as it is now (it may have changed since the request began). */
async function lockUser(tx: Tx, id: string) {
  const [user] = await tx.select(userColumns).from(users).where(eq(users.id, id)).for("update");
  if (!user) throw notFound("There is no such user.");
  return user;
}

/**
 * A user's rows go with them (carts, enrolments, classes), but not what the academy or other
 * students rely on: payment records are kept, a checkout in progress holds seats, and a class
 * with enrolled students stays. An enrolment that goes gives its seat back.
 */
async function keepWhatOthersRelyOn(tx: Tx, userId: string): Promise<void> {
  // Locked before they are counted (users, orders, classes: the order checkouts lock them in), so
  // a checkout or payment of this user or in their classes either finishes first and is counted,
  // or waits and then finds the user gone.
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.studentId, userId))
    .orderBy(asc(orders.id))
    .for("update");
  const own = await tx
    .select({ id: classes.id, heldSeats: classes.heldSeats })
    .from(classes)
    .where(eq(classes.instructorId, userId))
    .orderBy(asc(classes.id))
    .for("update");
  if (own.some((c) => c.heldSeats > 0)) {
    throw conflict("Students are paying for this instructor's classes right now: try again in a few minutes.");
  }
  const [paid] = await tx.select({ n: count() }).from(payments).where(eq(payments.studentId, userId));
  if ((paid?.n ?? 0) > 0) {
    throw conflict("This student has paid for classes: their payment records are kept, so the account stays.");
  }
  const [paying] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.studentId, userId), eq(orders.status, "pending")));
  if ((paying?.n ?? 0) > 0) throw conflict("This student is paying right now: try again in a few minutes.");
  const [taught] = await tx
    .select({ n: count() })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(eq(classes.instructorId, userId));
  if ((taught?.n ?? 0) > 0) {
    throw conflict("Students are enrolled in this instructor's classes: those classes and the account stay.");
  }
  const seats = await tx
    .select({ classId: enrollments.classId })
    .from(enrollments)
    .where(eq(enrollments.studentId, userId))
    .orderBy(asc(enrollments.classId));
  for (const { classId } of seats) {
    await tx
      .update(classes)
      .set({ enrolledSeats: sql`greatest(${classes.enrolledSeats} - 1, 0)` })
      .where(eq(classes.id, classId));
  }
}

const ROLE_CHANGE_SUMMARY = {
  admin: "Make a user an admin (admins)",
  instructor: "Make a user an instructor (admins)",
  student: "Make an instructor or an admin a student again (admins)",
} as const;

/**
 * A student teaches nothing: someone who still has classes (any status) keeps their role, or the
 * classes would be listed under a teacher who can no longer see or edit them. Counted after the
 * target's row is locked: a class being added by them at this moment (POST /classes holds their
 * row FOR SHARE while it checks their role and inserts) either is counted here or, once this
 * change is made, is refused.
 */
async function assertTeachesNothing(tx: Tx, userId: string): Promise<void> {
  const [owned] = await tx.select({ n: count() }).from(classes).where(eq(classes.instructorId, userId));
  if ((owned?.n ?? 0) > 0) {
    throw conflict("This instructor still has classes: delete them first, or keep the instructor's role.");
  }
}

export const userRoutes =
  (db: Db, cache: PublicCache, accounts: Pick<IdTokenVerifier, "deleteAccount">): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/users/me",
      {
        config: { access: "signed-in" },
        schema: {
          tags: ["users"],
          summary: "The caller's own record and role, and whether their e-mail address is confirmed",
          description:
            "`emailVerified` is Firebase's `email_verified` of the last sign-in (POST /jwt): a student pays only " +
            "with a confirmed address (decision 028), so the payment pages ask for it first.",
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        return { ...userToWire(await findUser(db, actor.id)), emailVerified: actor.emailVerified };
      },
    );

    app.patch(
      "/users/me",
      {
        config: { access: { action: "update", entity: "user" } },
        schema: {
          tags: ["users"],
          summary: "Update the caller's display name and photo",
          body: z
            .object({ name: text({ required: "Name is required", max: 120 }), photo: imageUrl })
            .partial()
            .strict()
            .refine((o) => Object.keys(o).length > 0, { error: "Nothing to change." }),
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "update", "user", actor.id);
        await assertImageAvailable(db, request.body.photo, "photo");
        await cache.write(["classes", "instructors"], (tx) =>
          tx
            .update(users)
            .set({ ...request.body, updatedAt: new Date() })
            .where(eq(users.id, actor.id)),
        );
        return { ...userToWire(await findUser(db, actor.id)), emailVerified: actor.emailVerified };
      },
    );

    app.get(
      "/users",
      {
        config: { access: { action: "read", entity: "user", any: true } },
        schema: {
          tags: ["users"],
          summary: "Every user (admins); with page, size, search, role, sort or dir: one page and the total",
          description:
            "Without query parameters: the whole list, by name (the spec's call). With any of them: " +
            "`{ items, total, page, size }`, items with `createdAt`; search matches name or e-mail.",
          querystring: userListQuery,
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "user", OTHERS);
        if (wantsPage(request.query)) return listUsersPage(db, request.query);
        const rows = await db.select(userColumns).from(users).orderBy(asc(users.name), asc(users.id));
        return rows.map(userToWire);
      },
    );

    for (const role of ["admin", "instructor"] as const) {
      app.get(
        `/users/${role}/:email`,
        {
          config: { access: "signed-in" },
          schema: {
            tags: ["users"],
            summary: `Whether a user is ${role === "admin" ? "an admin" : "an instructor"} (own e-mail, or admins)`,
            params: emailParam,
          },
        },
        async (request) => {
          const actor = await request.requireActor();
          const email = request.params.email.toLowerCase();
          if (email !== actor.email) requirePermission(actor, "read", "role", OTHERS);
          const [user] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
          return { [role]: user?.role === role };
        },
      );
    }

    for (const role of ["admin", "instructor", "student"] as const) {
      app.patch(
        `/users/${role}/:id`,
        {
          config: { access: { action: "update", entity: "role", any: true } },
          schema: {
            tags: ["users"],
            summary: ROLE_CHANGE_SUMMARY[role],
            ...(role === "student" && {
              description:
                "Undoes a promotion. Refused with 409 for the last admin, and for anyone who still has classes " +
                "(a student cannot teach them): delete those first.",
            }),
            params: idParam,
          },
        },
        async (request) => {
          const actor = await request.requireActor();
          requirePermission(actor, "update", "role");
          if (request.params.id === actor.id && role !== "admin") throw forbidden("You cannot change your own role.");
          await findUser(db, request.params.id);
          const modified = await cache.write(["instructors"], async (tx) => {
            const admins = await lockAdmins(tx, actor.id);
            const target = await lockUser(tx, request.params.id);
            if (target.role === role) return 0;
            if (target.role === "admin" && admins.length <= 1) {
              throw conflict("This is the last admin: make someone else an admin first.");
            }
            if (role === "student") await assertTeachesNothing(tx, target.id);
            const changed = await tx
              .update(users)
              .set({ role, updatedAt: new Date() })
              .where(eq(users.id, target.id))
              .returning({ id: users.id });
            return changed.length;
          });
          return { modifiedCount: modified, role };
        },
      );
    }

    app.delete(
      "/users/:id",
      {
        config: { access: { action: "delete", entity: "user", any: true } },
        schema: { tags: ["users"], summary: "Delete a user (admins; not themselves)", params: idParam },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "delete", "user", OTHERS);
        if (request.params.id === actor.id) throw forbidden("You cannot delete your own account here.");
        await findUser(db, request.params.id);
        const { deleted, target } = await cache.write(["instructors", "classes"], async (tx) => {
          const admins = await lockAdmins(tx, actor.id);
          const target = await lockUser(tx, request.params.id);
          if (target.role === "admin" && admins.length <= 1) {
            throw conflict("This is the last admin: it cannot be deleted.");
          }
          await keepWhatOthersRelyOn(tx, target.id);
          const gone = await tx
            .delete(users)
            .where(and(eq(users.id, target.id), ne(users.id, actor.id)))
            .returning({ id: users.id });
          return { deleted: gone.length, target };
        });
        if (deleted > 0) {
          // The sign-in goes too: otherwise signing in again would bring the account back.
          await accounts.deleteAccount(target.email).catch((error: unknown) => {
            request.log.warn({ err: error, userId: target.id }, "the deleted user's sign-in could not be deleted");
          });
        }
        return { deletedCount: deleted };
      },
    );

    app.get(
      "/instructors",
      {
        schema: {
          tags: ["instructors"],
          summary:
            "Instructors by name, public fields only, with the number of approved classes each teaches. With any parameter: one page, most classes first or by name",
          querystring: instructorPageQuery,
        },
      },
      async (request, reply) => {
        const q = asksForPage(request) ? request.query : null;
        const entry = await cache.get(
          "instructors",
          async () => {
            const rows: InstructorRow[] = await instructorsSelect(db, q);
            const toWire = (u: InstructorRow) => ({
              _id: u.id,
              name: u.name,
              email: u.email,
              photo: u.photo ?? "",
              classCount: u.classCount,
            });
            return q ? openPage(rows, pageWindow(q, PUBLIC_PAGE_SIZE), toWire) : rows.map(toWire);
          },
          q ? pageKey(q, { page: 1, size: PUBLIC_PAGE_SIZE, sort: "popular" }) : "",
        );
        return sendCached(request, reply, entry);
      },
    );

    app.get(
      "/instructors/:id/classes",
      { schema: { tags: ["instructors"], summary: "An instructor's approved classes", params: idParam } },
      async (request) => {
        // One query and one answer whether the id is unknown or someone who is not an instructor:
        // a visitor must not learn which ids belong to students or admins.
        const [instructor] = await db
          .select(userColumns)
          .from(users)
          .where(and(eq(users.id, request.params.id), eq(users.role, "instructor")));
        if (!instructor) throw notFound("There is no such instructor.");
        return {
          instructor: {
            _id: instructor.id,
            name: instructor.name,
            email: instructor.email,
            photo: instructor.photo ?? "",
          },
          classes: await loadApprovedClasses(db, instructor.id),
        };
      },
    );
  };
