import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ACADEMY, api, formatDateRange } from "shared-auth";
import type { AccessLogEntry, CamperPerson, Family, FamilyCamper, WaitlistPlace } from "shared-auth/wire";
import { retryTransient, type Page } from "./admin-api";

// What GET /users/:id/family and GET /admin/access-log answer, as the API's document says
// (generated: shared-auth/src/wire).
export type { AccessLogEntry, Family, FamilyCamper };
export type AccessReason = AccessLogEntry["reason"];

/** A name as the log shows it: `known` is false for words standing in for a name that is gone or never was. */
export interface LogName {
  text: string;
  known: boolean;
}

/** Whose details were read: the camper's name, marked when they were removed, or that they are gone. */
export function camperLabel(r: Pick<AccessLogEntry, "camper_name" | "camper_removed">): LogName {
  if (r.camper_name === null || r.camper_name.trim() === "") return { text: "A removed camper", known: false };
  return { text: r.camper_removed ? `${r.camper_name} (removed)` : r.camper_name, known: true };
}

/** The class of a read: its name, that it was deleted since, or none (an admin's family view has no class). */
export function classLabel(r: Pick<AccessLogEntry, "classId" | "class_name" | "reason">): LogName {
  if (r.class_name) return { text: r.class_name, known: true };
  if (r.classId === null && (r.reason === "family" || r.reason === "medical-report"))
    return { text: "None", known: false };
  return { text: "A deleted class", known: false };
}

/** Who read: the staff member's name, or their kept e-mail once the account is gone. */
export function readerLabel(reader: AccessLogEntry["reader"]): LogName {
  return reader.name?.trim() ? { text: reader.name, known: true } : { text: reader.email, known: false };
}

/** What each kind of read was, in an admin's words. */
export const REASONS: Record<AccessReason, string> = {
  roster: "Class roster",
  detail: "Medical details",
  family: "Family view",
  "roster-export": "Roster CSV export",
  form: "Forms' medical answers",
  today: "Today's check-in list",
  aid: "Financial-aid application",
  "medical-report": "Day's allergy and medical report",
};

export const reasonLabel = (reason: string): string => REASONS[reason as AccessReason] ?? reason;

/** Full years of someone born on `birth` on `day` (both YYYY-MM-DD), as the API counts them. */
export function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const longDay = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** "4 March 2016 (age 11)", or why there is no date. */
export function birthLine(camper: Pick<FamilyCamper, "date_of_birth" | "removed">, today: string): string {
  if (!camper.date_of_birth) return camper.removed ? "Deleted with the camper" : "Not given";
  const day = longDay.format(new Date(`${camper.date_of_birth}T00:00:00Z`));
  return `${day} (age ${ageOn(camper.date_of_birth, today)})`;
}

/** An enrolment's dates, or a plain word when the class has none yet. */
export function enrolmentDates(e: Pick<FamilyCamper["enrolments"][number], "start_date" | "end_date">): string {
  return e.start_date && e.end_date ? formatDateRange(e.start_date, e.end_date) : "No dates yet";
}

const STATE_WORDS: Record<string, string> = {
  waiting: "Waiting",
  offered: "Offered a seat",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Offer ran out",
  left: "Left the waitlist",
  removed: "Removed",
};

/**
 * One camper's waitlist entry in a line: its state, the place while waiting and the dates
 * ("Waiting, 3rd in line, joined Jun 2, 2027, 10:00 AM"), and why the camper was taken off it.
 */
export function waitlistLine(w: WaitlistPlace): string {
  const parts = [STATE_WORDS[w.state] ?? w.state];
  if (w.place !== null) parts.push(`${ordinal(w.place)} in line`);
  parts.push(`joined ${readTime(w.joinedAt)}`);
  if (w.offeredAt) parts.push(`offered ${readTime(w.offeredAt)}`);
  if (w.offerExpiresAt && w.state === "offered") parts.push(`offer until ${readTime(w.offerExpiresAt)}`);
  if (w.dropped_reason) parts.push(`taken off the entry: ${w.dropped_reason}`);
  return parts.join(", ");
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};

/** "Ana Parent (mother), +1 555 0100". */
export const personLine = (p: CamperPerson): string => `${p.name} (${p.relation}), ${p.phone}`;

/** A detail as text: what was written, or what its absence means. */
export function detailText(text: string, removed: boolean): string {
  return text.trim() || (removed ? "Deleted with the camper" : "None given");
}

// The academy's clock, as every time the office reads: the same instant reads the same on any computer.
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: ACADEMY.timeZone });
export const readTime = (iso: string): string => when.format(new Date(iso));

/** The family of one account; every camper's read is recorded by the API, so it is never re-read on focus. */
export function useFamily(userId: string) {
  return useQuery({
    queryKey: ["admin", "family", userId],
    queryFn: async () => (await api.get<Family>(`/users/${encodeURIComponent(userId)}/family`)).data,
    retry: retryTransient,
    refetchOnWindowFocus: false,
    // Closed, the family's details leave the page's memory.
    gcTime: 0,
  });
}

/** The query string of the access log: the page, and the camper when only theirs is asked for. */
export function accessLogQuery(p: { page: number; size: number; camperId?: string | undefined }) {
  return { page: p.page, size: p.size, ...(p.camperId && { camperId: p.camperId }) };
}

export function useAccessLog(p: { page: number; size: number; camperId?: string | undefined }) {
  return useQuery({
    queryKey: ["admin", "access-log", accessLogQuery(p)],
    queryFn: async () => (await api.get<Page<AccessLogEntry>>("/admin/access-log", { params: accessLogQuery(p) })).data,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
