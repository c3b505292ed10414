import { randomBytes, randomInt, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** A pick-up PIN: six digits, drawn by the server (never chosen), shown once. */
export const newPin = (): string => String(randomInt(0, 1_000_000)).padStart(6, "0");

export const PIN_FORMAT = /^[0-9]{6}$/;

/**
 * Kept as a salted scrypt hash: a copy of the table gives no PIN away at a glance. Six digits are
 * few, so what really protects a PIN is that wrong ones are counted and refused on entry
 * (attendance.ts), not the hash.
 */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(pin, salt, 32);
  return `scrypt$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash || !PIN_FORMAT.test(pin)) return false;
  const expected = Buffer.from(hash, "base64");
  const given = await scrypt(pin, Buffer.from(salt, "base64"), expected.length);
  return timingSafeEqual(given, expected);
}
