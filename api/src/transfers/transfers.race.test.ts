import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, driverName, pause, staggered, useTwoTestApis } from "../../test/harness.js";
import { classes, enrollments, orderItems, refunds } from "../platform/database/schema.js";

/**
 * Moving a seat (decision 048) racing on two API processes (one PostgreSQL, a pool each): a move
 * into a class's last seat against a family's checkout of it (one gets it, the other is refused,
 * the counts stay true), and two clerks moving one seat to two classes at once (one move happens,
 * the seat's money is carried once). Every round; over the rounds each side wins at least once, so
 * the requests did meet. PGlite runs one transaction at a time.
 */
describe.runIf(driverName === "postgres")("moving seats on two processes", () => {
  const ROUNDS = 10;
  const { a, b } = useTwoTestApis({ RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_CHECKOUTS: "100000" });

  /** A family whose child has a seat of a class, booked and paid in cash at the desk. */
  async function bookedSeat() {
    const parent = await family(a, ["Kai"]);
    const from = await lineClass(a, 5, { priceCents: 10_000 });
    const booked = await a.call({
      method: "POST",
      url: `/admin/families/${parent.id}/bookings`,
      as: ADMIN,
      payload: {
        seats: [{ classId: from, camperId: parent.kids[0] }],
        payment: { method: "cash", amountCents: 10_000, receivedOn: clockDay(0) },
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [seat] = await a.database.db.select().from(enrollments).where(eq(enrollments.classId, from));
    return { parent, from, orderId: booked.json().order._id as string, enrollmentId: seat!.id };
  }
  const move = (api: typeof a, ms: number, enrollmentId: string, toClassId: string) =>
    pause(ms).then(() =>
      api.call({
        method: "POST",
        url: `/admin/enrollments/${enrollmentId}/move`,
        as: ADMIN,
        payload: { toClassId, dueDay: clockDay(10) },
      }),
    );

  it("gives a class's last seat to the move or to a family's checkout, never both", async () => {
    const wins = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const { from, enrollmentId } = await bookedSeat();
      const to = await lineClass(a, 1, { priceCents: 10_000, startDate: clockDay(50), endDate: clockDay(54) });
      const online = await family(a, ["Ola"]);
      const added = await b.call({
        method: "POST",
        url: "/carts",
        as: online,
        payload: { classItemId: to, camperId: online.kids[0] },
      });
      expect(added.statusCode, added.body).toBe(201);
      const { first, second } = staggered(round);
      const [moved, checkout] = await Promise.all([
        move(a, first, enrollmentId, to),
        pause(second).then(() => b.call({ method: "POST", url: "/create-payment-intent", as: online, payload: {} })),
      ]);
      const codes = [moved.statusCode, checkout.statusCode];
      expect(codes.sort(), `round ${round}: ${moved.body} | ${checkout.body}`).toEqual([201, 409]);
      wins.add(moved.statusCode === 201 ? "move" : "family");
      const counts = await a.database.db
        .select({ id: classes.id, enrolled: classes.enrolledSeats, held: classes.heldSeats })
        .from(classes)
        .where(inArray(classes.id, [from, to]));
      const of = (id: string) => counts.find((c) => c.id === id)!;
      expect(of(to).enrolled + of(to).held).toBe(1);
      // The move that lost left the seat where it was; the one that won emptied it.
      expect(of(from).enrolled).toBe(moved.statusCode === 201 ? 0 : 1);
    }
    expect([...wins].sort()).toEqual(["family", "move"]);
  });

  it("moves a seat once when two clerks move it to two classes at once", async () => {
    const wins = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const { orderId, from, enrollmentId } = await bookedSeat();
      const toA = await lineClass(a, 5, { priceCents: 12_000, startDate: clockDay(50), endDate: clockDay(54) });
      const toB = await lineClass(a, 5, { priceCents: 12_000, startDate: clockDay(60), endDate: clockDay(64) });
      const { first, second } = staggered(round);
      const both = await Promise.all([move(a, first, enrollmentId, toA), move(b, second, enrollmentId, toB)]);
      expect(both.map((r) => r.statusCode).sort(), `round ${round}: ${both.map((r) => r.body).join(" | ")}`).toEqual([
        201, 404,
      ]);
      wins.add(both[0]!.statusCode === 201 ? "a" : "b");
      const [line] = await a.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      expect(line).toMatchObject({ classId: from, paidCents: 10_000, refundedCents: 10_000 });
      const carried = await a.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
      expect(carried.map((r) => `${r.method}/${r.amountCents}`)).toEqual(["credit/10000"]);
      const seats = await a.database.db
        .select({ classId: enrollments.classId })
        .from(enrollments)
        .where(inArray(enrollments.classId, [from, toA, toB]));
      expect(seats).toHaveLength(1);
    }
    expect([...wins].sort()).toEqual(["a", "b"]);
  });
});
