import { useEffect, useId, useRef, useState } from "react";
import { errorMessage, formatSession } from "shared-auth";
import { useClassPage } from "../lib/admin-api";
import { classLabel, foundText, toggleClass, type ChosenClass } from "../lib/discounts";
import { pageRange } from "../lib/list-params";
import { buttonStyles, inputStyles } from "./buttons";

/** Classes per page of the picker's results: a phone's screenful. */
export const PICKER_PAGE_SIZE = 8;

/**
 * The classes a promo code or a form is for: those chosen, each with a Remove button, and a
 * search of the approved classes (GET /admin/classes, by name or instructor, a page at a time)
 * whose results are checkboxes. Native controls only, so a keyboard and a screen reader work it
 * as any form: Tab, Space, the results' count read out as it changes.
 */
export function ClassPicker({
  chosen,
  onChange,
  problem,
  legend = "Classes it is for",
}: {
  chosen: ChosenClass[];
  onChange: (next: ChosenClass[]) => void;
  /** The server's message about the classes chosen. */
  problem?: string | undefined;
  /** What the classes are chosen for, as the fieldset names it. */
  legend?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const find = (term: string) => {
    setSearch(term);
    setPage(1);
  };
  // Searches once the admin pauses typing (or at once on Enter).
  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = setTimeout(() => {
      setSearch(draft.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [draft, search]);
  const list = useClassPage({ page, size: PICKER_PAGE_SIZE, search, sort: "name", dir: "asc", filter: "approved" });
  const chosenIds = new Set(chosen.map((c) => c._id));

  // A removed class's button is gone: focus goes to the one now in its place, else the one before,
  // else the search field (never dropped to the page).
  const chips = useRef<HTMLUListElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = chips.current?.querySelectorAll("button") ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    (next ?? searchField.current)?.focus();
  }, [chosen]);
  const remove = (index: number) => {
    focusAfterRemove.current = index;
    onChange(chosen.filter((_, i) => i !== index));
  };

  const total = list.data?.total ?? 0;
  const { pages } = pageRange({ page, size: PICKER_PAGE_SIZE }, total);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">{legend}</legend>
      {chosen.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No class chosen.</p>
      ) : (
        <ul ref={chips} aria-label="Classes chosen" className="flex flex-wrap gap-2">
          {chosen.map((c, index) => (
            <li
              key={c._id}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-orange-200 bg-orange-50 py-0.5 pr-0.5 pl-3 text-sm text-slate-900 dark:border-orange-900 dark:bg-orange-950/40 dark:text-white"
            >
              <span className={`min-w-0 break-words ${c.name === null ? "italic" : ""}`}>{classLabel(c)}</span>
              <button
                type="button"
                onClick={() => remove(index)}
                aria-label={`Remove ${classLabel(c)}`}
                className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-orange-100 focus-visible:outline-2 focus-visible:outline-orange-700 dark:text-slate-200 dark:hover:bg-orange-900/60"
              >
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor">
                  <path d="M4 4l8 8M12 4l-8 8" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          Find an approved class
        </label>
        <input
          ref={searchField}
          id={`${id}-search`}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches; it never sends the form the picker is in.
            if (e.key !== "Enter") return;
            e.preventDefault();
            find(draft.trim());
          }}
          maxLength={120}
          autoComplete="off"
          placeholder="Class or instructor name"
          aria-describedby={`${id}-found`}
          aria-controls={`${id}-results`}
          className={inputStyles}
        />
      </div>
      <p id={`${id}-found`} role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {list.isPending
          ? "Looking for classes…"
          : list.isError
            ? ""
            : `${foundText(total, search)}${list.isFetching ? " Loading…" : ""}`}
      </p>
      {list.isError && (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-300">
          The classes could not be loaded: {errorMessage(list.error)}
          <button type="button" className={buttonStyles.plain} onClick={() => void list.refetch()}>
            Retry
          </button>
        </p>
      )}
      <ul
        id={`${id}-results`}
        aria-label="Approved classes found"
        aria-busy={list.isFetching}
        className={`flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700 ${list.data && list.data.items.length > 0 ? "" : "hidden"}`}
      >
        {list.data?.items.map((cls) => {
          const session = formatSession(cls);
          return (
            <li key={cls._id} className="flex items-start gap-3 px-3 py-2">
              <input
                id={`${id}-class-${cls._id}`}
                type="checkbox"
                checked={chosenIds.has(cls._id)}
                onChange={() => onChange(toggleClass(chosen, cls))}
                aria-describedby={`${id}-about-${cls._id}`}
                className="mt-1 h-4 w-4 shrink-0 accent-orange-700"
              />
              <div className="min-w-0 flex-1">
                <label
                  htmlFor={`${id}-class-${cls._id}`}
                  className="block cursor-pointer text-sm font-medium break-words text-slate-900 dark:text-white"
                >
                  {cls.class_name}
                </label>
                <p id={`${id}-about-${cls._id}`} className="text-xs break-words text-slate-600 dark:text-slate-400">
                  {cls.instructor}
                  {session ? ` · ${session}` : ""}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      {pages > 1 && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <button
            type="button"
            className={buttonStyles.plain}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            aria-label="Previous classes"
          >
            Previous
          </button>
          <span className="text-slate-700 dark:text-slate-300">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className={buttonStyles.plain}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            aria-label="Next classes"
          >
            Next
          </button>
        </div>
      )}
      {problem && (
        <p id={`${id}-problem`} className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
