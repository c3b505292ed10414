/** Registration opening and the waitlist: the API's answers (types only: each remote asks for what it shows). */
import type { Schemas } from "../wire";

/** One of the family's entries (GET /waitlist). */
export type WaitlistEntry = Schemas["WaitlistEntry"];

export type WaitlistState = WaitlistEntry["state"];

/** A class's live booking state (GET /classes/:id/availability): never cached. */
export type ClassAvailability = Schemas["ClassAvailability"];
