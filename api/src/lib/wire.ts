import { z } from "zod";

/** Dollars on the wire, integer cents in the database. */
export const toDollars = (cents: number) => cents / 100;
export const toCents = (dollars: number) => Math.round(dollars * 100);

export const idParam = z.object({ id: z.uuid({ error: "Not a valid id." }) });
export const emailQuery = z.object({ email: z.email({ error: "Not a valid e-mail address." }).max(254) });
export const emailParam = emailQuery;

export const price = z
  .number({ error: "Price must be a number." })
  .min(0, { error: "Price cannot be negative." })
  .max(100_000, { error: "Price must be at most $100,000." })
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    error: "Price has at most 2 decimals.",
  });

export const seats = z
  .number({ error: "Seats must be a number." })
  .int({ error: "Seats must be a whole number." })
  .min(1, { error: "At least 1 seat." })
  .max(10_000, { error: "At most 10,000 seats." });

/** An image is a URL of the site's own images or any https URL. */
export const imageUrl = z
  .string()
  .max(2048)
  .refine((s) => /^https?:\/\//.test(s) || s.startsWith("/images/"), { error: "Image must be an http(s) URL." });
