import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../platform/database/client.js";
import { classes, users, type ClassStatus } from "../platform/database/schema.js";
import { notFound } from "../platform/errors.js";
import { academyToday } from "../platform/academy-day.js";
import { openPage, pageWindow } from "../platform/paging.js";
import { priceOn } from "../pricing/index.js";
import { toDollars } from "../platform/wire.js";
import { sessionToWire, type SessionRow } from "./camp-session.js";
import type { z } from "zod";
import type { proposedChanges } from "./answers.js";
import { classFilters, classOrder, PUBLIC_PAGE_SIZE, type ClassPageQuery } from "./public-lists.js";

export const classColumns = {
  id: classes.id,
  name: classes.name,
  image: classes.image,
  instructorId: classes.instructorId,
  instructorName: users.name,
  instructorEmail: users.email,
  availableSeats: classes.availableSeats,
  enrolledSeats: classes.enrolledSeats,
  heldSeats: classes.heldSeats,
  offeredSeats: classes.offeredSeats,
  waitingEntries: classes.waitingEntries,
  registrationOpensAt: classes.registrationOpensAt,
  priceCents: classes.priceCents,
  earlyPriceCents: classes.earlyPriceCents,
  earlyPriceUntil: classes.earlyPriceUntil,
  details: classes.details,
  status: classes.status,
  feedback: classes.feedback,
  proposedChanges: classes.proposedChanges,
  proposedAt: classes.proposedAt,
  sport: classes.sport,
  startDate: classes.startDate,
  endDate: classes.endDate,
  weekdays: classes.weekdays,
  startTime: classes.startTime,
  endTime: classes.endTime,
  ageMin: classes.ageMin,
  ageMax: classes.ageMax,
  level: classes.level,
  location: classes.location,
  venueAddress: classes.venueAddress,
  dropOff: classes.dropOff,
  pickUp: classes.pickUp,
  whatToBring: classes.whatToBring,
  createdAt: classes.createdAt,
  updatedAt: classes.updatedAt,
};

type ClassRow = SessionRow & {
  id: string;
  name: string;
  image: string;
  instructorId: string;
  instructorName: string;
  instructorEmail: string;
  availableSeats: number;
  enrolledSeats: number;
  /** Seats held by checkouts in progress: not on the wire (the spec's card shows enrolled seats). */
  heldSeats: number;
  /** Seats kept for waitlist offers, and the entries waiting. */
  offeredSeats: number;
  waitingEntries: number;
  registrationOpensAt: Date | null;
  priceCents: number;
  earlyPriceCents: number | null;
  earlyPriceUntil: string | null;
  details: string | null;
  status: ClassStatus;
  feedback: string | null;
  proposedChanges: unknown;
  proposedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The spec's wire names (section 3); status and feedback only for who may see them. `today` (the
 * academy's day, by the API's clock) prices `price_today`: a cached list passes the day it is
 * kept for (public-cache.ts drops it when that day ends).
 */
export function classToWire(row: ClassRow, full: true, today?: string): ReturnType<typeof staffClassToWire>;
export function classToWire(
  row: ClassRow,
  full: boolean,
  today?: string,
): ReturnType<typeof publicClassToWire> | ReturnType<typeof staffClassToWire>;
export function classToWire(row: ClassRow, full: boolean, today: string = academyToday()) {
  return full ? staffClassToWire(row, today) : publicClassToWire(row, today);
}

function publicClassToWire(row: ClassRow, today: string) {
  // What a seat starts from today, by the checkout's own rule (pricing/rules.ts, decision 034).
  const now = priceOn(row, today);
  return {
    _id: row.id,
    class_name: row.name,
    image: row.image,
    instructor: row.instructorName,
    email: row.instructorEmail,
    instructorId: row.instructorId,
    available_seats: row.availableSeats,
    enrolled_seats: row.enrolledSeats,
    price: toDollars(row.priceCents),
    /** Early-bird price: dollars until the end of `early_price_until` (academy calendar), or null. */
    early_price: row.earlyPriceCents === null ? null : toDollars(row.earlyPriceCents),
    early_price_until: row.earlyPriceUntil,
    /** The price a seat costs today (the early-bird price while it holds), in dollars. */
    price_today: toDollars(now.cents),
    /** The last day `price_today` holds when it is the early-bird price; null: the full price. */
    price_today_until: now.until,
    details: row.details ?? "",
    ...sessionToWire(row),
    /** When booking opens (ISO instant), or null: open now. */
    registration_opens_at: row.registrationOpensAt?.toISOString() ?? null,
  };
}

/** The class as its instructor and the admins see it: with its review and its line. */
function staffClassToWire(row: ClassRow, today: string) {
  return {
    ...publicClassToWire(row, today),
    status: row.status,
    feedback: row.feedback ?? "",
    /** The line: entries waiting, and seats kept for open offers. */
    waiting_entries: row.waitingEntries,
    offered_seats: row.offeredSeats,
    /** Changes its instructor proposed, waiting for an admin (decision 039); the JSON the API wrote. */
    proposed_changes: (row.proposedChanges ?? null) as z.output<typeof proposedChanges> | null,
    proposed_at: row.proposedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function selectClasses(db: Db) {
  return db.select(classColumns).from(classes).innerJoin(users, eq(users.id, classes.instructorId));
}

/** Most enrolled first (the home page's "popular classes"), then newest. */
const popularFirst = [desc(classes.enrolledSeats), desc(classes.createdAt), asc(classes.id)];

/** The statement of one page of the approved classes (one row more, to know whether more follow). */
export function classPageSelect(db: Db, q: ClassPageQuery) {
  const window = pageWindow(q, PUBLIC_PAGE_SIZE);
  return selectClasses(db)
    .where(and(...classFilters(q)))
    .orderBy(...classOrder(q))
    .limit(window.size + 1)
    .offset(window.offset);
}

/** One page of the approved classes, sorted and filtered by the database, priced for `today`. */
export async function loadClassPage(db: Db, q: ClassPageQuery, today?: string) {
  return openPage(await classPageSelect(db, q), pageWindow(q, PUBLIC_PAGE_SIZE), (r) => classToWire(r, false, today));
}

export async function loadApprovedClasses(db: Db, instructorId?: string, today?: string) {
  const where = instructorId
    ? and(eq(classes.status, "approved"), eq(classes.instructorId, instructorId))
    : eq(classes.status, "approved");
  const rows = await selectClasses(db)
    .where(where)
    .orderBy(...popularFirst);
  return rows.map((r) => classToWire(r, false, today));
}

/** One class with its instructor; 404 when there is none. */
export async function findClass(db: Db, id: string) {
  const [row] = await selectClasses(db).where(eq(classes.id, id));
  if (!row) throw notFound("There is no such class.");
  return row;
}
