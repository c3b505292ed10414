import { alias } from "drizzle-orm/pg-core";
import { classes, users } from "../../platform/database/schema.js";

/** A class's session as the messages and the .ics show it; the schedule is unset on old classes. */
export interface SessionFacts {
  classId: string;
  className: string;
  instructorName: string;
  location: string | null;
  startDate: string | null;
  endDate: string | null;
  weekdays: string[];
  startTime: string | null;
  endTime: string | null;
  /**
   * What a parent needs on the day (optional: facts stored before these existed lack them): the
   * venue's postal address (null: the academy's), drop-off and pick-up (null: start and end), what to bring.
   */
  venueAddress?: string | null;
  dropOff?: string | null;
  pickUp?: string | null;
  whatToBring?: string | null;
}

/** The class's instructor: the users table under another name, so a query may join the family's row as well. */
export const instructors = alias(users, "instructors");

/** The columns of a class's session, as SessionFacts names them. */
export const sessionColumns = {
  classId: classes.id,
  className: classes.name,
  instructorName: instructors.name,
  location: classes.location,
  startDate: classes.startDate,
  endDate: classes.endDate,
  weekdays: classes.weekdays,
  startTime: classes.startTime,
  endTime: classes.endTime,
  venueAddress: classes.venueAddress,
  dropOff: classes.dropOff,
  pickUp: classes.pickUp,
  whatToBring: classes.whatToBring,
};

/**
 * A camper's name as the family knows it: the account holder's own name for "Myself", a child's
 * first name only (an e-mail carries no more of a child's data than it needs).
 */
export const camperName = (camper: { isSelf: boolean; firstName: string; lastName: string }, holderName: string) =>
  camper.isSelf ? holderName : camper.firstName.trim();

/** The calendar UID of a seat (an enrolment): one per seat, in the receipt's .ics, the feed and a cancellation. */
export const seatUid = (enrollmentId: string, siteUrl: string) =>
  `enrollment-${enrollmentId}@${new URL(siteUrl).hostname}`;
