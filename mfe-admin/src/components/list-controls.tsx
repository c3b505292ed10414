import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, useId, useState, type ReactNode } from "react";
import type { Page } from "../lib/admin-api";
import { PAGE_SIZES, type ListParams } from "../lib/list-params";
import { buttonStyles, inputStyles } from "./buttons";
import { EmptyState, ErrorState, TableSkeleton } from "./states";

interface Option {
  value: string;
  label: string;
}

/** Search, filter, sort and page size of a table; every change lands in the URL. */
export function ListToolbar({
  params,
  update,
  searchLabel,
  filterLabel,
  filters,
  sorts,
}: {
  params: ListParams;
  update: (change: Partial<ListParams>) => void;
  searchLabel: string;
  filterLabel: string;
  filters: Option[];
  sorts: Option[];
}) {
  const id = useId();
  return (
    <div role="search" className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_auto_auto]">
      <SearchField id={`${id}-q`} label={searchLabel} value={params.search} update={update} />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
        {filterLabel}
        <select value={params.filter} onChange={(e) => update({ filter: e.target.value })} className={inputStyles}>
          <option value="">All</option>
          {filters.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
        Sort by
        <select value={params.sort} onChange={(e) => update({ sort: e.target.value })} className={inputStyles}>
          {sorts.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
        Order
        <select
          value={params.dir}
          onChange={(e) => update({ dir: e.target.value === "desc" ? "desc" : "asc", sort: params.sort })}
          className={inputStyles}
        >
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
        Per page
        <select value={params.size} onChange={(e) => update({ size: Number(e.target.value) })} className={inputStyles}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Searches as the admin types, once they pause (or at once on Enter). */
function SearchField({
  id,
  label,
  value,
  update,
}: {
  id: string;
  label: string;
  value: string;
  update: (change: Partial<ListParams>) => void;
}) {
  const [draft, setDraft] = useState(value);
  // Back, a link or a reset changes the URL's search: the field follows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (draft.trim() !== value) setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => update({ search: draft.trim() }), 350);
    return () => clearTimeout(timer);
  }, [draft, value, update]);
  return (
    <label
      className="col-span-2 flex flex-col gap-1 text-sm font-medium text-slate-700 lg:col-span-1 dark:text-slate-300"
      htmlFor={id}
    >
      {label}
      <input
        id={id}
        type="search"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") update({ search: draft.trim() });
        }}
        maxLength={120}
        className={inputStyles}
      />
    </label>
  );
}

/** "21–40 of 3,012" with Previous and Next. */
export function Pager({
  params,
  total,
  update,
  busy,
}: {
  params: ListParams;
  total: number;
  update: (change: Partial<ListParams>) => void;
  busy: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / params.size));
  const first = total === 0 ? 0 : (params.page - 1) * params.size + 1;
  const last = Math.min(total, params.page * params.size);
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite" className="text-slate-600 dark:text-slate-400">
        {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {total.toLocaleString("en-US")}
        {busy && " (loading…)"}
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={buttonStyles.plain}
          disabled={params.page <= 1}
          onClick={() => update({ page: params.page - 1 })}
        >
          Previous
        </button>
        <span className="text-slate-700 dark:text-slate-300">
          Page {params.page} of {pages}
        </span>
        <button
          type="button"
          className={buttonStyles.plain}
          disabled={params.page >= pages}
          onClick={() => update({ page: params.page + 1 })}
        >
          Next
        </button>
      </div>
    </nav>
  );
}

/** A table that scrolls inside its own box on a narrow screen, reachable by keyboard. */
export function TableBox({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-orange-700 dark:border-slate-800 dark:bg-slate-900"
    >
      {children}
    </div>
  );
}

export const thStyles =
  "px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
export const tdStyles = "px-3 py-3 align-middle text-sm text-slate-800 dark:text-slate-200";

/**
 * A paged admin list in its states: a skeleton while the first page loads, an error with Retry,
 * an empty state (saying whether the search or filter hides the rows), else the table (column
 * headings, the caller's rows) in its scrolling box, with the pager.
 */
export function PagedTable<T>({
  list,
  params,
  update,
  label,
  tableClassName,
  columns,
  empty,
  children,
}: {
  list: UseQueryResult<Page<T>, unknown>;
  params: ListParams;
  update: (change: Partial<ListParams>) => void;
  /** What the rows are, capitalised: "Classes", "Users". */
  label: string;
  /** The table's classes, with its minimum width (the box scrolls below it). */
  tableClassName: string;
  columns: string[];
  empty: { title: string; filtered: string; none: string };
  children: (items: T[]) => ReactNode;
}) {
  if (list.isPending) return <TableSkeleton label={`Loading ${label.toLowerCase()}`} />;
  if (list.isError) {
    return <ErrorState what={`The ${label.toLowerCase()}`} error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (list.data.items.length === 0) {
    return <EmptyState title={empty.title}>{params.search || params.filter ? empty.filtered : empty.none}</EmptyState>;
  }
  return (
    <>
      <TableBox label={label}>
        <table className={tableClassName}>
          <thead className="border-b border-slate-200 dark:border-slate-800">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className={thStyles}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children(list.data.items)}</tbody>
        </table>
      </TableBox>
      <Pager params={params} total={list.data.total} update={update} busy={list.isFetching} />
    </>
  );
}
