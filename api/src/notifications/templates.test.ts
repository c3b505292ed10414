import { DEFAULT_POLICY, policyText } from "../platform/cancellation-policy.js";
import { describe, expect, it } from "vitest";
import type {
  CancellationFacts,
  ContactNoticeFacts,
  OfferExpiredFacts,
  OfferFacts,
  ReceiptFacts,
  ReminderFacts,
  ReviewFacts,
  SessionFacts,
} from "./facts.js";
import { renderMessage } from "./templates/render.js";
import { HOSTILE, SITE, soccer } from "../../test/template-facts.js";

/** Each template rendered from its facts, read back for them (HTML and plain text). */

const tennis: SessionFacts = {
  ...soccer,
  classId: "00000000-0000-4000-9000-000000000002",
  className: "Tennis for Starters",
  instructorName: "Jonas Berg",
  location: "Court 3",
  startDate: "2027-08-02",
  endDate: "2027-08-13",
  weekdays: ["tue", "thu"],
  startTime: "13:30:00",
  endTime: "15:00:00",
};

const receipt: ReceiptFacts = {
  policy: policyText(DEFAULT_POLICY),
  familyName: "Sam Student",
  orderId: "11111111-2222-4333-8444-555555555555",
  transactionId: "pi_3Testreceipt123",
  paidAt: "2027-06-01T17:45:00.000Z",
  totalCents: 123_455,
  cardLast4: "4242",
  lines: [
    {
      ...soccer,
      camperName: "Ava Student",
      priceCents: 45_000,
      listPriceCents: 52_000,
      discounts: [
        { name: "Early-bird price", cents: 5_000 },
        { name: "Code SUMMER10", cents: 2_000 },
      ],
    },
    { ...soccer, camperName: HOSTILE, priceCents: 45_000 },
    { ...tennis, camperName: null, priceCents: 33_455 },
  ],
};

describe("payment receipt", () => {
  it("names each class with its camper, its days, hours and place, the amounts and the transaction", async () => {
    const m = await renderMessage("payment-receipt", receipt, { siteUrl: SITE });
    expect(m.subject).toBe("Your receipt: 3 classes ($1,234.55)");
    for (const body of [m.html, m.text]) {
      expect(body).toContain("Soccer Skills");
      expect(body).toContain("Ava Student");
      expect(body).toContain("Tennis for Starters");
      expect(body).toContain("$450.00");
      expect(body).toContain("$334.55");
      expect(body).toContain("$1,234.55");
      expect(body).toContain("pi_3Testreceipt123");
      expect(body).toContain("Paid with the card ending in 4242.");
      // Each discount by name, from the line's full price to what was paid.
      expect(body).toContain("Full price $520.00; Early-bird price −$50.00; Code SUMMER10 −$20.00");
      expect(body).toContain("Mon 5 July 2027 to Fri 30 July 2027");
      expect(body).toContain("Mon, Wed, Fri, 9:00 a.m.–12:00 p.m. PDT");
      expect(body).toContain("Tue, Thu, 1:30 p.m.–3:00 p.m. PDT");
      expect(body).not.toMatch(/\b\d{1,2}:\d{2}(?! [ap]\.m\.)/);
      expect(body).toContain(
        "Drop off from 9:00 a.m., pick up by 12:00 p.m. PDT at North Field, 120 Riverside Drive, Portland, OR 97201",
      );
      expect(body).toContain("Full refund until 14 days before the first day, 50% until 7 days before");
      // Paid at 17:45 UTC: 10:45 a.m. in Portland (PDT).
      expect(body).toContain("Tue 1 June, 10:45 a.m. PDT");
    }
    expect(m.html).toContain(`href="${SITE}/dashboard/enrolledclasses"`);
    expect(m.attachments.map((a) => a.filename)).toEqual(["sessions.ics"]);
  });

  it("shows a hostile camper name as text, never as HTML", async () => {
    const m = await renderMessage("payment-receipt", receipt, { siteUrl: SITE });
    expect(m.html).not.toContain("<img src=x");
    expect(m.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(m.text).toContain(HOSTILE);
  });

  it("lists the forms still owed when the family paid, and leaves the part out when none are", async () => {
    const owed: ReceiptFacts = {
      ...receipt,
      formsNeeded: [
        { title: "Liability waiver", camperName: "Ava Student", dueDate: "2027-06-28", late: false },
        { title: "Family contacts", camperName: null, dueDate: "2027-06-21", late: false },
      ],
    };
    const m = await renderMessage("payment-receipt", owed, { siteUrl: SITE });
    for (const body of [m.html, m.text]) {
      expect(body).toContain("Still needed before the first day");
      expect(body).toContain("• Liability waiver for Ava Student: due Mon 28 June 2027");
      expect(body).toContain("• Family contacts for your family: due Mon 21 June 2027");
    }
    expect(m.html).toContain(`href="${SITE}/dashboard/forms"`);
    const none = await renderMessage("payment-receipt", receipt, { siteUrl: SITE });
    expect(none.text).not.toContain("Still needed");
  });

  it("is laid out for a phone: one column at most 600 px wide, with a viewport and a language", async () => {
    const m = await renderMessage("payment-receipt", receipt, { siteUrl: SITE });
    expect(m.html).toContain('lang="en"');
    expect(m.html).toMatch(/max-width:600px/);
    expect(m.html).toContain('name="viewport"');
  });
});

describe("waitlist offer", () => {
  const offer: OfferFacts = {
    familyName: "Lee Learner",
    entryId: "22222222-2222-4333-8444-555555555555",
    camperNames: ["Mia Learner", "Noah Learner"],
    expiresAt: "2027-06-02T16:00:00.000Z",
    session: soccer,
  };

  it("says which class, for whom, until when, and links to My Waitlists", async () => {
    const m = await renderMessage("waitlist-offer", offer, { siteUrl: SITE });
    expect(m.subject).toBe("A seat is free for Mia Learner and Noah Learner: Soccer Skills");
    for (const body of [m.html, m.text]) {
      expect(body).toContain("2 seats in Soccer Skills");
      expect(body).toContain("Mia Learner and Noah Learner");
      expect(body).toContain("Book by Wed 2 June, 9:00 a.m. PDT");
      expect(body).toContain(`${SITE}/dashboard/waitlists`);
    }
    expect(m.html).toContain(`href="${SITE}/dashboard/waitlists"`);
  });
});

describe("times, on the academy's 12-hour clock with its zone", () => {
  it("says a.m. and p.m. and the zone of the day: PDT in summer, PST in winter, noon as 12:00 p.m.", async () => {
    const winter: OfferFacts = {
      familyName: "Lee Learner",
      entryId: "22222222-2222-4333-8444-555555555555",
      camperNames: ["Mia"],
      // 20:05 UTC on 2 December: 12:05 p.m. in Portland (PST, UTC-8).
      expiresAt: "2027-12-02T20:05:00.000Z",
      session: {
        ...soccer,
        startDate: "2027-12-06",
        endDate: "2027-12-17",
        startTime: "00:30:00",
        endTime: "12:00:00",
      },
    };
    const m = await renderMessage("waitlist-offer", winter, { siteUrl: SITE });
    for (const body of [m.html, m.text]) {
      expect(body).toContain("Book by Thu 2 December, 12:05 p.m. PST");
      expect(body).toContain("Mon, Wed, Fri, 12:30 a.m.–12:00 p.m. PST");
    }
  });
});

describe('the account holder\'s own seat ("Myself")', () => {
  it("is 'you' and 'your', never the holder's name as if a camper's", async () => {
    const offer: OfferFacts = {
      familyName: "Robin Rivera",
      entryId: "22222222-2222-4333-8444-555555555555",
      camperNames: ["Kim", "Robin Rivera"],
      camperIsSelf: [false, true],
      expiresAt: "2027-06-02T16:00:00.000Z",
      session: soccer,
    };
    const offered = await renderMessage("waitlist-offer", offer, { siteUrl: SITE });
    expect(offered.subject).toBe("A seat is free for you and Kim: Soccer Skills");
    expect(offered.text).toContain("kept for you and Kim.");
    const reminder = await renderMessage(
      "reminder",
      {
        familyId: "66666666-2222-4333-8444-555555555555",
        familyName: "Robin Rivera",
        enrollmentId: "55555555-2222-4333-8444-555555555555",
        camperName: "Robin Rivera",
        camperIsSelf: true,
        firstDay: "2027-07-05",
        startsAt: "2027-07-05T16:00:00.000Z",
        details: null,
        session: soccer,
      },
      { siteUrl: SITE },
    );
    expect(reminder.text).toContain(
      "Hello Robin Rivera, your first session of Soccer Skills is on Mon 5 July, 9:00 a.m. PDT.",
    );
    expect(reminder.text).not.toContain("Robin Rivera's");
  });
});

describe("class reviewed, to its instructor", () => {
  it("approved: the class is on the list", async () => {
    const facts: ReviewFacts = { instructorName: "Maya Torres", status: "approved", feedback: null, session: soccer };
    const m = await renderMessage("class-reviewed", facts, { siteUrl: SITE });
    expect(m.subject).toBe("Approved: Soccer Skills");
    expect(m.text).toContain("Soccer Skills is approved");
    expect(m.text).not.toContain("Feedback from the admin");
  });

  it("denied: with the admin's feedback, as text (lines kept, HTML escaped)", async () => {
    const feedback = `Please add what to bring.\nAnd fix this: ${HOSTILE}`;
    const facts: ReviewFacts = { instructorName: "Maya Torres", status: "denied", feedback, session: soccer };
    const m = await renderMessage("class-reviewed", facts, { siteUrl: SITE });
    expect(m.subject).toBe("Not approved: Soccer Skills");
    expect(m.text).toContain("The admin's reason");
    expect(m.text).toContain("Please add what to bring.");
    expect(m.text).toContain(HOSTILE);
    expect(m.html).not.toContain("<img src=x");
    expect(m.html).toContain("And fix this: &lt;img src=x onerror=alert(1)&gt;");
    expect(m.html).toContain("white-space:pre-wrap");
  });
});

describe("seat cancelled", () => {
  const cancelled: CancellationFacts = {
    familyName: "Sam Student",
    cancellationId: "99999999-2222-4333-8444-555555555555",
    camperName: `Ava ${HOSTILE}`,
    paidCents: 14_900,
    refundCents: 7_450,
    reason: null,
    session: soccer,
  };

  it("says whose seat in which class, and the refund of what was paid", async () => {
    const m = await renderMessage("seat-cancelled", cancelled, { siteUrl: SITE });
    expect(m.subject).toBe("Cancelled, $74.50 refunded: Soccer Skills");
    for (const body of [m.html, m.text]) {
      expect(body).toContain("Soccer Skills");
      expect(body).toContain("$74.50 of the $149.00 paid goes back to the card you paid with.");
      expect(body).toContain(`${SITE}/dashboard/paymenthistory`);
    }
    expect(m.html).toContain("Ava &lt;img src=x onerror=alert(1)&gt;");
    expect(m.html).not.toContain(HOSTILE);
  });

  it("says when nothing is refunded, and an admin's reason", async () => {
    const m = await renderMessage(
      "seat-cancelled",
      { ...cancelled, refundCents: 0, reason: "Moved to the afternoon group at the family's request" },
      { siteUrl: SITE },
    );
    expect(m.subject).toBe("Cancelled: Soccer Skills");
    expect(m.text).toContain("Under the cancellation policy nothing is refunded for this seat.");
    expect(m.text).toContain("Reason given by the academy: Moved to the afternoon group at the family's request");
  });
});

describe("waitlist offer ran out", () => {
  const expired: OfferExpiredFacts = {
    familyName: `Lee ${HOSTILE}`,
    entryId: "33333333-2222-4333-8444-555555555555",
    camperNames: ["Mia Learner"],
    expiredAt: "2027-06-02T16:00:00.000Z",
    session: soccer,
  };

  it("says which class, for whom, since when, and links to the class to join again", async () => {
    const m = await renderMessage("waitlist-offer-expired", expired, { siteUrl: SITE });
    expect(m.subject).toBe("Your offer ran out: Soccer Skills");
    for (const body of [m.html, m.text]) {
      expect(body).toContain("Soccer Skills");
      expect(body).toContain("kept for Mia Learner was not booked by Wed 2 June, 9:00 a.m. PDT");
      expect(body).toContain("next family in line");
      expect(body).toContain(`${SITE}/classes/${soccer.classId}`);
    }
    expect(m.html).toContain("Lee &lt;img src=x onerror=alert(1)&gt;");
    expect(m.html).not.toContain(HOSTILE);
    expect(m.text).toContain(HOSTILE);
  });
});

describe("welcome after sign-up", () => {
  it("greets by name and says what to do next, with the links", async () => {
    const m = await renderMessage("welcome", { name: `Kim ${HOSTILE}` }, { siteUrl: SITE });
    expect(m.subject).toBe("Welcome to Summit Sports Academy");
    for (const body of [m.html, m.text]) {
      expect(body).toContain("your account is ready");
      expect(body).toContain("My Campers");
      expect(body).toContain(`${SITE}/classes`);
      expect(body).toContain(`${SITE}/dashboard/campers`);
    }
    expect(m.html).toContain("Kim &lt;img src=x onerror=alert(1)&gt;");
    expect(m.html).not.toContain(HOSTILE);
  });
});

describe("contact form", () => {
  it("the acknowledgement says when it arrived and repeats nothing the sender typed", async () => {
    const m = await renderMessage("contact-ack", { receivedAt: "2027-06-01T17:45:00.000Z" }, { siteUrl: SITE });
    expect(m.subject).toBe("We have your message: Summit Sports Academy");
    for (const body of [m.html, m.text]) {
      expect(body).toContain("arrived on Tue 1 June, 10:45 a.m. PDT");
      expect(body).toContain("We answer within one working day");
      expect(body).toContain("you can ignore this e-mail");
    }
  });

  it("the admins' notice shows who wrote and their words, as text (lines kept, HTML escaped)", async () => {
    const notice: ContactNoticeFacts = {
      adminName: "Ada Admin",
      contactId: "44444444-2222-4333-8444-555555555555",
      fromName: `Pat ${HOSTILE}`,
      fromEmail: "pat@example.com",
      message: `Is there a sibling discount?\nThanks! ${HOSTILE}`,
      receivedAt: "2027-06-01T17:45:00.000Z",
    };
    const m = await renderMessage("contact-notice", notice, { siteUrl: SITE });
    expect(m.subject).toBe(`New message from Pat ${HOSTILE}`);
    for (const body of [m.html, m.text]) {
      expect(body).toContain("Ada Admin");
      expect(body).toContain("pat@example.com");
      expect(body).toContain("Is there a sibling discount?");
      expect(body).toContain("Tue 1 June, 10:45 a.m. PDT");
      expect(body).toContain(`${SITE}/dashboard/adminhome`);
    }
    expect(m.text).toContain(`Thanks! ${HOSTILE}`);
    expect(m.html).not.toContain(HOSTILE);
    expect(m.html).toContain("Thanks! &lt;img src=x onerror=alert(1)&gt;");
    // Each line of the message its own paragraph, in the plain text too.
    expect(m.text).toMatch(/Is there a sibling discount\?\n+Thanks!/);
  });
});

describe("reminder before the first session", () => {
  const reminder: ReminderFacts = {
    familyId: "66666666-2222-4333-8444-555555555555",
    familyName: "Sam Student",
    enrollmentId: "55555555-2222-4333-8444-555555555555",
    camperName: `Ava ${HOSTILE}`,
    firstDay: "2027-07-05",
    startsAt: "2027-07-05T16:00:00.000Z",
    details: `Bring a water bottle.\nShin guards, <b>please</b>.`,
    session: soccer,
  };

  it("says whose first session of which class, when and where, and what to bring (as text)", async () => {
    const m = await renderMessage("reminder", reminder, { siteUrl: SITE });
    expect(m.subject).toBe("Soccer Skills starts Mon 5 July 2027");
    for (const body of [m.html, m.text]) {
      expect(body).toContain("first session of Soccer Skills is on Mon 5 July, 9:00 a.m. PDT");
      expect(body).toContain(
        "Drop off from 9:00 a.m., pick up by 12:00 p.m. PDT at North Field, 120 Riverside Drive, Portland, OR 97201",
      );
      expect(body).toContain("Bring a water bottle.");
      expect(body).toContain(`${SITE}/dashboard/enrolledclasses`);
    }
    expect(m.text).toMatch(/Bring a water bottle\.\n+Shin guards, <b>please<\/b>\./);
    expect(m.html).toContain("Shin guards, &lt;b&gt;please&lt;/b&gt;.");
    expect(m.html).not.toContain(HOSTILE);
    expect(m.html).toContain("Ava &lt;img src=x onerror=alert(1)&gt;");
  });

  it("is optional: a one-click unsubscribe link in the body and in the headers of RFC 8058, and Settings", async () => {
    const unsubscribeUrl = (id: string) => `https://api.camp.example/unsubscribe/${id}.signed`;
    const m = await renderMessage("reminder", reminder, { siteUrl: SITE, unsubscribeUrl });
    const url = unsubscribeUrl(reminder.familyId);
    expect(m.headers).toEqual({
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(m.html).toContain(`href="${url}"`);
    expect(m.text).toContain(url);
    expect(m.text).toContain(`${SITE}/settings`);
    // A message about something the family did carries no unsubscribe link.
    const receiptMessage = await renderMessage("payment-receipt", receipt, { siteUrl: SITE, unsubscribeUrl });
    expect(receiptMessage.headers).toBeUndefined();
  });

  it("leaves out what to bring when the class says nothing", async () => {
    const m = await renderMessage("reminder", { ...reminder, details: null }, { siteUrl: SITE });
    expect(m.text).not.toContain("What to bring");
  });
});

describe("goodwill refund", () => {
  it("says how much goes back of which payment, that the seats stay, and the reason as text", async () => {
    const m = await renderMessage(
      "goodwill-refund",
      {
        familyName: "Sam Student",
        refundId: "33333333-2222-4333-8444-555555555555",
        amountCents: 2_235,
        classNames: ["Soccer Skills", "Tennis for Starters"],
        paidCents: 22_350,
        reason: HOSTILE,
      },
      { siteUrl: SITE },
    );
    expect(m.subject).toBe("$22.35 refunded to your card");
    for (const body of [m.html, m.text]) {
      expect(body).toContain("sending $22.35 of your $223.50 payment back to the card you paid with");
      expect(body).toContain("Your seats stay booked.");
      expect(body).toContain("The payment was for: Soccer Skills, Tennis for Starters.");
    }
    expect(m.html).not.toContain("<img src=x");
    expect(m.text).toContain(`Reason given by the academy: ${HOSTILE}`);
  });
});

describe("a camper not at camp", () => {
  const absent = {
    familyName: "Ana Parent",
    camperName: "Mia",
    className: "Soccer Skills",
    day: "2027-07-06",
    markedAt: "2027-07-06T16:40:00.000Z",
  };

  it("says who, where, when it was marked, and whom to call; hostile names stay text", async () => {
    const m = await renderMessage("camper-absent", absent, { siteUrl: SITE });
    expect(m.subject).toBe("Mia is not at Soccer Skills today");
    expect(m.text).toContain("marked Mia absent from Soccer Skills on Tue 6 July 2027 at 9:40 a.m. PDT");
    expect(m.text).toContain("call the academy now on +1 (503) 555-0142");
    expect(m.html).toContain(`${SITE}/dashboard/enrolledclasses`);
    expect(m.headers).toBeUndefined();
    const hostile = await renderMessage("camper-absent", { ...absent, camperName: HOSTILE }, { siteUrl: SITE });
    expect(hostile.html).not.toContain("<img");
  });
});
