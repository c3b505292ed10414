import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, users } from "../platform/database/schema.js";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, driverName, pause, staggered, useTwoTestApis } from "../../test/harness.js";

/**
 * A student made an instructor or an admin while they open a checkout, on two API instances (one
 * PostgreSQL, a pool each). Instructors and admins book nothing, so after every round nobody but a
 * student holds seats in a checkout: either the checkout came first and the role change waits until
 * it is paid or ends (409), or the role changed first and the checkout is refused (403). The
 * student's row orders the two (decision 008).
 */
const LIMITS = { RATE_LIMIT_SENSITIVE: "100000", RATE_LIMIT_CHECKOUTS: "100000", RATE_LIMIT_FORMS: "100000" };

describe.runIf(driverName === "postgres")("a role change while that user opens a checkout", () => {
  const ROUNDS = 10;
  const { a, b } = useTwoTestApis(LIMITS);

  it("promoted while a checkout opens: never a checkout held by an instructor or an admin", async () => {
    const outcomes = { checkoutFirst: 0, roleFirst: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const role = round % 4 < 2 ? "instructor" : "admin";
      const student = await family(a);
      const classItemId = await lineClass(a, 3);
      const added = await a.call({ method: "POST", url: "/carts", as: student, payload: { classItemId } });
      expect(added.statusCode, added.body).toBe(201);
      const start = staggered(round);
      const [opened, promoted] = await Promise.all([
        pause(start.first).then(() =>
          a.call({ method: "POST", url: "/create-payment-intent", as: student, payload: {} }),
        ),
        pause(start.second).then(() => b.call({ method: "PATCH", url: `/users/${role}/${student.id}`, as: ADMIN })),
      ]);
      const [now] = await a.database.db.select({ role: users.role }).from(users).where(eq(users.id, student.id));
      const pending = await a.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.studentId, student.id), eq(orders.status, "pending")));
      if (opened.statusCode === 201) {
        outcomes.checkoutFirst++;
        expect(promoted.statusCode, promoted.body).toBe(409);
        expect(promoted.json().message).toBe("This student is paying right now: try again in a few minutes.");
        expect(now!.role).toBe("student");
        expect(pending).toHaveLength(1);
      } else {
        outcomes.roleFirst++;
        expect(promoted.statusCode, promoted.body).toBe(200);
        expect(opened.statusCode, opened.body).toBe(403);
        expect(now!.role).toBe(role);
        expect(pending).toEqual([]);
      }
    }
    console.info(`a promotion against a checkout, ${ROUNDS} rounds: ${JSON.stringify(outcomes)}`);
    expect(outcomes.checkoutFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.roleFirst, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });
});
