import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { errorMessage } from "shared-auth";
import { actionButton } from "./styles";

/** Grey rows in the shape of a list while it loads. */
export function RowsSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <ul className="flex flex-col gap-3" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li
            key={i}
            className="flex animate-pulse items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 motion-reduce:animate-none dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="h-14 w-14 shrink-0 rounded-xl bg-slate-200 dark:bg-slate-800" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
              <div className="h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
            </div>
          </li>
        ))}
      </ul>
      <span className="sr-only">{label}…</span>
    </div>
  );
}

/** Nothing to show yet: says so, and offers a way on. */
export function EmptyState({
  title,
  children,
  to,
  linkLabel,
}: {
  title: string;
  children: ReactNode;
  to: string;
  linkLabel: string;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
      <h2 className="font-display text-xl font-bold text-slate-900 dark:text-white">{title}</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600 dark:text-slate-400">{children}</p>
      <Link to={to} className={`mt-5 ${actionButton}`}>
        {linkLabel}
      </Link>
    </div>
  );
}

/** The data could not be loaded: what happened, and a retry. */
export function ErrorState({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <h2 className="font-display text-xl font-bold text-red-800 dark:text-red-200">{what} could not be loaded</h2>
      <p className="mx-auto mt-2 max-w-md text-red-700 dark:text-red-300">{errorMessage(error)}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-5 inline-flex items-center rounded-full bg-red-600 px-6 py-2.5 font-semibold text-white shadow hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
      >
        Try again
      </button>
    </div>
  );
}
