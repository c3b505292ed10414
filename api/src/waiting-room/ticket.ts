import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * A waiting room's two signed papers (decision 043), checked without the database:
 * - a ticket names a place in one opening's line ("you are number 312");
 * - a pass says that place was let in, when, for which account, and until when it lets its holder
 *   book without being turned away.
 * Each is `kind.payload.signature`, the payload base64url JSON and the signature an HMAC-SHA256 of
 * `kind.payload` with a key of its own derived from the API's signing secret, so neither can be
 * made or changed by a client, and one kind is never read as the other.
 */
export interface Ticket {
  /** The opening (ms since the epoch). */
  opensAt: number;
  place: number;
}

export interface Pass extends Ticket {
  /** When the family was first told it is in (ms). */
  admittedAt: number;
  /** The account it lets book. */
  userId: string;
  /** Until when (ms). */
  expiresAt: number;
}

type Kind = "ticket" | "pass";

export interface Papers {
  ticket(value: Ticket): string;
  readTicket(text: string | undefined): Ticket | null;
  pass(value: Pass): string;
  /** The pass if it is genuine and not yet expired at `nowMs`; else null. */
  readPass(text: string | undefined, nowMs: number): Pass | null;
}

const MAX_LENGTH = 512;

const whole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export function waitingRoomPapers(secret: string): Papers {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "waiting room papers", 32));
  const sign = (body: string) => createHmac("sha256", key).update(body).digest();
  const write = (kind: Kind, value: object) => {
    const body = `${kind}.${Buffer.from(JSON.stringify(value)).toString("base64url")}`;
    return `${body}.${sign(body).toString("base64url")}`;
  };
  const read = (kind: Kind, text: string | undefined): Record<string, unknown> | null => {
    if (typeof text !== "string" || text.length > MAX_LENGTH) return null;
    const parts = text.split(".");
    if (parts.length !== 3 || parts[0] !== kind) return null;
    // Compared as written: decoding first would let a last character that differs only in
    // base64's unused bits pass for the real one.
    const given = Buffer.from(parts[2]!);
    const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`).toString("base64url"));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const value: unknown = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8"));
      return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  return {
    ticket: ({ opensAt, place }) => write("ticket", { o: opensAt, p: place }),
    readTicket(text) {
      const value = read("ticket", text);
      if (!value || !whole(value.o) || !whole(value.p) || value.p === 0) return null;
      return { opensAt: value.o, place: value.p };
    },
    pass: ({ opensAt, place, admittedAt, userId, expiresAt }) =>
      write("pass", { o: opensAt, p: place, a: admittedAt, u: userId, x: expiresAt }),
    readPass(text, nowMs) {
      const value = read("pass", text);
      if (!value || !whole(value.o) || !whole(value.p) || !whole(value.a) || !whole(value.x)) return null;
      if (typeof value.u !== "string" || value.x <= nowMs) return null;
      return { opensAt: value.o, place: value.p, admittedAt: value.a, userId: value.u, expiresAt: value.x };
    },
  };
}
