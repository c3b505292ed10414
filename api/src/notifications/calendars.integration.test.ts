import ical, { type CalendarComponent, type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { clockDay, useTestApi } from "../../test/harness.js";
import { enrollments } from "../platform/database/schema.js";
import { sessionDays } from "./calendar.js";
import { ACADEMY_TIME_ZONE, academyInstant } from "./format.js";

/**
 * "Add to calendar" on an enrolment and the family's private feed: both parsed back by a
 * library (node-ical) and compared with the class's sessions, day by day, in the academy's zone.
 */

const api = useTestApi({ MAIL_WORKER_INTERVAL_MS: "3600000", SITE_URL: "https://camp.example.org" });

const events = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter(
    (c): c is VEvent => (c as CalendarComponent | undefined)?.type === "VEVENT",
  );

/** Every start of a weekly event, as instants. */
const starts = (event: VEvent) =>
  event.rrule!.between(new Date("2000-01-01"), new Date("2100-01-01"), true).map((d) => d.toISOString());

async function enrolled() {
  const parent = await family(api, ["Kim", "Lou"]);
  const soccer = { startDate: clockDay(20), endDate: clockDay(33), weekdays: ["mon", "wed", "fri"] as const };
  const tennis = { startDate: clockDay(40), endDate: clockDay(46), weekdays: ["tue", "thu"] as const };
  const soccerId = await lineClass(api, 5, { ...soccer, weekdays: [...soccer.weekdays], startTime: "09:00" });
  const tennisId = await lineClass(api, 5, {
    ...tennis,
    weekdays: [...tennis.weekdays],
    startTime: "13:30",
    endTime: "15:00",
  });
  const rows = await api.database.db
    .insert(enrollments)
    .values([
      { studentId: parent.id, classId: soccerId, camperId: parent.kids[0]! },
      { studentId: parent.id, classId: tennisId, camperId: parent.kids[1]! },
    ])
    .returning({ id: enrollments.id, classId: enrollments.classId });
  return { parent, soccer, tennis, rows };
}

describe("calendars", () => {
  it("Add to calendar: one enrolment's sessions as a weekly event in the academy's zone", async () => {
    const { parent, soccer, rows } = await enrolled();
    const res = await api.call({ method: "GET", url: `/enrollments/${rows[0]!.id}/calendar.ics`, as: parent });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="camp-sessions\.ics"/);
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body).toContain(`TZID:${ACADEMY_TIME_ZONE}`);
    const [event, ...others] = events(res.body);
    expect(others).toHaveLength(0);
    expect(event!.uid).toBe(`enrollment-${rows[0]!.id}@camp.example.org`);
    expect(event!.summary).toMatch(/\(Kim\)$/);
    expect((event!.start as Date & { tz?: string }).tz).toBe(ACADEMY_TIME_ZONE);
    expect(starts(event!)).toEqual(
      sessionDays({ ...soccer, weekdays: [...soccer.weekdays] }).map((d) => academyInstant(d, "09:00").toISOString()),
    );
    expect((event!.end!.getTime() - event!.start.getTime()) / 60_000).toBe(180);
  });

  it("LOCATION is the class's place at its venue's full address, or at the academy's", async () => {
    const parent = await family(api, ["Kim"]);
    const away = await lineClass(api, 5, {
      location: "North field",
      venueAddress: "Riverside Park\n1400 SE Water Avenue\nPortland, OR 97214",
    });
    const home = await lineClass(api, 5, { location: "Pool" });
    const rows = await api.database.db
      .insert(enrollments)
      .values([
        { studentId: parent.id, classId: away, camperId: parent.kids[0]! },
        { studentId: parent.id, classId: home, camperId: parent.kids[0]! },
      ])
      .returning({ id: enrollments.id });
    const [awayEvent, homeEvent] = await Promise.all(
      rows.map(async (r) => {
        const res = await api.call({ method: "GET", url: `/enrollments/${r.id}/calendar.ics`, as: parent });
        expect(res.statusCode, res.body).toBe(200);
        return { text: res.body.replace(/\r\n[ \t]/g, ""), event: events(res.body)[0]! };
      }),
    );
    expect(awayEvent!.event.location).toBe("North field, Riverside Park, 1400 SE Water Avenue, Portland, OR 97214");
    expect(awayEvent!.text).toContain(
      "LOCATION:North field\\, Riverside Park\\, 1400 SE Water Avenue\\, Portland\\, OR 97214\r\n",
    );
    expect(homeEvent!.event.location).toBe("Pool, 120 Riverside Drive, Portland, OR 97201");
  });

  it("someone else's enrolment is not found", async () => {
    const { rows } = await enrolled();
    const other = await family(api);
    const res = await api.call({ method: "GET", url: `/enrollments/${rows[0]!.id}/calendar.ics`, as: other });
    expect(res.statusCode).toBe(404);
  });

  it("the family's private feed: every session of every enrolment; a new address revokes the old one", async () => {
    const { parent, soccer, tennis, rows } = await enrolled();
    const made = await api.call({ method: "POST", url: "/notification-settings/calendar-feed", as: parent });
    expect(made.statusCode, made.body).toBe(200);
    const url: string = made.json().calendarFeedUrl;
    expect(url).toMatch(/^webcal:\/\/localhost:\d+\/calendar\/[\w-]{32}\.ics$/);
    const path = new URL(url.replace(/^webcal:/, "http:")).pathname;
    // No sign-in: a calendar app fetches it with the secret in the address.
    const feed = await api.call({ method: "GET", url: path });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    const byUid = new Map(events(feed.body).map((e) => [e.uid, e]));
    expect(byUid.size).toBe(2);
    const soccerEvent = byUid.get(`enrollment-${rows[0]!.id}@camp.example.org`)!;
    const tennisEvent = byUid.get(`enrollment-${rows[1]!.id}@camp.example.org`)!;
    expect(starts(soccerEvent)).toEqual(
      sessionDays({ ...soccer, weekdays: [...soccer.weekdays] }).map((d) => academyInstant(d, "09:00").toISOString()),
    );
    expect(starts(tennisEvent)).toEqual(
      sessionDays({ ...tennis, weekdays: [...tennis.weekdays] }).map((d) => academyInstant(d, "13:30").toISOString()),
    );
    expect(tennisEvent.summary).toMatch(/\(Lou\)$/);
    expect((tennisEvent.end!.getTime() - tennisEvent.start.getTime()) / 60_000).toBe(90);

    // Settings shows it; a new address replaces it; revoking ends it.
    expect((await api.call({ method: "GET", url: "/notification-settings", as: parent })).json().calendarFeedUrl).toBe(
      url,
    );
    const renewed = await api.call({ method: "POST", url: "/notification-settings/calendar-feed", as: parent });
    const newPath = new URL(renewed.json().calendarFeedUrl.replace(/^webcal:/, "http:")).pathname;
    expect(newPath).not.toBe(path);
    expect((await api.call({ method: "GET", url: path })).statusCode).toBe(404);
    expect((await api.call({ method: "GET", url: newPath })).statusCode).toBe(200);
    const revoked = await api.call({ method: "DELETE", url: "/notification-settings/calendar-feed", as: parent });
    expect(revoked.json().calendarFeedUrl).toBeNull();
    expect((await api.call({ method: "GET", url: newPath })).statusCode).toBe(404);
    expect((await api.call({ method: "GET", url: "/calendar/not-a-token.ics" })).statusCode).toBe(404);
  });
});
