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

export function useListParams() {
  const [query, setQuery] = useSearchParams();
  const params = useMemo<ListParams>(() => {
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
  }, [query]);

  /** Changes some parameters; any change but the page itself goes back to page 1. */
  const update = useCallback(
    (change: Partial<ListParams>) => {
      const next = { ...params, ...change };
      if (change.page === undefined) next.page = 1;
      const out = new URLSearchParams();
      if (next.page > 1) out.set("page", String(next.page));
      if (next.size !== DEFAULT_SIZE) out.set("size", String(next.size));
      if (next.search) out.set("q", next.search);
      if (next.sort) out.set("sort", next.sort);
      if (next.dir === "desc") out.set("dir", "desc");
      if (next.filter) out.set("filter", next.filter);
      setQuery(out, { replace: change.search !== undefined });
    },
    [params, setQuery],
  );
  return [params, update] as const;
}
