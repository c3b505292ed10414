import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONTACT, family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, driverName, pause, staggered, useTwoTestApis } from "../../test/harness.js";
import { orderItems, payments } from "../platform/database/schema.js";

/**
 * "Never more than is owed" reads what was paid and then writes a payment: two clerks record a
 * payment of the same booking at the same instant on two API processes (one PostgreSQL, a pool
 * each), each for more than half of what is owed. One is taken, every round; over the rounds each
 * process wins at least once, so the requests did meet. PGlite runs one transaction at a time.
 */
describe.runIf(driverName === "postgres")("two offline payments of one booking at once", () => {
  const ROUNDS = 10;
  const { a, b } = useTwoTestApis({ RATE_LIMIT_SENSITIVE: "100000" });

  it("takes one of them, and the lines never hold more than their prices", async () => {
    const wins = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const parent = await family(a, []);
      const kid = await a.call({
        method: "POST",
        url: `/admin/families/${parent.id}/campers`,
        as: ADMIN,
        payload: {
          first_name: "Rae",
          last_name: "Racer",
          date_of_birth: `${Number(clockDay(30).slice(0, 4)) - 10}-01-15`,
          emergency_contacts: [CONTACT],
        },
      });
      expect(kid.statusCode, kid.body).toBe(201);
      const cls = await lineClass(a, 5);
      const booked = await a.call({
        method: "POST",
        url: `/admin/families/${parent.id}/bookings`,
        as: ADMIN,
        payload: { seats: [{ classId: cls, camperId: kid.json().insertedId }], payment: null, dueDay: clockDay(10) },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const order = booked.json().order;
      const { first, second } = staggered(round);
      const pay = (api: typeof a, ms: number, reference: string) =>
        pause(ms).then(() =>
          api.call({
            method: "POST",
            url: `/admin/orders/${order._id}/payments`,
            as: ADMIN,
            payload: { method: "cheque", amountCents: 10_000, reference, receivedOn: clockDay(0) },
          }),
        );
      const both = await Promise.all([pay(a, first, "A-1"), pay(b, second, "B-1")]);
      expect(both.map((r) => r.statusCode).sort(), `round ${round}: ${both.map((r) => r.body).join(" | ")}`).toEqual([
        201, 400,
      ]);
      wins.add(both[0]!.statusCode === 201 ? "a" : "b");
      const kept = await a.database.db.select().from(payments).where(eq(payments.orderId, order._id));
      expect(kept).toHaveLength(1);
      const [line] = await a.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
      expect(line!.paidCents).toBe(10_000);
    }
    expect([...wins].sort()).toEqual(["a", "b"]);
  });
});
