import { type Case } from "./permission-rows.js";

/**
 * The permission matrix's rows for financial aid (decision 050): families apply and read their
 * own; admins alone read every application, set a season and decide. No season is open in the
 * matrix's database, and the ids are of nothing, so no row changes what another relies on.
 */
export const AID_CASES: Case[] = [
  {
    name: "the family's financial aid",
    method: "GET",
    url: "/aid",
    expect: { anonymous: 401, student: 200, instructor: 403, admin: 200 },
  },
  {
    name: "applying for aid for a camper that is not the family's",
    method: "POST",
    url: "/aid/applications",
    body: {
      camperId: "00000000-0000-4000-8000-000000000001",
      householdSize: 3,
      requestedCents: 10_000,
      statement: "We need help.",
    },
    // No season is open in the matrix's database: refused before the camper is looked for.
    expect: { anonymous: 401, student: 409, instructor: 403, admin: 403 },
  },
  {
    name: "every season's financial aid",
    method: "GET",
    url: "/admin/aid",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "an aid application that is not there",
    method: "GET",
    url: "/admin/aid/applications/00000000-0000-4000-8000-000000000001",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 404 },
  },
  {
    name: "awarding an aid application that is not there",
    method: "POST",
    url: "/admin/aid/applications/00000000-0000-4000-8000-000000000001/award",
    body: { amountCents: 100, percent: null, note: null },
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 404 },
  },
  {
    name: "changing an award that is not there",
    method: "POST",
    url: "/admin/aid/applications/00000000-0000-4000-8000-000000000001/change",
    body: { amountCents: 100, percent: null, note: null },
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 404 },
  },
  {
    name: "declining an aid application that is not there",
    method: "POST",
    url: "/admin/aid/applications/00000000-0000-4000-8000-000000000001/decline",
    body: { note: "The budget is spent." },
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 404 },
  },
  {
    name: "a season's aid budget, refused as malformed",
    method: "PUT",
    url: "/admin/aid/seasons/1999",
    body: { budgetCents: 100, camperCapCents: 100, open: false, intro: null },
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 400 },
  },
];
