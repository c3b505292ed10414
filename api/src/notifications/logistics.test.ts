import ical, { type CalendarComponent, type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { DEFAULT_POLICY, policyText } from "../platform/cancellation-policy.js";
import { sessionsCalendar } from "./calendar.js";
import type { ReceiptFacts, ReminderFacts, SessionFacts } from "./facts.js";
import { renderMessage } from "./templates/render.js";

/**
 * What a parent needs on the day, in the receipt, the reminder and the .ics: drop-off and pick-up
 * (the class's own hours when it names none) at the place and its venue's full address (the
 * academy's when it names none), and what to bring, all as text.
 */

const SITE = "https://camp.example";
const HOSTILE = "<img src=x onerror=alert(1)>";

const soccer: SessionFacts = {
  classId: "00000000-0000-4000-9000-000000000001",
  className: "Soccer Skills",
  instructorName: "Maya Torres",
  location: "North field",
  startDate: "2027-07-05",
  endDate: "2027-07-30",
  weekdays: ["mon", "wed", "fri"],
  startTime: "09:00:00",
  endTime: "12:00:00",
  venueAddress: "Riverside Park\n1400 SE Water Avenue,\nPortland, OR 97214",
  dropOff: "08:45:00",
  pickUp: "12:15:00",
  whatToBring: `Water bottle\n\nShin guards ${HOSTILE}\nSunscreen`,
};
/** A class that names none of them: its hours, the academy's address, nothing to bring. */
const tennis: SessionFacts = {
  ...soccer,
  classId: "00000000-0000-4000-9000-000000000002",
  className: "Tennis for Starters",
  location: "Court 3",
  startTime: "13:30:00",
  endTime: "15:00:00",
  venueAddress: null,
  dropOff: null,
  pickUp: null,
  whatToBring: null,
};

const SOCCER_DAY = `Drop off from 8:45 a.m., pick up by 12:15 p.m. PDT at North field, Riverside Park, 1400 SE Water Avenue, Portland, OR 97214`;
const TENNIS_DAY = `Drop off from 1:30 p.m., pick up by 3:00 p.m. PDT at Court 3, 120 Riverside Drive, Portland, OR 97201`;

const receipt: ReceiptFacts = {
  policy: policyText(DEFAULT_POLICY),
  familyName: "Sam Student",
  orderId: "11111111-2222-4333-8444-555555555555",
  transactionId: "pi_3Testlogistics",
  paidAt: "2027-06-01T17:45:00.000Z",
  totalCents: 78_455,
  cardLast4: "4242",
  lines: [
    { ...soccer, camperName: "Ava", priceCents: 45_000 },
    { ...tennis, camperName: null, priceCents: 33_455 },
  ],
};

const events = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter(
    (c): c is VEvent => (c as CalendarComponent | undefined)?.type === "VEVENT",
  );
/** The .ics's lines unfolded (RFC 5545 3.1: a line break and a space continue the line). */
const unfolded = (text: string) => text.replace(/\r\n[ \t]/g, "");

describe("a class's logistics in the messages", () => {
  it("the receipt says where and when to drop off and pick up, with the venue's full address, and what to bring", async () => {
    const m = await renderMessage("payment-receipt", receipt, { siteUrl: SITE });
    for (const body of [m.html.replace(/&#x27;/g, "'"), m.text]) {
      expect(body).toContain(TENNIS_DAY);
    }
    expect(m.text).toContain(SOCCER_DAY);
    expect(m.text).toContain(`Bring: Water bottle; Shin guards ${HOSTILE}; Sunscreen`);
    // Text, never HTML.
    expect(m.html).not.toContain(HOSTILE);
    expect(m.html).toContain("Bring: Water bottle; Shin guards &lt;img src=x onerror=alert(1)&gt;; Sunscreen");
    // A class that says nothing to bring has no such line.
    expect(m.text.match(/Bring:/g)).toHaveLength(1);
  });

  it("the receipt's calendar file has the place at the venue's full address as LOCATION", async () => {
    const m = await renderMessage("payment-receipt", receipt, { siteUrl: SITE });
    const ics = String(m.attachments.find((a) => a.filename === "sessions.ics")!.content);
    const [first, second] = events(ics);
    expect(first!.location).toBe("North field, Riverside Park, 1400 SE Water Avenue, Portland, OR 97214");
    expect(second!.location).toBe("Court 3, 120 Riverside Drive, Portland, OR 97201");
    // Commas escaped as RFC 5545 3.3.11 says.
    expect(unfolded(ics)).toContain(
      "LOCATION:North field\\, Riverside Park\\, 1400 SE Water Avenue\\, Portland\\, OR 97214\r\n",
    );
  });

  it("the .ics escapes semicolons and backslashes of a place and address, and has no line break in LOCATION", () => {
    const ics = sessionsCalendar(
      [{ uid: "a@b", session: { ...soccer, location: "Field 2; east\\west", venueAddress: "Park;\n  1 Main St\n" } }],
      new Date("2027-06-01T00:00:00Z"),
    );
    expect(unfolded(ics)).toContain("LOCATION:Field 2\\; east\\\\west\\, Park\\, 1 Main St\r\n");
    expect(events(ics)[0]!.location).toBe("Field 2; east\\west, Park, 1 Main St");
  });

  it("the reminder says where and when to drop off and pick up, and lists what to bring from the class's list", async () => {
    const reminder: ReminderFacts = {
      familyId: "66666666-2222-4333-8444-555555555555",
      familyName: "Sam Student",
      enrollmentId: "55555555-2222-4333-8444-555555555555",
      camperName: "Ava",
      firstDay: "2027-07-05",
      startsAt: "2027-07-05T16:00:00.000Z",
      details: "Footwork and small-sided games.",
      session: soccer,
    };
    const m = await renderMessage("reminder", reminder, { siteUrl: SITE });
    expect(m.text).toContain(SOCCER_DAY);
    expect(m.text).toMatch(/What to bring\n+Water bottle\n+Shin guards <img src=x onerror=alert\(1\)>\n+Sunscreen/);
    expect(m.text).not.toContain("from the class's details");
    expect(m.text).not.toContain("Footwork and small-sided games.");
    expect(m.html).not.toContain(HOSTILE);

    // A class without its own list: its hours, the academy's address, and its details as before.
    const plain = await renderMessage("reminder", { ...reminder, session: tennis }, { siteUrl: SITE });
    expect(plain.text).toContain(TENNIS_DAY);
    expect(plain.text).toContain("What to bring, from the class's details");
    expect(plain.text).toContain("Footwork and small-sided games.");
  });

  it("facts stored before the logistics existed still render: the class's hours and the academy's address", async () => {
    const { venueAddress: _v, dropOff: _d, pickUp: _p, whatToBring: _w, ...old } = tennis;
    const m = await renderMessage(
      "payment-receipt",
      { ...receipt, lines: [{ ...old, camperName: null, priceCents: 1 }] },
      {
        siteUrl: SITE,
      },
    );
    expect(m.text).toContain(TENNIS_DAY);
  });
});
