import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { classes, guardians, users } from "../src/platform/database/schema.js";
import { confirmCard as confirmCardOn } from "../../tools/card-payment.mjs";
import { clockDay, confirmCard, MAYA } from "./harness.js";
export const CONTACT = { name: "Ana Parent", relation: "mother", phone: "+1 555 0100" };
/** The account holder's own details as a parent: what a family gives before its first booking. */
export const GUARDIAN = {
    name: "Ana Parent",
    relation: "mother",
    phone: "+1 555 0100",
    address_line1: "12 Field Lane",
    city: "Springfield",
    postal_code: "62701",
};
/** Gives the account holder's own details as the family's first guardian, through the API. */
export async function completeGuardian(t, as) {
    const res = await t.call({ method: "PUT", url: "/guardians", as, payload: { first: GUARDIAN } });
    expect(res.statusCode, res.body).toBe(200);
}
/** The same, straight in the database: for families made in numbers (a rush) or made there. */
export async function keepGuardian(t, familyId) {
    await t.database.db.insert(guardians).values({
        familyId,
        position: 1,
        name: GUARDIAN.name,
        relation: GUARDIAN.relation,
        phone: GUARDIAN.phone,
        addressLine1: GUARDIAN.address_line1,
        city: GUARDIAN.city,
        postalCode: GUARDIAN.postal_code,
    });
}
let familyNumber = 0;
/**
 * A family with a confirmed address (it may pay), the account holder's own details given (it may
 * book; `{ guardian: false }` leaves them out) and the given children (aged 10 in the weeks ahead).
 */
export async function family(t, children = [], { guardian = true } = {}) {
    const n = ++familyNumber;
    const [row] = await t.database.db
        .insert(users)
        .values({ email: `family${n}.${randomUUID().slice(0, 8)}@example.com`, name: `Family ${n}`, emailVerified: true })
        .returning({ id: users.id, email: users.email });
    if (guardian)
        await keepGuardian(t, row.id);
    const kids = [];
    for (const first of children) {
        const res = await t.call({
            method: "POST",
            url: "/campers",
            as: row,
            payload: {
                first_name: first,
                last_name: `Family${n}`,
                date_of_birth: `${Number(clockDay(30).slice(0, 4)) - 10}-01-15`,
                emergency_contacts: [CONTACT],
            },
        });
        expect(res.statusCode, res.body).toBe(201);
        kids.push(res.json().camper._id);
    }
    return { ...row, kids, lastName: `Family${n}` };
}
let classNumber = 0;
/** An approved class of Maya's in the weeks ahead, for ages 6 to 14, at $125. */
export async function lineClass(t, seats, extra = {}) {
    const [row] = await t.database.db
        .insert(classes)
        .values({
        name: `Line Camp ${++classNumber} ${randomUUID().slice(0, 4)}`,
        image: "https://example.com/camp.png",
        instructorId: MAYA.id,
        availableSeats: seats,
        priceCents: 12_500,
        status: "approved",
        startDate: clockDay(40),
        endDate: clockDay(44),
        weekdays: ["mon", "tue", "wed", "thu", "fri"],
        startTime: "09:00",
        endTime: "12:00",
        ageMin: 6,
        ageMax: 14,
        ...extra,
    })
        .returning({ id: classes.id });
    return row.id;
}
/** A family holds a seat of a class: its cart line (for the account holder) and a checkout opened for it. */
export async function holdSeat(t, as, classId) {
    const added = await t.call({ method: "POST", url: "/carts", as, payload: { classItemId: classId } });
    expect(added.statusCode, added.body).toBe(201);
    const co = await t.call({
        method: "POST",
        url: "/create-payment-intent",
        as,
        payload: { cartItemIds: [added.json().insertedId] },
    });
    expect(co.statusCode, co.body).toBe(201);
    return { cartItemId: added.json().insertedId, checkout: co.json() };
}
export const joinLine = (t, as, classId, camperIds) => t.call({ method: "POST", url: `/classes/${classId}/waitlist`, as, payload: camperIds ? { camperIds } : {} });
export const waitlistOf = async (t, as) => (await t.call({ method: "GET", url: "/waitlist", as })).json();
/** A family pays for seats of a class (its children, or the account holder) by card, as the payment page does. */
export async function paySeats(t, as, classIds, camperIds = [undefined], 
/** Another sandbox than the suite's (one with webhooks), and the card (4242 by default). */
card = {}) {
    for (const classItemId of classIds) {
        for (const camperId of camperIds) {
            const added = await t.call({
                method: "POST",
                url: "/carts",
                as,
                payload: { classItemId, ...(camperId && { camperId }) },
            });
            expect(added.statusCode, added.body).toBe(201);
        }
    }
    const co = await t.call({ method: "POST", url: "/create-payment-intent", as, payload: {} });
    expect(co.statusCode, co.body).toBe(201);
    const confirmed = card.sandboxUrl
        ? await confirmCardOn(card.sandboxUrl, co.json().clientSecret, card.number)
        : await confirmCard(co.json().clientSecret, card.number);
    expect(confirmed).toBe(200);
    const paid = await t.call({
        method: "POST",
        url: "/payments",
        as,
        payload: { transactionId: co.json().paymentIntentId },
    });
    // With a sandbox that sends webhooks, the webhook may have recorded the payment first (200).
    expect(card.sandboxUrl ? [200, 201] : [201], paid.body).toContain(paid.statusCode);
    return co.json().orderId;
}
//# sourceMappingURL=families.js.map