import { describe, expect, it } from "vitest";
import { ADMIN, classId, enrolDirectly, JONAS, MAYA, SAM, useTestApi } from "../../test/harness.js";

const api = useTestApi();
type WireClass = { _id: string; class_name: string; status?: string; price: number; email: string; instructor: string };

describe("class lifecycle", () => {
  it("the public list shows approved classes only, most enrolled first, in the spec's wire names", async () => {
    const res = await api.call({ method: "GET", url: "/classes" });
    const list = res.json() as (WireClass & { enrolled_seats: number; available_seats: number })[];
    expect(list).toHaveLength(12);
    expect(list[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        class_name: expect.any(String),
        available_seats: expect.any(Number),
        enrolled_seats: expect.any(Number),
        price: expect.any(Number),
        instructor: expect.any(String),
        email: expect.any(String),
        image: expect.any(String),
      }),
    );
    expect(list.some((c) => "status" in c)).toBe(false);
    const enrolled = list.map((c) => c.enrolled_seats);
    expect([...enrolled].sort((a, b) => b - a)).toEqual(enrolled);
    expect(list.find((c) => c._id === classId(8))!.price).toBe(149.5);
  });

  it("admins see every class with its status", async () => {
    const list = (await api.call({ method: "GET", url: "/classes", as: ADMIN })).json() as WireClass[];
    expect(list).toHaveLength(15);
    expect(new Set(list.map((c) => c.status))).toEqual(new Set(["approved", "pending", "denied"]));
  });

  it("a new class is pending, owned by the caller whatever the body says, and reaches the public list once approved", async () => {
    const created = await api.call({
      method: "POST",
      url: "/classes",
      as: MAYA,
      payload: {
        class_name: "Beach Volleyball",
        image: "https://example.com/beach.png",
        available_seats: 12,
        enrolled_seats: 12,
        price: 99.99,
        instructor: "Someone Else",
        email: JONAS.email,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().insertedId as string;
    const mine = (
      await api.call({ method: "GET", url: `/myclasses?email=${MAYA.email}`, as: MAYA })
    ).json() as (WireClass & { enrolled_seats: number })[];
    const made = mine.find((c) => c._id === id)!;
    expect(made).toMatchObject({
      status: "pending",
      instructor: MAYA.name,
      email: MAYA.email,
      enrolled_seats: 0,
      price: 99.99,
    });
    const publicIds = async () =>
      ((await api.call({ method: "GET", url: "/classes" })).json() as WireClass[]).map((c) => c._id);
    expect(await publicIds()).not.toContain(id);

    const approved = await api.call({
      method: "PATCH",
      url: `/classes/${id}/status`,
      as: ADMIN,
      payload: { status: "approved", feedback: "Great idea." },
    });
    expect(approved.json()).toEqual({ modifiedCount: 1, status: "approved" });
    expect(await publicIds()).toContain(id); // the very next read

    // The instructor's price change waits for a review; the approved class stays listed as it was (decision 039).
    const edit = await api.call({ method: "PATCH", url: `/classes/${id}`, as: MAYA, payload: { price: 89 } });
    expect(edit.json()).toEqual({ modifiedCount: 1, status: "approved", proposed_fields: ["price"] });
    expect(await publicIds()).toContain(id);
    const after = (await api.call({ method: "GET", url: `/classes/${id}`, as: MAYA })).json();
    expect(after).toMatchObject({
      status: "approved",
      feedback: "Great idea.",
      price: 99.99,
      proposed_changes: { price: 89 },
    });
  });

  it("an edit takes only the allow-listed fields", async () => {
    for (const payload of [
      { status: "approved" },
      { enrolled_seats: 0 },
      { instructorId: JONAS.id },
      { email: "x@example.com" },
      {},
    ]) {
      const res = await api.call({ method: "PATCH", url: `/classes/${classId(7)}`, as: MAYA, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("seats cannot drop below the students already enrolled", async () => {
    const res = await api.call({
      method: "PATCH",
      url: `/classes/${classId(1)}`,
      as: MAYA,
      payload: { available_seats: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty("available_seats");
  });

  it("validates a new class field by field", async () => {
    const res = await api.call({
      method: "POST",
      url: "/classes",
      as: MAYA,
      payload: { class_name: "", image: "ftp://x", available_seats: 0, price: -1 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(["available_seats", "class_name", "image", "price"]);
    const long = await api.call({
      method: "POST",
      url: "/classes",
      as: MAYA,
      payload: { class_name: "x".repeat(121), image: "https://e.com/a.png", available_seats: 3, price: 1.001 },
    });
    expect(Object.keys(long.json().fields).sort()).toEqual(["class_name", "price"]);
  });

  it("refuses a free class: the price is a positive amount, on adding and on editing", async () => {
    const add = await api.call({
      method: "POST",
      url: "/classes",
      as: MAYA,
      payload: { class_name: "Free kicks", image: "https://e.com/a.png", available_seats: 3, price: 0 },
    });
    expect(add.statusCode).toBe(400);
    expect(add.json().fields).toEqual({ price: "Price must be more than $0." });
    const edit = await api.call({ method: "PATCH", url: `/classes/${classId(1)}`, as: MAYA, payload: { price: 0 } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toEqual({ price: "Price must be more than $0." });
  });

  it("a denied class stays out of the public list and keeps its feedback for the instructor", async () => {
    await api.call({
      method: "PATCH",
      url: `/classes/${classId(14)}/status`,
      as: ADMIN,
      payload: { status: "denied", feedback: "Pool is booked." },
    });
    const own = (await api.call({ method: "GET", url: `/classes/${classId(14)}`, as: user4() })).json();
    expect(own).toMatchObject({ status: "denied", feedback: "Pool is booked." });
  });

  it("an unknown or malformed class id is a 404 or a 400, never a 500", async () => {
    expect((await api.call({ method: "GET", url: `/classes/${classId(999)}` })).statusCode).toBe(404);
    expect((await api.call({ method: "GET", url: "/classes/not-an-id" })).statusCode).toBe(400);
  });

  it("a class with enrolled students cannot be deleted", async () => {
    await enrolDirectly(api.database, SAM.id, classId(3));
    const res = await api.call({ method: "DELETE", url: `/classes/${classId(3)}`, as: ADMIN });
    expect(res.statusCode).toBe(409);
  });
});

describe("a class's roster", () => {
  it("lists the enrolled students with name, e-mail and date, to the class's instructor and admins only", async () => {
    const maya7 = classId(13); // Maya's class with nobody enrolled (the seed's families hold seats in her others)
    const empty = await api.call({ method: "GET", url: `/classes/${maya7}/roster`, as: MAYA });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    await enrolDirectly(api.database, SAM.id, maya7);
    const roster = await api.call({ method: "GET", url: `/classes/${maya7}/roster`, as: MAYA });
    expect(roster.json()).toEqual([
      {
        name: SAM.name,
        email: SAM.email,
        enrolledAt: expect.any(String),
        // Who to call: the seeded student's own phone, given as every family does before booking.
        guardians: [{ name: SAM.name, relation: "parent", phone: "+1 503 555 0190" }],
        // The academy asks for no forms here.
        forms: "none",
        // Whose seat: the account's own "Myself" camper, with what the instructor needs on the day.
        camper: {
          _id: expect.any(String),
          name: SAM.name,
          is_self: true,
          age: null,
          medical_flag: false,
          emergency_contacts: [],
          pickup_people: [],
          photo_consent: false,
        },
      },
    ]);
    expect(Number.isNaN(Date.parse(roster.json()[0].enrolledAt))).toBe(false);
    expect((await api.call({ method: "GET", url: `/classes/${maya7}/roster`, as: ADMIN })).json()).toHaveLength(1);
    const other = await api.call({ method: "GET", url: `/classes/${maya7}/roster`, as: JONAS });
    expect(other.statusCode).toBe(403);
    expect(JSON.stringify(other.json())).not.toContain(SAM.email);
    const missing = await api.call({ method: "GET", url: `/classes/${classId(99)}/roster`, as: MAYA });
    expect(missing.statusCode).toBe(404);
  });
});

describe("the cached public lists", () => {
  it("answer a conditional request with 304 and change their ETag after a write", async () => {
    const first = await api.call({ method: "GET", url: "/classes" });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await api.call({ method: "GET", url: "/classes", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    await api.call({
      method: "PATCH",
      url: `/classes/${classId(5)}`,
      as: ADMIN,
      payload: { details: "Now with beach days." },
    });
    const changed = await api.call({ method: "GET", url: "/classes", headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as { _id: string; details: string }[]).find((c) => c._id === classId(5))!.details).toBe(
      "Now with beach days.",
    );
  });

  it("instructors list exposes public fields only", async () => {
    const list = (await api.call({ method: "GET", url: "/instructors" })).json() as Record<string, unknown>[];
    expect(list.length).toBeGreaterThanOrEqual(6);
    for (const i of list) expect(Object.keys(i).sort()).toEqual(["_id", "classCount", "email", "name", "photo"]);
    expect(list.some((i) => i.email === SAM.email)).toBe(false);
  });
});

function user4() {
  return { id: "00000000-0000-4000-8000-000000000004", email: "priya@summitsports.academy" };
}
