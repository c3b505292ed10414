import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { camperName } from "../campers/index.js";
import { familyGuardians, guardiansAnswer } from "../guardians/index.js";
import { enqueueAccountClaim } from "../notifications/index.js";
import { academyToday } from "../platform/academy-day.js";
import * as clock from "../platform/clock.js";
import type { Db } from "../platform/database/client.js";
import { accountClaims, campers, guardians, users } from "../platform/database/schema.js";
import { ApiError, conflict, notFound } from "../platform/errors.js";
import { transaction } from "../platform/transaction.js";
import { logOffice, type OfficeActor } from "./log.js";
import { familyOrders, owedByFamily } from "./orders.js";

/**
 * Families at the front desk (decision 047): found by name, e-mail or a child's name; made for a
 * family that walks in, with a Firebase sign-in and a link to claim it; read whole for booking.
 */

/** How long the link to claim an account works. */
export const CLAIM_DAYS = 14;
/** A claim link opened once may be opened again this long (a password refused, a closed tab). */
const REOPEN_MS = 60 * 60_000;

export interface IdentityAccounts {
  createAccount(email: string, name: string): Promise<string>;
  claimCode(email: string): Promise<string>;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Families whose name, e-mail or child's name holds the words typed (at most 20, by name). */
export async function searchFamilies(db: Db, q: string) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const found = await db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .leftJoin(campers, and(eq(campers.familyId, users.id), isNull(campers.removedAt)))
    .where(
      and(
        eq(users.role, "student"),
        or(
          ilike(users.name, like),
          ilike(users.email, like),
          ilike(sql`${campers.firstName} || ' ' || ${campers.lastName}`, like),
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(20);
  const ids = found.map((f) => f.id);
  if (ids.length === 0) return [];
  const [children, phones, claims, owed] = await Promise.all([
    db
      .select({ familyId: campers.familyId, _id: campers.id, name: camperName })
      .from(campers)
      .innerJoin(users, eq(users.id, campers.familyId))
      .where(and(inArray(campers.familyId, ids), isNull(campers.removedAt)))
      .orderBy(asc(campers.isSelf), asc(campers.firstName)),
    db
      .select({ familyId: guardians.familyId, phone: guardians.phone })
      .from(guardians)
      .where(and(inArray(guardians.familyId, ids), eq(guardians.position, 1))),
    unclaimed(db, ids),
    owedByFamily(db, ids),
  ]);
  return found.map((f) => ({
    _id: f.id,
    name: f.name,
    email: f.email,
    phone: phones.find((p) => p.familyId === f.id)?.phone ?? null,
    claimed: !claims.has(f.id),
    campers: children.filter((c) => c.familyId === f.id).map(({ _id, name }) => ({ _id, name })),
    owedCents: owed.get(f.id) ?? 0,
  }));
}

/** The families among these whose account the office made and nobody has claimed yet. */
async function unclaimed(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ familyId: accountClaims.familyId })
    .from(accountClaims)
    .where(and(inArray(accountClaims.familyId, ids), isNull(accountClaims.claimedAt)));
  return new Set(rows.map((r) => r.familyId));
}

/** A family whole, as the front desk books for it (campers without their sealed details). */
export async function deskFamily(db: Db, familyId: string) {
  const [family] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, familyId));
  if (!family || family.role !== "student") throw notFound("There is no such family.");
  const list = await familyGuardians(db, familyId);
  const children = await db
    .select({ _id: campers.id, name: camperName, is_self: campers.isSelf, date_of_birth: campers.dateOfBirth })
    .from(campers)
    .innerJoin(users, eq(users.id, campers.familyId))
    .where(and(eq(campers.familyId, familyId), isNull(campers.removedAt)))
    .orderBy(asc(campers.isSelf), asc(campers.createdAt));
  const orders = await familyOrders(db, familyId);
  return {
    _id: family.id,
    name: family.name,
    email: family.email,
    phone: list[0]?.phone ?? null,
    claimed: !(await unclaimed(db, [familyId])).has(familyId),
    owedCents: orders.reduce((sum, o) => sum + o.owedCents, 0),
    guardians: guardiansAnswer(list),
    campers: children,
    orders,
  };
}

/**
 * Makes a family's account at the front desk: its Firebase sign-in (no password yet), its record,
 * and the e-mail with the link to claim it, written together with the office's log line. An
 * address that already has a record is refused (find the family instead).
 */
export async function createFamily(
  db: Db,
  identity: IdentityAccounts,
  admin: OfficeActor,
  input: { email: string; name: string },
) {
  const email = input.email.trim().toLowerCase();
  const taken = async () => (await db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;
  const exists = () => conflict("An account with this e-mail exists already: find the family instead.");
  if (await taken()) throw exists();
  // Firebase first, outside the transaction: a retry after a failed save finds the same sign-in.
  const uid = await identity.createAccount(email, input.name).catch(() => {
    throw new ApiError(
      502,
      "The sign-in service cannot be reached right now; nothing was saved. Try again in a minute.",
    );
  });
  const token = randomBytes(24).toString("base64url");
  const now = clock.now();
  const until = new Date(now.getTime() + CLAIM_DAYS * 86_400_000);
  return transaction(db, async (tx) => {
    const [family] = await tx
      .insert(users)
      .values({ email, name: input.name, firebaseUid: uid, emailVerified: false })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!family) throw exists();
    await tx
      .insert(accountClaims)
      .values({ familyId: family.id, tokenHash: hashToken(token), expiresAt: until, createdAt: now });
    await enqueueAccountClaim(tx, email, {
      familyName: input.name,
      token,
      until: academyToday(until),
      adminName: admin.name,
    });
    await logOffice(tx, admin, family.id, "family-created", `Made the account of ${input.name} (${email})`, {});
    return family.id;
  });
}

/**
 * The family opened its claim link: a fresh Firebase code to set its password with, the address
 * confirmed. The link works until it expires, and for an hour after it was first opened.
 */
export async function openClaim(db: Db, identity: IdentityAccounts, token: string) {
  const gone = () =>
    new ApiError(410, 'This link has expired or was used already: use "Forgot password" on the sign-in page.');
  const [claim] = await db
    .select({
      familyId: accountClaims.familyId,
      expiresAt: accountClaims.expiresAt,
      claimedAt: accountClaims.claimedAt,
      email: users.email,
    })
    .from(accountClaims)
    .innerJoin(users, eq(users.id, accountClaims.familyId))
    .where(eq(accountClaims.tokenHash, hashToken(token)));
  const now = clock.now();
  if (!claim || claim.expiresAt <= now) throw gone();
  if (claim.claimedAt && now.getTime() - claim.claimedAt.getTime() > REOPEN_MS) throw gone();
  const code = await identity.claimCode(claim.email);
  await db
    .update(accountClaims)
    .set({ claimedAt: now })
    .where(and(eq(accountClaims.familyId, claim.familyId), isNull(accountClaims.claimedAt)));
  return { email: claim.email, code };
}
