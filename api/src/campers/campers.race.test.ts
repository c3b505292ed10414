import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campers, classes, users } from "../platform/database/schema.js";
import { birthDateForAge } from "../../../tools/test-dates.mjs";
import { keepGuardian } from "../../test/families.js";
import { clockDay, driverName, MAYA, useTwoTestApis } from "../../test/harness.js";
import { overlapped } from "../../test/api-processes.js";

/**
 * "One camper, no two classes at the same time" reads and then writes: two tabs of one family on
 * two API instances (one PostgreSQL, a pool each) book one child into two overlapping classes at
 * the same instant. Exactly one wins, every round. PGlite runs one transaction at a time, so this
 * runs on PostgreSQL only.
 */
describe.runIf(driverName === "postgres")("booking one camper from two tabs at once", () => {
  const ROUNDS = 15;
  const { a, b } = useTwoTestApis({ RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_FORMS: "100000" });

  async function overlappingPair(round: number) {
    const values = (from: string, to: string) => ({
      name: `Race Week ${round} ${from}`,
      image: "https://example.com/race.png",
      instructorId: MAYA.id,
      availableSeats: 10,
      priceCents: 9_900,
      status: "approved" as const,
      startDate: clockDay(60),
      endDate: clockDay(64),
      weekdays: ["mon" as const, "tue" as const, "wed" as const, "thu" as const, "fri" as const],
      startTime: from,
      endTime: to,
      ageMin: 6,
      ageMax: 14,
    });
    const rows = await a.database.db
      .insert(classes)
      .values([values("09:00", "12:00"), values("10:00", "13:00")])
      .returning({ id: classes.id });
    return rows.map((r) => r.id) as [string, string];
  }

  it("two overlapping classes for one child: exactly one cart line, every round", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = randomUUID();
      const parent = { id, email: `family-${id}@example.com` };
      await a.database.db.insert(users).values({ ...parent, name: "Racing Parent", emailVerified: true });
      await keepGuardian(a, parent.id);
      const child = await a.call({
        method: "POST",
        url: "/campers",
        as: parent,
        payload: {
          first_name: "Rosa",
          last_name: "Racer",
          // Ten on the classes' first day (overlappingPair: 60 days on, ages 6-14).
          date_of_birth: birthDateForAge(10, clockDay(60)),
          emergency_contacts: [{ name: "Racing Parent", relation: "father", phone: "555-0101" }],
        },
      });
      expect(child.statusCode, child.body).toBe(201);
      const camperId = child.json().camper._id as string;
      const [first, second] = await overlappingPair(round);
      const answers = await Promise.all([
        a.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId: first, camperId } }),
        b.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId: second, camperId } }),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses, `round ${round}: ${answers.map((r) => r.body).join(" | ")}`).toEqual([201, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().message).toMatch(/^Rosa has an overlapping class/);
      const lines = (await a.database.db.execute(
        sql`select count(*)::int as n from cart_items where camper_id = ${camperId}`,
      )) as unknown as { rows: { n: number }[] };
      expect(lines.rows[0]!.n).toBe(1);
    }
  });

  it("a family one camper short of its 20: two children added at once, one is refused, every round", async () => {
    const raced: boolean[] = [];
    for (let round = 0; round < 8; round++) {
      const id = randomUUID();
      const parent = { id, email: `family-${id}@example.com` };
      await a.database.db.insert(users).values({ ...parent, name: "Counting Parent", emailVerified: true });
      await a.database.db.insert(campers).values(
        Array.from({ length: 19 }, (_, n) => ({
          familyId: id,
          firstName: `Kid${n}`,
          lastName: "Counter",
          dateOfBirth: birthDateForAge(10, clockDay(60)),
        })),
      );
      const add = async (api: typeof a, first: string) => {
        const sentAt = performance.now();
        const res = await api.call({
          method: "POST",
          url: "/campers",
          as: parent,
          payload: { first_name: first, last_name: "Counter", date_of_birth: birthDateForAge(9, clockDay(60)) },
        });
        return { res, sentAt, answeredAt: performance.now() };
      };
      const [x, y] = await Promise.all([add(a, "Ana"), add(b, "Ben")]);
      raced.push(overlapped(x, y));
      expect([x.res.statusCode, y.res.statusCode].sort(), `round ${round}`).toEqual([201, 409]);
      const kept = (await a.database.db.execute(
        sql`select count(*)::int as n from campers where family_id = ${id} and removed_at is null`,
      )) as unknown as { rows: { n: number }[] };
      expect(kept.rows[0]!.n).toBe(20);
    }
    // The two requests were in flight together (else the rounds proved nothing about a race).
    expect(raced.some(Boolean)).toBe(true);
  });
});
