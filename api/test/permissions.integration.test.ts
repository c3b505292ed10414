import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { classes } from "../src/platform/database/schema.js";
import { ADMIN, classId, JONAS, LEE, MAYA, SAM, useTestApi } from "./harness.js";

/**
 * Every route, for every kind of caller: the status the server must answer. Requests that would
 * succeed for a role are made with targets that leave the data the other rows rely on intact.
 */
type Who = "anonymous" | "student" | "instructor" | "admin";
const callers = { student: SAM, instructor: MAYA, admin: ADMIN } as const;

const PENDING = classId(13); // Maya's pending class
/** A class of Jonas's with nobody enrolled (the seed's families hold seats in both of his), made before the rows run. */
const JONAS_CLASS = classId(98);
const ALL: Who[] = ["anonymous", "student", "instructor", "admin"];

interface Case {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  body?: unknown;
  /** Sent as multipart/form-data with a real PNG in the field image. */
  upload?: true;
  /**
   * Sent with a token of its own (with a jti, as POST /jwt signs them), for a row that ends the
   * token it is sent with: the role's other rows keep theirs.
   */
  ownToken?: true;
  expect: Record<Who, number>;
}

const cases: Case[] = [
  {
    name: "list classes",
    method: "GET",
    url: "/classes",
    expect: { anonymous: 200, student: 200, instructor: 200, admin: 200 },
  },
  {
    name: "a pending class",
    method: "GET",
    url: `/classes/${PENDING}`,
    expect: { anonymous: 404, student: 404, instructor: 200, admin: 200 },
  },
  {
    name: "list instructors",
    method: "GET",
    url: "/instructors",
    expect: { anonymous: 200, student: 200, instructor: 200, admin: 200 },
  },
  {
    name: "an instructor's classes",
    method: "GET",
    url: `/instructors/${MAYA.id}/classes`,
    expect: { anonymous: 200, student: 200, instructor: 200, admin: 200 },
  },
  {
    name: "own record",
    method: "GET",
    url: "/users/me",
    expect: { anonymous: 401, student: 200, instructor: 200, admin: 200 },
  },
  {
    name: "token exchange without a Firebase ID token",
    method: "POST",
    url: "/jwt",
    body: { email: SAM.email },
    expect: { anonymous: 401, student: 401, instructor: 401, admin: 401 },
  },
  {
    name: "save a profile after sign-up (the student's own)",
    method: "POST",
    url: "/users",
    body: { name: SAM.name, email: SAM.email },
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 403 },
  },
  {
    name: "every user",
    method: "GET",
    url: "/users",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "someone else's admin flag",
    method: "GET",
    url: `/users/admin/${LEE.email}`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "someone else's instructor flag",
    method: "GET",
    url: `/users/instructor/${LEE.email}`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "make a user instructor",
    method: "PATCH",
    url: `/users/instructor/${LEE.id}`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "make a user admin",
    method: "PATCH",
    url: `/users/admin/${JONAS.id}`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    // Lee, made an instructor above, teaches nothing yet: the promotion is undone.
    name: "make a user a student again",
    method: "PATCH",
    url: `/users/student/${LEE.id}`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "delete a user",
    method: "DELETE",
    url: `/users/${LEE.id}`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "add a class",
    method: "POST",
    url: "/classes",
    body: { class_name: "Matrix Class", image: "https://example.com/a.png", available_seats: 5, price: 10 },
    expect: { anonymous: 401, student: 403, instructor: 201, admin: 403 },
  },
  {
    name: "edit Jonas's class",
    method: "PATCH",
    url: `/classes/${JONAS_CLASS}`,
    body: { details: "Edited." },
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "review a class",
    method: "PATCH",
    url: `/classes/${PENDING}/status`,
    body: { status: "denied", feedback: "Add a schedule." },
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    // Nothing waits on the class: an admin passes every check and is told so.
    name: "answer a class's proposed changes",
    method: "PATCH",
    url: `/classes/${PENDING}/proposal`,
    body: { decision: "accept" },
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 409 },
  },
  {
    name: "read a class's review thread",
    method: "GET",
    url: `/classes/${JONAS_CLASS}/reviews`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "feedback on a class",
    method: "PATCH",
    url: `/classes/${PENDING}/feedback`,
    body: { feedback: "Add a schedule." },
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "delete Jonas's class",
    method: "DELETE",
    url: `/classes/${JONAS_CLASS}`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "the roster of Maya's class",
    method: "GET",
    url: `/classes/${classId(1)}/roster`,
    expect: { anonymous: 401, student: 403, instructor: 200, admin: 200 },
  },
  {
    name: "the roster of Jonas's class",
    method: "GET",
    url: `/classes/${classId(2)}/roster`, // Jonas's (JONAS_CLASS is deleted above)
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "the roster of Maya's class as CSV",
    method: "GET",
    url: `/classes/${classId(1)}/roster.csv`,
    expect: { anonymous: 401, student: 403, instructor: 200, admin: 200 },
  },
  {
    name: "the roster of Jonas's class as CSV",
    method: "GET",
    url: `/classes/${classId(2)}/roster.csv`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "the medical details of the campers in Maya's class",
    method: "GET",
    url: `/classes/${classId(1)}/roster/medical`,
    expect: { anonymous: 401, student: 403, instructor: 200, admin: 200 },
  },
  {
    name: "own cancelled seats",
    method: "GET",
    url: "/enrollments/cancelled",
    expect: { anonymous: 401, student: 200, instructor: 200, admin: 200 },
  },
  {
    name: "own campers",
    method: "GET",
    url: "/campers",
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 403 },
  },
  {
    name: "own family's guardians",
    method: "GET",
    url: "/guardians",
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 403 },
  },
  {
    name: "the forms the own family's campers need",
    method: "GET",
    url: "/forms",
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 403 },
  },
  {
    name: "the consent to sign electronically",
    method: "GET",
    url: "/forms/consent",
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 403 },
  },
  {
    name: "every camper's forms, for the office",
    method: "GET",
    url: "/admin/forms/completion",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "the academy's forms",
    method: "GET",
    url: "/admin/forms",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "which own campers may take a seat in a class",
    method: "GET",
    url: `/classes/${classId(1)}/eligibility`,
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 403 },
  },
  {
    name: "everything held about the own family",
    method: "GET",
    url: "/campers/export",
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 403 },
  },
  {
    name: "own waitlist entries",
    method: "GET",
    url: "/waitlist",
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 403 },
  },
  {
    name: "the line of Maya's class",
    method: "GET",
    url: `/classes/${classId(1)}/waitlist`,
    expect: { anonymous: 401, student: 403, instructor: 200, admin: 200 },
  },
  {
    name: "the line of Jonas's class",
    method: "GET",
    url: `/classes/${classId(2)}/waitlist`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "own seats with today's refund",
    method: "GET",
    url: "/enrollments",
    expect: { anonymous: 401, student: 200, instructor: 200, admin: 200 },
  },
  {
    name: "open waitlist offers",
    method: "GET",
    url: "/admin/waitlist-offers",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "refunds not done or failed",
    method: "GET",
    url: "/admin/refunds",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "a family's campers",
    method: "GET",
    url: `/users/${SAM.id}/family`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "the access log of campers' details",
    method: "GET",
    url: "/admin/access-log",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "own classes",
    method: "GET",
    url: `/myclasses?email=${MAYA.email}`,
    expect: { anonymous: 401, student: 403, instructor: 200, admin: 200 },
  },
  {
    name: "what own classes have earned",
    method: "GET",
    url: `/myclasses/revenue?email=${MAYA.email}`,
    expect: { anonymous: 401, student: 403, instructor: 200, admin: 200 },
  },
  {
    name: "Sam's cart",
    method: "GET",
    url: `/carts?email=${SAM.email}`,
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 403 },
  },
  {
    name: "book a class",
    method: "POST",
    url: "/carts",
    body: { classItemId: classId(4) },
    expect: { anonymous: 401, student: 201, instructor: 403, admin: 403 },
  },
  {
    name: "Sam's enrolled classes",
    method: "GET",
    url: `/enrolled?email=${SAM.email}`,
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 200 },
  },
  {
    // A promoted student keeps sight of what they paid for, whatever their role now.
    name: "Maya's (an instructor's) own enrolled classes",
    method: "GET",
    url: `/enrolled?email=${MAYA.email}`,
    expect: { anonymous: 401, student: 403, instructor: 200, admin: 200 },
  },
  {
    name: "Maya's (an instructor's) own payment history",
    method: "GET",
    url: `/payments?email=${MAYA.email}`,
    expect: { anonymous: 401, student: 403, instructor: 200, admin: 200 },
  },
  {
    name: "contact messages",
    method: "GET",
    url: "/contact",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "write to the academy",
    method: "POST",
    url: "/contact",
    body: { name: "A", email: "a@example.com", message: "Hi" },
    expect: { anonymous: 201, student: 201, instructor: 201, admin: 201 },
  },
  {
    name: "subscribe to the newsletter",
    method: "POST",
    url: "/newsletter",
    body: { email: "fan@example.com", acceptedTerms: true },
    expect: { anonymous: 201, student: 201, instructor: 201, admin: 201 },
  },
  {
    name: "newsletter subscribers",
    method: "GET",
    url: "/newsletter",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "upload an image",
    method: "POST",
    url: "/images",
    upload: true,
    // Students too: a profile photo of their own.
    expect: { anonymous: 401, student: 201, instructor: 201, admin: 201 },
  },
  {
    name: "open a checkout of Sam's cart",
    method: "POST",
    url: "/create-payment-intent",
    body: {},
    expect: { anonymous: 401, student: 201, instructor: 403, admin: 403 },
  },
  {
    name: "extend a checkout that is not the caller's",
    method: "POST",
    url: "/checkouts/00000000-0000-4000-8000-00000000dead/extend",
    expect: { anonymous: 401, student: 404, instructor: 403, admin: 403 },
  },
  {
    name: "record a payment",
    method: "POST",
    url: "/payments",
    body: { transactionId: "pi_unknown" },
    expect: { anonymous: 401, student: 400, instructor: 403, admin: 403 },
  },
  {
    name: "record a single payment",
    method: "POST",
    url: `/payments/${classId(4)}`,
    body: { transactionId: "pi_unknown" },
    expect: { anonymous: 401, student: 400, instructor: 403, admin: 403 },
  },
  {
    name: "Sam's payment history",
    method: "GET",
    url: `/payments?email=${SAM.email}`,
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 200 },
  },
  {
    name: "a page of users",
    method: "GET",
    url: "/users?page=1&size=5&role=student&search=a&sort=joined&dir=desc",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "a page of every class",
    method: "GET",
    url: "/admin/classes?page=1&size=5&status=pending",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "the admin's figures",
    method: "GET",
    url: "/admin/stats",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "the e-mail outbox's state",
    method: "GET",
    url: "/admin/outbox",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "mark a contact message read (unknown message)",
    method: "PATCH",
    url: `/contact/${classId(999)}`,
    body: { read: true },
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 404 },
  },
  {
    name: "newsletter subscribers as CSV",
    method: "GET",
    url: "/newsletter/export.csv",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "an unsigned payment event",
    method: "POST",
    url: "/webhooks/stripe",
    body: { id: "evt_1", type: "payment_intent.succeeded", data: { object: {} } },
    expect: { anonymous: 400, student: 400, instructor: 400, admin: 400 },
  },
  {
    name: "sign out",
    method: "POST",
    url: "/logout",
    ownToken: true,
    expect: { anonymous: 401, student: 200, instructor: 200, admin: 200 },
  },
  {
    // In the admin's API only (one per caller): Sam's tokens there end, no other row's.
    name: "end all of Sam's sessions",
    method: "POST",
    url: `/users/${SAM.id}/sessions/revoke`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "an unknown uploaded image",
    method: "GET",
    url: `/images/${"a".repeat(64)}.webp`,
    expect: { anonymous: 404, student: 404, instructor: 404, admin: 404 },
  },
];

/** A small PNG as a browser's form would send it. */
async function imageForm() {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f80" } })
    .png()
    .toBuffer();
  const data = new FormData();
  data.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "picture.png");
  const res = new Response(data);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { "content-type": res.headers.get("content-type")! },
  };
}

describe("permissions of every route for every role", () => {
  for (const c of cases) {
    for (const who of ALL) {
      it(`${c.name}: ${who} gets ${c.expect[who]}`, async () => {
        // A fresh API per row would be slow; each row's success leaves the others valid (see above).
        const api = apis[who];
        const caller = who === "anonymous" ? null : callers[who];
        const own =
          caller && c.ownToken && api.app.jwt.sign({ sub: caller.id, email: caller.email, jti: randomUUID() });
        const res = await api.call({
          method: c.method,
          url: c.url,
          ...(c.body !== undefined && { payload: c.body as object }),
          ...(c.upload && (await imageForm())),
          ...(own ? { headers: { authorization: `Bearer ${own}` } } : caller && { as: caller }),
        });
        expect(res.statusCode, res.body).toBe(c.expect[who]);
        if (res.statusCode >= 400)
          expect(Object.keys(res.json())).toEqual(expect.arrayContaining(["error", "message"]));
      });
    }
  }
});

// One seeded API per caller, so a successful write by one role cannot change another role's row.
const apis = { anonymous: useTestApi(), student: useTestApi(), instructor: useTestApi(), admin: useTestApi() };
beforeAll(async () => {
  for (const api of Object.values(apis)) {
    await api.database.db.insert(classes).values({
      id: JONAS_CLASS,
      name: "Jonas's Empty Clinic",
      image: "/images/seed/classes/baseball.svg",
      instructorId: JONAS.id,
      availableSeats: 10,
      priceCents: 9900,
      status: "approved",
    });
  }
});

/**
 * Authentication and the role's right come before validation: an anonymous caller gets 401 and a
 * role without the right 403, whatever the body, id or query (malformed ones included), so the
 * answer never tells an outsider what a valid request looks like.
 */
interface Guarded {
  method: Case["method"];
  url: string;
  body?: unknown;
  /** Signed-in roles that do not have the route's right at all. */
  lacking: Exclude<Who, "anonymous">[];
}

const guarded: Guarded[] = [
  { method: "GET", url: "/users/me?x=1", lacking: [] },
  { method: "PATCH", url: "/users/me", body: { name: "" }, lacking: [] },
  { method: "POST", url: "/users", body: { name: 1 }, lacking: [] },
  { method: "GET", url: "/users?page=-1", lacking: ["student", "instructor"] },
  { method: "GET", url: "/users/admin/not-an-email", lacking: [] },
  { method: "GET", url: "/users/instructor/not-an-email", lacking: [] },
  { method: "PATCH", url: "/users/admin/not-an-id", body: { x: 1 }, lacking: ["student", "instructor"] },
  { method: "PATCH", url: "/users/instructor/not-an-id", body: { x: 1 }, lacking: ["student", "instructor"] },
  { method: "PATCH", url: "/users/student/not-an-id", body: { x: 1 }, lacking: ["student", "instructor"] },
  { method: "DELETE", url: "/users/not-an-id", lacking: ["student", "instructor"] },
  { method: "POST", url: "/classes", body: { class_name: "" }, lacking: ["student", "admin"] },
  { method: "PATCH", url: "/classes/not-an-id", body: {}, lacking: ["student"] },
  { method: "PATCH", url: "/classes/not-an-id/status", body: { status: "x" }, lacking: ["student", "instructor"] },
  { method: "PATCH", url: "/classes/not-an-id/feedback", body: {}, lacking: ["student", "instructor"] },
  { method: "PATCH", url: "/classes/not-an-id/proposal", body: { decision: "x" }, lacking: ["student", "instructor"] },
  { method: "GET", url: "/classes/not-an-id/reviews", lacking: ["student"] },
  { method: "DELETE", url: "/classes/not-an-id", lacking: ["student"] },
  { method: "GET", url: "/classes/not-an-id/roster", lacking: ["student"] },
  { method: "GET", url: "/myclasses", lacking: ["student"] },
  { method: "GET", url: "/myclasses/revenue", lacking: ["student"] },
  { method: "GET", url: "/carts", lacking: ["instructor", "admin"] },
  { method: "POST", url: "/carts", body: { classItemId: "x" }, lacking: ["instructor", "admin"] },
  { method: "DELETE", url: "/carts/not-an-id", lacking: ["instructor", "admin"] },
  { method: "GET", url: "/enrolled", lacking: [] },
  { method: "GET", url: "/contact?x=1", lacking: ["student", "instructor"] },
  { method: "GET", url: "/newsletter?x=1", lacking: ["student", "instructor"] },
  { method: "GET", url: "/newsletter/export.csv?x=1", lacking: ["student", "instructor"] },
  { method: "PATCH", url: "/contact/not-an-id", body: { read: "x" }, lacking: ["student", "instructor"] },
  { method: "GET", url: "/admin/classes?page=0", lacking: ["student", "instructor"] },
  { method: "GET", url: "/admin/stats?x=1", lacking: ["student", "instructor"] },
  { method: "GET", url: "/admin/outbox?x=1", lacking: ["student", "instructor"] },
  { method: "POST", url: "/images", body: { image: "x" }, lacking: [] },
  { method: "POST", url: "/create-payment-intent", body: { cartItemIds: "x" }, lacking: ["instructor", "admin"] },
  { method: "POST", url: "/carts/quote", body: { promoCode: 1 }, lacking: ["instructor", "admin"] },
  { method: "GET", url: "/discounts", lacking: ["student", "instructor"] },
  { method: "POST", url: "/discounts", body: { kind: "x" }, lacking: ["student", "instructor"] },
  { method: "PATCH", url: "/discounts/not-an-id", body: { percentOff: "x" }, lacking: ["student", "instructor"] },
  { method: "DELETE", url: "/discounts/not-an-id", lacking: ["student", "instructor"] },
  { method: "GET", url: "/payment-plans", lacking: ["student", "instructor"] },
  { method: "GET", url: "/balance", lacking: [] },
  { method: "POST", url: "/balance/instalments/not-an-id/pay", lacking: ["instructor", "admin"] },
  { method: "POST", url: "/balance/instalments/not-an-id/settle", lacking: ["instructor", "admin"] },
  { method: "POST", url: "/balance/card", lacking: ["instructor", "admin"] },
  { method: "POST", url: "/balance/pay-early", body: { orderId: 1 }, lacking: ["instructor", "admin"] },
  { method: "POST", url: "/balance/card/settle", body: { setupIntentId: 1 }, lacking: ["instructor", "admin"] },
  { method: "POST", url: "/payment-plans", body: { name: 1 }, lacking: ["student", "instructor"] },
  { method: "PATCH", url: "/payment-plans/not-an-id", body: { paused: "x" }, lacking: ["student", "instructor"] },
  { method: "DELETE", url: "/payment-plans/not-an-id", lacking: ["student", "instructor"] },
  { method: "GET", url: "/admin/balances", lacking: ["student", "instructor"] },
  { method: "GET", url: "/admin/plan-settings", lacking: ["student", "instructor"] },
  { method: "PATCH", url: "/admin/plan-settings", body: { graceDays: "x" }, lacking: ["student", "instructor"] },
  { method: "GET", url: "/admin/balances.csv", lacking: ["student", "instructor"] },
  { method: "POST", url: "/admin/instalments/not-an-id/retry", lacking: ["student", "instructor"] },
  { method: "POST", url: "/admin/instalments/not-an-id/move", body: { due: 1 }, lacking: ["student", "instructor"] },
  {
    method: "POST",
    url: "/admin/instalments/not-an-id/waive",
    body: { reason: 1 },
    lacking: ["student", "instructor"],
  },
  { method: "POST", url: "/admin/plans/not-an-id/cancel", body: { reason: 1 }, lacking: ["student", "instructor"] },
  { method: "POST", url: "/checkouts/not-an-id/extend", lacking: ["instructor", "admin"] },
  { method: "POST", url: "/payments", body: {}, lacking: ["instructor", "admin"] },
  { method: "POST", url: "/payments/not-an-id", body: {}, lacking: ["instructor", "admin"] },
  { method: "GET", url: "/payments", lacking: [] },
  { method: "POST", url: "/logout", body: { x: 1 }, lacking: [] },
  { method: "POST", url: "/users/not-an-id/sessions/revoke", body: { x: 1 }, lacking: ["student", "instructor"] },
  { method: "GET", url: "/campers?x=1", lacking: ["instructor", "admin"] },
  { method: "POST", url: "/campers", body: { first_name: "" }, lacking: ["instructor", "admin"] },
  { method: "PATCH", url: "/campers/not-an-id", body: { x: 1 }, lacking: ["instructor", "admin"] },
  { method: "DELETE", url: "/campers/not-an-id", lacking: ["instructor", "admin"] },
  { method: "GET", url: "/campers/export?x=1", lacking: ["instructor", "admin"] },
  { method: "GET", url: "/guardians?x=1", lacking: ["instructor", "admin"] },
  { method: "PUT", url: "/guardians", body: { first: 1 }, lacking: ["instructor", "admin"] },
  { method: "GET", url: "/classes/not-an-id/eligibility", lacking: ["instructor", "admin"] },
  { method: "GET", url: "/forms?x=1", lacking: ["instructor", "admin"] },
  { method: "GET", url: "/forms/consent?x=1", lacking: ["instructor", "admin"] },
  { method: "PUT", url: "/forms/consent", body: { agreed: "x" }, lacking: ["instructor", "admin"] },
  { method: "GET", url: "/forms/not-an-id?camper_id=x", lacking: ["instructor", "admin"] },
  { method: "PUT", url: "/forms/not-an-id/answer", body: { version: "x" }, lacking: ["instructor", "admin"] },
  { method: "GET", url: "/signatures/not-an-id/pdf", lacking: ["instructor"] },
  { method: "GET", url: "/admin/forms?archived=x", lacking: ["student", "instructor"] },
  { method: "POST", url: "/admin/forms", body: { title: 1 }, lacking: ["student", "instructor"] },
  { method: "PUT", url: "/admin/forms/not-an-id", body: { title: 1 }, lacking: ["student", "instructor"] },
  { method: "DELETE", url: "/admin/forms/not-an-id", lacking: ["student", "instructor"] },
  { method: "GET", url: "/admin/forms/completion?within_days=x", lacking: ["student", "instructor"] },
  { method: "GET", url: "/admin/forms/completion.csv?within_days=x", lacking: ["student", "instructor"] },
  {
    method: "POST",
    url: "/admin/forms/completion/remind",
    body: { within_days: "x" },
    lacking: ["student", "instructor"],
  },
  { method: "GET", url: "/classes/not-an-id/roster/not-an-id/medical", lacking: ["student"] },
  { method: "GET", url: "/classes/not-an-id/roster.csv", lacking: ["student"] },
  { method: "GET", url: "/classes/not-an-id/roster/medical", lacking: ["student"] },
  { method: "GET", url: "/users/not-an-id/family", lacking: ["student", "instructor"] },
  { method: "GET", url: "/admin/access-log?page=0", lacking: ["student", "instructor"] },
  { method: "POST", url: "/classes/not-an-id/waitlist", body: { camperIds: [1] }, lacking: ["instructor", "admin"] },
  { method: "GET", url: "/waitlist?x=1", lacking: ["instructor", "admin"] },
  { method: "DELETE", url: "/waitlist/not-an-id", lacking: ["instructor", "admin"] },
  { method: "POST", url: "/waitlist/not-an-id/accept", lacking: ["instructor", "admin"] },
  { method: "POST", url: "/waitlist/not-an-id/decline", lacking: ["instructor", "admin"] },
  { method: "GET", url: "/classes/not-an-id/waitlist", lacking: ["student"] },
  { method: "GET", url: "/waitlist/not-an-id/history", lacking: ["student"] },
  { method: "PATCH", url: "/waitlist/not-an-id", body: { position: 0 }, lacking: ["student", "instructor"] },
  { method: "POST", url: "/waitlist/not-an-id/remove", body: { reason: "" }, lacking: ["student", "instructor"] },
  { method: "GET", url: "/admin/waitlist-offers?x=1", lacking: ["student", "instructor"] },
  { method: "GET", url: "/enrollments?x=1", lacking: [] },
  { method: "GET", url: "/enrollments/cancelled", lacking: [] },
  { method: "GET", url: "/enrollments/not-an-id/cancellation", lacking: [] },
  { method: "POST", url: "/enrollments/not-an-id/cancel", body: { refundCents: "x" }, lacking: ["instructor"] },
  { method: "GET", url: "/notification-settings?x=1", lacking: [] },
  { method: "PATCH", url: "/notification-settings", body: { optionalEmails: "x" }, lacking: [] },
  { method: "POST", url: "/notification-settings/calendar-feed", body: { x: 1 }, lacking: [] },
  { method: "DELETE", url: "/notification-settings/calendar-feed", lacking: [] },
  { method: "GET", url: "/enrollments/not-an-id/calendar.ics", lacking: [] },
  {
    method: "PATCH",
    url: "/admin/cancellation-policy",
    body: { fullRefundDays: "x" },
    lacking: ["student", "instructor"],
  },
  {
    method: "POST",
    url: "/admin/payments/not-an-id/refund",
    body: { refundCents: "x" },
    lacking: ["student", "instructor"],
  },
  { method: "GET", url: "/admin/refunds?x=1", lacking: ["student", "instructor"] },
];

/** Routes anyone may call; every other route of the API must be in `guarded`. */
const PUBLIC = [
  "GET /health",
  "GET /health/ready",
  "GET /classes",
  "GET /classes/{id}",
  "GET /classes/{id}/availability",
  "GET /cancellation-policy",
  "GET /instructors",
  "GET /instructors/{id}/classes",
  "POST /jwt",
  // Like POST /jwt, it takes a Firebase ID token (checked in the handler), not the API's access token.
  "DELETE /account",
  "POST /contact",
  "POST /newsletter",
  "GET /images/seed/{kind}/{file}",
  "GET /images/{file}",
  "POST /webhooks/stripe",
  // The one-click unsubscribe link (RFC 8058) and the family's calendar feed: a secret in the URL.
  "GET /unsubscribe/{token}",
  "POST /unsubscribe/{token}",
  "GET /calendar/{file}",
  // A family may wait for an opening before signing in (decision 043).
  "GET /waiting-room",
  "POST /waiting-room/places",
  "GET /waiting-room/places/mine",
];

describe("authentication and rights come before validation", () => {
  it("every route of the API is either public or listed here", () => {
    const doc = apis.anonymous.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const listed = new Set([
      ...PUBLIC,
      ...guarded.map((g) => `${g.method} ${g.url.replace(/\?.*$/, "").replace(/not-an-(id|email)/, (m) => m)}`),
    ]);
    const shape = (route: string) => route.replace(/\{\w+\}|not-an-(id|email)/g, "*");
    const shapes = new Set([...listed].map(shape));
    expect(routes.filter((r) => !shapes.has(shape(r)))).toEqual([]);
  });

  for (const g of guarded) {
    for (const who of ALL) {
      const lacks = who !== "anonymous" && g.lacking.includes(who);
      if (who !== "anonymous" && !lacks) continue;
      const status = who === "anonymous" ? 401 : 403;
      it(`${g.method} ${g.url} with invalid input: ${who} gets ${status}`, async () => {
        const api = apis[who];
        const as = who === "anonymous" ? {} : { as: callers[who] };
        const bodies: { payload?: string; headers?: Record<string, string> }[] =
          g.method === "GET" || g.method === "DELETE"
            ? [{}]
            : [
                { payload: JSON.stringify(g.body ?? {}), headers: { "content-type": "application/json" } },
                { payload: "{not json", headers: { "content-type": "application/json" } },
                { payload: "x=1", headers: { "content-type": "text/plain" } },
              ];
        for (const body of bodies) {
          const res = await api.call({ method: g.method, url: g.url, ...body, ...as });
          expect(res.statusCode, `${body.payload ?? ""}: ${res.body}`).toBe(status);
          expect(res.json().fields).toBeUndefined();
        }
      });
    }
  }
});
