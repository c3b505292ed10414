import { z } from "zod";
import { WAITLIST_ACTIONS, WAITLIST_STATES } from "../platform/database/schema.js";

/**
 * What the waitlist routes answer (decision 038). The names match the front ends' types:
 * shared-auth's WaitlistEntry and ClassAvailability, the admin's LineEntry and OpenOffer.
 */

/** An instant as the API writes it: `Date.toISOString()`. */
const instant = (description: string) => z.iso.datetime().meta({ description: `${description} (ISO 8601, UTC)` });

export const classAvailability = z
  .object({
    seats_left: z.int().meta({ description: "Seats anyone may book now: none while the class's line waits" }),
    waiting: z.int().meta({ description: "Entries waiting in the class's line" }),
    offered_seats: z.int().meta({ description: "Seats kept for open offers to families from the line" }),
    registration_opens_at: instant("When booking opens")
      .nullable()
      .meta({ description: "When booking opens (ISO 8601, UTC); null: no opening time was set" }),
    registration_open: z.boolean(),
    offer_seconds: z
      .number()
      .meta({ description: "How long an offer keeps its seats for a family (the academy's setting)" }),
    now: instant("The server's time, to count down to the opening against"),
  })
  .meta({ id: "ClassAvailability", description: "A class's live booking state (never cached)" });

const entryCamper = z.object({ _id: z.string(), name: z.string() });

export const waitlistEntry = z
  .object({
    _id: z.string(),
    classId: z.string(),
    class_name: z.string(),
    start_date: z.string().nullable().meta({ description: "The class's first day (YYYY-MM-DD), or null" }),
    state: z.enum(WAITLIST_STATES),
    position: z.int().nullable().meta({ description: 'Place in line ("#3 in line"): only while waiting, else null' }),
    size: z.int().meta({ description: "How many campers the entry waits for" }),
    campers: z.array(entryCamper).meta({ description: "The campers waiting together" }),
    dropped: z.array(entryCamper.extend({ reason: z.string() })).meta({
      description: "Campers taken off the entry when a seat was offered (no longer eligible), with the reason",
    }),
    joinedAt: instant("When the family joined the line"),
    offeredAt: instant("When seats were offered").nullable(),
    offerExpiresAt: instant("When the offer runs out").nullable(),
    orderId: z.string().nullable().meta({ description: "The checkout an accepted offer opened" }),
    endReason: z.string().nullable().meta({ description: "Why the entry ended, in plain words" }),
  })
  .meta({ id: "WaitlistEntry", description: "One of the family's places in a class's line" });

export const lineEntry = z
  .object({
    _id: z.string(),
    state: z.enum(["waiting", "offered"]),
    position: z.int().nullable().meta({ description: "Place among the waiting (1 = next); null for an open offer" }),
    size: z.int(),
    family: z.string().meta({ description: "The account holder's name" }),
    email: z.string(),
    campers: z.array(z.string()).meta({ description: "The waiting campers' names" }),
    joinedAt: instant("When the family joined the line"),
    offeredAt: instant("When seats were offered").nullable(),
    offerExpiresAt: instant("When the offer runs out").nullable(),
  })
  .meta({ id: "LineEntry", description: "One entry of a class's line as staff see it" });

/** A class's line: offers first, then the waiting entries in order. */
export const lineEntries = z.array(lineEntry);

export const entryEvent = z.object({
  action: z.enum(WAITLIST_ACTIONS),
  reason: z.string().nullable().meta({ description: "Staff's reason, or why a camper was dropped; null when none" }),
  at: instant("When it happened"),
});

export const openOffer = z
  .object({
    _id: z.string(),
    classId: z.string(),
    class_name: z.string(),
    family: z.string().meta({ description: "The account holder's name" }),
    size: z.int(),
    offerExpiresAt: instant("When the offer runs out").nullable(),
  })
  .meta({ id: "OpenOffer", description: "An offer of seats waiting for a family's answer" });
