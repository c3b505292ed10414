import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { family } from "../../test/families.js";
import { ADMIN, JONAS, MAYA, useTestApi } from "../../test/harness.js";
import { enrollments, guardians, notificationOutbox } from "../platform/database/schema.js";
import { renderMessage } from "../notifications/index.js";
import { MOST_MESSAGES_A_DAY } from "./message-routes.js";
import { campDaySteps } from "../../test/camp-day-steps.js";

/** Messages to a class's families, on PGlite and PostgreSQL: who may send, who gets them, how many a day. */
const api = useTestApi({ RATE_LIMIT_FORMS: "1000", RATE_LIMIT_SENSITIVE: "1000" });
const { todaysClass } = campDaySteps(api);

const sent = (messageId: string) =>
  api.database.db
    .select()
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.kind, "class-message"),
        like(notificationOutbox.dedupeKey, `class-message:${messageId}:%`),
      ),
    );

describe("messages to a class's families", () => {
  it("e-mails every guardian of the class's campers once, keeps a copy, and only its coach or an admin sends", async () => {
    const one = await family(api, ["Lia", "Max"]);
    const two = await family(api, ["Ned"]);
    await api.database.db.insert(guardians).values({
      familyId: two.id,
      position: 2,
      name: "Sol Second",
      relation: "father",
      phone: "+1 555 0102",
      email: "sol.second@example.com",
      addressLine1: "2 Field Lane",
      city: "Springfield",
      postalCode: "62701",
    });
    const cls = await todaysClass(one);
    // Ned in the same class.
    await api.database.db.insert(enrollments).values({ studentId: two.id, classId: cls, camperId: two.kids[0]! });

    const body = { subject: "Rain today", body: "We play in the gym.\nBring indoor shoes <b>please</b>." };
    const post = (as: { id: string; email: string }, payload: object = body) =>
      api.call({ method: "POST", url: `/classes/${cls}/messages`, as, payload });
    expect((await post(JONAS)).statusCode).toBe(403);
    expect((await post(one)).statusCode).toBe(403);
    expect((await post(MAYA, { subject: " ", body: "x" })).json().fields).toMatchObject({
      subject: "Give the message a subject",
    });

    const made = await post(MAYA);
    expect(made.statusCode, made.body).toBe(201);
    // Family one's account, family two's account and its second guardian: two children of one family are one address.
    expect(made.json()).toMatchObject({ subject: "Rain today", sender_name: "Maya Torres", recipients: 3 });
    const rows = await sent(made.json()._id);
    expect(rows.map((r) => r.recipient).sort()).toEqual([one.email, "sol.second@example.com", two.email].sort());

    // The e-mail says it as text: the tags are letters, the lines kept.
    const mail = await renderMessage("class-message", rows[0]!.payload as never, { siteUrl: "https://camp.example" });
    expect(mail.subject).toMatch(/: Rain today$/);
    expect(mail.text).toMatch(/We play in the gym\.\n+Bring indoor shoes <b>please<\/b>\./);
    expect(mail.html).not.toContain("<b>please");

    const list = await api.call({ method: "GET", url: `/classes/${cls}/messages`, as: ADMIN });
    expect(list.json().messages).toMatchObject([{ _id: made.json()._id, body: body.body }]);
    expect((await api.call({ method: "GET", url: `/classes/${cls}/messages`, as: JONAS })).statusCode).toBe(403);
  });

  it(`stops a class at ${MOST_MESSAGES_A_DAY} messages a day; an admin's message to every class of today`, async () => {
    const parent = await family(api, ["Oli"]);
    const cls = await todaysClass(parent);
    for (let i = 0; i < MOST_MESSAGES_A_DAY; i++) {
      const res = await api.call({
        method: "POST",
        url: `/classes/${cls}/messages`,
        as: MAYA,
        payload: { subject: `Note ${i}`, body: "x" },
      });
      expect(res.statusCode).toBe(201);
    }
    const over = await api.call({
      method: "POST",
      url: `/classes/${cls}/messages`,
      as: ADMIN,
      payload: { subject: "One more", body: "x" },
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/messages today already/);

    const other = await family(api, ["Pia"]);
    const second = await todaysClass(other);
    // Every class of today for an admin: the full class refuses, so nothing is sent to any.
    const all = await api.call({
      method: "POST",
      url: "/today/messages",
      as: ADMIN,
      payload: { subject: "Heat", body: "Bring water." },
    });
    expect(all.statusCode).toBe(429);
    expect((await api.call({ method: "GET", url: `/classes/${second}/messages`, as: ADMIN })).json().messages).toEqual(
      [],
    );
  });
});
