/**
 * The classes page's filters, sort and page as they live in the URL (decision 014):
 * `/classes?search=&sport=&age=&level=&week=&min_price=&max_price=&sort=&dir=&page=`, so a
 * filtered list can be shared and Back returns to the previous one.
 */
import { AGE_MAX, AGE_MIN, LEVEL_LABELS, SPORTS } from "shared-auth";
import type { ClassQuery } from "../../lib/public-queries";

export const FILTER_KEYS = ["search", "sport", "age", "level", "week", "min_price", "max_price"] as const;

/** The sorts a parent picks from; `value` is what the sort select holds. */
export const SORTS = [
  { value: "popular", label: "Most popular", sort: "popular" },
  { value: "start", label: "First day", sort: "start" },
  { value: "price", label: "Price: low to high", sort: "price" },
  { value: "price-desc", label: "Price: high to low", sort: "price", dir: "desc" },
  { value: "newest", label: "Newest", sort: "newest" },
  { value: "name", label: "Name (A-Z)", sort: "name" },
] as const;

/** Page numbers beyond this are clamped: a hand-edited URL cannot ask for a hundred requests. */
export const MAX_PAGES = 20;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE = /^\d+$/;
const MONEY = /^\d+(\.\d{1,2})?$/;

/** Each parameter's check: a value the API would refuse is dropped rather than sent. */
const VALID: Record<(typeof FILTER_KEYS)[number], (v: string) => boolean> = {
  search: (v) => v.length > 0 && v.length <= 100,
  sport: (v) => Object.hasOwn(SPORTS, v),
  age: (v) => WHOLE.test(v) && Number(v) >= AGE_MIN && Number(v) <= AGE_MAX,
  level: (v) => Object.hasOwn(LEVEL_LABELS, v),
  week: (v) => DATE.test(v) && !Number.isNaN(Date.parse(v)),
  min_price: (v) => MONEY.test(v),
  max_price: (v) => MONEY.test(v),
};

export interface ClassListState {
  /** The filters and sort, as sent to GET /classes. */
  query: ClassQuery;
  /** The value of the sort select. */
  sortValue: string;
  /** How many pages are shown (1..MAX_PAGES). */
  pages: number;
  /** Whether any filter narrows the list (sort does not). */
  filtered: boolean;
}

export function readClassList(params: URLSearchParams): ClassListState {
  const query: ClassQuery = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim() ?? "";
    if (value && VALID[key](value)) query[key] = value;
  }
  // A range typed the wrong way round means the same range (the API would refuse it).
  if (query.min_price && query.max_price && Number(query.min_price) > Number(query.max_price)) {
    [query.min_price, query.max_price] = [query.max_price, query.min_price];
  }
  const filtered = Object.keys(query).length > 0;
  const sortValue = params.get("dir") === "desc" && params.get("sort") === "price" ? "price-desc" : params.get("sort");
  const sort = SORTS.find((s) => s.value === sortValue) ?? SORTS[0];
  query.sort = sort.sort;
  if ("dir" in sort) query.dir = sort.dir;
  const page = Number(params.get("page"));
  const pages = Number.isInteger(page) && page > 1 ? Math.min(page, MAX_PAGES) : 1;
  return { query, sortValue: sort.value, pages, filtered };
}

/** The URL parameters for these form values: empty fields and the default sort are left out. */
export function classListParams(values: Record<string, string>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = values[key]?.trim();
    if (value) params.set(key, value);
  }
  const sort = SORTS.find((s) => s.value === values.sort);
  if (sort && sort.value !== SORTS[0].value) {
    params.set("sort", sort.sort);
    if ("dir" in sort) params.set("dir", sort.dir);
  }
  return params;
}
