import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { text } from "./text.js";

/**
 * One way to page a long list, for every table that may grow past a screenful (admin users and
 * classes now; My Classes, rosters and payment history later): `?page=&size=&search=&sort=&dir=`
 * plus the list's own filters, answered as `{ items, total, page, size }`. See ADR 009.
 */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** The query of a paged list whose sort keys are `sorts` and whose extra filters are `filters`. */
export function pageQuery<S extends string, F extends z.ZodRawShape>(
  sorts: readonly [S, ...S[]],
  filters: F,
  { maxSize = MAX_PAGE_SIZE }: { maxSize?: number } = {},
) {
  return z
    .object({
      page: z.coerce
        .number({ error: "Page must be a number." })
        .int({ error: "Page must be a whole number." })
        .min(1, { error: "Page starts at 1." })
        .max(1_000_000, { error: "Page is too large." })
        .optional(),
      size: z.coerce
        .number({ error: "Size must be a number." })
        .int({ error: "Size must be a whole number." })
        .min(1, { error: "Size is at least 1." })
        .max(maxSize, { error: `Size is at most ${maxSize}.` })
        .optional(),
      // Escapes of bytes that are not UTF-8 stay undecoded in the query (%ED%A0%80): refused like
      // any broken text rather than searched for literally.
      search: text({ max: 120 })
        .refine((s) => !/%[89a-f][0-9a-f]/i.test(s) && !s.includes("\uFFFD"), { error: "Must be valid Unicode text." })
        .optional(),
      sort: z.enum(sorts, { error: `Sort by one of: ${sorts.join(", ")}.` }).optional(),
      dir: z.enum(["asc", "desc"], { error: "Direction is asc or desc." }).optional(),
      ...filters,
    })
    .strict();
}

export interface PageRequest {
  page?: number | undefined;
  size?: number | undefined;
  search?: string | undefined;
  sort?: string | undefined;
  dir?: "asc" | "desc" | undefined;
}

/**
 * Whether the caller asked for a page at all (old clients of an unpaged list ask for nothing);
 * `except` names parameters that are not about paging (the spec's `?email=`).
 */
export const wantsPage = (q: Record<string, unknown>, except: readonly string[] = []) =>
  Object.entries(q).some(([k, v]) => v !== undefined && !except.includes(k));

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

/**
 * A page of a public list, which grows with the catalogue: no total (counting every match costs
 * in proportion to the data), `hasMore` from reading one row past the page instead (ADR 013).
 */
export interface OpenPage<T> {
  items: T[];
  page: number;
  size: number;
  hasMore: boolean;
}

/** Rows to skip and take for a request (defaults: page 1 of 20, or of the list's own size). */
export function pageWindow(q: PageRequest, defaultSize = DEFAULT_PAGE_SIZE) {
  const page = q.page ?? 1;
  const size = q.size ?? defaultSize;
  return { page, size, offset: (page - 1) * size };
}

/** An open page from rows read with `limit size + 1`. */
export function openPage<R, T>(rows: R[], window: { page: number; size: number }, toWire: (row: R) => T): OpenPage<T> {
  return {
    items: rows.slice(0, window.size).map(toWire),
    page: window.page,
    size: window.size,
    hasMore: rows.length > window.size,
  };
}

/** `%text%` for ILIKE, with the caller's own % and _ matched literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The total of a query's rows in the same statement: `count(*) over ()`. */
export const totalOver = (): SQL<number> => sql<number>`cast(count(*) over () as integer)`;
