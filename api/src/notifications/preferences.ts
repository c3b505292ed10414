import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import * as clock from "../platform/clock.js";
import type { Db, Tx } from "../platform/database/client.js";
import { notificationPreferences, users } from "../platform/database/schema.js";

/**
 * A user's e-mail and calendar choices: optional e-mails (reminders) on or off, and the
 * secret of the family's calendar feed. The unsubscribe link carries a token signed for the user
 * (HMAC with a key derived from the API's secret): it works without signing in and names nobody
 * else; it only ever turns optional e-mails off.
 */

const mac = (secret: string, userId: string) =>
  createHmac("sha256", secret).update(`unsubscribe:${userId}`).digest("base64url").slice(0, 32);

/** The token of a user's unsubscribe link. */
export const unsubscribeToken = (secret: string, userId: string) => `${userId}.${mac(secret, userId)}`;

/** The user a token was signed for, or undefined when it is not one of ours. */
export function userOfUnsubscribeToken(secret: string, token: string): string | undefined {
  const match = /^([0-9a-f-]{36})\.([\w-]{32})$/.exec(token);
  if (!match) return undefined;
  const [, userId, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(mac(secret, userId));
  return timingSafeEqual(expected, Buffer.from(given)) ? userId : undefined;
}

export interface Preferences {
  optionalEmails: boolean;
  calendarToken: string | null;
}

export async function readPreferences(db: Db, userId: string): Promise<Preferences> {
  const [row] = await db
    .select({
      optionalEmails: notificationPreferences.optionalEmails,
      calendarToken: notificationPreferences.calendarToken,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? { optionalEmails: true, calendarToken: null };
}

/** Turns optional e-mails on or off. False when the user does not exist. */
export async function setOptionalEmails(db: Db, userId: string, on: boolean): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  const now = clock.now();
  await db
    .insert(notificationPreferences)
    .values({ userId, optionalEmails: on, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { optionalEmails: on, updatedAt: now } });
  return true;
}

/** A new secret for the family's calendar feed (the old URL stops working), or none (revoked). */
export async function setCalendarToken(db: Db, userId: string, on: boolean): Promise<string | null> {
  const token = on ? randomBytes(24).toString("base64url") : null;
  const now = clock.now();
  await db
    .insert(notificationPreferences)
    .values({ userId, calendarToken: token, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { calendarToken: token, updatedAt: now } });
  return token;
}

/**
 * A new secret for the user's calendar feed if they have one (none is made): the old address
 * stops working. Called when every session of the user ends (decision 028): whoever could read the
 * account (a lost phone, a shared computer) may have copied the feed's address from Settings.
 */
export async function replaceCalendarToken(db: Db | Tx, userId: string): Promise<void> {
  await db
    .update(notificationPreferences)
    .set({ calendarToken: randomBytes(24).toString("base64url"), updatedAt: clock.now() })
    .where(and(eq(notificationPreferences.userId, userId), isNotNull(notificationPreferences.calendarToken)));
}
