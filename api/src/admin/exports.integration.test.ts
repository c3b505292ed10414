import { describe, expect, it } from "vitest";
import { family, lineClass } from "../../test/families.js";
import { ADMIN, clockDay, MAYA, useTestApi } from "../../test/harness.js";
import { academyDayBounds } from "../platform/academy-day.js";
import { enrollments, orders, payments, refunds } from "../platform/database/schema.js";

/** The office's exports of enrolments, payments and refunds, on PGlite and PostgreSQL: the span's rows, and the CSV. */
const api = useTestApi();

/** Noon of a day some days from the clock's today, at the academy. */
const noonOf = (offset: number) => new Date(academyDayBounds(clockDay(offset)).startMs + 12 * 3_600_000);

describe("the office's exports", () => {
  it("lists the span's enrolments, payments and refunds, oldest first, and writes each CSV with every cell quoted", async () => {
    const parent = await family(api, ["Zoe", "=Ann"]);
    const [zoe, ann] = parent.kids as [string, string];
    const cls = await lineClass(api, 10, { name: "Export Clinic" });
    const db = api.database.db;
    const orderOn = async (offset: number) =>
      (
        await db
          .insert(orders)
          .values({ studentId: parent.id, amountCents: 12500, status: "paid", expiresAt: noonOf(offset) })
          .returning({ id: orders.id })
      )[0]!;
    const older = await orderOn(-40);
    const order = await orderOn(-2);
    await db.insert(enrollments).values([
      { studentId: parent.id, classId: cls, camperId: zoe, orderId: older.id, createdAt: noonOf(-40) },
      { studentId: parent.id, classId: cls, camperId: ann, orderId: order.id, createdAt: noonOf(-2) },
    ]);
    const paidOn = (o: { id: string }, offset: number, transactionId: string, cents: number) => ({
      orderId: o.id,
      studentId: parent.id,
      transactionId,
      amountCents: cents,
      quantity: 1,
      status: "succeeded",
      paidAt: noonOf(offset),
    });
    await db.insert(payments).values([paidOn(older, -40, "pi_old", 12500), paidOn(order, -2, "pi_new", 12550)]);
    await db.insert(refunds).values({
      orderId: order.id,
      classId: cls,
      camperId: ann,
      amountCents: 6275,
      status: "succeeded",
      reason: "Moved away",
      createdAt: noonOf(-1),
    });
    const span = `from=${clockDay(-3)}&to=${clockDay(0)}`;

    const get = async (kind: string, query = span) => {
      const res = await api.call({ method: "GET", url: `/admin/exports/${kind}?${query}`, as: ADMIN });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { columns: string[]; rows: string[][]; total: number; from: string | null };
    };
    const ours = (rows: string[][]) => rows.filter((r) => r.includes(parent.email));

    const enrolled = await get("enrolments");
    expect(enrolled.columns[0]).toBe("enrolled_at");
    expect(ours(enrolled.rows)).toEqual([
      [
        expect.stringMatching(new RegExp(`^${clockDay(-2)} 12:00$`)),
        "Export Clinic",
        expect.any(String),
        expect.any(String),
        `=Ann ${parent.lastName}`,
        expect.any(String),
        parent.email,
        order.id,
        // Whom to call: the first guardian's name and phone; no second one in this family.
        "Ana Parent",
        "+1 555 0100",
        "",
        "",
      ],
    ]);
    // Open at the start: the older seat is in too.
    expect(ours((await get("enrolments", `to=${clockDay(0)}`)).rows)).toHaveLength(2);

    const paid = await get("payments");
    expect(ours(paid.rows).map((r) => [r[3], r[4], r[5], r[8], r[9]])).toEqual([
      ["125.50", "checkout", "card", "succeeded", "pi_new"],
    ]);
    const refunded = await get("refunds");
    expect(ours(refunded.rows).map((r) => [r[3], r[4], r[5], r[9]])).toEqual([
      ["Export Clinic", `=Ann ${parent.lastName}`, "62.75", "Moved away"],
    ]);

    const csv = await api.call({ method: "GET", url: `/admin/exports/payments.csv?${span}`, as: ADMIN });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="payments-${clockDay(-3)}-to-${clockDay(0)}.csv"`,
    );
    expect(csv.body.split("\r\n")[0]).toBe(
      '"paid_at","account_holder","email","amount","kind","method","reference","received_on","status","transaction","order"',
    );
    expect(csv.body).toContain(`"125.50","checkout","card","","","succeeded","pi_new","${order.id}"`);
    expect(csv.body).not.toContain("pi_old");
    const seats = await api.call({ method: "GET", url: `/admin/exports/enrolments.csv?${span}`, as: ADMIN });
    expect(seats.body).toContain(`"'=Ann ${parent.lastName}"`);

    // Admins only; the span is checked: days, and the last not before the first.
    expect((await api.call({ method: "GET", url: "/admin/exports/refunds", as: MAYA })).statusCode).toBe(403);
    expect((await api.call({ method: "GET", url: "/admin/exports/refunds.csv", as: parent })).statusCode).toBe(403);
    const bad = await api.call({ method: "GET", url: "/admin/exports/payments?from=yesterday", as: ADMIN });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(["from"]);
    const backwards = await api.call({
      method: "GET",
      url: `/admin/exports/payments?from=${clockDay(0)}&to=${clockDay(-1)}`,
      as: ADMIN,
    });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().fields)).toEqual(["to"]);
  });
});
