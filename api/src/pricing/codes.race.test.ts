import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discountUses, orders } from "../platform/database/schema.js";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, driverName, pause, staggered, useTwoTestApis } from "../../test/harness.js";

/**
 * A code's limits when two API processes (one PostgreSQL, a pool each) take its last use at the
 * same instant: the code's row lock makes the second checkout count the first's
 * use. Each family books a class of its own, so nothing else (a class's row) orders the two.
 */
const LIMITS = { RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_CHECKOUTS: "100000", RATE_LIMIT_CODES: "100000" };

describe.runIf(driverName === "postgres")("a promo code's last use when two API processes race", () => {
  const ROUNDS = 8;
  const { a, b } = useTwoTestApis(LIMITS);

  it("a code with one use left, used by two families at once: used once, the other told it is used up", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const code = `RACE${round}`;
      const made = await a.call({
        method: "POST",
        url: "/discounts",
        as: ADMIN,
        payload: { kind: "code", name: "Race", code, percentOff: 10, maxUses: 1 },
      });
      expect(made.statusCode, made.body).toBe(201);
      const families = [await family(a), await family(a)];
      for (const parent of families) {
        const classItemId = await lineClass(a, 3, { priceCents: 10_000 });
        const added = await a.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId } });
        expect(added.statusCode, added.body).toBe(201);
      }
      const answers = await Promise.all([
        a.call({ method: "POST", url: "/create-payment-intent", as: families[0]!, payload: { promoCode: code } }),
        b.call({ method: "POST", url: "/create-payment-intent", as: families[1]!, payload: { promoCode: code } }),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join("\n")).toEqual([201, 400]);
      const refused = answers.find((r) => r.statusCode === 400)!;
      expect(refused.json().fields).toEqual({ promoCode: "This code has been used up." });
      const uses = await a.database.db.select().from(discountUses).where(eq(discountUses.discountId, made.json()._id));
      expect(uses).toHaveLength(1);
      // The refused family holds nothing.
      const loser = families[answers[0]!.statusCode === 400 ? 0 : 1]!;
      expect(await a.database.db.select().from(orders).where(eq(orders.studentId, loser.id))).toEqual([]);
    }
  });

  it("a code once per family, used from two tabs at once for two classes: one checkout uses it, the other is replaced", async () => {
    const outcomes = { firstTab: 0, secondTab: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const code = `TABS${round}`;
      const made = await a.call({
        method: "POST",
        url: "/discounts",
        as: ADMIN,
        payload: { kind: "code", name: "Tabs", code, percentOff: 10, maxUsesPerFamily: 1 },
      });
      expect(made.statusCode, made.body).toBe(201);
      const parent = await family(a);
      const lines: string[] = [];
      for (const hours of [{}, { startTime: "14:00", endTime: "16:00" }]) {
        const classItemId = await lineClass(a, 3, { priceCents: 10_000, ...hours });
        const added = await a.call({ method: "POST", url: "/carts", as: parent, payload: { classItemId } });
        expect(added.statusCode, added.body).toBe(201);
        lines.push(added.json().insertedId);
      }
      const start = staggered(round);
      const tab = (api: typeof a, line: string, ms: number) =>
        pause(ms).then(() =>
          api.call({
            method: "POST",
            url: "/create-payment-intent",
            as: parent,
            payload: { cartItemIds: [line], promoCode: code },
          }),
        );
      const answers = await Promise.all([tab(a, lines[0]!, start.first), tab(b, lines[1]!, start.second)]);
      // Each tab's checkout replaces the family's earlier one (its use given back with it).
      expect(
        answers.map((r) => r.statusCode),
        answers.map((r) => r.body).join("\n"),
      ).toEqual([201, 201]);
      const counted = await a.database.db
        .select({ orderId: discountUses.orderId })
        .from(discountUses)
        .innerJoin(orders, eq(orders.id, discountUses.orderId))
        .where(and(eq(discountUses.discountId, made.json()._id), inArray(orders.status, ["pending", "paid"])));
      expect(counted).toHaveLength(1);
      const pending = await a.database.db
        .select({ id: orders.id, amount: orders.amountCents })
        .from(orders)
        .where(and(eq(orders.studentId, parent.id), eq(orders.status, "pending")));
      expect(pending).toEqual([{ id: counted[0]!.orderId, amount: 9_000 }]);
      if (pending[0]!.id === answers[0]!.json().orderId) outcomes.firstTab++;
      else outcomes.secondTab++;
    }
    console.info(`a code once per family from two tabs, ${ROUNDS} rounds: ${JSON.stringify(outcomes)}`);
    expect(outcomes.firstTab, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.secondTab, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });
});
