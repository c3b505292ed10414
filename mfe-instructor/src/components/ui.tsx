import type { ReactNode } from "react";
import { errorMessage } from "shared-auth";

export const inputClass =
  "mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-slate-900 shadow-sm focus:border-orange-500 focus:outline-2 focus:outline-orange-500/40 aria-[invalid=true]:border-red-500 read-only:bg-slate-100 read-only:text-slate-600 dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:read-only:bg-slate-800 dark:read-only:text-slate-300";

/** White on orange-700 is readable (WCAG AA); orange-500 is not. */
export const actionClass =
  "inline-flex cursor-pointer items-center justify-center rounded-full bg-orange-700 px-6 py-2.5 font-semibold text-white shadow hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryClass =
  "inline-flex cursor-pointer items-center justify-center rounded-full border border-slate-300 bg-white px-5 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-500 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";

export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="font-display text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
      {children && <p className="mt-1 text-slate-600 dark:text-slate-400">{children}</p>}
    </header>
  );
}

/** A labelled field with its error (and hint) linked for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export function describedBy(id: string, error: unknown, hint?: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <ul className="flex flex-col gap-4" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li
            key={i}
            className="flex animate-pulse gap-4 rounded-2xl border border-slate-200 bg-white p-4 motion-reduce:animate-none dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="h-20 w-28 rounded-xl bg-slate-200 dark:bg-slate-800" />
            <div className="flex flex-1 flex-col gap-3">
              <div className="h-5 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
              <div className="h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
            </div>
          </li>
        ))}
      </ul>
      <span className="sr-only">{label}…</span>
    </div>
  );
}

export { EmptyState, ErrorState } from "shared-auth";

/**
 * What a part fetched on demand shows until it has its data: that it is loading, or why it failed
 * with Try again. Nothing once the data is in (the caller shows it).
 */
export function OnDemandState({
  query,
  loading,
  failed,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading: string;
  failed: string;
}) {
  if (query.isPending) return <p className="text-sm text-slate-600 dark:text-slate-400">{loading}</p>;
  if (!query.isError) return null;
  return (
    <p className="text-sm text-red-700 dark:text-red-300">
      {failed}: {errorMessage(query.error)}{" "}
      <button type="button" className="cursor-pointer font-semibold underline" onClick={() => void query.refetch()}>
        Try again
      </button>
    </p>
  );
}
