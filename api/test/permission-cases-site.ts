import { classId, JONAS, LEE, MAYA, SAM } from "./harness.js";
import { JONAS_CLASS, PENDING, type Case } from "./permission-rows.js";

/**
 * The permission matrix's rows for the public site, accounts, classes and rosters. Requests that would succeed for a role are made with
 * targets that leave the data the other rows rely on intact; the rows run in this order.
 */
export const SITE_CASES: Case[] = [
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
    name: "a camper's forms in Jonas's class (no such seat)",
    method: "GET",
    url: `/classes/${classId(2)}/roster/00000000-0000-4000-8000-000000000001/forms`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 404 },
  },
  {
    name: "a file a camper's family uploaded, in Jonas's class (no such seat)",
    method: "GET",
    url: `/classes/${classId(2)}/roster/00000000-0000-4000-8000-000000000001/files/00000000-0000-4000-8000-000000000002`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 404 },
  },
  {
    name: "today's classes and their campers",
    method: "GET",
    url: "/today",
    expect: { anonymous: 401, student: 403, instructor: 200, admin: 200 },
  },
  {
    name: "checking a camper in to Jonas's class (it does not meet today)",
    method: "POST",
    url: `/classes/${classId(2)}/attendance`,
    body: { camper_id: "00000000-0000-4000-8000-000000000001", action: "check_in", client_id: "matrix-check-in" },
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 409 },
  },
  {
    name: "the day's attendance across every class",
    method: "GET",
    url: "/admin/attendance",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "the day's allergy and medical report",
    method: "GET",
    url: "/admin/medical",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "the day's allergy and medical report as CSV",
    method: "GET",
    url: "/admin/medical.csv",
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  ...["enrolments", "payments", "refunds.csv"].map((kind) => ({
    name: `the office's ${kind} export`,
    method: "GET" as const,
    url: `/admin/exports/${kind}`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  })),
  {
    name: "the attendance of Maya's class over its session",
    method: "GET",
    url: `/classes/${classId(1)}/attendance/session`,
    expect: { anonymous: 401, student: 403, instructor: 200, admin: 200 },
  },
  {
    name: "the attendance of Jonas's class over its session, as CSV",
    method: "GET",
    url: `/classes/${classId(2)}/attendance/session.csv`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "the messages sent to the families of Jonas's class",
    method: "GET",
    url: `/classes/${classId(2)}/messages`,
    expect: { anonymous: 401, student: 403, instructor: 403, admin: 200 },
  },
  {
    name: "the medical details of the campers in Maya's class",
    method: "GET",
    url: `/classes/${classId(1)}/roster/medical`,
    expect: { anonymous: 401, student: 403, instructor: 200, admin: 200 },
  },
];
