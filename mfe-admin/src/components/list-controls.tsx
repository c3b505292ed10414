import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, useId, useState, type ReactNode } from "react";
import type { Page } from "../lib/admin-api";
import { PAGE_SIZES, pageRange, type ListParams } from "../lib/list-params";
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
  searchHint,
  filterLabel,
  filters,
  sorts,
}: {
  params: ListParams;
  update: (change: Partial<ListParams>) => void;
  searchLabel: string;
  /** What else the search finds, said under the field (and read with it). */
  searchHint?: string;
  filterLabel: string;
  filters: Option[];
  sorts: Option[];
}) {
  const id = useId();
  return (
    <div role="search" className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_auto_auto]">
      <SearchField id={`${id}-q`} label={searchLabel} hint={searchHint} value={params.search} update={update} />
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
  hint,
  value,
  update,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
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
    <div className="col-span-2 flex flex-col gap-1 text-sm font-medium text-slate-700 lg:col-span-1 dark:text-slate-300">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") update({ search: draft.trim() });
        }}
        maxLength={120}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={inputStyles}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs font-normal text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
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
  const { pages, first, last } = pageRange(params, total);
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

/**
 * A table's box, named for screen readers. It never scrolls sideways: below Tailwind's `@4xl`
 * container width (56rem, measured on this box, since the sidebar takes part of the screen) the
 * table shows its rows as cards, each with every action.
 */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} className="@container">
      <div className="@4xl:rounded-2xl @4xl:border @4xl:border-slate-200 @4xl:bg-white dark:@4xl:border-slate-800 dark:@4xl:bg-slate-900">
        {children}
      </div>
    </div>
  );
}

const thStyles = "px-2 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";

/** A row: a card of its own in the narrow layout, a table row in the wide one. */
export const rowStyles =
  "grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800 " +
  "@4xl:table-row @4xl:rounded-none @4xl:bg-transparent @4xl:p-0 @4xl:shadow-none @4xl:ring-0 dark:@4xl:bg-transparent " +
  // The last row's cells lose their bottom border, written from the row: a selector that starts at
  // the remote's root class (decision 004), which a variant on the cell (`in-[tr:last-child]`) is not.
  "@4xl:last:[&>td]:border-b-0 @4xl:last:[&>th]:border-b-0";

/**
 * What a cell is to its card: the picture (left, beside the title and the line under it), the
 * title (the row's header), a line under the title, a labelled field, or the row's actions. In
 * the wide layout each is a plain table cell.
 */
type CellKind = "media" | "title" | "sub" | "field" | "actions";

const CELL: Record<CellKind, string> = {
  media: "row-span-2",
  title: "self-end text-base font-semibold text-slate-900 dark:text-white @4xl:text-sm",
  sub: "self-start break-words text-slate-600 dark:text-slate-400",
  field:
    "col-span-2 flex items-baseline justify-between gap-3 border-t border-slate-100 pt-2 dark:border-slate-800 " +
    "before:text-xs before:font-semibold before:tracking-wide before:text-slate-600 before:uppercase before:content-[attr(data-label)] dark:before:text-slate-400 " +
    "@4xl:border-0 @4xl:pt-3 @4xl:before:hidden",
  actions: "col-span-2 border-t border-slate-100 pt-3 dark:border-slate-800 @4xl:border-0",
};

/**
 * An e-mail address that breaks after its local part first, and anywhere in a column too narrow
 * for its domain: a long address never makes the table wider than its box.
 */
export function Email({ address }: { address: string }) {
  const at = address.indexOf("@");
  return (
    <span className="[overflow-wrap:anywhere] @4xl:[overflow-wrap:normal]">
      {at < 0 ? (
        address
      ) : (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      )}
    </span>
  );
}

/** One cell of an admin table; a field is labelled with its column in the narrow layout. */
export function Cell({
  kind,
  label,
  cardOnly = false,
  className = "",
  children,
}: {
  kind: CellKind;
  /** The column's heading, shown before a field's value in a card. */
  label?: string;
  /** Shown in a card only: the wide table shows it in another cell (and has no column for it). */
  cardOnly?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const styles =
    "text-left text-sm text-slate-800 dark:text-slate-200 " +
    `${cardOnly ? "@4xl:hidden" : "@4xl:table-cell"} @4xl:border-b @4xl:border-slate-100 @4xl:px-2 @4xl:py-3 @4xl:align-middle dark:@4xl:border-slate-800 ` +
    `${CELL[kind]} ${className}`;
  if (kind === "title") {
    return (
      <th scope="row" className={styles}>
        {children}
      </th>
    );
  }
  return (
    <td data-label={kind === "field" ? label : undefined} className={styles}>
      {children}
    </td>
  );
}

/**
 * A paged admin list in its states: a skeleton while the first page loads, an error with Retry,
 * an empty state (saying whether the search or filter hides the rows), else the table (column
 * headings, the caller's rows of `Cell`s in `rowStyles`), as cards in a narrow box, with the pager.
 */
export function PagedTable<T>({
  list,
  params,
  update,
  label,
  columns,
  empty,
  children,
}: {
  list: UseQueryResult<Page<T>, unknown>;
  params: ListParams;
  update: (change: Partial<ListParams>) => void;
  /** What the rows are, capitalised: "Classes", "Users". */
  label: string;
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
        <table className="block w-full @4xl:table @4xl:border-collapse">
          {/* Cards label their fields themselves; the headings stay for screen readers. */}
          <thead className="sr-only @4xl:not-sr-only">
            <tr className="@4xl:border-b @4xl:border-slate-200 dark:@4xl:border-slate-800">
              {columns.map((column) => (
                <th key={column} scope="col" className={thStyles}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="grid gap-3 @4xl:table-row-group">{children(list.data.items)}</tbody>
        </table>
      </TableBox>
      <Pager params={params} total={list.data.total} update={update} busy={list.isFetching} />
    </>
  );
}
