import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationOutbox } from "../platform/database/schema.js";
import { ADMIN, classId, JONAS, MAYA, user, useTestApi } from "../../test/harness.js";

/**
 * Which edits of an approved class wait for an admin and which apply at once, the admin's answer
 * to proposed changes, reasons required to say no, and the review thread that keeps every word
 * (decision 039).
 */
const api = useTestApi();
const DIEGO = user("diego@summitsports.academy");

type Thread = {
  kind: string;
  message: string | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  author: string | null;
}[];
const publicClass = async (id: string) => (await api.call({ method: "GET", url: `/classes/${id}` })).json();
const staffClass = async (id: string) => (await api.call({ method: "GET", url: `/classes/${id}`, as: MAYA })).json();
const thread = async (id: string, as = MAYA) =>
  (await api.call({ method: "GET", url: `/classes/${id}/reviews`, as })).json() as Thread;
const edit = (id: string, payload: object, as = MAYA) =>
  api.call({ method: "PATCH", url: `/classes/${id}`, as, payload });
const decide = (id: string, payload: object) =>
  api.call({ method: "PATCH", url: `/classes/${id}/proposal`, as: ADMIN, payload });
const mailsTo = async (email: string) =>
  (
    await api.database.db
      .select({ facts: notificationOutbox.payload })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.kind, "class-reviewed"), eq(notificationOutbox.recipient, email)))
  ).map((r) => r.facts as { status: string; feedback: string | null });

describe("editing an approved class", () => {
  it("applies its picture, seats and opening at once, and it stays approved and listed", async () => {
    const id = classId(7);
    const res = await edit(id, {
      available_seats: 20,
      image: "https://example.com/new-picture.png",
      registration_opens_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(res.json()).toEqual({ modifiedCount: 1, status: "approved", proposed_fields: [] });
    expect(await publicClass(id)).toMatchObject({ available_seats: 20, image: "https://example.com/new-picture.png" });
    expect((await staffClass(id)).proposed_changes).toBeNull();
    expect(await thread(id)).toEqual([]);
  });

  it("proposes what families chose the class for; the class stays on the site as approved until an admin accepts", async () => {
    const id = classId(1);
    const before = await publicClass(id);
    // The instructor's form sends every field: only those that differ are proposed.
    const res = await edit(id, {
      class_name: "Junior Soccer Academy",
      details: before.details,
      price: 159,
      available_seats: before.available_seats + 2,
    });
    expect(res.json()).toEqual({ modifiedCount: 1, status: "approved", proposed_fields: ["class_name", "price"] });
    const live = await publicClass(id);
    expect(live).toMatchObject({
      class_name: before.class_name,
      price: before.price,
      available_seats: before.available_seats + 2,
    });
    expect(live).not.toHaveProperty("proposed_changes");
    const staff = await staffClass(id);
    expect(staff).toMatchObject({
      status: "approved",
      proposed_changes: { class_name: "Junior Soccer Academy", price: 159 },
    });
    expect(staff.proposed_at).toEqual(expect.any(String));
    expect(await thread(id)).toMatchObject([
      {
        kind: "changes_proposed",
        author: MAYA.name,
        changes: {
          class_name: { from: before.class_name, to: "Junior Soccer Academy" },
          price: { from: before.price, to: 159 },
        },
      },
    ]);

    // Rejecting needs a reason; accepting puts the changes on the class.
    const bare = await decide(id, { decision: "reject" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toHaveProperty("feedback");
    const accepted = await decide(id, { decision: "accept", feedback: "Good name." });
    expect(accepted.json()).toEqual({ modifiedCount: 1, decision: "accept" });
    expect(await publicClass(id)).toMatchObject({ class_name: "Junior Soccer Academy", price: 159 });
    expect((await staffClass(id)).proposed_changes).toBeNull();
    expect((await thread(id)).map((t) => t.kind)).toEqual(["changes_proposed", "changes_accepted"]);
    expect(await mailsTo(MAYA.email)).toContainEqual(
      expect.objectContaining({ status: "changes_accepted", feedback: "Good name." }),
    );

    // Nothing waits any more: a second answer is refused.
    expect((await decide(id, { decision: "accept" })).statusCode).toBe(409);
  });

  it("keeps a schedule whole, drops a field set back, and a rejection keeps the class as it was, with the reason", async () => {
    const id = classId(7);
    const before = await staffClass(id);
    const res = await edit(id, {
      start_date: before.start_date,
      end_date: before.end_date,
      weekdays: before.weekdays,
      start_time: "10:00",
      end_time: before.end_time,
      level: before.level === "advanced" ? "beginner" : "advanced",
    });
    expect(res.json().proposed_fields).toEqual([
      "start_date",
      "end_date",
      "weekdays",
      "start_time",
      "end_time",
      "level",
    ]);
    // The level set back to its live value leaves only the schedule waiting.
    const back = await edit(id, { level: before.level });
    expect(back.json().proposed_fields).toEqual(["start_date", "end_date", "weekdays", "start_time", "end_time"]);

    const rejected = await decide(id, { decision: "reject", feedback: "Families booked the 9 o'clock start." });
    expect(rejected.statusCode).toBe(200);
    expect(await staffClass(id)).toMatchObject({ start_time: before.start_time, proposed_changes: null });
    const last = (await thread(id)).at(-1)!;
    expect(last).toMatchObject({
      kind: "changes_rejected",
      message: "Families booked the 9 o'clock start.",
      author: ADMIN.name,
    });
    expect(await mailsTo(MAYA.email)).toContainEqual(
      expect.objectContaining({ status: "changes_rejected", feedback: "Families booked the 9 o'clock start." }),
    );
  });

  it("proposes the venue and the day's drop-off; what to bring applies at once; a proposal keeps drop-off before the start", async () => {
    const id = classId(12);
    const before = await staffClass(id);
    const JONAS_OR_OWNER = before.instructorId === MAYA.id ? MAYA : user(before.email);
    const res = await edit(
      id,
      { venue_address: "Riverside Park\n1400 SE Water Avenue", what_to_bring: "Water; a hat" },
      JONAS_OR_OWNER,
    );
    expect(res.json().proposed_fields).toEqual(["venue_address"]);
    expect(await publicClass(id)).toMatchObject({ venue_address: before.venue_address, what_to_bring: "Water; a hat" });
    const late = await edit(id, { drop_off: "23:00" }, JONAS_OR_OWNER);
    expect(late.statusCode).toBe(400);
    expect(late.json().fields).toHaveProperty("drop_off");
  });

  it("refuses a proposal whose prices break the early-bird rule, field by field", async () => {
    const res = await edit(classId(1), { early_price: 500, early_price_until: "2099-01-01" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty("early_price");
  });

  it("an admin's own edit applies at once", async () => {
    const res = await edit(classId(2), { class_name: "Basketball Basics" }, ADMIN);
    expect(res.json()).toMatchObject({ status: "approved", proposed_fields: [] });
    expect(await publicClass(classId(2))).toMatchObject({ class_name: "Basketball Basics" });
  });
});

describe("an admin's review", () => {
  it("denying needs a reason, sent to the instructor; a denied class edited goes back to review; the thread keeps every word", async () => {
    const id = classId(13);
    const bare = await api.call({
      method: "PATCH",
      url: `/classes/${id}/status`,
      as: ADMIN,
      payload: { status: "denied" },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toHaveProperty("feedback");
    await api.call({
      method: "PATCH",
      url: `/classes/${id}/feedback`,
      as: ADMIN,
      payload: { feedback: "Which pitch?" },
    });
    const denied = await api.call({
      method: "PATCH",
      url: `/classes/${id}/status`,
      as: ADMIN,
      payload: { status: "denied", feedback: "Add the pitch and the ages." },
    });
    expect(denied.json()).toEqual({ modifiedCount: 1, status: "denied" });
    expect(await mailsTo(MAYA.email)).toContainEqual(
      expect.objectContaining({ status: "denied", feedback: "Add the pitch and the ages." }),
    );

    const resent = await edit(id, { location: "Pitch 3" });
    expect(resent.json()).toMatchObject({ status: "pending", proposed_fields: [] });
    const staff = await staffClass(id);
    // The latest words stay on the class; none are lost from its thread.
    expect(staff).toMatchObject({ status: "pending", location: "Pitch 3", feedback: "Add the pitch and the ages." });
    expect((await thread(id)).map((t) => [t.kind, t.message])).toEqual([
      ["feedback", "Which pitch?"],
      ["denied", "Add the pitch and the ages."],
      ["resubmitted", null],
    ]);
    // Approving without words does not send the old reason again.
    await api.call({ method: "PATCH", url: `/classes/${id}/status`, as: ADMIN, payload: { status: "approved" } });
    expect(await mailsTo(MAYA.email)).toContainEqual(expect.objectContaining({ status: "approved", feedback: null }));
  });

  it("denying an approved class drops the changes waiting on it", async () => {
    const id = classId(8);
    await edit(id, { price: 155 }, JONAS);
    await api.call({
      method: "PATCH",
      url: `/classes/${id}/status`,
      as: ADMIN,
      payload: { status: "denied", feedback: "Taken off for now." },
    });
    expect((await api.call({ method: "GET", url: `/classes/${id}`, as: JONAS })).json()).toMatchObject({
      status: "denied",
      proposed_changes: null,
    });
  });

  it("a class's thread is for its instructor and the admins only; the seed's denied class says why", async () => {
    expect((await api.call({ method: "GET", url: `/classes/${classId(15)}/reviews`, as: JONAS })).statusCode).toBe(403);
    expect(await thread(classId(15), DIEGO)).toMatchObject([
      { kind: "denied", author: ADMIN.name, message: expect.stringContaining("golf") },
    ]);
    expect((await api.call({ method: "GET", url: `/classes/${classId(15)}/reviews` })).statusCode).toBe(401);
  });
});
