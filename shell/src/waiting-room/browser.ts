/**
 * What this browser keeps of a waiting room (the API's decision 043) besides the pass (shared-auth):
 * its own random id, so its tabs share one place in line, and the place's ticket.
 */
const BROWSER_KEY = "academy.browserId";
const TICKET_KEY = "academy.waitingRoomTicket";

interface StoredTicket {
  ticket: string;
  opensAt: string;
}

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, full): the browser asks for its place again, as a new one.
  }
}

/** This browser's id: 22 random URL-safe characters, made once and kept. */
export function browserId(): string {
  const kept = read(BROWSER_KEY);
  if (typeof kept === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const made = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  write(BROWSER_KEY, made);
  return made;
}

/** The ticket this browser holds (for this opening, when one is named: the API says if it is stale). */
export function storedTicket(opensAt?: string): string | null {
  const kept = read(TICKET_KEY) as Partial<StoredTicket> | null;
  if (!kept || typeof kept.ticket !== "string") return null;
  return opensAt === undefined || kept.opensAt === opensAt ? kept.ticket : null;
}

export const keepTicket = (value: StoredTicket): void => write(TICKET_KEY, value);
