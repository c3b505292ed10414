import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { family, holdSeat, joinLine, lineClass, waitlistOf, type Person } from "../../test/families.js";
import { ADMIN, driverName, pause, staggered, useTwoTestApis, type TestApi } from "../../test/harness.js";
import { seatCounts } from "./invariants.js";
import { nowMs } from "../platform/clock.js";

/**
 * The waitlist's read-then-write rules ("first in line", "seats left") when two API instances (one
 * PostgreSQL, a pool each) act at the same instant. After every round: enrolled +
 * held + offered within capacity and each count equal to its rows, no entry offered twice, the
 * line's order kept, and nobody outside the line holding a seat while someone waited.
 */
describe.runIf(driverName === "postgres")("the waitlist when two API processes race", () => {
  const ROUNDS = 12;
  const { a, b } = useTwoTestApis({
    RATE_LIMIT_SENSITIVE: "100000",
    RATE_LIMIT_FORMS: "100000",
    RATE_LIMIT_CHECKOUTS: "100000",
    // Every family here joins from the test's one address.
    RATE_LIMIT_WAITLIST: "100000",
    RATE_LIMIT_WAITLIST_PER_ADDRESS: "100000",
    WAITLIST_OFFER_SECONDS: "2",
  });

  async function invariants(classId: string) {
    const counts = await seatCounts(a.database.db, classId);
    expect(counts.problems).toEqual([]);
    return counts;
  }

  /** A family's own entries in one class's line. */
  const entryIn = async (t: TestApi, who: Person, classId: string) =>
    (await waitlistOf(t, who)).find((e: { classId: string }) => e.classId === classId);

  /**
   * A holder's cart line in another class, and the move of its checkout there (the seat it held in
   * the raced class frees), made ready before the race so that only the move itself races.
   */
  const readyToMove = async (t: TestApi, who: Person, elsewhere: string) => {
    const added = await t.call({ method: "POST", url: "/carts", as: who, payload: { classItemId: elsewhere } });
    expect(added.statusCode, added.body).toBe(201);
    return (on: TestApi = t) =>
      on.call({
        method: "POST",
        url: "/create-payment-intent",
        as: who,
        payload: { cartItemIds: [added.json().insertedId] },
      });
  };
  const moveCheckout = async (t: TestApi, who: Person, elsewhere: string) => (await readyToMove(t, who, elsewhere))();

  it("two seats freeing at once on two processes go together to the group at the head, never to anyone behind or outside", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const classId = await lineClass(a, 2);
      const elsewhere = await lineClass(a, 50, { startTime: "14:00", endTime: "16:00" });
      const [h1, h2] = [await family(a), await family(a)];
      await holdSeat(a, h1, classId);
      await holdSeat(a, h2, classId);
      const group = await family(a, ["Ivy", "Jo"]);
      const single = await family(a, ["Kit"]);
      const outsider = await family(a);
      expect((await joinLine(a, group, classId, group.kids)).statusCode).toBe(201);
      expect((await joinLine(b, single, classId, single.kids)).statusCode).toBe(201);

      const [move1, move2] = [await readyToMove(a, h1, elsewhere), await readyToMove(a, h2, elsewhere)];
      const [m1, m2, intruder] = await Promise.all([
        move1(a),
        move2(b),
        b.call({ method: "POST", url: "/carts", as: outsider, payload: { classItemId: classId } }),
      ]);
      expect([m1.statusCode, m2.statusCode], `round ${round}: ${m1.body} | ${m2.body}`).toEqual([201, 201]);
      expect(intruder.statusCode, `round ${round}: ${intruder.body}`).toBe(409);
      const counts = await invariants(classId);
      expect(counts).toMatchObject({ held: 0, offered: 2, waiting: 1 });
      expect(await entryIn(a, group, classId)).toMatchObject({ state: "offered", size: 2 });
      expect(await entryIn(b, single, classId)).toMatchObject({ state: "waiting", position: 1 });
    }
  });

  it("accepting at the deadline against the offer running out: one of the two, never both", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const classId = await lineClass(a, 1);
      const elsewhere = await lineClass(a, 50, { startTime: "14:00", endTime: "16:00" });
      const holder = await family(a);
      await holdSeat(a, holder, classId);
      const first = await family(a, ["Lu"]);
      const next = await family(a, ["Mo"]);
      await joinLine(a, first, classId, first.kids);
      await joinLine(a, next, classId, next.kids);
      await moveCheckout(a, holder, elsewhere);
      const offer = await entryIn(a, first, classId);
      expect(offer.state).toBe("offered");
      // Just before, at or just after the deadline (offers last 2 s here), on the API's clock (it may be moved).
      const wait = Date.parse(offer.offerExpiresAt) - nowMs() - 300 + round * 50;
      await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0)));
      const [accepted] = await Promise.all([
        a.call({ method: "POST", url: `/waitlist/${offer._id}/accept`, as: first }),
        b.call({ method: "GET", url: "/waitlist", as: next }),
      ]);
      const mine = await entryIn(a, first, classId);
      const theirs = await entryIn(a, next, classId);
      if (accepted.statusCode === 201) {
        outcomes.add("accepted");
        expect(mine.state).toBe("accepted");
        expect(theirs.state).toBe("waiting");
        expect(await invariants(classId)).toMatchObject({ held: 1, offered: 0 });
      } else {
        outcomes.add("expired");
        expect(accepted.statusCode, accepted.body).toBe(409);
        expect(accepted.json().message).toBe("This offer ran out: its seats went to the next family in line.");
        expect(mine.state).toBe("expired");
        expect(theirs.state).toBe("offered");
        expect(await invariants(classId)).toMatchObject({ held: 0, offered: 1 });
      }
    }
    // The rounds straddle the deadline: both outcomes happened (else the race was never run).
    expect([...outcomes].sort()).toEqual(["accepted", "expired"]);
  });

  it("joining while the last seat frees: either the family waits and is offered it, or the seat is anyone's and joining is refused", async () => {
    const outcomes = { joinedFirst: 0, freedFirst: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const classId = await lineClass(a, 1);
      const elsewhere = await lineClass(a, 50, { startTime: "14:00", endTime: "16:00" });
      const holder = await family(a);
      await holdSeat(a, holder, classId);
      const joiner = await family(a, ["Ned"]);
      const move = await readyToMove(a, holder, elsewhere);
      // The join lands a little before, with or a little after the seat frees, round by round.
      const start = staggered(round);
      const [joined, moved] = await Promise.all([
        pause(start.first).then(() => joinLine(a, joiner, classId, joiner.kids)),
        pause(start.second).then(() => move(b)),
      ]);
      expect(moved.statusCode).toBe(201);
      const counts = await invariants(classId);
      if (joined.statusCode === 201) {
        outcomes.joinedFirst++;
        expect(await entryIn(a, joiner, classId)).toMatchObject({ state: "offered" });
        expect(counts).toMatchObject({ offered: 1, held: 0, waiting: 0 });
      } else {
        outcomes.freedFirst++;
        expect(joined.statusCode, joined.body).toBe(409);
        expect(joined.json().message).toMatch(/free seat/);
        expect(counts).toMatchObject({ offered: 0, held: 0, waiting: 0 });
      }
    }
    console.info(`join against a freed seat, ${ROUNDS} rounds: ${JSON.stringify(outcomes)}`);
    // The join landed before the seat freed in some rounds and after it in others.
    expect(outcomes.joinedFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.freedFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });

  it("an admin changing the capacity while a family declines its offer: every seat accounted for, the line served in order", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const classId = await lineClass(a, 1);
      const elsewhere = await lineClass(a, 50, { startTime: "14:00", endTime: "16:00" });
      const holder = await family(a);
      await holdSeat(a, holder, classId);
      const lines = [await family(a, ["Oz"]), await family(a, ["Pia"]), await family(a, ["Quin"])];
      for (const f of lines) expect((await joinLine(a, f, classId, f.kids)).statusCode).toBe(201);
      await moveCheckout(a, holder, elsewhere);
      const offer = await entryIn(a, lines[0]!, classId);
      const [raised, declined] = await Promise.all([
        a.call({ method: "PATCH", url: `/classes/${classId}`, as: ADMIN, payload: { available_seats: 2 } }),
        b.call({ method: "POST", url: `/waitlist/${offer._id}/decline`, as: lines[0]! }),
      ]);
      expect(declined.statusCode, declined.body).toBe(200);
      expect(raised.statusCode, raised.body).toBe(200);
      const counts = await invariants(classId);
      // Two seats, the first family out: the next two are offered one each, in order.
      expect(counts).toMatchObject({ available: 2, offered: 2, waiting: 0 });
      expect(await entryIn(a, lines[1]!, classId)).toMatchObject({ state: "offered" });
      expect(await entryIn(a, lines[2]!, classId)).toMatchObject({ state: "offered" });
      // Lowering the capacity under the offered seats is refused with the reason, not half done.
      const lowered = await a.call({
        method: "PATCH",
        url: `/classes/${classId}`,
        as: ADMIN,
        payload: { available_seats: 1 },
      });
      expect(lowered.statusCode).toBe(409);
      expect(lowered.json().message).toMatch(/offered to families on its waitlist/);
      await invariants(classId);
    }
  });

  it("staff removing an offered entry while the family accepts it: accepted and kept, or removed and passed on", async () => {
    const outcomes = { acceptedFirst: 0, removedFirst: 0 };
    for (let round = 0; round < 8; round++) {
      const classId = await lineClass(a, 1);
      const elsewhere = await lineClass(a, 50, { startTime: "14:00", endTime: "16:00" });
      const holder = await family(a);
      await holdSeat(a, holder, classId);
      const first = await family(a, ["Ro"]);
      const next = await family(a, ["Si"]);
      await joinLine(a, first, classId, first.kids);
      await joinLine(a, next, classId, next.kids);
      await moveCheckout(a, holder, elsewhere);
      const offer = await entryIn(a, first, classId);
      expect(offer.state).toBe("offered");
      // Accepting opens a whole checkout before it reaches the entry's lock: it is given longer steps.
      const start = staggered(round, [0, 40, 100, 250]);
      const [accepted, removed] = await Promise.all([
        pause(start.first).then(() => a.call({ method: "POST", url: `/waitlist/${offer._id}/accept`, as: first })),
        pause(start.second).then(() =>
          b.call({
            method: "POST",
            url: `/waitlist/${offer._id}/remove`,
            as: ADMIN,
            payload: { reason: "Asked to leave by phone" },
          }),
        ),
      ]);
      if (accepted.statusCode === 201) {
        outcomes.acceptedFirst++;
        expect(removed.statusCode, removed.body).toBe(409);
        expect(removed.json().message).toBe("This entry is no longer in line (accepted).");
        expect(await entryIn(a, next, classId)).toMatchObject({ state: "waiting" });
        expect(await invariants(classId)).toMatchObject({ held: 1, offered: 0, waiting: 1 });
      } else {
        outcomes.removedFirst++;
        expect(removed.statusCode, removed.body).toBe(200);
        expect([404, 409], accepted.body).toContain(accepted.statusCode);
        expect(await entryIn(a, next, classId)).toMatchObject({ state: "offered" });
        expect(await invariants(classId)).toMatchObject({ held: 0, offered: 1, waiting: 0 });
      }
    }
    console.info(`staff removal against an acceptance, 8 rounds: ${JSON.stringify(outcomes)}`);
    expect(outcomes.acceptedFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.removedFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });

  it("staff moving an entry to the head while a seat frees: the offer goes to whoever is first when it is made", async () => {
    const outcomes = { movedFirst: 0, offeredFirst: 0 };
    for (let round = 0; round < 8; round++) {
      const classId = await lineClass(a, 1);
      const elsewhere = await lineClass(a, 50, { startTime: "14:00", endTime: "16:00" });
      const holder = await family(a);
      await holdSeat(a, holder, classId);
      const first = await family(a, ["Tam"]);
      const second = await family(a, ["Uma"]);
      await joinLine(a, first, classId, first.kids);
      const secondEntry = (await joinLine(a, second, classId, second.kids)).json();
      const move = await readyToMove(a, holder, elsewhere);
      const start = staggered(round);
      const [freed, moved] = await Promise.all([
        pause(start.first).then(() => move(a)),
        pause(start.second).then(() =>
          b.call({
            method: "PATCH",
            url: `/waitlist/${secondEntry._id}`,
            as: ADMIN,
            payload: { position: 1, reason: "Registered by phone first" },
          }),
        ),
      ]);
      expect(freed.statusCode, freed.body).toBe(201);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await invariants(classId)).toMatchObject({ held: 0, offered: 1, waiting: 1 });
      const [f, s] = [await entryIn(a, first, classId), await entryIn(a, second, classId)];
      if (s.state === "offered") {
        outcomes.movedFirst++;
        expect(f).toMatchObject({ state: "waiting", position: 1 });
      } else {
        outcomes.offeredFirst++;
        expect(f.state).toBe("offered");
        expect(s).toMatchObject({ state: "waiting", position: 1 });
      }
    }
    console.info(`staff move against an offer being made, 8 rounds: ${JSON.stringify(outcomes)}`);
    expect(outcomes.movedFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.offeredFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });

  it("a class deleted while a family joins its line: joined and then gone with the class, or refused", async () => {
    const outcomes = { joinedFirst: 0, deletedFirst: 0 };
    for (let round = 0; round < 8; round++) {
      // No seats for the public (none sold, none held): the line is open and the class may be deleted.
      const classId = await lineClass(a, 0);
      const parent = await family(a, ["Vi"]);
      const start = staggered(round);
      const [joined, deleted] = await Promise.all([
        pause(start.first).then(() => joinLine(a, parent, classId, parent.kids)),
        pause(start.second).then(() => b.call({ method: "DELETE", url: `/classes/${classId}`, as: ADMIN })),
      ]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json().deletedCount).toBe(1);
      if (joined.statusCode === 201) outcomes.joinedFirst++;
      else {
        outcomes.deletedFirst++;
        expect(joined.statusCode, joined.body).toBe(404);
      }
      // Nothing of the line outlives its class.
      expect(await entryIn(a, parent, classId)).toBeUndefined();
      const left = (await a.database.db.execute(
        sql`select count(*)::int as n from waitlist_entries where class_id = ${classId}`,
      )) as unknown as { rows: { n: number }[] };
      expect(left.rows[0]!.n).toBe(0);
    }
    console.info(`class deletion against joining its line, 8 rounds: ${JSON.stringify(outcomes)}`);
    expect(outcomes.joinedFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.deletedFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });
});
