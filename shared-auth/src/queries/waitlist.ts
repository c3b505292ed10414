/** Registration opening and the waitlist (issue 30): the API's answers (types only: each remote asks for what it shows). */

export type WaitlistState = "waiting" | "offered" | "accepted" | "declined" | "expired" | "left" | "removed";

/** One of the family's entries (GET /waitlist). */
export interface WaitlistEntry {
  _id: string;
  classId: string;
  class_name: string;
  start_date: string | null;
  state: WaitlistState;
  /** "#3 in line": only while waiting. */
  position: number | null;
  size: number;
  campers: { _id: string; name: string }[];
  /** Campers taken off the entry when a seat was offered (no longer eligible), with the reason. */
  dropped: { _id: string; name: string; reason: string }[];
  joinedAt: string;
  offeredAt: string | null;
  offerExpiresAt: string | null;
  orderId: string | null;
  endReason: string | null;
}

/** A class's live booking state (GET /classes/:id/availability): never cached. */
export interface ClassAvailability {
  seats_left: number;
  waiting: number;
  offered_seats: number;
  registration_opens_at: string | null;
  registration_open: boolean;
  /** How long an offer keeps its seats for a family (the academy's setting). */
  offer_seconds: number;
  now: string;
}
