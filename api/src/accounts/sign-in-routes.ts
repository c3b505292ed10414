import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  IdentityProviderUnavailableError,
  InvalidIdTokenError,
  type IdTokenVerifier,
  type VerifiedIdentity,
} from "./firebase.js";
import { enqueueWelcome, nameWelcome } from "../notifications/index.js";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { users } from "../platform/database/schema.js";
import { ApiError, forbidden, unauthorized } from "../platform/errors.js";
import { refusals } from "../platform/contract.js";
import type { PublicCache } from "../catalog/index.js";
import { signInRateLimits } from "../platform/rate-limits.js";
import { imageUrl } from "../platform/wire.js";
import { assertImageAvailable } from "../images/index.js";
import { cleanText, text } from "../platform/text.js";
import { transaction } from "../platform/transaction.js";
import { accessTokenAnswer, profileSavedAnswer } from "./answers.js";

export const SIGN_IN_UNAVAILABLE =
  "Sign-in is briefly unavailable: the sign-in service cannot be reached. Try again in a minute.";
const SIGN_IN_RETRY_SECONDS = 30;

const emailBody = z.object({
  email: z
    .email({ error: "Not a valid e-mail address." })
    .max(254)
    .meta({ description: "The signed-in account's e-mail address", example: "sam@example.com" }),
});

/** A profile photo Firebase holds is kept only if the site can show it (http(s) or the site's own). */
const usablePhoto = (url: string | null) => (url && imageUrl.safeParse(url).success ? url : null);

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

/**
 * Creates the product's record of a signed-in Firebase user, or refreshes its name, photo and
 * whether its address is confirmed (the ID token's `email_verified`, which the payment routes
 * require: decision 028). The role is never touched here: a new record is a student, an existing
 * one keeps its role. Most sign-ins change nothing and write nothing; only an instructor's new
 * name or photo changes the public lists, and then goes through the list cache's write.
 * Returns the id and the session generation the new access token is signed under.
 */
async function upsertUser(db: Db, cache: PublicCache, identity: VerifiedIdentity & { email: string }) {
  const email = identity.email.toLowerCase();
  const name = (identity.name && cleanText(identity.name, 120)) || null;
  const photo = usablePhoto(identity.picture);
  const { emailVerified } = identity;
  const [existing] = await db
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      photo: users.photo,
      emailVerified: users.emailVerified,
      sessionGeneration: users.sessionGeneration,
    })
    .from(users)
    .where(eq(users.email, email));
  if (!existing) {
    const values = { email, name: name ?? email.split("@")[0] ?? email, photo, emailVerified };
    return transaction(db, async (tx) => {
      const [created] = await tx
        .insert(users)
        .values(values)
        // Two first sign-ins at once: the second finds the record the first made.
        .onConflictDoUpdate({ target: users.email, set: { emailVerified, updatedAt: new Date() } })
        .returning({ id: users.id, sessionGeneration: users.sessionGeneration });
      if (!created) throw new Error("insert returned no row");
      // The welcome, written with the account (issue 32); the second of two first sign-ins adds none.
      await enqueueWelcome(tx, { id: created.id, email, name: values.name, nameKnown: name !== null });
      return created;
    });
  }
  const shown = {
    ...(name !== null && name !== existing.name && { name }),
    ...(photo !== null && photo !== existing.photo && { photo }),
  };
  const changes = { ...shown, ...(emailVerified !== existing.emailVerified && { emailVerified }) };
  if (Object.keys(changes).length === 0) return existing;
  const update = (tx: Pick<Db, "update">) =>
    tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
  if (existing.role === "instructor" && Object.keys(shown).length > 0) {
    await cache.write(["classes", "instructors"], update);
  } else await update(db);
  return existing;
}

export const authRoutes =
  (db: Db, cache: PublicCache, verifier: IdTokenVerifier): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/jwt",
      {
        ...signInRateLimits(app),
        schema: {
          operationId: "exchangeIdToken",
          tags: ["accounts"],
          summary: "Exchange a Firebase ID token for the API's access token",
          description:
            "Send the Firebase ID token as `Authorization: Bearer <id token>` and the account's `email` in the body. " +
            "The token is verified with firebase-admin, and the account checked with Firebase: a deleted or disabled " +
            "account, or a token from before the account was signed out everywhere, gets 401. " +
            "The user record is created or its name, photo and `email_verified` (required to pay) refreshed. " +
            "Returns the API's own short-lived access token, which `POST /logout` ends. A bare e-mail never gets a token. " +
            "503 with `Retry-After` when the identity provider (Google's public keys, or the Auth Emulator locally) " +
            "cannot be reached: sign-in is briefly unavailable, the token was not judged.",
          body: emailBody.meta({ example: { email: "sam@example.com" } }),
          // The Firebase ID token, not the API's own access token: sent the same way, as a bearer token.
          security: [{ firebaseIdToken: [] }],
          response: {
            200: accessTokenAnswer.describe("The API's access token for the signed-in account"),
            ...refusals({
              401: "No Firebase ID token was sent, or it is invalid or expired, or its account is disabled or signed out everywhere",
              403: "The account has no e-mail address, or the body's e-mail is not the account's",
              503:
                "The identity provider cannot be reached (Retry-After: 30), the API is very busy, or its database is " +
                "briefly unavailable: nothing was judged, try again",
            }),
          },
        },
      },
      async (request, reply) => {
        const idToken = bearer(request.headers.authorization);
        if (!idToken) {
          throw unauthorized("Sign in first: send the Firebase ID token as 'Authorization: Bearer <token>'.");
        }
        let identity: VerifiedIdentity;
        try {
          identity = await verifier.verify(idToken);
        } catch (error) {
          if (error instanceof InvalidIdTokenError) {
            throw unauthorized(
              error.accountDisabled
                ? "This account has been disabled. Contact the academy if you think this is a mistake."
                : "The sign-in token is invalid or has expired. Sign in again.",
            );
          }
          if (error instanceof IdentityProviderUnavailableError) {
            // Not the caller's fault nor a bug: the browser shows this message and may try again.
            request.log.warn({ err: error }, "identity provider unreachable");
            reply.header("Retry-After", String(SIGN_IN_RETRY_SECONDS));
            throw new ApiError(503, SIGN_IN_UNAVAILABLE);
          }
          throw error;
        }
        if (!identity.email) throw forbidden("This account has no e-mail address; the academy needs one.");
        if (identity.email.toLowerCase() !== request.body.email.toLowerCase()) {
          throw forbidden("The e-mail does not match the signed-in account.");
        }
        const user = await upsertUser(db, cache, { ...identity, email: identity.email });
        // A jti of its own, so that signing out ends this token and no other (decision 028).
        const claims = {
          sub: user.id,
          email: identity.email.toLowerCase(),
          jti: randomUUID(),
          gen: user.sessionGeneration,
        };
        return { token: await app.jwt.sign(claims) };
      },
    );

    app.post(
      "/users",
      {
        config: { access: { action: "update", entity: "user" } },
        schema: {
          operationId: "saveOwnProfile",
          tags: ["users"],
          summary: "Save the caller's name and photo after sign-up (the record itself is made by POST /jwt)",
          body: z
            .object({
              name: text({ required: "Name is required", max: 120 }),
              email: emailBody.shape.email,
              photo: imageUrl.optional(),
            })
            .strict()
            .meta({ example: { name: "Sam Rivera", email: "sam@example.com", photo: "https://example.com/sam.png" } }),
          response: {
            200: profileSavedAnswer.describe("The name and photo were saved"),
            ...refusals({
              400: "A field is invalid, or the photo is an upload the API does not have",
              403: "The e-mail is not the caller's own",
            }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        if (request.body.email.toLowerCase() !== actor.email) {
          throw forbidden("You can only save your own account.");
        }
        requirePermission(actor, "update", "user", actor.id);
        const { name, photo } = request.body;
        await assertImageAvailable(db, photo, "photo");
        await cache.write(["classes", "instructors"], async (tx) => {
          await tx
            .update(users)
            .set({ name, ...(photo === undefined ? {} : { photo }), updatedAt: new Date() })
            .where(eq(users.id, actor.id));
          // The welcome greets by the name typed at sign-up, not the address's local part.
          await nameWelcome(tx, actor.id, name);
        });
        // The record already existed (POST /jwt made it): nothing was inserted.
        return { acknowledged: true as const, insertedId: null, _id: actor.id };
      },
    );
  };
