import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems } from "../platform/database/schema.js";
import { family, lineClass, type Person } from "../../test/families.js";
import { ADMIN, driverName, pause, staggered, useTwoTestApis } from "../../test/harness.js";

/**
 * An admin pausing or changing the sibling discount while a family's checkout prices its seats, on
 * two API instances (one PostgreSQL, a pool each). The checkout prices with the discount as it was
 * or as it is now, never a mix, and one paused (or changed) before the checkout committed is not
 * applied (or applied as it was): the checkout keeps the discounts' rows shared-locked from its
 * price to its commit (decision 034). What the discount was when each checkout committed is written
 * by a trigger deferred to the commit, set up for this test only.
 */
const LIMITS = { RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_CHECKOUTS: "100000", RATE_LIMIT_FORMS: "100000" };
const PRICE = 12_500;

describe.runIf(driverName === "postgres")("a discount changed by an admin while a checkout prices with it", () => {
  const ROUNDS = 12;
  const { a, b } = useTwoTestApis(LIMITS);
  let siblingId = "";

  beforeAll(async () => {
    const made = await a.call({
      method: "POST",
      url: "/discounts",
      as: ADMIN,
      payload: { kind: "sibling", name: "Sibling", percentOff: 20 },
    });
    expect(made.statusCode, made.body).toBe(201);
    siblingId = made.json()._id;
    await a.database.db.execute(sql`
      create table race_pricing_log (order_id uuid, discounts jsonb, paused boolean, percent int)`);
    await a.database.db.execute(sql`
      create function race_pricing_logged() returns trigger language plpgsql as $$
      begin
        insert into race_pricing_log
          select new.order_id, new.discounts, d.paused, d.percent_off from discounts d where d.kind = 'sibling';
        return null;
      end $$`);
    await a.database.db.execute(sql`
      create constraint trigger race_pricing_at_commit after insert on order_items
      deferrable initially deferred for each row execute function race_pricing_logged()`);
  });

  const setSibling = (change: { paused?: boolean; percentOff?: number }) =>
    a.call({ method: "PATCH", url: `/discounts/${siblingId}`, as: ADMIN, payload: change });

  /** A family with two children in the cart for one class: the second child's seat takes the sibling discount. */
  const twoChildren = async () => {
    const parent = await family(a, ["Ann", "Ben"]);
    const classItemId = await lineClass(a, 5, { priceCents: PRICE });
    for (const camperId of parent.kids) {
      const added = await a.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId, camperId } });
      expect(added.statusCode, added.body).toBe(201);
    }
    return parent;
  };

  /** Each line as priced, and the sibling discount as it was when its checkout committed. */
  async function pricedAtCommit(orderId: string) {
    const lines = await a.database.db
      .select({ discounts: orderItems.discounts })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const logged = (await a.database.db.execute(
      sql`select paused, percent from race_pricing_log where order_id = ${orderId}`,
    )) as unknown as { rows: { paused: boolean; percent: number }[] };
    expect(logged.rows).toHaveLength(2);
    const sibling = lines.flatMap((l) => l.discounts.filter((d) => d.kind === "sibling").map((d) => d.cents));
    return { sibling, atCommit: logged.rows[0]! };
  }

  const race = (round: number, parent: Person, change: { paused?: boolean; percentOff?: number }) => {
    const start = staggered(round, [0, 4, 6, 8, 12, 20]);
    return Promise.all([
      pause(start.first).then(() => a.call({ method: "POST", url: "/create-payment-intent", as: parent, payload: {} })),
      pause(start.second).then(() =>
        b.call({ method: "PATCH", url: `/discounts/${siblingId}`, as: ADMIN, payload: change }),
      ),
    ]);
  };

  it("paused during a checkout: applied only when the checkout committed first, never after the pause", async () => {
    const outcomes = { applied: 0, notApplied: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      expect((await setSibling({ paused: false, percentOff: 20 })).statusCode).toBe(200);
      const parent = await twoChildren();
      const [opened, paused] = await race(round, parent, { paused: true });
      expect(opened.statusCode, opened.body).toBe(201);
      expect(paused.statusCode, paused.body).toBe(200);
      const { sibling, atCommit } = await pricedAtCommit(opened.json().orderId);
      if (sibling.length > 0) {
        outcomes.applied++;
        expect(atCommit.paused, `round ${round}: applied after the pause committed`).toBe(false);
        expect(sibling).toEqual([PRICE * 0.2]);
        expect(opened.json().totalCents ?? opened.json().amountCents).toBe(2 * PRICE - PRICE * 0.2);
      } else {
        outcomes.notApplied++;
      }
    }
    console.info(`sibling discount paused against a checkout, ${ROUNDS} rounds: ${JSON.stringify(outcomes)}`);
    expect(outcomes.applied, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.notApplied, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });

  it("changed during a checkout: priced all with the old percent or all with the new, the one in force at its commit", async () => {
    const outcomes = { old: 0, new: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      expect((await setSibling({ paused: false, percentOff: 20 })).statusCode).toBe(200);
      const parent = await twoChildren();
      const [opened, changed] = await race(round, parent, { percentOff: 40 });
      expect(opened.statusCode, opened.body).toBe(201);
      expect(changed.statusCode, changed.body).toBe(200);
      const { sibling, atCommit } = await pricedAtCommit(opened.json().orderId);
      expect(sibling).toHaveLength(1);
      expect(sibling[0], `round ${round}: priced with one percent, committed under another`).toBe(
        (PRICE * atCommit.percent) / 100,
      );
      if (atCommit.percent === 20) outcomes.old++;
      else outcomes.new++;
    }
    console.info(`sibling discount changed against a checkout, ${ROUNDS} rounds: ${JSON.stringify(outcomes)}`);
    expect(outcomes.old, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.new, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });
});
