import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  IdentityProviderUnavailableError,
  InvalidIdTokenError,
  type IdTokenVerifier,
  type VerifiedIdentity,
} from "./firebase.js";
import type { PublicCache } from "../catalog/index.js";
import type { Db, Tx } from "../platform/database/client.js";
import { notificationOutbox, users } from "../platform/database/schema.js";
import { ApiError, conflict, forbidden, unauthorized } from "../platform/errors.js";
import { transaction } from "../platform/transaction.js";

export const SIGN_IN_UNAVAILABLE =
  "Sign-in is briefly unavailable: the sign-in service cannot be reached. Try again in a minute.";
const SIGN_IN_RETRY_SECONDS = 30;

export const ACCOUNT_DELETED = "This account was deleted. Sign up again to use the academy.";
export const ADDRESS_MOVED =
  "This e-mail address no longer signs in to its academy account: the account moved to another address. " +
  "Sign in with that address, or contact the academy.";
export const CONFIRM_NEW_ADDRESS =
  "Confirm your new e-mail address first: open the link sent to it, then sign in again.";
export const EARLIER_ADDRESS =
  "This sign-in names an e-mail address the account no longer uses. Log in again with its current address.";
export const ADDRESS_TAKEN =
  "Another academy account already uses this e-mail address. Contact the academy to sort it out.";

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

/**
 * The caller's Firebase identity, from the ID token sent as the bearer token and verified with
 * firebase-admin (signature, project, expiry, and that the account still exists, is enabled and
 * was not signed out everywhere). Never the body's word. 401 for a missing or bad token, 503 with
 * Retry-After when Firebase cannot be reached (nothing was judged).
 */
export async function verifiedCaller(
  request: FastifyRequest,
  reply: FastifyReply,
  verifier: Pick<IdTokenVerifier, "verify">,
): Promise<VerifiedIdentity & { email: string }> {
  const idToken = bearer(request.headers.authorization);
  if (!idToken) throw unauthorized("Sign in first: send the Firebase ID token as 'Authorization: Bearer <token>'.");
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
  return { ...identity, email: identity.email.toLowerCase() };
}

const accountColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  firebaseUid: users.firebaseUid,
  deletedAt: users.deletedAt,
};
export type LinkedAccount = {
  id: string;
  email: string;
  role: string;
  firebaseUid: string | null;
  deletedAt: Date | null;
};

/**
 * Ties the academy's record to the Firebase account (its uid) and makes the record's e-mail follow
 * that account's (docs/api.md, "Changing the e-mail address"). Called by POST /jwt before the
 * record is read by e-mail; returns the record, or null when this person has none yet.
 *
 * - The record of this uid under another address: the person changed it in Firebase. It follows
 *   only a confirmed address (`email_verified`, as Firebase's verifyBeforeUpdateEmail leaves it)
 *   that the account still has, and every earlier session of the account ends (its session
 *   generation goes up).
 * - A record of this address bound to another uid that still exists in Firebase: that account moved
 *   away to another address and someone else now holds this one. Refused: an old address never
 *   gets the account back. (A bound uid Firebase no longer knows, as after the emulator restarts or
 *   an account was recreated in the console, is replaced: Firebase vouches for the address now.)
 * - A deleted record: the person's Firebase sign-in should be gone; it is deleted again, and refused.
 */
export async function linkFirebaseAccount(
  db: Db,
  cache: PublicCache,
  verifier: Pick<IdTokenVerifier, "currentEmail" | "deleteByUid">,
  identity: VerifiedIdentity & { email: string },
  log: FastifyRequest["log"],
): Promise<LinkedAccount | null> {
  const { uid, email } = identity;
  const [mine] = await db.select(accountColumns).from(users).where(eq(users.firebaseUid, uid));
  if (mine?.deletedAt) {
    await finishDeletion(verifier, uid, log);
    throw unauthorized(ACCOUNT_DELETED);
  }
  if (mine) {
    if (mine.email !== email) {
      // Only to the address the Firebase account has now: an ID token bought before a change
      // still names the address it had then, and would move the record back.
      if ((await verifier.currentEmail(uid)) !== email) throw unauthorized(EARLIER_ADDRESS);
      await followNewAddress(db, cache, mine, identity);
    }
    return { ...mine, email };
  }
  const [byAddress] = await db.select(accountColumns).from(users).where(eq(users.email, email));
  if (!byAddress) return null;
  // Made a moment ago by this account's other sign-in (two tabs at once): it is already bound.
  if (byAddress.firebaseUid === uid) return byAddress;
  if (byAddress.firebaseUid !== null) {
    // Someone else's Firebase account holds the address the record was made with.
    const boundAccountEmail = await verifier.currentEmail(byAddress.firebaseUid);
    if (boundAccountEmail !== undefined) throw forbidden(ADDRESS_MOVED);
    log.warn({ userId: byAddress.id }, "the record's Firebase account is gone: bound to the address's new one");
  }
  await db
    .update(users)
    .set({ firebaseUid: uid })
    .where(
      and(
        eq(users.id, byAddress.id),
        byAddress.firebaseUid === null ? isNull(users.firebaseUid) : eq(users.firebaseUid, byAddress.firebaseUid),
      ),
    );
  return { ...byAddress, firebaseUid: uid };
}

async function followNewAddress(
  db: Db,
  cache: PublicCache,
  account: LinkedAccount,
  identity: VerifiedIdentity & { email: string },
): Promise<void> {
  if (!identity.emailVerified) throw forbidden(CONFIRM_NEW_ADDRESS);
  const move = async (tx: Tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, identity.email), ne(users.id, account.id)));
    if (taken) throw conflict(ADDRESS_TAKEN);
    await tx
      .update(users)
      .set({
        email: identity.email,
        emailVerified: true,
        // Every API token of the old address ends: they name it, and the person now signs in with the new one.
        sessionGeneration: sql`${users.sessionGeneration} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, account.id), eq(users.email, account.email)));
    // E-mails not yet sent go to the address the person reads now.
    await tx
      .update(notificationOutbox)
      .set({ recipient: identity.email, updatedAt: new Date() })
      .where(and(eq(notificationOutbox.recipient, account.email), eq(notificationOutbox.state, "queued")));
  };
  // An instructor's address shows in the public lists of classes and instructors.
  if (account.role === "student") await transaction(db, move);
  else await cache.write(["classes", "instructors"], move);
}

/** Deletes the Firebase sign-in of a deleted record; a failure is logged and left for the next try. */
export async function finishDeletion(
  verifier: Pick<IdTokenVerifier, "deleteByUid">,
  uid: string,
  log: FastifyRequest["log"],
): Promise<boolean> {
  try {
    await verifier.deleteByUid(uid);
    return true;
  } catch (error) {
    log.warn({ err: error }, "the deleted account's Firebase sign-in could not be deleted yet");
    return false;
  }
}
