import { serverNow } from "./server-clock";

/**
 * The pass a registration opening's waiting room gives a family once it is let in (the API's
 * decision 043), which every call to the API then carries until it expires. The rest of the room
 * (the browser's id, the ticket, the page) is the shell's, loaded with its page.
 */

/** Sent on `window` when the API refused a booking for want of a pass: the shell opens the room. */
export const WAITING_ROOM_EVENT = "academy:waiting-room";

const PASS_KEY = "academy.waitingRoomPass";

export interface StoredPass {
  pass: string;
  expiresAt: string;
  opensAt: string;
}

/** The pass, while it has not expired by the API's clock. */
export function storedPass(): StoredPass | null {
  try {
    const kept = JSON.parse(localStorage.getItem(PASS_KEY) ?? "null") as StoredPass | null;
    return kept && typeof kept.pass === "string" && Date.parse(kept.expiresAt) > serverNow() ? kept : null;
  } catch {
    return null;
  }
}

export function keepPass(value: StoredPass): void {
  try {
    localStorage.setItem(PASS_KEY, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, full): the page asks the room again on its next load.
  }
}

/**
 * Every answer of the API says the opening of a waiting room in force (its Waiting-Room header):
 * this browser holding no pass for it, the shell sends the family to the room.
 */
export function noticeRoom(header: unknown): void {
  if (typeof header === "string" && header !== "required" && storedPass()?.opensAt !== header)
    dispatchEvent(new Event(WAITING_ROOM_EVENT));
}
