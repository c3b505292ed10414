import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { selfCamper } from "../src/campers/index.js";
import { cartItems, classes, users } from "../src/platform/database/schema.js";
import { keepGuardian } from "./families.js";
import { confirmCard, type TestApi } from "./harness.js";

/**
 * What the read-then-write races (read-then-write.race.test.ts, checkout-seats.race.test.ts) make and
 * check on their two APIs' one database: a user of a role, a class, a cart line, the admins left, and
 * seat counts that match the orders and enrolments holding them. `first` is the API the database is
 * read through.
 */
export function readThenWriteSteps(first: () => TestApi) {
  const db = () => first().database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)) as unknown as { rows: T[] };
  const admins = async () =>
    (await rows<{ id: string }>(sql`select id from users where role = 'admin' order by id`)).rows.map((r) => r.id);

  async function newUser(role: "admin" | "instructor" | "student") {
    const id = randomUUID();
    await db()
      .insert(users)
      // A confirmed address: only those may pay (decision 028), and the races here are about seats.
      .values({ id, name: `Racer ${id.slice(0, 6)}`, email: `racer-${id}@example.com`, role, emailVerified: true });
    if (role === "student") await keepGuardian(first(), id);
    return { id, email: `racer-${id}@example.com` };
  }

  async function newClass(instructorId: string, seats = 5) {
    const [row] = await db()
      .insert(classes)
      .values({
        name: "Race Camp",
        image: "https://example.com/race.png",
        instructorId,
        availableSeats: seats,
        priceCents: 2500,
        status: "approved",
      })
      .returning({ id: classes.id });
    return row!.id;
  }

  async function inCart(studentId: string, classId: string) {
    const camper = await selfCamper(db(), studentId);
    const [row] = await db()
      .insert(cartItems)
      .values({ studentId, classId, camperId: camper.id })
      .returning({ id: cartItems.id });
    return row!.id;
  }

  /** Seats held and enrolled always match the orders and enrolments that hold them, in every class (the seed's too). */
  async function expectSeatCountsConsistent() {
    const { rows: drift } = await rows<{ id: string }>(sql`
      select c.id from classes c
      where c.held_seats <> (select count(*) from order_items oi join orders o on o.id = oi.order_id
                             where oi.class_id = c.id and o.status = 'pending')
         or c.enrolled_seats <> (select count(*) from enrollments e where e.class_id = c.id)`);
    expect(drift).toEqual([]);
  }

  const payByCard = async (clientSecret: string) => expect(await confirmCard(clientSecret)).toBe(200);

  const sorted = (statuses: number[]) => [...statuses].sort((x, y) => x - y);

  return { db, rows, admins, newUser, newClass, inCart, expectSeatCountsConsistent, payByCard, sorted };
}
