import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONTACT, family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, driverName, pause, staggered, useTwoTestApis } from "../../test/harness.js";
import { classes, orderItems, payments } from "../platform/database/schema.js";

/**
 * The front desk's read-then-write rules on two API processes (one PostgreSQL, a pool each):
 * "never more than is owed" (two clerks record a payment of one booking at once, each for more
 * than half of what is owed: one is taken) and "a seat is taken once" (the desk and a family's
 * checkout after a class's last seat: one gets it). Every round; over the rounds each side wins at
 * least once, so the requests did meet. PGlite runs one transaction at a time.
 */
describe.runIf(driverName === "postgres")("the front desk racing on two processes", () => {
  const ROUNDS = 10;
  const { a, b } = useTwoTestApis({ RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_CHECKOUTS: "100000" });
  const addKid = async (familyId: string) => {
    const kid = await a.call({
      method: "POST",
      url: `/admin/families/${familyId}/campers`,
      as: ADMIN,
      payload: {
        first_name: "Rae",
        last_name: "Racer",
        date_of_birth: `${Number(clockDay(30).slice(0, 4)) - 10}-01-15`,
        emergency_contacts: [CONTACT],
      },
    });
    expect(kid.statusCode, kid.body).toBe(201);
    return kid.json().insertedId as string;
  };

  it("takes one of them, and the lines never hold more than their prices", async () => {
    const wins = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const parent = await family(a, []);
      const camperId = await addKid(parent.id);
      const cls = await lineClass(a, 5);
      const booked = await a.call({
        method: "POST",
        url: `/admin/families/${parent.id}/bookings`,
        as: ADMIN,
        payload: { seats: [{ classId: cls, camperId }], payment: null, dueDay: clockDay(10) },
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

  it("gives a class's last seat to the desk or to a family's checkout, never both", async () => {
    const wins = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const walkIn = await family(a, []);
      const walkInKid = await addKid(walkIn.id);
      const online = await family(a, ["Ola"]);
      const cls = await lineClass(a, 1);
      const added = await b.call({
        method: "POST",
        url: "/carts",
        as: online,
        payload: { classItemId: cls, camperId: online.kids[0] },
      });
      expect(added.statusCode, added.body).toBe(201);
      const { first, second } = staggered(round);
      const [desk, checkout] = await Promise.all([
        pause(first).then(() =>
          a.call({
            method: "POST",
            url: `/admin/families/${walkIn.id}/bookings`,
            as: ADMIN,
            payload: { seats: [{ classId: cls, camperId: walkInKid }], payment: null, dueDay: clockDay(10) },
          }),
        ),
        pause(second).then(() => b.call({ method: "POST", url: "/create-payment-intent", as: online, payload: {} })),
      ]);
      const codes = [desk.statusCode, checkout.statusCode];
      expect(codes.sort(), `round ${round}: ${desk.body} | ${checkout.body}`).toEqual([201, 409]);
      wins.add(desk.statusCode === 201 ? "desk" : "family");
      const [row] = await a.database.db.select().from(classes).where(eq(classes.id, cls));
      expect(row!.enrolledSeats + row!.heldSeats).toBe(1);
    }
    expect([...wins].sort()).toEqual(["desk", "family"]);
  });
});
