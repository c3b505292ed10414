import { type Case } from "./permission-rows.js";

/**
 * The permission matrix's rows for the academy's own facts (decision 051): anyone reads them;
 * admins alone change them (the change is refused as malformed here, so no row's data moves).
 */
export const ACADEMY_CASES: Case[] = [
  {
    name: "the academy's facts",
    method: "GET",
    url: "/academy",
    expect: { anonymous: 200, student: 200, instructor: 200, admin: 200 },
  },
  {
    name: "whether the site waits for its first-run setup",
    method: "GET",
    url: "/setup",
    expect: { anonymous: 200, student: 200, instructor: 200, admin: 200 },
  },
  {
    name: "the first-run setup of a site that has its admins",
    method: "POST",
    url: "/setup",
    body: {
      token: "x",
      academy: { name: "A", legalName: "A Inc.", addressLines: ["1 Road"], phone: "+1 555 0100", email: "a@b.example" },
      admin: { name: "Dana", email: "dana@example.com" },
    },
    expect: { anonymous: 409, student: 409, instructor: 409, admin: 409 },
  },
  {
    name: "changing the academy's facts, refused as malformed",
    method: "PUT",
    url: "/admin/academy",
    body: { name: "" },
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 400 },
  },
];
