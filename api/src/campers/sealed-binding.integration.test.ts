import { createCipheriv, createHash, randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN, classId, clockDay, LEE, MAYA, SAM, useTestApi } from "../../test/harness.js";
import { DEV_CAMPER_DATA_SECRET } from "../platform/config/published-secrets.js";
import { campers as campersTable, classes, enrollments } from "../platform/database/schema.js";
import { camperDetailsBinding } from "../platform/sealed-columns.js";
import { createSealer, parseKey } from "../platform/sealing.js";
import { resealCamperDetails } from "./reseal.js";

/**
 * A camper's sealed details are bound to that camper and family (decision 030): a value copied
 * onto another row with SQL (by anyone who can write rows) is never shown there, and values sealed
 * before binding are bound by the reseal tool.
 */
const api = useTestApi({ RATE_LIMIT_SENSITIVE: "1000", RATE_LIMIT_FORMS: "1000" });
/** The suite's key (the development defaults'): what the test API seals with. */
const suiteKey = parseKey("CAMPER_DATA_KEY", DEV_CAMPER_DATA_SECRET);

const contact = { name: "Ana Parent", relation: "mother", phone: "+1 555 0100" };

async function addChild(as: typeof SAM, first: string, allergies: string) {
  const res = await api.call({
    method: "POST",
    url: "/campers",
    as,
    payload: {
      first_name: first,
      last_name: "Swap",
      date_of_birth: "2016-03-04",
      allergies,
      emergency_contacts: [contact],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().camper as { _id: string };
}

/** Copies one camper's sealed details onto another's row, as someone with write access to the database could. */
async function copySealed(from: string, to: string) {
  await api.database.db.execute(
    sql`update campers set sealed_details = (select sealed_details from campers where id = ${from}) where id = ${to}`,
  );
}

const campersOf = async (as: typeof SAM) => {
  const res = await api.call({ method: "GET", url: "/campers", as });
  expect(res.statusCode).toBe(200);
  return { body: res.body, list: res.json() as Record<string, unknown>[] };
};

/** A value as the API sealed it before binding: `v1.`, the key's id, no associated data. */
function sealUnbound(key: Buffer, plaintext: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const id = createHash("sha256").update(key).digest("base64url").slice(0, 8);
  return ["v1", id, ...[iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"))].join(".");
}

describe("a camper's sealed details are bound to that camper and family", () => {
  it("another family's value copied onto a camper's row is refused, never shown, and not a 500", async () => {
    const leeChild = await addChild(LEE, "Otto", "Bee stings: EpiPen");
    const samChild = await addChild(SAM, "Nina", "Lactose");
    await copySealed(leeChild._id, samChild._id);

    const { body, list } = await campersOf(SAM);
    expect(body).not.toContain("Bee stings");
    expect(list.find((c) => c._id === samChild._id)).toMatchObject({
      first_name: "Nina",
      allergies: "",
      emergency_contacts: [],
      details_unreadable: true,
    });
    // Lee's own camper still opens for Lee.
    expect((await campersOf(LEE)).list.find((c) => c._id === leeChild._id)).toMatchObject({
      allergies: "Bee stings: EpiPen",
    });
    // An admin's view of Sam's family and Sam's export say the same, never Lee's child's details.
    const family = await api.call({ method: "GET", url: `/users/${SAM.id}/family`, as: ADMIN });
    expect(family.statusCode).toBe(200);
    expect(family.body).not.toContain("Bee stings");
    const exported = await api.call({ method: "GET", url: "/campers/export", as: SAM });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain("Bee stings");
    // The roster and the details on demand flag it for staff (ask the family) rather than show it.
    const cls = classId(3);
    await api.database.db.insert(enrollments).values({ studentId: SAM.id, classId: cls, camperId: samChild._id });
    const roster = await api.call({ method: "GET", url: `/classes/${cls}/roster`, as: ADMIN });
    expect(roster.statusCode).toBe(200);
    expect(roster.body).not.toContain("Bee stings");
    const entry = (roster.json() as { camper: { _id: string } }[]).find((e) => e.camper._id === samChild._id);
    expect(entry!.camper).toMatchObject({ details_unreadable: true, medical_flag: false, emergency_contacts: [] });
    const medical = await api.call({ method: "GET", url: `/classes/${cls}/roster/${samChild._id}/medical`, as: ADMIN });
    expect(medical.statusCode).toBe(200);
    expect(medical.json()).toMatchObject({ allergies: "", details_unreadable: true });

    // Booking the child waits for its emergency contacts to be entered again.
    const [open] = await api.database.db
      .insert(classes)
      .values({
        name: "Any Age Camp",
        image: "https://example.com/camp.png",
        instructorId: MAYA.id,
        availableSeats: 10,
        priceCents: 9_900,
        status: "approved",
        startDate: clockDay(40),
        endDate: clockDay(44),
        weekdays: ["mon", "tue", "wed", "thu", "fri"],
        startTime: "09:00",
        endTime: "12:00",
      })
      .returning({ id: classes.id });
    const eligibility = await api.call({ method: "GET", url: `/classes/${open!.id}/eligibility`, as: SAM });
    expect(eligibility.statusCode).toBe(200);
    expect((eligibility.json() as { camperId: string }[]).find((e) => e.camperId === samChild._id)).toMatchObject({
      eligible: false,
      reason: "Nina's emergency contacts could not be read: enter them again under My Campers before booking.",
    });
  });

  it("a brother's value copied onto his sister's row in one family is refused too", async () => {
    const brother = await addChild(SAM, "Karl", "Penicillin");
    const sister = await addChild(SAM, "Karla", "None known");
    await copySealed(brother._id, sister._id);
    const { list } = await campersOf(SAM);
    expect(list.find((c) => c._id === sister._id)).toMatchObject({ allergies: "", details_unreadable: true });
    expect(list.find((c) => c._id === brother._id)).toMatchObject({ allergies: "Penicillin" });
    expect(list.find((c) => c._id === brother._id)).not.toHaveProperty("details_unreadable");
  });

  it("a family replaces details that did not open by entering all of them; a partial edit is refused", async () => {
    const source = await addChild(LEE, "Ivo", "Wasps");
    const target = await addChild(SAM, "Ida", "Dust");
    await copySealed(source._id, target._id);
    const patch = (payload: Record<string, unknown>) =>
      api.call({ method: "PATCH", url: `/campers/${target._id}`, as: SAM, payload });

    const partial = await patch({ allergies: "Dust" });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().message).toMatch(/could not be read\. Enter all of them again/);
    // A change of name keeps the unreadable value as it is (nothing is wiped unseen).
    const renamed = await patch({ first_name: "Idá" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().camper).toMatchObject({ first_name: "Idá", details_unreadable: true });

    const replaced = await patch({
      allergies: "Dust",
      medical_notes: "",
      medications: "",
      emergency_contacts: [contact],
      pickup_people: [],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().camper).toMatchObject({ allergies: "Dust", emergency_contacts: [contact] });
    expect(replaced.json().camper).not.toHaveProperty("details_unreadable");
  });

  it("the reseal tool binds values sealed before binding to their row, and leaves copied ones unreadable", async () => {
    const id = randomUUID();
    await api.database.db.insert(campersTable).values({
      id,
      familyId: SAM.id,
      firstName: "Old",
      lastName: "Seal",
      dateOfBirth: "2015-05-05",
      sealedDetails: sealUnbound(suiteKey, JSON.stringify({ allergies: "Kiwi", emergency_contacts: [contact] })),
    });
    // Before the reseal the API does not show an unbound value (it could come from any row).
    expect((await campersOf(SAM)).list.find((c) => c._id === id)).toMatchObject({ details_unreadable: true });

    // A bound value copied onto another row before the reseal stays unreadable after it.
    const source = await addChild(LEE, "Pia", "Cats");
    const copied = await addChild(SAM, "Pio", "Dogs");
    await copySealed(source._id, copied._id);

    const sealer = createSealer(suiteKey);
    const first = await resealCamperDetails(api.database.db, sealer);
    expect(first.resealed).toBeGreaterThanOrEqual(1);
    expect(first.unreadable).toBeGreaterThanOrEqual(1);
    const [row] = await api.database.db.select().from(campersTable).where(eq(campersTable.id, id));
    expect(row!.sealedDetails).toMatch(/^v2\./);
    expect(JSON.parse(sealer.open(row!.sealedDetails!, camperDetailsBinding(row!)))).toMatchObject({
      allergies: "Kiwi",
    });
    const { list } = await campersOf(SAM);
    expect(list.find((c) => c._id === id)).toMatchObject({ allergies: "Kiwi", emergency_contacts: [contact] });
    expect(list.find((c) => c._id === copied._id)).toMatchObject({ allergies: "", details_unreadable: true });
    // Nothing left to do: a second run reseals nothing.
    expect((await resealCamperDetails(api.database.db, sealer)).resealed).toBe(0);
  });
});
