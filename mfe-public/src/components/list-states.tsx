import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { EmptyState as SharedEmptyState } from "shared-auth";
import { actionColors } from "./form-styles";

/** Grey cards in the shape of the list while it loads. */
export function CardGridSkeleton({
  count = 6,
  label,
  kind = "class",
}: {
  count?: number;
  label: string;
  kind?: "class" | "person";
}) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <ul className="grid gap-6 sm:grid-cols-2 md:grid-cols-3" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li
            key={i}
            className="animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white motion-reduce:animate-none dark:border-slate-800 dark:bg-slate-900"
          >
            {kind === "class" ? (
              <div className="aspect-[8/5] bg-slate-200 dark:bg-slate-800" />
            ) : (
              <div className="mx-auto mt-6 h-28 w-28 rounded-full bg-slate-200 dark:bg-slate-800" />
            )}
            <div className="flex flex-col gap-3 p-5">
              <div className="h-5 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
              <div className="h-4 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
              <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
              <div className="h-10 w-full rounded-full bg-slate-200 dark:bg-slate-800" />
            </div>
          </li>
        ))}
      </ul>
      <span className="sr-only">{label}…</span>
    </div>
  );
}

/** Nothing to show yet: says so, and offers a way on. */
export function EmptyState(props: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <SharedEmptyState
      {...props}
      icon={
        <svg
          viewBox="0 0 48 48"
          className="mx-auto h-12 w-12 text-slate-400 dark:text-slate-500"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <circle cx="24" cy="24" r="18" />
          <path d="M16 30c2.5-3 5.2-4.5 8-4.5s5.5 1.5 8 4.5M18 19h.01M30 19h.01" strokeLinecap="round" />
        </svg>
      }
    />
  );
}

export { ErrorState } from "shared-auth";

/** A page whose record does not exist (an old link, a removed instructor). */
export function NotFoundState({
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
    <EmptyState title={title}>
      <p>{children}</p>
      <Link
        to={to}
        className={`mt-5 inline-flex rounded-full px-6 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 ${actionColors}`}
      >
        {linkLabel}
      </Link>
    </EmptyState>
  );
}
