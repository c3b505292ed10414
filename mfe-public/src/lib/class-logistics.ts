import { formatTime, STARTING_ACADEMY, type ClassItem } from "shared-auth";

/**
 * What a parent needs on the day of a class, from its wire fields: the place, the venue's address
 * (the academy's own when the class names none), when to drop off and pick up (the class's start
 * and end when it names none) and what to bring. Text only: the page renders it as text.
 */
export interface ClassLogistics {
  place: string | null;
  /** The address's lines, as the instructor wrote them. */
  address: string[];
  /** True when the class names no venue: the address is the academy's. */
  atAcademy: boolean;
  /** "8:45", or null for a class without hours. */
  dropOff: string | null;
  pickUp: string | null;
  bring: string[];
}

const lines = (text: string | null | undefined) =>
  (text ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

type LogisticsFields = Pick<
  ClassItem,
  "location" | "venue_address" | "start_time" | "end_time" | "drop_off" | "pick_up" | "what_to_bring"
>;

/** `academyAddress`: the academy's address as an admin set it (decision 051). */
export function classLogistics(
  item: Partial<LogisticsFields>,
  academyAddress: readonly string[] = STARTING_ACADEMY.addressLines,
): ClassLogistics {
  const venue = lines(item.venue_address);
  const dropOff = item.drop_off ?? item.start_time ?? null;
  const pickUp = item.pick_up ?? item.end_time ?? null;
  return {
    place: item.location?.trim() || null,
    address: venue.length > 0 ? venue : [...academyAddress],
    atAcademy: venue.length === 0,
    dropOff: item.start_time && dropOff ? formatTime(dropOff) : null,
    pickUp: item.end_time && pickUp ? formatTime(pickUp) : null,
    bring: lines(item.what_to_bring),
  };
}
