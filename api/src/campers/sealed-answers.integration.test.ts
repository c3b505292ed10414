import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { classes } from "../platform/database/schema.js";
import { ADMIN, clockDay, LEE, MAYA, SAM, useTestApi } from "../../test/harness.js";

/**
 * An answer that shows a camper's sealed details (medical notes, allergies, contact people) must
 * not stay in a browser's or a proxy's cache: `Cache-Control: no-store`, set in one place for
 * every request that opened sealed data (platform/sealed-answers.ts). Every route that shows them
 * is listed here, and each is called for real.
 */
const api = useTestApi({ RATE_LIMIT_SENSITIVE: "1000", RATE_LIMIT_FORMS: "1000" });

type Who = { id: string; email: string };
type Call = InjectOptions & { as: Who; status: number };

describe("answers with sealed camper data", () => {
  it("every route that shows a camper's details answers Cache-Control: no-store; a public list does not", async () => {
    const [cls] = await api.database.db
      .insert(classes)
      .values({
        name: "Sealed Answers Camp",
        image: "https://example.com/camp.png",
        instructorId: MAYA.id,
        availableSeats: 10,
        priceCents: 14_900,
        status: "approved",
        startDate: clockDay(60),
        endDate: clockDay(64),
        weekdays: ["mon", "tue", "wed", "thu", "fri"],
        startTime: "09:00",
        endTime: "12:00",
      })
      .returning({ id: classes.id });
    const added = await api.call({
      method: "POST",
      url: "/campers",
      as: LEE,
      payload: {
        first_name: "Ivy",
        last_name: "Stone",
        date_of_birth: "2015-05-05",
        allergies: "Peanuts",
        emergency_contacts: [{ name: "Ana Stone", relation: "mother", phone: "+1 555 0101" }],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.headers["cache-control"]).toBe("no-store");
    const camperId: string = added.json().camper._id;
    await api.database.db.execute(sql`update classes set enrolled_seats = enrolled_seats + 1 where id = ${cls!.id}`);
    await api.database.db.execute(
      sql`insert into enrollments (student_id, class_id, camper_id) values (${LEE.id}, ${cls!.id}, ${camperId})`,
    );

    const sealedRoutes: Call[] = [
      { method: "GET", url: "/campers", as: LEE, status: 200 },
      { method: "PATCH", url: `/campers/${camperId}`, as: LEE, payload: { medications: "Inhaler" }, status: 200 },
      { method: "GET", url: "/campers/export", as: LEE, status: 200 },
      { method: "GET", url: `/classes/${cls!.id}/eligibility`, as: LEE, status: 200 },
      { method: "GET", url: `/classes/${cls!.id}/roster`, as: MAYA, status: 200 },
      { method: "GET", url: `/classes/${cls!.id}/roster?page=1`, as: MAYA, status: 200 },
      { method: "GET", url: `/classes/${cls!.id}/roster/${camperId}/medical`, as: MAYA, status: 200 },
      { method: "GET", url: `/classes/${cls!.id}/roster.csv`, as: MAYA, status: 200 },
      { method: "GET", url: `/classes/${cls!.id}/roster/medical`, as: MAYA, status: 200 },
      { method: "GET", url: `/users/${LEE.id}/family`, as: ADMIN, status: 200 },
    ];
    for (const { status, ...call } of sealedRoutes) {
      const res = await api.call(call);
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(status);
      expect(res.headers["cache-control"], `${call.method} ${call.url}`).toBe("no-store");
    }

    // Answers that open nothing sealed keep their own caching.
    for (const call of [
      { method: "GET", url: "/classes", as: SAM },
      { method: "GET", url: `/carts?email=${LEE.email}`, as: LEE },
      { method: "GET", url: `/admin/access-log?camperId=${camperId}`, as: ADMIN },
    ] as const) {
      const res = await api.call(call);
      expect(res.statusCode, `${call.url}: ${res.body}`).toBe(200);
      expect(res.headers["cache-control"] ?? "", call.url).not.toContain("no-store");
    }
  });
});
