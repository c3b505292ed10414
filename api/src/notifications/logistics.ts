import type { SessionFacts } from "./facts.js";
import * as clock from "../platform/clock.js";
import { ACADEMY, academyDay, academyInstant, formatClock } from "./format.js";

/**
 * What a parent needs on the day, in the messages' words and the .ics's LOCATION: where (the
 * class's place at its venue's address, the academy's own when the class names none), when to
 * drop off and pick up (the class's start and end when it names none), what to bring.
 */

type Logistics = Pick<
  SessionFacts,
  "location" | "venueAddress" | "startDate" | "startTime" | "endTime" | "dropOff" | "pickUp" | "whatToBring"
>;

/** An address written on several lines, on one: "Riverside Park, 1400 SE Water Avenue, Portland, OR 97214". */
export function addressOnOneLine(address: string): string {
  return address
    .split("\n")
    .map((line) => line.trim().replace(/[,;]+$/, ""))
    .filter((line) => line !== "")
    .join(", ");
}

/** "North field, 120 Riverside Drive, Portland, OR 97201": the class's place and its venue's address. */
export function whereText(session: Pick<Logistics, "location" | "venueAddress">): string {
  const address = addressOnOneLine(session.venueAddress?.trim() || ACADEMY.address);
  return session.location ? `${session.location}, ${address}` : address;
}

/** "Drop off from 8:45 a.m., pick up by 12:15 p.m. PDT at North field, 120 …": or only where, for a class without hours. */
export function dropOffText(session: Logistics): string {
  const where = whereText(session);
  if (!session.startTime || !session.endTime) return `Where: ${where}`;
  // The zone's abbreviation of the class's first day (a class without dates: today's).
  const day = session.startDate ?? academyDay(clock.now());
  const dropOff = formatClock(academyInstant(day, session.dropOff ?? session.startTime), { withZone: false });
  const pickUp = formatClock(academyInstant(day, session.pickUp ?? session.endTime));
  return `Drop off from ${dropOff}, pick up by ${pickUp} at ${where}`;
}

/** The lines of what to bring, as the instructor wrote them (blank lines left out); none when unset. */
export const bringLines = (session: Pick<Logistics, "whatToBring">): string[] =>
  (session.whatToBring ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** "Bring: Water bottle; Shin guards; Sunscreen", or null when the class says nothing. */
export function bringText(session: Pick<Logistics, "whatToBring">): string | null {
  const lines = bringLines(session);
  return lines.length > 0 ? `Bring: ${lines.join("; ")}` : null;
}
