import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deleteFamilyRecords, RECENT_SIGN_IN_SECONDS } from "./account-deletion.js";
import { accountDeletedAnswer } from "./answers.js";
import type { IdTokenVerifier } from "./firebase.js";
import { finishDeletion, linkFirebaseAccount, verifiedCaller } from "./firebase-account.js";
import type { PublicCache } from "../catalog/index.js";
import { refusals } from "../platform/contract.js";
import type { Db } from "../platform/database/client.js";
import { users } from "../platform/database/schema.js";
import { ApiError, badRequest, forbidden } from "../platform/errors.js";
import { signInRateLimits } from "../platform/rate-limits.js";
import { text } from "../platform/text.js";
import { transaction } from "../platform/transaction.js";
import type { LineOptions } from "../waitlist/index.js";

const CONFIRM = "Type your e-mail address or DELETE to confirm.";

export const SIGN_IN_NOT_REMOVED =
  "Your account's records are deleted, but its sign-in could not be removed yet. Try again in a minute.";

/** The family's own account: deleting it (DELETE /account). Changing the address is POST /jwt's part. */
export const accountRoutes =
  (
    db: Db,
    cache: PublicCache,
    verifier: Pick<IdTokenVerifier, "verify" | "currentEmail" | "deleteByUid">,
    line: LineOptions,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.delete(
      "/account",
      {
        ...signInRateLimits(app),
        schema: {
          operationId: "deleteOwnAccount",
          tags: ["accounts"],
          summary: "Delete the caller's own account (families)",
          description:
            "Send a Firebase ID token from a sign-in of the last 5 minutes as `Authorization: Bearer <id token>` " +
            "(the page asks for the password again), and `confirmation`: the account's e-mail or `DELETE`. " +
            "In one transaction the login's record is anonymised and the children's details deleted; payments, " +
            "refunds and their orders are kept (tax records) under the anonymised record. Then the Firebase " +
            "account is deleted with firebase-admin. If that fails, the answer is 503 and the same call, " +
            "repeated, finishes it (a later sign-in of that Firebase account finishes it too). " +
            "Refused with 409 while the family holds a seat in a class that has not ended or is paying.",
          body: z
            .object({
              confirmation: text({ required: CONFIRM, max: 254 }).meta({
                description: "The account's e-mail address, or DELETE",
              }),
            })
            .strict()
            .meta({ example: { confirmation: "DELETE" } }),
          // The Firebase ID token (as POST /jwt takes it): it proves a recent sign-in and names the Firebase account.
          security: [{ firebaseIdToken: [] }],
          response: {
            200: accountDeletedAnswer.describe("The account is deleted"),
            ...refusals({
              400: "The confirmation is neither the account's e-mail nor DELETE",
              401: "No Firebase ID token was sent, or it is invalid or expired, or its account is disabled or deleted",
              403: "The last sign-in is older than 5 minutes, or the account is an instructor's or an admin's",
              409: "The family holds a seat in a class that has not ended, or a payment is in progress",
              503:
                "The records are deleted but the Firebase sign-in could not be removed yet (repeat the call), or the " +
                "identity provider or the database cannot be reached",
            }),
          },
        },
      },
      async (request, reply) => {
        const identity = await verifiedCaller(request, reply, verifier);
        const [already] = await db
          .select({ id: users.id, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.firebaseUid, identity.uid));
        let kept = 0;
        if (!already?.deletedAt) {
          const account = await linkFirebaseAccount(db, cache, verifier, identity, request.log);
          const { confirmation } = request.body;
          if (confirmation !== "DELETE" && confirmation.toLowerCase() !== identity.email) {
            throw badRequest(CONFIRM, { confirmation: CONFIRM });
          }
          if (Date.now() / 1000 - identity.authTime > RECENT_SIGN_IN_SECONDS) {
            throw forbidden("For your security, enter your password again before deleting the account.");
          }
          if (account && account.role !== "student") {
            throw forbidden("Staff accounts are closed by an admin: ask one to do it.");
          }
          if (account) kept = await transaction(db, (tx) => deleteFamilyRecords(tx, account, line));
          request.log.info({ userId: account?.id, paymentRecordsKept: kept }, "a family deleted its account");
        }
        if (!(await finishDeletion(verifier, identity.uid, request.log))) {
          reply.header("Retry-After", "30");
          throw new ApiError(503, SIGN_IN_NOT_REMOVED);
        }
        return { deleted: true as const, paymentRecordsKept: kept };
      },
    );
  };
