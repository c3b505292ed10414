import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users, waitlistEntries } from "../platform/database/schema.js";
import { family, keepGuardian, lineClass, paySeats, waitlistOf } from "../../test/families.js";
import { useTestApi } from "../../test/harness.js";
import { seatCounts } from "./invariants.js";

/**
 * Who may hold a place in a line (decision 031): joining asks what paying asks (a confirmed
 * address), joins are counted per account and per address, and an offer passes over an entry
 * whose account could not accept it, to the next family who can.
 */
const JOINS = 3;
const JOINS_PER_ADDRESS = 5;
const api = useTestApi({
  RATE_LIMIT_SENSITIVE: "1000",
  RATE_LIMIT_CHECKOUTS: "1000",
  RATE_LIMIT_WAITLIST: String(JOINS),
  RATE_LIMIT_WAITLIST_PER_ADDRESS: String(JOINS_PER_ADDRESS),
});

let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;
const joinFrom = (as: { id: string; email: string }, classId: string, remoteAddress: string) =>
  api.call({ method: "POST", url: `/classes/${classId}/waitlist`, as, payload: {}, remoteAddress });

/** A class of one seat, bought by a family: full, so families may join its line. */
async function fullClass() {
  const classId = await lineClass(api, 1);
  const buyer = await family(api);
  await paySeats(api, buyer, [classId]);
  return { classId, buyer };
}

describe("joining a line", () => {
  it("is refused to an account whose address is not confirmed, in plain words; nothing is written", async () => {
    const { classId } = await fullClass();
    const [throwaway] = await api.database.db
      .insert(users)
      .values({ email: `throwaway-${randomUUID().slice(0, 8)}@example.com`, name: "Throwaway", emailVerified: false })
      .returning({ id: users.id, email: users.email });
    await keepGuardian(api, throwaway!.id);
    const refused = await joinFrom(throwaway!, classId, newAddress());
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(
      "Confirm your e-mail address before joining a waitlist: a seat offered from it is paid for by card, which needs a confirmed address. Open the link in the e-mail we sent you when you signed up (the payment page can send a new one), then try again.",
    );
    expect(await waitlistOf(api, throwaway!)).toEqual([]);
    // Once confirmed (the next sign-in says so), the same account joins.
    await api.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, throwaway!.id));
    expect((await joinFrom(throwaway!, classId, newAddress())).statusCode).toBe(201);
  });

  it("is counted per account each hour: past the budget, 429 in plain words", async () => {
    const parent = await family(api);
    const address = newAddress();
    for (let i = 0; i < JOINS; i++) {
      const { classId } = await fullClass();
      expect((await joinFrom(parent, classId, address)).statusCode).toBe(201);
    }
    const { classId } = await fullClass();
    const refused = await joinFrom(parent, classId, newAddress());
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toMatch(
      /^You have joined too many waitlists in the last hour: try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("is counted per client address each hour, whatever accounts join from it", async () => {
    const address = newAddress();
    const { classId } = await fullClass();
    for (let i = 0; i < JOINS_PER_ADDRESS; i++) {
      expect((await joinFrom(await family(api), classId, address)).statusCode).toBe(201);
    }
    const refused = await joinFrom(await family(api), classId, address);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many waitlists have been joined from your network in the last hour: try again in \d+ minutes?\.$/,
    );
  });
});

describe("offering a freed seat", () => {
  const stateOf = async (familyId: string, classId: string) =>
    (
      await api.database.db
        .select({ state: waitlistEntries.state, reason: waitlistEntries.endReason })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.familyId, familyId), eq(waitlistEntries.classId, classId)))
    )[0];
  const freeTheSeat = async (buyer: { id: string; email: string }) => {
    const [seat] = (await api.call({ method: "GET", url: "/enrollments", as: buyer })).json();
    const done = await api.call({ method: "POST", url: `/enrollments/${seat._id}/cancel`, as: buyer });
    expect(done.statusCode, done.body).toBe(200);
  };

  it("passes over an account whose address is no longer confirmed: the next family gets it", async () => {
    const { classId, buyer } = await fullClass();
    const first = await family(api);
    const second = await family(api);
    expect((await joinFrom(first, classId, newAddress())).statusCode).toBe(201);
    expect((await joinFrom(second, classId, newAddress())).statusCode).toBe(201);
    await api.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, first.id));
    await freeTheSeat(buyer);
    expect(await stateOf(first.id, classId)).toEqual({
      state: "removed",
      reason: "This account's e-mail address is not confirmed, so it could not pay for a seat.",
    });
    expect((await stateOf(second.id, classId))?.state).toBe("offered");
    expect((await seatCounts(api.database.db, classId)).problems).toEqual([]);
  });

  it("passes over an account that is no longer a student's (made an instructor)", async () => {
    const { classId, buyer } = await fullClass();
    const first = await family(api);
    const second = await family(api);
    expect((await joinFrom(first, classId, newAddress())).statusCode).toBe(201);
    expect((await joinFrom(second, classId, newAddress())).statusCode).toBe(201);
    await api.database.db.update(users).set({ role: "instructor" }).where(eq(users.id, first.id));
    await freeTheSeat(buyer);
    expect(await stateOf(first.id, classId)).toEqual({
      state: "removed",
      reason: "This account can no longer book classes.",
    });
    expect((await stateOf(second.id, classId))?.state).toBe("offered");
  });

  it("with nobody left who can accept, the seat is the public's again", async () => {
    const { classId, buyer } = await fullClass();
    const only = await family(api);
    expect((await joinFrom(only, classId, newAddress())).statusCode).toBe(201);
    await api.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, only.id));
    await freeTheSeat(buyer);
    const live = (await api.call({ method: "GET", url: `/classes/${classId}/availability` })).json();
    expect(live).toMatchObject({ seats_left: 1, waiting: 0, offered_seats: 0 });
  });
});
