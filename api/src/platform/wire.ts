import { z } from "zod";
import { textProblem } from "./text.js";

/** Dollars on the wire, integer cents in the database. */
export const toDollars = (cents: number) => cents / 100;
export const toCents = (dollars: number) => Math.round(dollars * 100);

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
/** "$1,234.50" from integer cents: how messages and refusals say an amount. */
export const usd = (cents: number) => USD.format(cents / 100);

/**
 * An amount in whole cents: the very number a client gets by writing the dollars with at most two
 * decimals (19.99 is the double nearest 1999/100, as the division gives). Anything finer, even
 * 1e-9 of a dollar, is refused rather than rounded, so a price never rounds to another amount.
 */
export const isWholeCents = (dollars: number) =>
  Number.isSafeInteger(toCents(dollars)) && toDollars(toCents(dollars)) === dollars;

export const idParam = z.object({ id: z.uuid({ error: "Not a valid id." }) });
export const emailQuery = z.object({ email: z.email({ error: "Not a valid e-mail address." }).max(254) });
export const emailParam = emailQuery;

export const price = z
  .number({ error: "Price must be a number." })
  .positive({ error: "Price must be more than $0." })
  .max(100_000, { error: "Price must be at most $100,000." })
  .refine(isWholeCents, {
    error: "Price must be in dollars and whole cents (at most 2 decimals), such as 25 or 19.99.",
  });

export const seats = z
  .number({ error: "Seats must be a number." })
  .int({ error: "Seats must be a whole number." })
  .min(1, { error: "At least 1 seat." })
  .max(10_000, { error: "At most 10,000 seats." });

/** Where the API serves an uploaded image (POST /images answers with it). */
export const uploadedImagePath = (sha256: string) => `/images/${sha256}.webp`;

/** The API's own images, by path: uploads (content-addressed) and the seed data's artwork. */
const OWN_IMAGE = /^\/images\/(?:[0-9a-f]{64}\.webp|seed\/(?:classes|people)\/[a-z-]+\.svg)$/;

/** An image is one of the API's own images (by path) or any http(s) URL. */
export const imageUrl = z
  .string()
  .max(2048)
  .refine((s) => textProblem(s, false) === null && (/^https?:\/\/[^\s]+$/.test(s) || OWN_IMAGE.test(s)), {
    error: "Image must be an http(s) URL or an image uploaded to the API.",
  });

/**
 * A real calendar day, `YYYY-MM-DD`, in the years 0001-9999: JavaScript also takes year 0000,
 * which PostgreSQL's dates do not have.
 */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < "0001-01-01") return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}
