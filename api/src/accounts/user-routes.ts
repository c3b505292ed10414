import type { LineOptions } from "../waitlist/index.js";
import type { IdTokenVerifier } from "./firebase.js";
import { and, asc, eq, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OTHERS, requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { users } from "../platform/database/schema.js";
import { conflict, forbidden } from "../platform/errors.js";
import { refusals } from "../platform/contract.js";
import type { PublicCache } from "../catalog/index.js";
import { emailParam, idParam, imageUrl } from "../platform/wire.js";
import { assertImageAvailable } from "../images/index.js";
import { text } from "../platform/text.js";
import {
  assertNotPaying,
  assertTeachesNothing,
  findUser,
  keepWhatOthersRelyOn,
  listUsersPage,
  lockAdmins,
  lockUser,
  userColumns,
  userListQuery,
  userToWire,
} from "./users.js";
import { wantsPage } from "../platform/paging.js";
import {
  ownUserAnswer,
  roleChangeAnswer,
  roleCheckAnswer,
  userDeletedAnswer,
  userListAnswer,
  userPageAnswer,
} from "./answers.js";

/**
 * The role checks (GET, by e-mail: the spec's call) and the role changes (PATCH, by id) share one
 * path template per role, `/users/admin/{user}`: OpenAPI takes no two paths that differ only in a
 * parameter's name. The same URLs as before; each method's parameter says what it takes.
 */
const roleCheckParams = z.object({
  user: emailParam.shape.email.meta({
    description: "The e-mail address of the user to check (the caller's own, or anyone's for admins)",
    example: "sam@example.com",
  }),
});
const roleChangeParams = z.object({
  user: idParam.shape.id.meta({
    description: "The id of the user whose role changes",
    example: "00000000-0000-4000-8000-000000000001",
  }),
});

const ROLE_CHANGE_OPERATION = { admin: "makeAdmin", instructor: "makeInstructor", student: "makeStudent" } as const;

/** Why a role change may be refused with 409 (the checks in the handler). */
const ROLE_CHANGE_CONFLICT = {
  admin: "The user is a student paying right now",
  instructor: "The user is the last admin, or a student paying right now",
  student: "The user is the last admin, or still has classes",
} as const;

const ROLE_CHANGE_SUMMARY = {
  admin: "Make a user an admin (admins)",
  instructor: "Make a user an instructor (admins)",
  student: "Make an instructor or an admin a student again (admins)",
} as const;

export const userRoutes =
  (
    db: Db,
    cache: PublicCache,
    accounts: Pick<IdTokenVerifier, "deleteAccount">,
    line: LineOptions,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/users/me",
      {
        config: { access: "signed-in" },
        schema: {
          operationId: "getOwnUser",
          tags: ["users"],
          summary: "The caller's own record and role, and whether their e-mail address is confirmed",
          description:
            "`emailVerified` is Firebase's `email_verified` of the last sign-in (POST /jwt): a student pays only " +
            "with a confirmed address (decision 028), so the payment pages ask for it first.",
          response: { 200: ownUserAnswer.describe("The caller's record") },
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
          operationId: "updateOwnUser",
          tags: ["users"],
          summary: "Update the caller's display name and photo",
          body: z
            .object({ name: text({ required: "Name is required", max: 120 }), photo: imageUrl })
            .partial()
            .strict()
            .refine((o) => Object.keys(o).length > 0, { error: "Nothing to change." })
            .meta({ example: { name: "Sam Rivera", photo: "https://example.com/sam.png" } }),
          response: {
            200: ownUserAnswer.describe("The caller's record, as it is now"),
            ...refusals({
              400: "A field is invalid, nothing was sent, or the photo is an upload the API does not have",
            }),
          },
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
          operationId: "listUsers",
          tags: ["users"],
          summary: "Every user (admins); with page, size, search, role, sort or dir: one page and the total",
          description:
            "Without query parameters: the whole list, by name (the spec's call). With any of them: " +
            "`{ items, total, page, size }`, items with `createdAt`; search matches name or e-mail.",
          querystring: userListQuery,
          response: { 200: userListAnswer.meta({ description: "Every user by name, or one page of them" }) },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "read", "user", OTHERS);
        // Its items carry `createdAt` too, which its declared type leaves out.
        if (wantsPage(request.query)) return (await listUsersPage(db, request.query)) as z.infer<typeof userPageAnswer>;
        const rows = await db.select(userColumns).from(users).orderBy(asc(users.name), asc(users.id));
        return rows.map(userToWire);
      },
    );

    for (const role of ["admin", "instructor"] as const) {
      app.get(
        `/users/${role}/:user`,
        {
          config: { access: "signed-in" },
          schema: {
            operationId: role === "admin" ? "checkAdmin" : "checkInstructor",
            tags: ["users"],
            summary: `Whether a user is ${role === "admin" ? "an admin" : "an instructor"} (own e-mail, or admins)`,
            params: roleCheckParams,
            response: {
              200: roleCheckAnswer[role].describe(
                `Whether the user is ${role === "admin" ? "an admin" : "an instructor"}`,
              ),
              ...refusals({ 403: "The e-mail is not the caller's own, and the caller is not an admin" }),
            },
          },
        },
        async (request) => {
          const actor = await request.requireActor();
          const email = request.params.user.toLowerCase();
          if (email !== actor.email) requirePermission(actor, "read", "role", OTHERS);
          const [user] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
          const is = user?.role === role;
          return role === "admin" ? { admin: is } : { instructor: is };
        },
      );
    }

    for (const role of ["admin", "instructor", "student"] as const) {
      app.patch(
        `/users/${role}/:user`,
        {
          config: { access: { action: "update", entity: "role", any: true } },
          schema: {
            operationId: ROLE_CHANGE_OPERATION[role],
            tags: ["users"],
            summary: ROLE_CHANGE_SUMMARY[role],
            ...(role === "student" && {
              description:
                "Undoes a promotion. Refused with 409 for the last admin, and for anyone who still has classes " +
                "(a student cannot teach them): delete those first.",
            }),
            params: roleChangeParams,
            response: {
              200: roleChangeAnswer.describe("The user has the role now (`modifiedCount` 0: they already had it)"),
              ...refusals({
                403: "The caller is not an admin, or would make themselves an instructor or a student",
                404: "There is no such user",
                409: ROLE_CHANGE_CONFLICT[role],
              }),
            },
          },
        },
        async (request) => {
          const actor = await request.requireActor();
          requirePermission(actor, "update", "role");
          const userId = request.params.user;
          if (userId === actor.id && role !== "admin") throw forbidden("You cannot change your own role.");
          await findUser(db, userId);
          const modified = await cache.write(["instructors"], async (tx) => {
            const admins = await lockAdmins(tx, actor.id);
            const target = await lockUser(tx, userId);
            if (target.role === role) return 0;
            if (target.role === "admin" && admins.length <= 1) {
              throw conflict("This is the last admin: make someone else an admin first.");
            }
            if (role === "student") await assertTeachesNothing(tx, target.id);
            else if (target.role === "student") await assertNotPaying(tx, target.id);
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
        schema: {
          operationId: "deleteUser",
          tags: ["users"],
          summary: "Delete a user (admins; not themselves)",
          params: idParam,
          response: {
            200: userDeletedAnswer.describe("The user, their sign-in and what only they relied on are deleted"),
            ...refusals({
              403: "The caller is not an admin, or is the user to delete",
              404: "There is no such user",
              409: "The user is the last admin, has paid or is paying, or teaches classes with students enrolled or paying",
            }),
          },
        },
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
          await keepWhatOthersRelyOn(tx, target.id, line);
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
  };
