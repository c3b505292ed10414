import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";

/** What a paged table shows, kept in the URL so a reload, a link or Back shows the same rows. */
export interface ListParams {
  page: number;
  size: number;
  search: string;
  sort: string;
  dir: "asc" | "desc";
  filter: string;
}

export const PAGE_SIZES = [10, 20, 50] as const;
const DEFAULT_SIZE = 20;

/** The list's parameters in a URL's query: anything missing or out of range reads as its default. */
export function readListParams(query: URLSearchParams): ListParams {
  const page = Number(query.get("page"));
  const size = Number(query.get("size"));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_SIZE,
    search: query.get("q") ?? "",
    sort: query.get("sort") ?? "",
    dir: query.get("dir") === "desc" ? "desc" : "asc",
    filter: query.get("filter") ?? "",
  };
}

/**
 * The URL's query after a change to some parameters; any change but the page itself goes back to
 * page 1. Defaults are left out, so an untouched list has a bare URL.
 */
export function changedListQuery(params: ListParams, change: Partial<ListParams>): URLSearchParams {
  const next = { ...params, ...change };
  if (change.page === undefined) next.page = 1;
  const out = new URLSearchParams();
  if (next.page > 1) out.set("page", String(next.page));
  if (next.size !== DEFAULT_SIZE) out.set("size", String(next.size));
  if (next.search) out.set("q", next.search);
  if (next.sort) out.set("sort", next.sort);
  if (next.dir === "desc") out.set("dir", "desc");
  if (next.filter) out.set("filter", next.filter);
  return out;
}

/** Where a page sits in the list, for the pager's "21–40 of 3,012" and "Page 2 of 151". */
export function pageRange({ page, size }: Pick<ListParams, "page" | "size">, total: number) {
  return {
    pages: Math.max(1, Math.ceil(total / size)),
    first: total === 0 ? 0 : (page - 1) * size + 1,
    last: Math.min(total, page * size),
  };
}

export function useListParams() {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => readListParams(query), [query]);

  /** Changes some parameters; any change but the page itself goes back to page 1. */
  const update = useCallback(
    (change: Partial<ListParams>) => {
      setQuery(changedListQuery(params, change), { replace: change.search !== undefined });
    },
    [params, setQuery],
  );
  return [params, update] as const;
}
