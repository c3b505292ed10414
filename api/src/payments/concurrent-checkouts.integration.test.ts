import { describe, expect, it } from "vitest";
import { usePayments } from "../../test/payment-webhooks.js";
import { keepGuardian } from "../../test/families.js";
import { classId, driverName, SAM } from "../../test/harness.js";
import { addToCart, checkout, count, payByCard, report, seatsOf } from "../../test/checkout-steps.js";

/**
 * Checkouts at the same moment, on PostgreSQL (PGlite runs one transaction at a time): the last
 * seats go to as many checkouts as there are seats, and a payment reported twice at once is
 * recorded once.
 */

describe.runIf(driverName === "postgres")("concurrent checkouts on PostgreSQL", () => {
  const h = usePayments();

  it("twelve students racing for three seats: exactly three checkouts hold them", async () => {
    const { api } = h;
    await api.database.db.execute(`update classes set available_seats = enrolled_seats + 3 where id = '${classId(5)}'`);
    const students = Array.from({ length: 12 }, (_, i) => ({
      id: `00000000-0000-4000-8100-${String(i + 1).padStart(12, "0")}`,
      email: `racer${i + 1}@example.com`,
    }));
    for (const s of students) {
      await api.database.db.execute(
        // Confirmed addresses: only those may pay (decision 028); the race is about seats.
        `insert into users (id, email, name, role, email_verified) values ('${s.id}', '${s.email}', 'Racer', 'student', true)`,
      );
      await keepGuardian(api, s.id);
      await addToCart(api, s, 5);
    }
    const results = await Promise.all(students.map((s) => checkout(api, s)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const seats = await seatsOf(api, 5);
    expect(seats.enrolled + seats.held).toBe(seats.available);
    expect(seats.held).toBe(3);
  });

  it("the browser's report and the webhook arriving together record one payment", async () => {
    const { api, sandbox } = h;
    const item = await addToCart(api, SAM, 11);
    const co = (await checkout(api, SAM, { cartItemIds: [item] })).json();
    const before = await seatsOf(api, 11);
    await payByCard(sandbox, co.clientSecret, "4242424242424242");
    const reports = await Promise.all(Array.from({ length: 5 }, () => report(api, SAM, co.paymentIntentId)));
    await sandbox.waitForDelivery((d) => d.type === "payment_intent.succeeded" && d.ok);
    // Whichever came first created the record (201 if it was a report); the others found it.
    const codes = reports.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 201)).toBe(true);
    expect(codes.filter((c) => c === 201).length).toBeLessThanOrEqual(1);
    expect(new Set(reports.map((r) => r.json().result.insertedId)).size).toBe(1);
    expect(
      await count(api, `select count(*)::int as n from payments where transaction_id = '${co.paymentIntentId}'`),
    ).toBe(1);
    expect(await seatsOf(api, 11)).toEqual({ ...before, held: before.held - 1, enrolled: before.enrolled + 1 });
  });
});
