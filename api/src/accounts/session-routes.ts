import { eq, lt, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { IdTokenVerifier } from "./firebase.js";
import { OTHERS, requirePermission } from "../platform/access/permissions.js";
import type { Db } from "../platform/database/client.js";
import { revokedAccessTokens, users } from "../platform/database/schema.js";
import { notFound } from "../platform/errors.js";
import { refusals } from "../platform/contract.js";
import { transaction } from "../platform/transaction.js";
import { idParam } from "../platform/wire.js";
import { replaceCalendarToken } from "../notifications/index.js";
import { sessionsEndedAnswer, signedOutAnswer } from "./answers.js";

/**
 * Ends every session of a user: each access token they hold (a new generation), and the address of
 * their calendar feed, which anyone who held the account could have copied from Settings.
 * Undefined when there is no such user.
 */
function endEverySession(db: Db, userId: string) {
  return transaction(db, async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
      .where(eq(users.id, userId))
      .returning({ id: users.id, email: users.email });
    if (user) await replaceCalendarToken(tx, user.id);
    return user;
  });
}

/**
 * Ending sessions on the server (decision 028): an access token is valid for an hour, so
 * clearing it from the browser alone would leave a copied token working after the user signed out.
 */
export const sessionRoutes =
  (db: Db, accounts: Pick<IdTokenVerifier, "revokeSessions">): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/logout",
      {
        config: { access: { action: "delete", entity: "session" } },
        schema: {
          operationId: "signOut",
          tags: ["accounts"],
          summary: "Sign out: the access token sent with this request stops working at once",
          description:
            "The browser calls this on Logout before it removes the token from its storage. Only this token ends " +
            "(the user's other devices stay signed in); a later request with it gets 401. A token signed before " +
            "tokens carried an id cannot be named alone: then every token of the account ends.",
          response: { 200: signedOutAnswer.describe("Signed out: this token no longer works") },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "delete", "session", actor.id);
        const { jti, exp } = request.user;
        if (jti === undefined) {
          await endEverySession(db, actor.id);
          return { signedOut: true as const };
        }
        // The signature check refuses the token after its expiry: the row is needed until then only.
        // Real time, not the API's clock (platform/clock.ts): the token's expiry is checked against it.
        const now = new Date();
        const expiresAt = typeof exp === "number" ? new Date(exp * 1000) : new Date(now.getTime() + 86_400_000);
        await db
          .insert(revokedAccessTokens)
          .values({ jti, userId: actor.id, expiresAt })
          .onConflictDoNothing({ target: revokedAccessTokens.jti });
        // Sign-outs clear what has run out, so the table holds about an hour of them and no sweeper is needed.
        await db.delete(revokedAccessTokens).where(lt(revokedAccessTokens.expiresAt, now));
        return { signedOut: true as const };
      },
    );

    app.post(
      "/users/:id/sessions/revoke",
      {
        config: { access: { action: "delete", entity: "session", any: true } },
        schema: {
          operationId: "endUserSessions",
          tags: ["users"],
          summary: "End every session of a user (admins): their access tokens and their Firebase sign-ins",
          description:
            "For a lost phone or a shared computer. Every access token the user holds, on any device, stops " +
            "working at once, and Firebase signs the account out everywhere, so a browser cannot quietly get a " +
            "new token with its stored sign-in: the user signs in again with their password or Google. " +
            "`signInRevoked` is false when Firebase could not be told (no such sign-in, or it could not be reached).",
          params: idParam,
          response: {
            200: sessionsEndedAnswer.describe("Every session of the user ended"),
            ...refusals({ 404: "There is no such user" }),
          },
        },
      },
      async (request) => {
        const actor = await request.requireActor();
        requirePermission(actor, "delete", "session", OTHERS);
        const target = await endEverySession(db, request.params.id);
        if (!target) throw notFound("There is no such user.");
        // Their signed-out tokens are ended by the new generation as well: the rows say nothing more.
        await db.delete(revokedAccessTokens).where(eq(revokedAccessTokens.userId, target.id));
        // Without this the user's browser (or a thief's) would sign in again at once with the
        // Firebase session it keeps, and get a new access token.
        const signInRevoked = await accounts.revokeSessions(target.email).catch((error: unknown) => {
          request.log.warn({ err: error, userId: target.id }, "the user's Firebase sign-ins could not be ended");
          return false;
        });
        return { sessionsEnded: true as const, signInRevoked };
      },
    );
  };
