import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../platform/database/client.js";
import { classes, LEVELS, MAX_AGE, MIN_AGE, SPORTS, users } from "../platform/database/schema.js";
import { containsPattern, pageQuery, pageWindow } from "../platform/paging.js";
import { isIsoDate, MESSAGES } from "./camp-session.js";
import { isWholeCents, toCents } from "../platform/wire.js";

/**
 * The public lists a visitor pages through (ADR 013): GET /classes and GET /instructors with any
 * query parameter answer `{ items, page, size, hasMore }`, sorted and filtered by the database on
 * indexes, without a total (counting every match grows with the catalogue).
 */
export const PUBLIC_PAGE_SIZE = 12;
export const MAX_PUBLIC_PAGE_SIZE = 48;

/** A client that asked for anything at all gets a page; the spec's bare call gets the whole list. */
export const asksForPage = (request: FastifyRequest) => (request.raw.url?.split("?")[1] ?? "") !== "";

/** An empty parameter (`?sport=`, as a form sends it) means no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const dollars = z.coerce
  .number({ error: "A price is a number of dollars." })
  .min(0, { error: "A price cannot be negative." })
  .max(100_000, { error: "A price is at most $100,000." })
  .refine(isWholeCents, { error: "A price is in dollars and whole cents (at most 2 decimals), such as 25 or 19.99." });

export const CLASS_SORTS = ["popular", "newest", "price", "start", "name"] as const;
export type ClassSort = (typeof CLASS_SORTS)[number];

export const classPageQuery = pageQuery(
  CLASS_SORTS,
  {
    sport: optional(z.enum(SPORTS, { error: MESSAGES.sport })),
    age: optional(
      z.coerce
        .number({ error: MESSAGES.age })
        .int({ error: MESSAGES.age })
        .min(MIN_AGE, { error: MESSAGES.age })
        .max(MAX_AGE, { error: MESSAGES.age }),
    ),
    level: optional(z.enum(LEVELS, { error: MESSAGES.level })),
    week: optional(
      z
        .string()
        .refine(isIsoDate, { error: "Enter a day of the week as YYYY-MM-DD" })
        .meta({ description: "Any day of the week (YYYY-MM-DD): sessions overlapping its Monday-Sunday" }),
    ),
    min_price: optional(dollars),
    max_price: optional(dollars),
  },
  { maxSize: MAX_PUBLIC_PAGE_SIZE },
).refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
  error: "The highest price cannot be below the lowest",
  path: ["max_price"],
});
export type ClassPageQuery = z.infer<typeof classPageQuery>;

export const instructorPageQuery = pageQuery(["popular", "name"], {}, { maxSize: MAX_PUBLIC_PAGE_SIZE });
export type InstructorPageQuery = z.infer<typeof instructorPageQuery>;

/** One cache key per distinct page (defaults filled in, search in one case: it matches any case). */
export function pageKey(q: Record<string, unknown>, defaults: Record<string, unknown>): string {
  const filled: Record<string, unknown> = { ...defaults, ...q };
  if (typeof filled.search === "string") filled.search = filled.search.toLowerCase();
  return JSON.stringify(
    Object.keys(filled)
      .sort()
      .filter((k) => filled[k] !== undefined && filled[k] !== "")
      .map((k) => [k, filled[k]]),
  );
}

/** The natural direction of each sort: most popular and newest first, the others ascending. */
const NATURAL: Record<ClassSort, "asc" | "desc"> = {
  popular: "desc",
  newest: "desc",
  price: "asc",
  start: "asc",
  name: "asc",
};

/**
 * Monday and Sunday of the week a day falls in, within the years 0001-9999 the database's dates
 * are compared in (the week of 9999-12-31 would end in year 10000; no session runs past it).
 */
export function weekOf(day: string): { monday: string; sunday: string } {
  const date = new Date(`${day}T00:00:00Z`);
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    monday: monday.getUTCFullYear() < 1 ? "0001-01-01" : iso(monday),
    sunday: sunday.getUTCFullYear() > 9999 ? "9999-12-31" : iso(sunday),
  };
}

/** Each sort reads an index of the approved classes in its order (migration 0006), ending with the id. */
export function classOrder(q: ClassPageQuery): SQL[] {
  const sort = q.sort ?? "popular";
  const dir = q.dir ?? NATURAL[sort];
  const by = dir === "asc" ? asc : desc;
  switch (sort) {
    case "popular":
      return [by(classes.enrolledSeats), by(classes.createdAt), by(classes.id)];
    case "newest":
      return [by(classes.createdAt), by(classes.id)];
    case "price":
      return [by(classes.priceCents), by(classes.id)];
    case "start":
      // Classes without dates last, whichever the direction.
      return [sql`${classes.startDate} ${sql.raw(dir)} nulls last`, by(classes.id)];
    case "name":
      return [by(classes.name), by(classes.id)];
  }
}

/** The filters of a class page, on approved classes. */
export function classFilters(q: ClassPageQuery): SQL[] {
  const where: SQL[] = [eq(classes.status, "approved")];
  if (q.search) {
    const pattern = containsPattern(q.search);
    // The instructors' names are matched first (one small indexed lookup), so that the classes
    // are still read in the sort's index order rather than joined whole.
    where.push(
      or(
        ilike(classes.name, pattern),
        ilike(classes.details, pattern),
        sql`${classes.instructorId} = any(array(select ${users.id} from ${users} where ${users.role} = 'instructor' and ${users.name} ilike ${pattern}))`,
      )!,
    );
  }
  if (q.sport) where.push(eq(classes.sport, q.sport));
  if (q.age !== undefined) where.push(lte(classes.ageMin, q.age), gte(classes.ageMax, q.age));
  if (q.level) where.push(q.level === "all" ? eq(classes.level, "all") : sql`${classes.level} in (${q.level}, 'all')`);
  if (q.week) {
    const { monday, sunday } = weekOf(q.week);
    where.push(lte(classes.startDate, sunday), gte(classes.endDate, monday));
  }
  if (q.min_price !== undefined) where.push(gte(classes.priceCents, toCents(q.min_price)));
  if (q.max_price !== undefined) where.push(lte(classes.priceCents, toCents(q.max_price)));
  return where;
}

/** Approved classes an instructor teaches, counted by an index per instructor. */
// Written out qualified: in a select list drizzle names columns without their table, which inside
// this subquery would name the classes' own id.
const approvedCount = sql<number>`(select cast(count(*) as integer) from "classes" c where c."instructor_id" = "users"."id" and c."status" = 'approved')`;

export interface InstructorRow {
  id: string;
  name: string;
  email: string;
  photo: string | null;
  classCount: number;
}

/**
 * The statement of the instructors (all by name, or one page): most approved classes first (then
 * by name) or by name; search on the name.
 */
export function instructorsSelect(db: Db, q: InstructorPageQuery | null) {
  const where = [eq(users.role, "instructor")];
  if (q?.search) where.push(ilike(users.name, containsPattern(q.search)));
  const base = db
    .select({ id: users.id, name: users.name, email: users.email, photo: users.photo, classCount: approvedCount })
    .from(users)
    .where(and(...where));
  if (!q) return base.orderBy(asc(users.name), asc(users.id));
  const window = pageWindow(q, PUBLIC_PAGE_SIZE);
  const dir = q.dir ?? (q.sort === "name" ? "asc" : "desc");
  const by = dir === "asc" ? asc : desc;
  const order =
    (q.sort ?? "popular") === "popular"
      ? [by(approvedCount), dir === "asc" ? desc(users.name) : asc(users.name), asc(users.id)]
      : [by(users.name), by(users.id)];
  return base
    .orderBy(...order)
    .limit(window.size + 1)
    .offset(window.offset);
}
