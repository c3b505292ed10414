import { describe, expect, it } from "vitest";
import { birthDateForAge } from "../../../tools/test-dates.mjs";
import { CONTACT, family, joinLine, lineClass, paySeats } from "../../test/families.js";
import { ADMIN, clockDay, useTestApi } from "../../test/harness.js";

/**
 * A family's waitlist places where everything about the family is read (the admin's family view,
 * logged as that view is, and the family's own download), and who of a family may join a line as
 * the booking dialog asks it (GET /classes/:id/eligibility?purpose=waitlist).
 */
const api = useTestApi({ RATE_LIMIT_SENSITIVE: "1000", RATE_LIMIT_CHECKOUTS: "1000", RATE_LIMIT_WAITLIST: "1000" });

/** A class of one seat, bought by another family: full, so families may join its line. */
async function fullClass(extra: Parameters<typeof lineClass>[2] = {}) {
  const classId = await lineClass(api, 1, extra);
  await paySeats(api, await family(api), [classId]);
  return classId;
}

describe("a family's waitlist places", () => {
  it("show in the admin's family view (the read logged) and in the family's download", async () => {
    const classId = await fullClass();
    const parent = await family(api, ["Ava", "Ben"]);
    const [ava, ben] = parent.kids;
    const joined = await joinLine(api, parent, classId, [ava!, ben!]);
    expect(joined.statusCode, joined.body).toBe(201);

    const view = await api.call({ method: "GET", url: `/users/${parent.id}/family`, as: ADMIN });
    expect(view.statusCode, view.body).toBe(200);
    const camper = (id: string) => view.json().campers.find((c: { _id: string }) => c._id === id);
    for (const id of [ava!, ben!]) {
      expect(camper(id).waitlist).toEqual([
        expect.objectContaining({
          classId,
          class_name: expect.stringMatching(/^Line Camp/),
          camperId: id,
          state: "waiting",
          place: 1,
          dropped_reason: null,
          joinedAt: expect.any(String),
          offeredAt: null,
        }),
      ]);
    }
    const log = await api.call({ method: "GET", url: `/admin/access-log?camperId=${ava}`, as: ADMIN });
    expect(log.json().items).toEqual([expect.objectContaining({ reason: "family", camperId: ava })]);

    const download = (await api.call({ method: "GET", url: "/campers/export", as: parent })).json();
    expect(download.waitlist).toHaveLength(2);
    expect(download.waitlist).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ classId, camper: `Ava ${parent.lastName}`, state: "waiting", place: 1 }),
        expect.objectContaining({ classId, camper: `Ben ${parent.lastName}`, state: "waiting", place: 1 }),
      ]),
    );
  });
});

describe("who of a family may join a line", () => {
  it("is answered before joining: a child outside the class's ages is named with the reason", async () => {
    const classId = await fullClass({ ageMin: 9, ageMax: 11, startDate: clockDay(40) });
    const parent = await family(api, ["Cal"]);
    const young = await api.call({
      method: "POST",
      url: "/campers",
      as: parent,
      payload: {
        first_name: "Dee",
        last_name: parent.lastName,
        date_of_birth: birthDateForAge(5, clockDay(40)),
        emergency_contacts: [CONTACT],
      },
    });
    expect(young.statusCode, young.body).toBe(201);
    const dee = young.json().camper._id;
    const answer = await api.call({
      method: "GET",
      url: `/classes/${classId}/eligibility`,
      query: { purpose: "waitlist" },
      as: parent,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const of = (id: string) => answer.json().find((c: { camperId: string }) => c.camperId === id);
    expect(of(parent.kids[0]!)).toMatchObject({ eligible: true, reason: null });
    expect(of(dee)).toMatchObject({ eligible: false, reason: expect.stringMatching(/this class is for ages 9-11\.$/) });
    // What joining answers for that child is the same reason.
    const refused = await joinLine(api, parent, classId, [dee]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(of(dee).reason);
    expect(
      (
        await api.call({
          method: "GET",
          url: `/classes/${classId}/eligibility`,
          query: { purpose: "later" },
          as: parent,
        })
      ).statusCode,
    ).toBe(400);
  });
});
