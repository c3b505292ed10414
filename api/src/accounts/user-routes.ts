import type { LineOptions } from "../waitlist/index.js";
import type { IdTokenVerifier } from "./firebase.js";
import { and, asc, eq, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OTHERS, requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { users } from "../platform/database/schema.js";
import { conflict, forbidden } from "../platform/errors.js";
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
