import type { ReactNode } from "react";
import { errorMessage } from "shared-auth";

/** Grey rows in the shape of a table while it loads. */
export function TableSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className="flex flex-col gap-2">
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="h-14 animate-pulse rounded-xl bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
        />
      ))}
      <span className="sr-only">{label}…</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
      <h2 className="font-display text-xl font-bold text-slate-900 dark:text-white">{title}</h2>
      {children && <div className="mx-auto mt-2 max-w-md text-slate-600 dark:text-slate-400">{children}</div>}
    </div>
  );
}

/** A list could not be loaded: why, and a retry. */
export function ErrorState({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <h2 className="font-display text-xl font-bold text-red-800 dark:text-red-200">{what} could not be loaded</h2>
      <p className="mx-auto mt-2 max-w-md text-red-700 dark:text-red-300">{errorMessage(error)}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 inline-flex items-center rounded-full bg-red-700 px-6 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        Try again
      </button>
    </div>
  );
}

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <h1 className="font-display text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
      {children}
    </header>
  );
}
