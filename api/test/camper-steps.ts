import { expect } from "vitest";
import { classes } from "../src/platform/database/schema.js";
import { clockDay, MAYA, type TestApi } from "./harness.js";

/**
 * What the family suites (api/src/campers/*.integration.test.ts) make: a camper's fields, an approved
 * class on given days, hours and ages, and, on their file's API, a camper added and a class booked.
 */

export const contact = { name: "Ana Parent", relation: "mother", phone: "+1 555 0100" };
export const child = (first: string, dateOfBirth: string, extra: Record<string, unknown> = {}) => ({
  first_name: first,
  last_name: "Rivera",
  date_of_birth: dateOfBirth,
  emergency_contacts: [contact],
  ...extra,
});

let classNumber = 0;
/** An approved class of Maya's on the given days and hours (Monday to Friday), for ages 8 to 12 unless said. */
export async function newClass(
  t: TestApi,
  opts: { start: number; end: number; from?: string; to?: string; ages?: [number, number] | null; seats?: number },
) {
  const [age_min, age_max] = opts.ages === null ? [null, null] : (opts.ages ?? [8, 12]);
  const [row] = await t.database.db
    .insert(classes)
    .values({
      name: `Family Camp ${++classNumber}`,
      image: "https://example.com/camp.png",
      instructorId: MAYA.id,
      availableSeats: opts.seats ?? 10,
      priceCents: 14_900,
      status: "approved",
      startDate: clockDay(opts.start),
      endDate: clockDay(opts.end),
      weekdays: ["mon", "tue", "wed", "thu", "fri"],
      startTime: opts.from ?? "09:00",
      endTime: opts.to ?? "12:00",
      ageMin: age_min,
      ageMax: age_max,
    })
    .returning({ id: classes.id, startDate: classes.startDate });
  return row!;
}

/** A camper added and a class put in the cart, on the API of the suite that asks. */
export function camperSteps(api: TestApi) {
  async function addCamper(as: { id: string; email: string }, body: Record<string, unknown>) {
    const res = await api.call({ method: "POST", url: "/campers", as, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().camper as { _id: string; name: string };
  }

  const book = (as: { id: string; email: string }, classItemId: string, camperId?: string) =>
    api.call({ method: "POST", url: "/carts", as, payload: { classItemId, ...(camperId && { camperId }) } });
  return { addCamper, book };
}
