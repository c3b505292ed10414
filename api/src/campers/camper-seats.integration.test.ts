import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { birthDateForAge } from "../../../tools/test-dates.mjs";
import { camperSteps, child, contact, newClass } from "../../test/camper-steps.js";
import { family } from "../../test/families.js";
import { ADMIN, classId, confirmCard, JONAS, LEE, MAYA, SAM, useTestApi } from "../../test/harness.js";

/**
 * Who may take a seat (decision 030), decided by the server at every step: a child of the class's
 * ages, with an emergency contact, in one class at a time; siblings taking a seat each.
 */
const api = useTestApi({ RATE_LIMIT_SENSITIVE: "1000", RATE_LIMIT_FORMS: "1000" });
const { addCamper, book } = camperSteps(api);

describe("who may take a seat", () => {
  it("a child outside the class's ages is refused, with the reason, in the dialog and by the cart", async () => {
    const cls = await newClass(api, { start: 50, end: 54 });
    const young = await addCamper(SAM, child("Pia", birthDateForAge(7, cls.startDate!, { daysLater: 1 })));
    const eligibility = (await api.call({ method: "GET", url: `/classes/${cls.id}/eligibility`, as: SAM })).json();
    const pia = eligibility.find((e: { camperId: string }) => e.camperId === young._id);
    const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const reason = `Pia will be 6 on ${day.format(new Date(`${cls.startDate}T00:00:00Z`))}; this class is for ages 8-12.`;
    expect(pia).toEqual({ camperId: young._id, name: "Pia Rivera", is_self: false, eligible: false, reason });
    const res = await book(SAM, cls.id, young._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(reason);
    // The day before their 8th birthday is still 7; on it, 8.
    const almost = await addCamper(SAM, child("Tom", birthDateForAge(8, cls.startDate!, { daysLater: 1 })));
    expect((await book(SAM, cls.id, almost._id)).statusCode).toBe(409);
    const eight = await addCamper(SAM, child("Eve", birthDateForAge(8, cls.startDate!)));
    expect((await book(SAM, cls.id, eight._id)).statusCode).toBe(201);
  });

  it("a child needs an emergency contact before the first booking", async () => {
    const cls = await newClass(api, { start: 60, end: 64 });
    const kid = await addCamper(SAM, child("Ned", birthDateForAge(10, cls.startDate!), { emergency_contacts: [] }));
    const res = await book(SAM, cls.id, kid._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Add an emergency contact for Ned under My Campers before booking.");
  });

  it("one camper cannot be in two classes that meet at the same time; a sibling can", async () => {
    const morning = await newClass(api, { start: 70, end: 74, from: "09:00", to: "12:00" });
    const late = await newClass(api, { start: 72, end: 76, from: "11:00", to: "13:00" });
    const afternoon = await newClass(api, { start: 70, end: 74, from: "12:00", to: "15:00" });
    const ada = await addCamper(LEE, child("Ada", birthDateForAge(11, morning.startDate!)));
    const bo = await addCamper(LEE, child("Bo", birthDateForAge(10, morning.startDate!)));
    expect((await book(LEE, morning.id, ada._id)).statusCode).toBe(201);
    const clash = await book(LEE, late.id, ada._id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      `Ada has an overlapping class in the cart: "${await nameOf(morning.id)}". Remove one of them first.`,
    );
    expect((await book(LEE, late.id, bo._id)).statusCode).toBe(201);
    // Back to back is no overlap.
    expect((await book(LEE, afternoon.id, ada._id)).statusCode).toBe(201);
    const again = await book(LEE, morning.id, ada._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Ada already has this class in the cart.");
  });

  it("two siblings in one class take two seats and one payment; both are enrolled, and whose seat shows everywhere", async () => {
    const cls = await newClass(api, { start: 80, end: 84, seats: 5 });
    const before = await seats(cls.id);
    const kim = await addCamper(SAM, child("Kim", birthDateForAge(11, cls.startDate!)));
    const kai = await addCamper(SAM, child("Kai", birthDateForAge(10, cls.startDate!)));
    await emptyCart(SAM);
    expect((await book(SAM, cls.id, kim._id)).statusCode).toBe(201);
    expect((await book(SAM, cls.id, kai._id)).statusCode).toBe(201);
    const cart = (await api.call({ method: "GET", url: `/carts?email=${SAM.email}`, as: SAM })).json();
    expect(cart.map((l: { camper_name: string }) => l.camper_name).sort()).toEqual(["Kai Rivera", "Kim Rivera"]);
    const co = await api.call({ method: "POST", url: "/create-payment-intent", as: SAM, payload: {} });
    expect(co.statusCode, co.body).toBe(201);
    expect(co.json().amount).toBe(298);
    expect(
      co
        .json()
        .items.map((i: { camper_name: string }) => i.camper_name)
        .sort(),
    ).toEqual(["Kai Rivera", "Kim Rivera"]);
    expect((await seats(cls.id)).held).toBe(before.held + 2);
    expect(await confirmCard(co.json().clientSecret)).toBe(200);
    const paid = await api.call({
      method: "POST",
      url: "/payments",
      as: SAM,
      payload: { transactionId: co.json().paymentIntentId },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment).toMatchObject({ price: 298, quantity: 2 });
    expect([...paid.json().payment.camperNames].sort()).toEqual(["Kai Rivera", "Kim Rivera"]);
    expect((await seats(cls.id)).enrolled).toBe(before.enrolled + 2);
    const enrolled = (await api.call({ method: "GET", url: `/enrolled?email=${SAM.email}`, as: SAM })).json();
    expect(
      enrolled
        .filter((e: { _id: string }) => e._id === cls.id)
        .map((e: { camper_name: string }) => e.camper_name)
        .sort(),
    ).toEqual(["Kai Rivera", "Kim Rivera"]);
    // The same child cannot hold a second seat in it, nor go while enrolled.
    const twice = await book(SAM, cls.id, kim._id);
    expect(twice.json().message).toBe("Kim is already booked for this class.");
    const removal = await api.call({ method: "DELETE", url: `/campers/${kim._id}`, as: SAM });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(
      `Kim is enrolled in "${await nameOf(cls.id)}", which has not ended: they stay until it has (cancel the seat first).`,
    );

    // The instructor's roster: both children, flags, contacts; every read recorded.
    const roster = await api.call({ method: "GET", url: `/classes/${cls.id}/roster`, as: MAYA });
    expect(roster.statusCode).toBe(200);
    const names = roster
      .json()
      .map((r: { camper: { name: string } }) => r.camper.name)
      .sort();
    expect(names).toEqual(["Kai Rivera", "Kim Rivera"]);
    expect(roster.json()[0].camper).toMatchObject({ medical_flag: false, emergency_contacts: [contact] });
    expect((await api.call({ method: "GET", url: `/classes/${cls.id}/roster`, as: JONAS })).statusCode).toBe(403);
    const log = (await api.call({ method: "GET", url: `/admin/access-log?camperId=${kim._id}`, as: ADMIN })).json();
    expect(log.items[0]).toMatchObject({
      reason: "roster",
      classId: cls.id,
      reader: { email: MAYA.email, role: "instructor" },
    });
  });

  it("a parent books themselves only into a class open to every age, with a date of birth and an emergency contact", async () => {
    const kids = await newClass(api, { start: 90, end: 94 });
    const open = await newClass(api, { start: 90, end: 94, ages: null, from: "13:00", to: "15:00" });
    const single = await family(api);
    const parent = await family(api, ["Uma"]);
    const myself = async (as: { id: string; email: string }) =>
      ((await api.call({ method: "GET", url: "/campers", as })).json() as { _id: string; is_self: boolean }[]).find(
        (c) => c.is_self,
      )!._id;
    const self = await myself(parent);
    const reasonOf = async (classItemId: string) =>
      (
        (await api.call({ method: "GET", url: `/classes/${classItemId}/eligibility`, as: parent })).json() as {
          camperId: string;
          reason: string | null;
        }[]
      ).find((e) => e.camperId === self)!.reason;

    // An account without children books itself as the spec's students do: one click, any class.
    expect((await book(single, kids.id, await myself(single))).statusCode).toBe(201);
    expect((await book(single, classId(1))).statusCode).toBe(201);

    // A parent's "Myself": a class with an age range is for the children, in the dialog and by the cart.
    const forKids = `"${await nameOf(kids.id)}" is for ages 8-12: book it for one of your children. You can book yourself only into a class open to every age.`;
    expect(await reasonOf(kids.id)).toBe(forKids);
    const refused = await book(parent, kids.id, self);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(forKids);
    expect((await book(parent, kids.id, parent.kids[0])).statusCode).toBe(201);

    // Open to every age: first a date of birth, then someone to call, as any camper.
    expect((await book(parent, open.id, self)).json().message).toBe(
      "Give your date of birth under My Campers (Myself) before booking yourself.",
    );
    const patch = (payload: Record<string, unknown>) =>
      api.call({ method: "PATCH", url: `/campers/${self}`, as: parent, payload });
    expect((await patch({ date_of_birth: "1988-04-02" })).statusCode).toBe(200);
    // A parent's date of birth is an adult's; a child's stays within a camper's ages.
    const grown = await api.call({
      method: "PATCH",
      url: `/campers/${parent.kids[0]}`,
      as: parent,
      payload: { date_of_birth: "1988-04-02" },
    });
    expect(grown.statusCode).toBe(400);
    expect(grown.json().fields).toEqual({ date_of_birth: "A camper is at most 25 years old" });
    expect(await reasonOf(open.id)).toBe(
      "Add an emergency contact for yourself under My Campers (Myself) before booking yourself.",
    );
    expect((await patch({ emergency_contacts: [contact] })).statusCode).toBe(200);
    expect(await reasonOf(open.id)).toBeNull();
    expect((await book(parent, open.id, self)).statusCode).toBe(201);

    // The checkout asks again: a child added after "Myself" went into the cart of an age-ranged class.
    await api.call({ method: "POST", url: "/campers", as: single, payload: child("Ivo", "2016-05-05") });
    const checkout = await api.call({ method: "POST", url: "/create-payment-intent", as: single, payload: {} });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().message).toContain("book it for one of your children");
  });
});

async function nameOf(classId: string) {
  const rows = (await api.database.db.execute(sql`select name from classes where id = ${classId}`)) as {
    rows: unknown[];
  };
  return (rows.rows[0] as { name: string }).name;
}

async function seats(classId: string) {
  const rows = (await api.database.db.execute(
    sql`select enrolled_seats as enrolled, held_seats as held from classes where id = ${classId}`,
  )) as { rows: unknown[] };
  return rows.rows[0] as { enrolled: number; held: number };
}

async function emptyCart(as: typeof SAM) {
  const cart = (await api.call({ method: "GET", url: `/carts?email=${as.email}`, as })).json() as { _id: string }[];
  for (const line of cart) await api.call({ method: "DELETE", url: `/carts/${line._id}`, as });
}
