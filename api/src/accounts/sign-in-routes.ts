import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { IdTokenVerifier, VerifiedIdentity } from "./firebase.js";
import { linkFirebaseAccount, verifiedCaller } from "./firebase-account.js";
import { enqueueWelcome, nameWelcome } from "../notifications/index.js";
import { requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { users } from "../platform/database/schema.js";
import { forbidden } from "../platform/errors.js";
import { refusals } from "../platform/contract.js";
import type { PublicCache } from "../catalog/index.js";
import { signInRateLimits } from "../platform/rate-limits.js";
import { imageUrl } from "../platform/wire.js";
import { assertImageAvailable } from "../images/index.js";
import { cleanText, text } from "../platform/text.js";
import { transaction } from "../platform/transaction.js";
import { accessTokenAnswer, profileSavedAnswer } from "./answers.js";

const emailBody = z.object({
  email: z
    .email({ error: "Not a valid e-mail address." })
    .max(254)
    .meta({ description: "The signed-in account's e-mail address", example: "sam@example.com" }),
});

/** A profile photo Firebase holds is kept only if the site can show it (http(s) or the site's own). */
const usablePhoto = (url: string | null) => (url && imageUrl.safeParse(url).success ? url : null);

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
    const values = {
      email,
      name: name ?? email.split("@")[0] ?? email,
      photo,
      emailVerified,
      firebaseUid: identity.uid,
    };
    return transaction(db, async (tx) => {
      const [created] = await tx
        .insert(users)
        .values(values)
        // Two first sign-ins at once: the second finds the record the first made.
        .onConflictDoUpdate({ target: users.email, set: { emailVerified, updatedAt: new Date() } })
        .returning({ id: users.id, sessionGeneration: users.sessionGeneration });
      if (!created) throw new Error("insert returned no row");
      // The welcome, written with the account; the second of two first sign-ins adds none.
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
            "The record belongs to the Firebase account (its uid): when that account's address changed and is " +
            "confirmed, the record, and so the family's data, moves to the new address and its older sessions end; " +
            'the old address never reaches it again (docs/api.md, "Changing the e-mail address"). ' +
            "Returns the API's own short-lived access token, which `POST /logout` ends. A bare e-mail never gets a token. " +
            "503 with `Retry-After` when the identity provider (Google's public keys, or the Auth Emulator locally) " +
            "cannot be reached: sign-in is briefly unavailable, the token was not judged.",
          body: emailBody.meta({ example: { email: "sam@example.com" } }),
          // The Firebase ID token, not the API's own access token: sent the same way, as a bearer token.
          security: [{ firebaseIdToken: [] }],
          response: {
            200: accessTokenAnswer.describe("The API's access token for the signed-in account"),
            ...refusals({
              401:
                "No Firebase ID token was sent, or it is invalid or expired, or its account is disabled, signed out " +
                "everywhere or deleted (DELETE /account)",
              403:
                "The account has no e-mail address, the body's e-mail is not the account's, the account's new address " +
                "is not confirmed yet, or the address's academy account moved to another address",
              409: "The account's new address is already another academy account's",
              503:
                "The identity provider cannot be reached (Retry-After: 30), the API is very busy, or its database is " +
                "briefly unavailable: nothing was judged, try again",
            }),
          },
        },
      },
      async (request, reply) => {
        const identity = await verifiedCaller(request, reply, verifier);
        if (identity.email !== request.body.email.toLowerCase()) {
          throw forbidden("The e-mail does not match the signed-in account.");
        }
        // The record follows the Firebase account: a changed, confirmed address moves it (and ends
        // its older sessions); the old address no longer reaches it.
        await linkFirebaseAccount(db, cache, verifier, identity, request.log);
        const user = await upsertUser(db, cache, identity);
        // A jti of its own, so that signing out ends this token and no other (decision 028).
        const claims = {
          sub: user.id,
          email: identity.email,
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
