import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { camperDetailsBinding } from "../platform/sealed-columns.js";
import { createSealer } from "../platform/sealing.js";
import { resealCamperDetails } from "./reseal.js";
import { describe, expect, it } from "vitest";
import { campers as campersTable, classes, sensitiveReads } from "../platform/database/schema.js";
import { birthDateForAge } from "../../../tools/test-dates.mjs";
import { camperSteps, child, contact, newClass } from "../../test/camper-steps.js";
import { ADMIN, clockDay, JONAS, LEE, MAYA, SAM, useTestApi } from "../../test/harness.js";

/**
 * Families (decision 030): campers kept under the account, their sealed medical and contact details,
 * every staff read of them recorded, a family's download of everything held about it, and the key that
 * seals them rotated. Who may take which seat: camper-seats.integration.test.ts.
 */
const api = useTestApi({ RATE_LIMIT_SENSITIVE: "1000", RATE_LIMIT_FORMS: "1000" });
const { addCamper, book } = camperSteps(api);

/** A date of birth for a child who is `age` today (the API's clock): for tests where no class's ages matter. */
const bornAged = (age: number) => birthDateForAge(age, clockDay(0));

describe("campers", () => {
  it("a family keeps its children; Myself comes first and cannot be removed", async () => {
    const miaBorn = bornAged(10);
    const mia = await addCamper(SAM, child("Mia", miaBorn, { allergies: "Peanuts", photo_consent: true }));
    const list = (await api.call({ method: "GET", url: "/campers", as: SAM })).json();
    expect(list[0]).toMatchObject({ is_self: true, name: SAM.name, date_of_birth: null });
    expect(list[1]).toMatchObject({
      _id: mia._id,
      first_name: "Mia",
      last_name: "Rivera",
      date_of_birth: miaBorn,
      allergies: "Peanuts",
      medical_notes: "",
      emergency_contacts: [contact],
      pickup_people: [],
      photo_consent: true,
    });
    const edit = await api.call({
      method: "PATCH",
      url: `/campers/${mia._id}`,
      as: SAM,
      payload: {
        medications: "Inhaler before sport",
        pickup_people: [{ name: "Gus", relation: "uncle", phone: "555-0199" }],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().camper).toMatchObject({ allergies: "Peanuts", medications: "Inhaler before sport" });
    const self = await api.call({ method: "DELETE", url: `/campers/${list[0]._id}`, as: SAM });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toContain("cannot be removed");
  });

  it("another family's camper does not exist for them", async () => {
    const leo = await addCamper(LEE, child("Leo", bornAged(11)));
    for (const req of [
      { method: "PATCH" as const, url: `/campers/${leo._id}`, payload: { allergies: "none" } },
      { method: "DELETE" as const, url: `/campers/${leo._id}` },
    ]) {
      const res = await api.call({ ...req, as: SAM });
      expect(res.statusCode).toBe(404);
    }
    const cls = await newClass(api, { start: 40, end: 44, ages: null });
    const res = await book(SAM, cls.id, leo._id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("There is no such camper in your family.");
  });

  it("says what is wrong with a camper's fields, in plain words", async () => {
    const res = await api.call({
      method: "POST",
      url: "/campers",
      as: SAM,
      payload: {
        first_name: " ",
        last_name: "Rivera",
        date_of_birth: "2016-02-30",
        emergency_contacts: [{ name: "A", relation: "", phone: "call me" }],
      },
    });
    expect(res.statusCode).toBe(400);
    const messages = JSON.stringify(res.json());
    expect(messages).toContain("First name is required");
    expect(messages).toContain("Enter the date of birth as YYYY-MM-DD");
    expect(messages).toContain("Relation is required");
    expect(messages).toContain("Enter a phone number");
    const future = await api.call({ method: "POST", url: "/campers", as: SAM, payload: child("Zed", clockDay(3)) });
    expect(JSON.stringify(future.json())).toContain("The date of birth cannot be in the future");
  });

  it("the database holds no plaintext of medical notes or contact people", async () => {
    await addCamper(SAM, child("Ivy", bornAged(9), { medical_notes: "Type 1 diabetes, glucagon kit in bag" }));
    const dump = (await api.database.db.execute(sql`select campers::text as row from campers`)) as { rows: unknown[] };
    const text = JSON.stringify(dump.rows);
    expect(text).toContain("Ivy");
    for (const secret of ["diabetes", "glucagon", "Ana Parent", "555 0100", "Peanuts"])
      expect(text).not.toContain(secret);
    expect(text).toMatch(/v2\.[\w-]{8}\./);
  });
});

describe("what staff see, and the record of it", () => {
  it("details on demand, the CSV roster, an admin's view of a family, the search by a child's name; each read logged", async () => {
    const cls = await newClass(api, { start: 90, end: 94, ages: null });
    const zoe = await addCamper(
      LEE,
      child("=HYPERLINK(1)", birthDateForAge(12, cls.startDate!), {
        allergies: "Bee stings",
        last_name: "Quill",
        // A relation that turns into a formula once the cell is split on `;`.
        pickup_people: [{ name: "Bo", relation: "mom;=cmd|' /C calc'!A0;", phone: "+1 555 0101" }],
      }),
    );
    await api.database.db.execute(sql`update classes set enrolled_seats = enrolled_seats + 1 where id = ${cls.id}`);
    await api.database.db.execute(
      sql`insert into enrollments (student_id, class_id, camper_id) values (${LEE.id}, ${cls.id}, ${zoe._id})`,
    );
    const roster = (await api.call({ method: "GET", url: `/classes/${cls.id}/roster`, as: MAYA })).json();
    expect(roster[0].camper).toMatchObject({ name: "=HYPERLINK(1) Quill", medical_flag: true });
    expect(roster[0].camper).not.toHaveProperty("allergies");
    const medical = await api.call({ method: "GET", url: `/classes/${cls.id}/roster/${zoe._id}/medical`, as: MAYA });
    expect(medical.json()).toEqual({ _id: zoe._id, allergies: "Bee stings", medical_notes: "", medications: "" });
    expect(
      (await api.call({ method: "GET", url: `/classes/${cls.id}/roster/${zoe._id}/medical`, as: JONAS })).statusCode,
    ).toBe(403);
    // The family adds a medication that a spreadsheet would run as a formula.
    const patched = await api.call({
      method: "PATCH",
      url: `/campers/${zoe._id}`,
      as: LEE,
      payload: { medications: "@EpiPen in bag" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // The printed roster: every camper with medical details, with them, for the one who prints.
    const printed = await api.call({ method: "GET", url: `/classes/${cls.id}/roster/medical`, as: MAYA });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.headers["cache-control"]).toBe("no-store");
    expect(printed.json()).toEqual([
      { _id: zoe._id, allergies: "Bee stings", medical_notes: "", medications: "@EpiPen in bag" },
    ]);
    expect((await api.call({ method: "GET", url: `/classes/${cls.id}/roster/medical`, as: JONAS })).statusCode).toBe(
      403,
    );
    const csv = await api.call({ method: "GET", url: `/classes/${cls.id}/roster.csv`, as: MAYA });
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["cache-control"]).toBe("no-store");
    expect(csv.body.split("\r\n")[0]).toBe(
      '"camper","age_on_first_day","medical_or_allergy","allergies","medical_notes","medications","emergency_contacts","pickup_people","photo_consent","account_holder","email","guardians"',
    );
    // The allergy itself, and every cell text, never a formula.
    expect(csv.body.split("\r\n")[1]).toMatch(
      /^"'=HYPERLINK\(1\) Quill","\d+","yes","Bee stings","","'@EpiPen in bag","Ana Parent \(mother\) \+1 555 0100","Bo \(mom;'=cmd\|' \/C calc'!A0;\) \+1 555 0101","no",/,
    );
    const family = await api.call({ method: "GET", url: `/users/${LEE.id}/family`, as: ADMIN });
    expect(family.statusCode).toBe(200);
    const found = family.json().campers.find((c: { _id: string }) => c._id === zoe._id);
    expect(found).toMatchObject({ allergies: "Bee stings", enrolments: [{ classId: cls.id }] });
    const search = (await api.call({ method: "GET", url: "/users?search=hyperlink(1) quill", as: ADMIN })).json();
    expect(search.items.map((u: { email: string }) => u.email)).toEqual([LEE.email]);
    const log = (await api.call({ method: "GET", url: `/admin/access-log?camperId=${zoe._id}`, as: ADMIN })).json();
    expect(
      log.items.map((r: { reason: string; reader: { email: string } }) => `${r.reason} by ${r.reader.email}`),
    ).toEqual([
      `family by ${ADMIN.email}`,
      `roster-export by ${MAYA.email}`,
      `detail by ${MAYA.email}`,
      `detail by ${MAYA.email}`,
      `roster by ${MAYA.email}`,
    ]);
  });

  it("the access log names the reader, the camper and the class, without opening anyone's details", async () => {
    const cls = await newClass(api, { start: 100, end: 104, ages: null });
    const nia = await addCamper(LEE, child("Nia", birthDateForAge(11, cls.startDate!), { allergies: "Wasps" }));
    await api.database.db.execute(sql`update classes set enrolled_seats = enrolled_seats + 1 where id = ${cls.id}`);
    await api.database.db.execute(
      sql`insert into enrollments (student_id, class_id, camper_id) values (${LEE.id}, ${cls.id}, ${nia._id})`,
    );
    expect((await api.call({ method: "GET", url: `/classes/${cls.id}/roster`, as: MAYA })).statusCode).toBe(200);
    const [{ name: className }] = (await api.database.db
      .select({ name: classes.name })
      .from(classes)
      .where(eq(classes.id, cls.id))) as [{ name: string }];
    const logOf = async (camperId: string) => {
      const res = await api.call({ method: "GET", url: `/admin/access-log?camperId=${camperId}`, as: ADMIN });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as Record<string, unknown>[];
    };
    // A sealed value no key opens: reading the log never tries.
    await api.database.db.execute(sql`update campers set sealed_details = 'not-a-sealed-value' where id = ${nia._id}`);
    expect(await logOf(nia._id)).toEqual([
      expect.objectContaining({
        reason: "roster",
        reader: { _id: MAYA.id, name: "Maya Torres", email: MAYA.email, role: "instructor" },
        camperId: nia._id,
        camper_name: "Nia Rivera",
        camper_removed: false,
        familyId: LEE.id,
        classId: cls.id,
        class_name: className,
      }),
    ]);
    const res = await api.call({ method: "GET", url: "/admin/access-log", as: ADMIN });
    expect(JSON.stringify(res.json())).not.toContain("Wasps");

    // The class deleted, the camper removed: the name stays, the class is gone, both said so.
    await api.database.db.execute(sql`delete from enrollments where class_id = ${cls.id}`);
    await api.database.db.delete(classes).where(eq(classes.id, cls.id));
    expect((await api.call({ method: "DELETE", url: `/campers/${nia._id}`, as: LEE })).statusCode).toBe(200);
    expect(await logOf(nia._id)).toEqual([
      expect.objectContaining({ camper_name: "Nia Rivera", camper_removed: true, classId: null, class_name: null }),
    ]);

    // "Myself" reads as the account holder; a camper and a reader whose rows are gone keep their ids and the e-mail.
    const self = (await api.call({ method: "GET", url: "/campers", as: LEE })).json()[0] as { _id: string };
    const goneCamper = randomUUID();
    const goneReader = randomUUID();
    await api.database.db.insert(sensitiveReads).values([
      {
        readerId: ADMIN.id,
        readerEmail: ADMIN.email,
        readerRole: "admin",
        camperId: self._id,
        familyId: LEE.id,
        reason: "family",
      },
      {
        readerId: goneReader,
        readerEmail: "gone@summitsports.academy",
        readerRole: "instructor",
        camperId: goneCamper,
        familyId: randomUUID(),
        reason: "detail",
      },
    ]);
    expect(await logOf(self._id)).toEqual([
      expect.objectContaining({ camper_name: "Lee Learner", camper_removed: false, class_name: null }),
    ]);
    expect(await logOf(goneCamper)).toEqual([
      expect.objectContaining({
        reader: { _id: goneReader, name: null, email: "gone@summitsports.academy", role: "instructor" },
        camperId: goneCamper,
        camper_name: null,
        camper_removed: true,
      }),
    ]);
  });

  it("a family downloads everything held about it", async () => {
    const res = await api.call({ method: "GET", url: "/campers/export", as: LEE });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="academy-family-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.account).toMatchObject({ email: LEE.email });
    expect(data.campers.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(["=HYPERLINK(1) Quill", "Leo Rivera"]),
    );
    expect(data.campers.find((c: { name: string }) => c.name === "=HYPERLINK(1) Quill")).toMatchObject({
      allergies: "Bee stings",
      emergency_contacts: [contact],
    });
    expect(data.enrolments).toEqual(
      expect.arrayContaining([expect.objectContaining({ camper: "=HYPERLINK(1) Quill" })]),
    );
  });
});

describe("rotating the key of campers' details", () => {
  it("opens what the old key sealed, re-seals it with the new key, and then needs the old key no more", async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = createSealer(oldKey);
    const camper = { id: randomUUID(), familyId: SAM.id };
    const [row] = await api.database.db
      .insert(campersTable)
      .values({
        ...camper,
        firstName: "Rota",
        lastName: "Tion",
        dateOfBirth: bornAged(11),
        sealedDetails: before.seal(JSON.stringify({ allergies: "Kiwi" }), camperDetailsBinding(camper)),
      })
      .returning();
    const during = createSealer(newKey, [oldKey]);
    const first = await resealCamperDetails(api.database.db, during);
    expect(first.resealed).toBe(1);
    // The other tests' campers are sealed with the suite's key, which this rotation does not know.
    expect(first.unreadable).toBeGreaterThan(0);
    const [after] = await api.database.db.select().from(campersTable).where(eq(campersTable.id, row!.id));
    expect(JSON.parse(createSealer(newKey).open(after!.sealedDetails!, camperDetailsBinding(camper)))).toEqual({
      allergies: "Kiwi",
    });
    expect(() => createSealer(oldKey).open(after!.sealedDetails!, camperDetailsBinding(camper))).toThrow(/unknown key/);
    expect((await resealCamperDetails(api.database.db, during)).resealed).toBe(0);
  });
});
