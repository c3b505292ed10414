import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { family, holdSeat, joinLine, lineClass } from "../../test/families.js";
import { uniqueEmail, signUp } from "../../test/emulator-accounts.js";
import { ADMIN, useTestApi } from "../../test/harness.js";
import { nowMs, restoreClock, setClock } from "../platform/clock.js";
import { notificationOutbox, users } from "../platform/database/schema.js";
import { expireOffers } from "../waitlist/index.js";

/**
 * Each e-mail the site sends written by its cause (decision 032), in the cause's transaction: a welcome with a new
 * account, a contact message's acknowledgement and admins' notices, an offer's expiry. (The
 * templates are read in templates.test; the sending in outbox.integration.test.)
 */

// The app's own worker sleeps: the rows stay queued, to be read here.
const api = useTestApi({ MAIL_WORKER_INTERVAL_MS: "3600000", RATE_LIMIT_FORMS: "1000" });

const rowsFor = (kind: string, recipients: string[]) =>
  api.database.db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.kind, kind), inArray(notificationOutbox.recipient, recipients)));

let clockOffset: number | undefined;
afterEach(() => {
  if (clockOffset !== undefined) restoreClock(clockOffset);
  clockOffset = undefined;
});

describe("welcome after sign-up", () => {
  it("is written with the account at its first sign-in, once, however many sign-ins follow or race", async () => {
    const email = uniqueEmail("welcome");
    const idToken = await signUp(email);
    const exchange = () =>
      api.app.inject({
        method: "POST",
        url: "/jwt",
        headers: { authorization: `Bearer ${idToken}` },
        payload: { email },
      });
    // Two first sign-ins at once (two tabs), then another.
    const first = await Promise.all([exchange(), exchange()]);
    expect(first.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await exchange()).statusCode).toBe(200);
    const rows = await rowsFor("welcome", [email]);
    expect(rows).toHaveLength(1);
    const [user] = await api.database.db.select().from(users).where(eq(users.email, email));
    expect(rows[0]!.payload).toEqual({ name: user!.name });
    expect(rows[0]!.dedupeKey).toBe(`welcome:${user!.id}`);
  });

  it("the seeded accounts were never welcomed (they did not sign up)", async () => {
    expect(await rowsFor("welcome", [ADMIN.email])).toHaveLength(0);
  });
});

describe("contact form", () => {
  it("acknowledges to the sender (at most once a day) and tells every admin, with the message as written", async () => {
    const from = uniqueEmail("writer");
    const send = (message: string) =>
      api.call({
        method: "POST",
        url: "/contact",
        payload: { name: "Pat Parent", email: from.toUpperCase(), message },
      });
    const sent = await send("Is there a sibling discount?\nThanks!");
    expect(sent.statusCode, sent.body).toBe(201);
    const again = await send("And is lunch included?");
    expect(again.statusCode).toBe(201);

    const acks = await rowsFor("contact-ack", [from]);
    expect(acks).toHaveLength(1);
    expect(Object.keys(acks[0]!.payload as object)).toEqual(["receivedAt"]);

    const admins = await api.database.db.select().from(users).where(eq(users.role, "admin"));
    expect(admins.length).toBeGreaterThan(0);
    const notices = (
      await rowsFor(
        "contact-notice",
        admins.map((a) => a.email),
      )
    ).filter((r) => (r.payload as { fromEmail: string }).fromEmail === from);
    // Each message, to each admin.
    expect(notices).toHaveLength(2 * admins.length);
    const first = notices.find((r) => (r.payload as { contactId: string }).contactId === sent.json().insertedId);
    expect(first?.payload).toMatchObject({
      fromName: "Pat Parent",
      fromEmail: from,
      message: "Is there a sibling discount?\nThanks!",
    });
  });

  it("a message refused by validation writes no e-mail", async () => {
    const from = uniqueEmail("invalid");
    const res = await api.call({ method: "POST", url: "/contact", payload: { name: "", email: from, message: "x" } });
    expect(res.statusCode).toBe(400);
    expect(await rowsFor("contact-ack", [from])).toHaveLength(0);
  });
});

describe("waitlist offer expiry", () => {
  it("the family whose offer ran out hears it, once, in the transaction that ends the offer", async () => {
    const line = await lineClass(api, 1);
    const holder = await family(api);
    await holdSeat(api, holder, line);
    const waiting = await family(api, ["Kim"]);
    expect((await joinLine(api, waiting, line, waiting.kids)).statusCode).toBe(201);
    const raised = await api.call({
      method: "PATCH",
      url: `/classes/${line}`,
      as: ADMIN,
      payload: { available_seats: 2 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await rowsFor("waitlist-offer", [waiting.email])).toHaveLength(1);
    expect(await rowsFor("waitlist-offer-expired", [waiting.email])).toHaveLength(0);

    clockOffset = setClock(new Date(nowMs() + 3 * 86_400_000));
    expect(await expireOffers(api.database.db, { offerSeconds: 86_400 })).toBeGreaterThanOrEqual(1);
    expect(await expireOffers(api.database.db, { offerSeconds: 86_400 })).toBe(0);
    const rows = await rowsFor("waitlist-offer-expired", [waiting.email]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({ camperNames: ["Kim"], session: { classId: line } });
  });
});
