import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campers, classes, orderItems, orders } from "../platform/database/schema.js";
import { confirmCard, clockDay, driverName, pause, staggered, useTwoTestApis } from "../../test/harness.js";
import { family, lineClass, type Person } from "../../test/families.js";
import { ageOn } from "./fields.js";

/**
 * A camper removed or given another date of birth while a checkout is opened or paid for them, on
 * two API instances (one PostgreSQL, a pool each): the family's row lock orders the two (decision
 * 008). After every round, no seat held or paid belongs to a removed camper or to one whose age is
 * outside the class's range; over the rounds each side came first at least once.
 */
const LIMITS = { RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_FORMS: "100000", RATE_LIMIT_CHECKOUTS: "100000" };

describe.runIf(driverName === "postgres")("a camper changed while a checkout is opened or paid for them", () => {
  const ROUNDS = 8;
  const { a, b } = useTwoTestApis(LIMITS);

  /** The seats held or paid for a family's campers, with what the rules need to know of each. */
  const seatsOf = (familyId: string) =>
    a.database.db
      .select({
        removed: campers.removedAt,
        born: campers.dateOfBirth,
        start: classes.startDate,
        min: classes.ageMin,
        max: classes.ageMax,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(campers, eq(campers.id, orderItems.camperId))
      .innerJoin(classes, eq(classes.id, orderItems.classId))
      .where(and(eq(orders.studentId, familyId), inArray(orders.status, ["pending", "paid"])));

  async function noSeatBreaksTheRules(familyId: string) {
    for (const seat of await seatsOf(familyId)) {
      expect(seat.removed).toBeNull();
      const age = ageOn(seat.born!, seat.start!);
      expect(age).toBeGreaterThanOrEqual(seat.min!);
      expect(age).toBeLessThanOrEqual(seat.max!);
    }
  }

  const inCart = async (parent: Person, camperId: string) => {
    const classItemId = await lineClass(a, 5);
    const added = await a.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId, camperId } });
    expect(added.statusCode, added.body).toBe(201);
    return added.json().insertedId as string;
  };

  it("a camper removed while a checkout opens for them: either the removal is refused or the checkout", async () => {
    const outcomes = { checkoutFirst: 0, removalFirst: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const parent = await family(a, ["Ada"]);
      const camperId = parent.kids[0]!;
      const cartItemId = await inCart(parent, camperId);
      const start = staggered(round);
      const [opened, removed] = await Promise.all([
        pause(start.first).then(() =>
          a.call({ method: "POST", url: "/create-payment-intent", as: parent, payload: { cartItemIds: [cartItemId] } }),
        ),
        pause(start.second).then(() => b.call({ method: "DELETE", url: `/campers/${camperId}`, as: parent })),
      ]);
      if (opened.statusCode === 201) {
        outcomes.checkoutFirst++;
        expect(removed.statusCode, removed.body).toBe(409);
        expect(removed.json().message).toBe("A checkout for Ada is in progress: finish or leave it first.");
      } else {
        outcomes.removalFirst++;
        expect(removed.statusCode, removed.body).toBe(200);
        expect([404, 409], opened.body).toContain(opened.statusCode);
      }
      await noSeatBreaksTheRules(parent.id);
    }
    console.info(`camper removal against a checkout, ${ROUNDS} rounds: ${JSON.stringify(outcomes)}`);
    expect(outcomes.checkoutFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.removalFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });

  it("a camper removed while their seat is paid for: refused either way (a checkout in progress, then a seat)", async () => {
    const outcomes = { paymentFirst: 0, removalFirst: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const parent = await family(a, ["Bo"]);
      const camperId = parent.kids[0]!;
      const cartItemId = await inCart(parent, camperId);
      const co = await a.call({
        method: "POST",
        url: "/create-payment-intent",
        as: parent,
        payload: { cartItemIds: [cartItemId] },
      });
      expect(co.statusCode, co.body).toBe(201);
      expect(await confirmCard(co.json().clientSecret)).toBe(200);
      const start = staggered(round);
      const [paid, removed] = await Promise.all([
        pause(start.first).then(() =>
          a.call({
            method: "POST",
            url: "/payments",
            as: parent,
            payload: { transactionId: co.json().paymentIntentId },
          }),
        ),
        pause(start.second).then(() => b.call({ method: "DELETE", url: `/campers/${camperId}`, as: parent })),
      ]);
      expect(paid.statusCode, paid.body).toBe(201);
      expect(removed.statusCode, removed.body).toBe(409);
      if (removed.json().message.startsWith("A checkout for Bo is in progress")) outcomes.removalFirst++;
      else {
        outcomes.paymentFirst++;
        expect(removed.json().message).toMatch(/^Bo is enrolled in ".*", which has not ended/);
      }
      const [kept] = await a.database.db.select().from(campers).where(eq(campers.id, camperId));
      expect(kept!.removedAt).toBeNull();
      await noSeatBreaksTheRules(parent.id);
    }
    console.info(`camper removal against a payment, ${ROUNDS} rounds: ${JSON.stringify(outcomes)}`);
    expect(outcomes.paymentFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.removalFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });

  it("a camper made too young for the class while a checkout opens for them: never a seat held for a camper the class does not take", async () => {
    const outcomes = { checkoutFirst: 0, editFirst: 0 };
    const toddler = `${Number(clockDay(30).slice(0, 4)) - 3}-01-15`;
    for (let round = 0; round < ROUNDS; round++) {
      const parent = await family(a, ["Cy"]);
      const camperId = parent.kids[0]!;
      const cartItemId = await inCart(parent, camperId);
      const start = staggered(round);
      const [opened, edited] = await Promise.all([
        pause(start.first).then(() =>
          a.call({ method: "POST", url: "/create-payment-intent", as: parent, payload: { cartItemIds: [cartItemId] } }),
        ),
        pause(start.second).then(() =>
          b.call({ method: "PATCH", url: `/campers/${camperId}`, as: parent, payload: { date_of_birth: toddler } }),
        ),
      ]);
      if (opened.statusCode === 201) {
        outcomes.checkoutFirst++;
        expect(edited.statusCode, edited.body).toBe(409);
        expect(edited.json().message).toMatch(/^Cy will be \d on .*; this class is for ages 6-14\. Cy has a seat in/);
      } else {
        outcomes.editFirst++;
        expect(edited.statusCode, edited.body).toBe(200);
        expect(opened.statusCode, opened.body).toBe(409);
        expect(opened.json().message).toMatch(/this class is for ages 6-14/);
      }
      await noSeatBreaksTheRules(parent.id);
    }
    console.info(`date of birth edit against a checkout, ${ROUNDS} rounds: ${JSON.stringify(outcomes)}`);
    expect(outcomes.checkoutFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.editFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
    // A date that keeps every seat inside its range is still taken.
    const parent = await family(a, ["Di"]);
    await inCart(parent, parent.kids[0]!);
    expect((await a.call({ method: "POST", url: "/create-payment-intent", as: parent, payload: {} })).statusCode).toBe(
      201,
    );
    const older = `${Number(clockDay(30).slice(0, 4)) - 11}-01-15`;
    const fine = await b.call({
      method: "PATCH",
      url: `/campers/${parent.kids[0]}`,
      as: parent,
      payload: { date_of_birth: older },
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(
      await a.database.db
        .select()
        .from(campers)
        .where(and(eq(campers.id, parent.kids[0]!), isNotNull(campers.dateOfBirth))),
    ).toHaveLength(1);
  });
});
