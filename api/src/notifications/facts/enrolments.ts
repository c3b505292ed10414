import { and, asc, eq, gte, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/database/client.js";
import {
  campers,
  classes,
  enrollments,
  notificationOutbox,
  notificationPreferences,
  users,
} from "../../platform/database/schema.js";
import { camperName, instructors, seatUid, sessionColumns, type SessionFacts } from "./session.js";

/** A camper's enrolments: the reminder before the first session, and the calendar's events. */

/** A reminder before a camper's first session: when, where, and what to bring. */
export interface ReminderFacts {
  /** The account the reminder goes to (its unsubscribe link is signed for it). */
  familyId: string;
  familyName: string;
  enrollmentId: string;
  camperName: string;
  /** Whether the seat is the account holder's own ("Myself"): the message then says "your". */
  camperIsSelf?: boolean;
  /** The first session's day (YYYY-MM-DD, the academy's) and the instant it starts. */
  firstDay: string;
  startsAt: string;
  /** The class's details as its instructor wrote them (what to bring, what to wear), or null. */
  details: string | null;
  session: SessionFacts;
}

/**
 * Enrolments in classes whose first day falls between two days, with no reminder written yet
 * (no outbox row under the enrolment's reminder key): what the reminder job looks at.
 */
export async function reminderCandidates(db: Db, fromDay: string, toDay: string, limit: number) {
  return (
    db
      .select({
        ...sessionColumns,
        details: classes.details,
        enrollmentId: enrollments.id,
        familyId: users.id,
        email: users.email,
        name: users.name,
        camper: { isSelf: campers.isSelf, firstName: campers.firstName, lastName: campers.lastName },
      })
      .from(enrollments)
      .innerJoin(classes, eq(classes.id, enrollments.classId))
      .innerJoin(instructors, eq(instructors.id, classes.instructorId))
      .innerJoin(users, eq(users.id, enrollments.studentId))
      .innerJoin(campers, eq(campers.id, enrollments.camperId))
      // Nobody who turned optional e-mails off (no row: on, the default).
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .leftJoin(
        notificationOutbox,
        eq(notificationOutbox.dedupeKey, sql`${REMINDER_KEY_PREFIX} || ${enrollments.id}::text`),
      )
      .where(
        and(
          isNotNull(classes.startTime),
          gte(classes.startDate, fromDay),
          lte(classes.startDate, toDay),
          isNull(notificationOutbox.id),
          or(isNull(notificationPreferences.userId), eq(notificationPreferences.optionalEmails, true)),
        ),
      )
      .orderBy(asc(classes.startDate), asc(enrollments.id))
      .limit(limit)
  );
}

/** The dedupe key's prefix of a reminder: `reminder:<enrolment id>`, one reminder per enrolment ever. */
export const REMINDER_KEY_PREFIX = "reminder:";

/** A reminder's facts from a candidate row. */
export function reminderFacts(
  row: Awaited<ReturnType<typeof reminderCandidates>>[number],
  first: { day: string; startsAt: Date },
): { to: string; facts: ReminderFacts } {
  const { details, enrollmentId, familyId, email, name, camper, ...session } = row;
  return {
    to: email,
    facts: {
      familyId,
      familyName: name,
      enrollmentId,
      camperName: camperName(camper, name),
      camperIsSelf: camper.isSelf,
      firstDay: first.day,
      startsAt: first.startsAt.toISOString(),
      details: details?.trim() || null,
      session,
    },
  };
}

/**
 * A family's enrolments as calendar events: every enrolment, or one. Each event's UID is
 * the enrolment's own, so a calendar that imports a file twice or refreshes the feed updates it.
 */
export async function enrolmentEvents(db: Db, siteUrl: string, familyId: string, enrollmentId?: string) {
  const rows = await db
    .select({
      ...sessionColumns,
      enrollmentId: enrollments.id,
      holderName: users.name,
      camper: { isSelf: campers.isSelf, firstName: campers.firstName, lastName: campers.lastName },
    })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .innerJoin(users, eq(users.id, enrollments.studentId))
    .innerJoin(campers, eq(campers.id, enrollments.camperId))
    .where(and(eq(enrollments.studentId, familyId), enrollmentId ? eq(enrollments.id, enrollmentId) : undefined))
    .orderBy(asc(classes.startDate), asc(classes.name), asc(enrollments.id));
  return rows.map(({ enrollmentId: id, holderName, camper, ...session }) => ({
    uid: seatUid(id, siteUrl),
    session,
    camperName: camperName(camper, holderName),
  }));
}
