import { ADMIN, classId, clockDay, SAM } from "./harness.js";
import type { TextInput } from "./text-input.js";

/** The front desk's routes that read text (decision 047), as TEXT_INPUTS lists them. */
export const FRONT_DESK_INPUTS: TextInput[] = [
  {
    method: "POST",
    url: "/admin/families",
    as: ADMIN,
    body: { email: "fuzz-front-desk@example.com", name: "Fuzz Family" },
    fields: ["email", "name"],
  },
  {
    method: "POST",
    url: `/admin/families/${SAM.id}/bookings`,
    as: ADMIN,
    body: {
      seats: [{ classId: classId(1), camperId: classId(1) }],
      payment: { method: "cheque", amountCents: 100, reference: "1042", receivedOn: clockDay(0) },
      dueDay: clockDay(5),
      aheadOfLineReason: "A sibling already in the class",
    },
    fields: ["dueDay", "aheadOfLineReason", "payment.reference", "payment.receivedOn"],
  },
  {
    method: "POST",
    url: `/admin/orders/${classId(1)}/payments`,
    as: ADMIN,
    body: { method: "bank_transfer", amountCents: 100, reference: "T-1", receivedOn: clockDay(0) },
    fields: ["reference", "receivedOn"],
  },
  {
    method: "POST",
    url: `/admin/enrollments/${classId(1)}/move`,
    as: ADMIN,
    body: {
      toClassId: classId(2),
      feeCents: 0,
      dueDay: clockDay(5),
      refundMethod: "cheque",
      refundReference: "2077",
      reason: "Moved to the afternoon group",
      aheadOfLineReason: "A sibling already in the class",
    },
    fields: ["dueDay", "refundReference", "reason", "aheadOfLineReason"],
  },
  { method: "POST", url: "/admin/enrollments/{}/move-quote", as: ADMIN, body: { toClassId: classId(2) } },
  { method: "POST", url: "/enrollments/{}/move-quote", as: SAM, body: { toClassId: classId(2) } },
  { method: "POST", url: "/enrollments/{}/move", as: SAM, body: { toClassId: classId(2) } },
  { method: "GET", url: "/statements/{}/campers/{}", as: SAM },
  { method: "GET", url: "/statements/{}/campers/{}/pdf", as: SAM },
  { method: "GET", url: "/admin/statements/{}/archive", as: ADMIN },
  { method: "GET", url: "/admin/families/{}", as: ADMIN },
  { method: "PUT", url: "/admin/families/{}/guardians", as: ADMIN, body: { first: { name: "x" } } },
  { method: "POST", url: "/admin/families/{}/campers", as: ADMIN, body: { first_name: "x" } },
  { method: "POST", url: "/admin/families/{}/quote", as: ADMIN, body: { seats: [] } },
  { method: "POST", url: "/balance/orders/{}/pay", as: SAM },
  { method: "POST", url: "/balance/orders/{}/settle", as: SAM, body: { paymentIntentId: "pi_x" } },
  {
    method: "POST",
    url: "/account-claims",
    as: undefined,
    body: { token: "a-claim-token-of-the-link" },
    fields: ["token"],
  },
];
