import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { overlapped, useTwoApiProcesses, waitFor, type ProcessApi } from "../../test/api-processes.js";
import { family, lineClass } from "../../test/families.js";
import { driverName } from "../../test/harness.js";
import { nowMs } from "../platform/clock.js";
import { waitingRooms } from "../platform/database/schema.js";

/**
 * The waiting room on two API server processes that share nothing but PostgreSQL (decision 043):
 * places given in arrival order across both, one per account however the family asks, and the line
 * let in as one prefix at one pace, whichever process a family asks, and nothing lost when a process
 * restarts.
 */
const RATE = 4;

describe.runIf(driverName === "postgres")("the waiting room on two API server processes", () => {
  const { a, b } = useTwoApiProcesses({
    WAITING_ROOM_LEAD_MINUTES: "15",
    WAITING_ROOM_QUIET_SECONDS: "600",
    WAITING_ROOM_START_RATE: String(RATE),
    WAITING_ROOM_MAX_RATE: String(RATE),
  });
  const on = (n: number): ProcessApi => (n % 2 ? b : a);
  const join = (api: ProcessApi, browser: string, as?: { id: string; email: string }) =>
    api.call({
      method: "POST",
      url: "/waiting-room/places",
      payload: { browserId: `browser-${browser}-0123456789` },
      as,
    });
  const where = (api: ProcessApi, ticket: string) =>
    api.call({ method: "GET", url: "/waiting-room/places/mine", headers: { "waiting-room-ticket": ticket } });

  it("gives places in arrival order across both, one per account, and lets the line in as one prefix at one pace, through a restart", async () => {
    const opening = Math.ceil((nowMs() + 5_000) / 1000) * 1000;
    await lineClass(a, 5, { registrationOpensAt: new Date(opening) });
    for (const api of [a, b])
      await waitFor(
        async () => (await api.call({ method: "GET", url: "/waiting-room" })).json().inForce === true,
        5_000,
      );

    // One after another, alternating processes: places in the order asked.
    const tickets = new Map<number, string>();
    for (let n = 0; n < 10; n += 1) {
      const answer = await join(on(n), `one-by-one-${n}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().place).toBe(n + 1);
      tickets.set(n + 1, answer.json().ticket);
    }
    // All at once on both: every place given once, none skipped.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, n) => join(on(n), `burst-${n}`)));
    const places = burst.map((r) => r.json().place as number);
    expect([...places].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n + 11));
    expect(burst.some((x, i) => burst.some((y, j) => i !== j && overlapped(x, y)))).toBe(true);
    for (const r of burst) tickets.set(r.json().place, r.json().ticket);
    // One family asking from both processes at once, from two browsers: one place.
    const parent = await family(a);
    const twice = await Promise.all([join(a, "tab-a", parent), join(b, "tab-b", parent)]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(twice[0]!.json().place).toBe(twice[1]!.json().place);
    expect(overlapped(twice[0]!, twice[1]!)).toBe(true);
    tickets.set(twice[0]!.json().place, twice[0]!.json().ticket);
    // Four tabs of one browser, not signed in, at once on both: one place (a tab that loses the
    // race for it finds the winner's).
    const tabs = await Promise.all(Array.from({ length: 4 }, (_, n) => join(on(n), "four-tabs")));
    expect(tabs.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(tabs.map((r) => r.json().place))).toEqual(new Set([32]));
    expect(tabs.some((x, i) => tabs.some((y, j) => i !== j && overlapped(x, y)))).toBe(true);
    tickets.set(32, tabs[0]!.json().ticket);
    const last = tickets.size;
    expect(last).toBe(32);

    const admitted = async () =>
      Math.floor(
        (
          await a.database.db
            .select()
            .from(waitingRooms)
            .where(eq(waitingRooms.opensAt, new Date(opening)))
        )[0]!.admitted,
      );
    let rounds = 0;
    for (;;) {
      const before = await admitted();
      // Each process reads the room every half second: wait that out, so what it says is newer.
      await new Promise((r) => setTimeout(r, 700));
      const answers = await Promise.all(
        [...tickets].map(async ([place, ticket]) => ({ place, answer: await where(on(place + rounds), ticket) })),
      );
      const after = await admitted();
      for (const { place, answer } of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        if (place <= before) expect(answer.json().state, `place ${place} of ${before} let in`).toBe("in");
        if (place > after) expect(answer.json().state, `place ${place}, ${after} let in`).toBe("waiting");
      }
      // One pace for both processes: never more than the rate since the opening (a second's slack).
      expect(after).toBeLessThanOrEqual(RATE * (Math.max(0, nowMs() - opening) / 1000 + 1));
      rounds += 1;
      if (rounds === 2) {
        // A process restarted while families wait (a deployment): no place is lost, none given twice.
        await a.restart();
        expect((await join(a, "one-by-one-3")).json()).toMatchObject({ place: 4, ticket: tickets.get(4) });
        expect((await where(a, tickets.get(last)!)).json()).toMatchObject({ place: last });
      }
      if (before >= last) break;
      expect(rounds, "rounds until every place was let in").toBeLessThan(40);
    }
  }, 90_000);
});
