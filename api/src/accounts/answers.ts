import { z } from "zod";
import { ROLES } from "../platform/database/schema.js";

/**
 * What the accounts' routes answer (decision 038): the user record, the role checks and role
 * changes of the spec, sign-in's token and the sessions' ends.
 */

const role = z.enum(ROLES).meta({ description: "admin, instructor or student" });

/** A user as the spec's pages read one (`userToWire`). */
export const userAnswer = z
  .object({
    _id: z.string().meta({ description: "The user's id (a UUID)" }),
    name: z.string().meta({ description: "The name shown on the site" }),
    email: z.string().meta({ description: "The account's e-mail address, in lower case" }),
    photo: z.string().meta({ description: "The profile photo's URL; an empty string when there is none" }),
    role,
  })
  .meta({ id: "User", description: "A user's product record: name, e-mail, photo and role" });

/** The caller's own record (GET and PATCH /users/me). */
export const ownUserAnswer = userAnswer
  .extend({
    emailVerified: z.boolean().meta({
      description: "Whether Firebase said the address is confirmed at the last sign-in (a student pays only then)",
    }),
  })
  .meta({ id: "OwnUser", description: "The caller's own record, and whether their e-mail address is confirmed" });

/** One page of the admins' user list (GET /users with any query parameter). */
export const userPageAnswer = z
  .object({
    items: z.array(
      userAnswer.extend({
        createdAt: z.string().meta({ description: "When the account was made (ISO 8601, UTC)" }),
      }),
    ),
    total: z.int().min(0).meta({ description: "Users matching the query, on every page" }),
    page: z.int().min(1).meta({ description: "This page's number, from 1" }),
    size: z.int().min(1).meta({ description: "Users per page" }),
  })
  .meta({ id: "UserPage", description: "One page of users and how many match in all" });

/** GET /users: the whole list without query parameters (the spec's call), else one page. */
export const userListAnswer = z.union([z.array(userAnswer), userPageAnswer]);

/** The spec's role checks (GET /users/admin/{email}, GET /users/instructor/{email}). */
export const roleCheckAnswer = {
  admin: z
    .object({ admin: z.boolean().meta({ description: "Whether the user is an admin (false for no such user)" }) })
    .meta({ id: "AdminFlag", description: "Whether a user is an admin" }),
  instructor: z
    .object({
      instructor: z.boolean().meta({ description: "Whether the user is an instructor (false for no such user)" }),
    })
    .meta({ id: "InstructorFlag", description: "Whether a user is an instructor" }),
} as const;

/** PATCH /users/{role}/{id}: the spec's `modifiedCount`, and the role the user has now. */
export const roleChangeAnswer = z
  .object({
    modifiedCount: z.int().min(0).meta({ description: "1 when the role changed, 0 when the user already had it" }),
    role: role.meta({ description: "The user's role now" }),
  })
  .meta({ id: "RoleChange", description: "Whether a user's role changed" });

/** DELETE /users/{id}: the spec's `deletedCount`. */
export const userDeletedAnswer = z.object({
  deletedCount: z.int().min(0).meta({ description: "1 when the user was deleted" }),
});

/** POST /users: the spec's insert answer, though the record already existed (POST /jwt made it). */
export const profileSavedAnswer = z.object({
  acknowledged: z.literal(true),
  insertedId: z.null().meta({ description: "Always null: nothing is inserted, POST /jwt made the record" }),
  _id: z.string().meta({ description: "The caller's id (a UUID)" }),
});

/** POST /jwt. */
export const accessTokenAnswer = z
  .object({
    token: z.string().meta({
      description: "The API's access token (a JWT, valid for a short time): send it as `Authorization: Bearer <token>`",
    }),
  })
  .meta({ id: "AccessToken", description: "The API's own access token, for a verified Firebase sign-in" });

/** POST /logout. */
export const signedOutAnswer = z.object({
  signedOut: z.literal(true).meta({ description: "The token sent with the request no longer works" }),
});

/** POST /users/{id}/sessions/revoke. */
export const sessionsEndedAnswer = z.object({
  sessionsEnded: z.literal(true).meta({ description: "Every access token of the user stopped working" }),
  signInRevoked: z.boolean().meta({
    description: "Whether Firebase signed the account out everywhere (false: no such sign-in, or Firebase unreachable)",
  }),
});

/** DELETE /account. */
export const accountDeletedAnswer = z
  .object({
    deleted: z.literal(true).meta({ description: "The account's records and its sign-in are deleted" }),
    paymentRecordsKept: z.int().min(0).meta({
      description: "Payments and refunds kept, as the law requires, under the anonymised account",
    }),
  })
  .meta({ id: "AccountDeleted", description: "The family's account is deleted; its payment records are kept" });
