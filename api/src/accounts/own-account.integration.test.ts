import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteFamilyRecords } from "./account-deletion.js";
import { ADDRESS_MOVED, CONFIRM_NEW_ADDRESS, EARLIER_ADDRESS } from "./firebase-account.js";
import {
  campers,
  classes,
  esignConsents,
  guardians,
  notificationPreferences,
  payments,
  users,
} from "../platform/database/schema.js";
import { transaction } from "../platform/transaction.js";
import { clockDay, useTestApi } from "../../test/harness.js";
import {
  backdateAccount,
  changeEmailAsOwner,
  changeEmailByLink,
  confirmEmail,
  craftedIdToken,
  ownerLookup,
  signIn,
  signUp,
  uidOf,
  uniqueEmail,
} from "../../test/emulator-accounts.js";
import { CONTACT, completeGuardian, lineClass, paySeats } from "../../test/families.js";

/**
 * A family's own account, against the real Auth Emulator and PostgreSQL: the e-mail address changed
 * in Firebase (verifyBeforeUpdateEmail's link) moves the academy's record, and the account deleted
 * by the family keeps only its payment records.
 */
describe("a family's own account", () => {
  const api = useTestApi({ RATE_LIMIT_SENSITIVE: "1000" });
  const exchange = (idToken: string, email: string) =>
    api.call({ method: "POST", url: "/jwt", headers: { authorization: `Bearer ${idToken}` }, payload: { email } });
  const withToken = (token: string, url: string) =>
    api.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  const deleteAccount = (idToken: string, confirmation: string) =>
    api.call({
      method: "DELETE",
      url: "/account",
      headers: { authorization: `Bearer ${idToken}` },
      payload: { confirmation },
    });

  /** A confirmed family signed in through POST /jwt, with a child (sealed details) and a paid seat. */
  async function payingFamily(what: string) {
    const email = uniqueEmail(what);
    await signUp(email);
    await confirmEmail(email);
    const idToken = await signIn(email);
    const signedIn = await exchange(idToken, email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json<{ token: string }>().token;
    const me = (await withToken(token, "/users/me")).json<{ _id: string }>();
    const person = { id: me._id, email };
    const child = await api.call({
      method: "POST",
      url: "/campers",
      as: person,
      payload: {
        first_name: "Rosa",
        last_name: "Parent",
        date_of_birth: `${Number(clockDay(30).slice(0, 4)) - 10}-01-15`,
        allergies: "peanuts",
        emergency_contacts: [CONTACT],
      },
    });
    expect(child.statusCode, child.body).toBe(201);
    await completeGuardian(api, person);
    const classId = await lineClass(api, 5);
    await paySeats(api, person, [classId], [child.json().camper._id]);
    const prefs = await api.call({ method: "POST", url: "/notification-settings/calendar-feed", as: person });
    expect(prefs.statusCode, prefs.body).toBe(200);
    return { email, idToken, token, person, classId };
  }

  it("a confirmed new address moves the record, the family's data with it; the old address and tokens lose it", async () => {
    const family = await payingFamily("moving");
    const newEmail = uniqueEmail("moved");
    const newIdToken = await changeEmailByLink(family.idToken, newEmail);

    // Before the family signs in again, someone else takes the old address: it does not reach the account.
    const squatter = await signUp(family.email);
    const refused = await exchange(squatter, family.email);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(ADDRESS_MOVED);

    const moved = await exchange(newIdToken, newEmail);
    expect(moved.statusCode, moved.body).toBe(200);
    const token = moved.json<{ token: string }>().token;
    const me = (await withToken(token, "/users/me")).json();
    expect(me).toMatchObject({ _id: family.person.id, email: newEmail, emailVerified: true });
    const kids = (await withToken(token, "/campers")).json<{ first_name: string }[]>();
    expect(kids.map((k) => k.first_name)).toContain("Rosa");
    const history = (await withToken(token, `/payments?email=${encodeURIComponent(newEmail)}`)).json();
    expect(history).toHaveLength(1);
    expect((await withToken(token, "/notification-settings")).json().calendarFeedUrl).toMatch(/\.ics$/);

    // A Firebase ID token still naming the old address (bought before the change) does not move it back.
    const uid = await uidOf(newIdToken);
    const earlier = await exchange(craftedIdToken(uid, { email: family.email, email_verified: true }), family.email);
    expect(earlier.statusCode, earlier.body).toBe(401);
    expect(earlier.json().message).toBe(EARLIER_ADDRESS);
    expect((await withToken(token, "/users/me")).json()).toMatchObject({ email: newEmail });

    // The API's tokens of the old address ended with the move.
    expect((await withToken(family.token, "/users/me")).statusCode).toBe(401);
    // Now that the record moved, the old address is someone else's new, empty account.
    const fresh = await exchange(await signIn(family.email), family.email);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const freshMe = (await withToken(fresh.json().token, "/users/me")).json();
    expect(freshMe._id).not.toBe(family.person.id);
    expect((await withToken(fresh.json().token, `/payments?email=${encodeURIComponent(family.email)}`)).json()).toEqual(
      [],
    );
  });

  it("an address changed without confirming it does not move the record", async () => {
    const email = uniqueEmail("unconfirmed");
    const idToken = await signUp(email);
    expect((await exchange(idToken, email)).statusCode).toBe(200);
    const newEmail = uniqueEmail("typo");
    // As an Admin SDK updateUser({ email }) leaves it: changed, not confirmed.
    await changeEmailAsOwner(await uidOf(idToken), newEmail);
    const res = await exchange(await signIn(newEmail), newEmail);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(CONFIRM_NEW_ADDRESS);
    const [row] = await api.database.db.select({ email: users.email }).from(users).where(eq(users.email, email));
    expect(row).toBeDefined();
  });

  it("deleting the account: refused with a seat to come; then the login and the children's details go, payments stay", async () => {
    const family = await payingFamily("leaving");
    const uid = await uidOf(family.idToken);

    const typo = await deleteAccount(family.idToken, "delete me");
    expect(typo.statusCode).toBe(400);
    expect(typo.json().fields).toHaveProperty("confirmation");
    // A sign-in of ten minutes ago (the account valid since an hour before, as an older account is).
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    await backdateAccount(uid, tenMinutesAgo - 3000);
    const stale = await deleteAccount(
      craftedIdToken(uid, { email: family.email, email_verified: true, auth_time: tenMinutesAgo }),
      "DELETE",
    );
    expect(stale.statusCode, stale.body).toBe(403);

    const seatAhead = await deleteAccount(family.idToken, family.email);
    expect(seatAhead.statusCode, seatAhead.body).toBe(409);
    const [camp] = await api.database.db
      .select({ name: classes.name })
      .from(classes)
      .where(eq(classes.id, family.classId));
    expect(seatAhead.json().message).toContain(camp!.name);

    await api.database.db.insert(esignConsents).values({
      userId: family.person.id,
      disclosureVersion: 1,
      action: "agreed",
      ipAddress: "192.0.2.1",
      userAgent: "Test",
    });
    // The class has ended: nothing left to cancel.
    await api.database.db
      .update(classes)
      .set({ startDate: clockDay(-30), endDate: clockDay(-26) })
      .where(eq(classes.id, family.classId));
    const deleted = await deleteAccount(family.idToken, "DELETE");
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, paymentRecordsKept: 1 });

    const db = api.database.db;
    const [record] = await db.select().from(users).where(eq(users.id, family.person.id));
    expect(record).toMatchObject({ name: "Deleted account", photo: null });
    expect(record!.email).not.toBe(family.email);
    expect(record!.deletedAt).not.toBeNull();
    const kids = await db.select().from(campers).where(eq(campers.familyId, family.person.id));
    expect(kids.length).toBeGreaterThan(0);
    for (const kid of kids) {
      expect(kid).toMatchObject({ sealedDetails: null, dateOfBirth: null });
      expect(kid.firstName).not.toBe("Rosa");
      expect(kid.removedAt).not.toBeNull();
    }
    expect(await db.select().from(payments).where(eq(payments.studentId, family.person.id))).toHaveLength(1);
    // The parents' phones and addresses go: nothing kept points at them.
    expect(await db.select().from(guardians).where(eq(guardians.familyId, family.person.id))).toEqual([]);
    // So do the forms' answers, signatures and the consent to sign electronically.
    expect(await db.select().from(esignConsents).where(eq(esignConsents.userId, family.person.id))).toEqual([]);
    expect(
      await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, family.person.id)),
    ).toEqual([]);
    // The Firebase sign-in is gone, and so is every session of the API.
    expect(await ownerLookup(uid)).toBeUndefined();
    expect((await withToken(family.token, "/users/me")).statusCode).toBe(401);
    // The address is free: signing up again starts a new, empty account.
    const again = await signUp(family.email);
    const fresh = await exchange(again, family.email);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await withToken(fresh.json().token, "/users/me")).json()._id).not.toBe(family.person.id);
  });

  it("payment records cannot be deleted with their payer or order", async () => {
    const family = await payingFamily("kept");
    const refusal = (statement: ReturnType<typeof sql>) =>
      api.database.db.execute(statement).then(
        () => "deleted",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(sql`delete from users where id = ${family.person.id}`)).toMatch(/foreign key/);
    expect(await refusal(sql`delete from orders where student_id = ${family.person.id} and status = 'paid'`)).toMatch(
      /foreign key/,
    );
    expect(await api.database.db.select().from(payments).where(eq(payments.studentId, family.person.id))).toHaveLength(
      1,
    );
  });

  it("a deletion whose Firebase part failed after the records went is finished by trying again, or by signing in", async () => {
    for (const retry of ["DELETE /account", "POST /jwt"] as const) {
      const email = uniqueEmail("half-deleted");
      const idToken = await signUp(email);
      const signedIn = await exchange(idToken, email);
      const me = (await withToken(signedIn.json().token, "/users/me")).json<{ _id: string }>();
      const uid = await uidOf(idToken);
      // What a request leaves when Firebase cannot be reached after its transaction committed.
      await transaction(api.database.db, (tx) =>
        deleteFamilyRecords(tx, { id: me._id, email }, { offerSeconds: 3600 }),
      );
      expect(await ownerLookup(uid)).toBeDefined();
      const res = retry === "DELETE /account" ? await deleteAccount(idToken, "DELETE") : await exchange(idToken, email);
      expect(res.statusCode, `${retry}: ${res.body}`).toBe(retry === "DELETE /account" ? 200 : 401);
      expect(await ownerLookup(uid), retry).toBeUndefined();
      const [row] = await api.database.db
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(and(eq(users.id, me._id)));
      expect(row?.deletedAt).not.toBeNull();
    }
  });
});
